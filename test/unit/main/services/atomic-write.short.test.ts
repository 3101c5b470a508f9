// Short writes (src/main/services/atomic-write.ts, writeAllSync): writeSync may
// write fewer bytes than asked, and every writer must go on until all are
// written — writeFileAtomic, writeFileAtomicAsync and the annotation store's
// appends and compaction. A write that makes no progress at all is an error
// and leaves the target untouched. node:fs is wrapped so that writeSync writes
// at most a few bytes per call while `short` is set.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { parseAnnotations } from '../../../../src/shared/annotations/file';
import { AnnotationStore } from '../../../../src/main/services/annotation-store';
import { writeFileAtomic, writeFileAtomicAsync, WriteError } from '../../../../src/main/services/atomic-write';

const limit = vi.hoisted(() => ({ bytes: 0 }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const writeSync = (fd: number, buf: Uint8Array | string, ...rest: unknown[]): number => {
    if (limit.bytes === 0 || typeof buf === 'string') return (fs.writeSync as (...a: unknown[]) => number)(fd, buf, ...rest);
    const offset = (rest[0] as number | undefined) ?? 0;
    const length = (rest[1] as number | undefined) ?? buf.length - offset;
    // A write that makes no progress (limit.bytes < 0), or at most limit.bytes bytes.
    if (limit.bytes < 0) return 0;
    return fs.writeSync(fd, buf, offset, Math.min(length, limit.bytes), rest[2] as number | null | undefined);
  };
  return { ...fs, default: { ...fs, writeSync }, writeSync };
});

const dir = mkdtempSync(join(tmpdir(), 'dst-short-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  limit.bytes = 0;
});

const text = Array.from({ length: 200 }, (_, k) => `line ${k}: ${'x'.repeat(k % 37)}\n`).join('');

describe('short writes', () => {
  it('writeFileAtomic writes every byte when writeSync writes 7 at a time', () => {
    const p = join(dir, 'sync.txt');
    limit.bytes = 7;
    writeFileAtomic(p, [text.slice(0, 1000), Buffer.from(text.slice(1000))]);
    limit.bytes = 0;
    expect(readFileSync(p, 'utf8')).toBe(text);
  });

  it('writeFileAtomicAsync too', async () => {
    const p = join(dir, 'async.txt');
    limit.bytes = 5;
    await writeFileAtomicAsync(p, [text.slice(0, 333), text.slice(333)], 64);
    limit.bytes = 0;
    expect(readFileSync(p, 'utf8')).toBe(text);
  });

  it('a write that makes no progress fails and leaves the target as it was', () => {
    const p = join(dir, 'stuck.txt');
    writeFileSync(p, 'old');
    limit.bytes = -1;
    expect(() => writeFileAtomic(p, ['new content'])).toThrow(WriteError);
    limit.bytes = 0;
    expect(readFileSync(p, 'utf8')).toBe('old');
  });

  it('the annotation store saves and compacts whole lines', async () => {
    const f = join(dir, 'a.jsonl');
    const s = new AnnotationStore(f, { gold: 'g', by: 't' });
    limit.bytes = 3;
    const a = await s.save({
      dialogue: 'MUL1110.json',
      turn: 1,
      slot: 'hotel-area',
      from: null,
      to: 'north',
      scope: 'turn',
      category: 'missing-slot',
      status: 'confirmed',
      note: 'a note long enough to need many writes',
    });
    await s.revise(a.id, 1, { body: { note: 'revised' } });
    await s.compact();
    limit.bytes = 0;
    const p = parseAnnotations(readFileSync(f, 'utf8'), f);
    expect([p.problems, p.torn, p.replacedLines]).toEqual([[], undefined, 0]);
    expect(p.records.map((k) => [k.record.id, k.record.rev, k.record.note])).toEqual([[a.id, 2, 'revised']]);
  });
});
