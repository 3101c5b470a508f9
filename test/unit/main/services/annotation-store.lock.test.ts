// The annotation store under a lost lock (src/main/services/annotation-store.ts):
// a lock not refreshed for `stale` ms (a slow fsync or read blocks the thread
// that would refresh it) can be taken over by another writer. Compaction (a
// rename), the repair of a torn last line (a truncation) and appends check
// right before they act that the lock is still the store's and cannot go
// stale meanwhile; otherwise they change nothing and say so — another
// writer's acknowledged record is never replaced or cut off. node:fs is
// wrapped so a test can run "another process" in the middle of a slow step.
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { recordLine, type AnnotationRecord } from '../../../../src/shared/annotations/record';
import { AnnotationStore, StoreError } from '../../../../src/main/services/annotation-store';
import { recordBody as body, readAnnotationFile as read } from '../../../helpers/annotation-records';

const hooks = vi.hoisted(() => ({ afterFsync: null as null | (() => void), afterRead: null as null | (() => void) }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const fsyncSync = (fd: number) => {
    fs.fsyncSync(fd);
    const h = hooks.afterFsync;
    hooks.afterFsync = null;
    h?.();
  };
  const readSync = (...args: unknown[]) => {
    const n = (fs.readSync as (...a: unknown[]) => number)(...args);
    const h = hooks.afterRead;
    hooks.afterRead = null;
    h?.();
    return n;
  };
  return { ...fs, default: { ...fs, fsyncSync, readSync }, fsyncSync, readSync };
});

const dir = mkdtempSync(join(tmpdir(), 'dst-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  hooks.afterFsync = null;
  hooks.afterRead = null;
  vi.restoreAllMocks();
});

const theirs = { id: 'theirs', rev: 1, ...body(5), by: 'other', at: '2026-01-01T00:00:00Z' } as AnnotationRecord;

/** Another process finds the lock stale, takes it over (a new lock folder), does `then`, and releases it unless `keep`. */
function takeOver(file: string, then: () => void, keep = false): void {
  rmdirSync(`${file}.lock`);
  mkdirSync(`${file}.lock`);
  then();
  if (!keep) rmdirSync(`${file}.lock`);
}

/** Makes the clock jump by `ms` from now on (a step that blocked the thread that long). */
function clockJump(ms: number): void {
  const now = Date.now.bind(Date);
  vi.spyOn(Date, 'now').mockImplementation(() => now() + ms);
}

async function withRevisions(name: string): Promise<{ f: string; s: AnnotationStore; before: string }> {
  const f = join(dir, name);
  const s = new AnnotationStore(f, { gold: 'g', lockStale: 3000 });
  const a = await s.save(body(1));
  await s.revise(a.id, 1, { body: { note: 'x' } });
  await s.revise(a.id, 2, { body: { note: 'y' } });
  return { f, s, before: readFileSync(f, 'utf8') };
}

describe('a lost lock', () => {
  it('compaction does not rename over a record another writer appended after taking the lock over', async () => {
    const { f, s, before } = await withRevisions('taken.jsonl');
    // The new file's fsync is slow: the lock goes stale, another writer takes it and saves a record.
    hooks.afterFsync = () => {
      clockJump(4000);
      takeOver(f, () => appendFileSync(f, recordLine(theirs) + '\n'), true);
    };
    const err = await s.compact().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreError);
    expect((err as Error).message).toMatch(/taken\.jsonl: did not compact: another writer took the lock over; the file was left as it was/);
    expect(readFileSync(f, 'utf8')).toBe(before + recordLine(theirs) + '\n');
    expect(read(f).records.map((k) => k.record.id)).toContain('theirs');
    // The other writer's lock is left alone (not released as if it were ours).
    expect(existsSync(`${f}.lock`)).toBe(true);
    rmdirSync(`${f}.lock`);
  });

  it('compaction gives up when its lock could go stale before the rename, even if nobody took it yet', async () => {
    const { f, s, before } = await withRevisions('slow.jsonl');
    hooks.afterFsync = () => clockJump(2500);
    await expect(s.compact()).rejects.toThrow(
      /slow\.jsonl: did not compact: the lock was held for \d+\.\d s \(a slow disk, or a very large annotation file\?\) and another writer could take it over as stale/,
    );
    expect(readFileSync(f, 'utf8')).toBe(before);
    vi.restoreAllMocks();
    expect((await s.compact()).dropped).toBe(2); // with a quick disk it works
  });

  it('the repair of a torn line does not cut off a record another writer saved after taking the lock over', async () => {
    const f = join(dir, 'torn.jsonl');
    const s = new AnnotationStore(f, { gold: 'g', lockStale: 3000 });
    await s.save(body(1));
    const good = readFileSync(f, 'utf8').length;
    appendFileSync(f, '{"id":"half","rev":1,"dia');
    // The read under the lock is slow; meanwhile another writer takes the lock over, repairs the tail and saves.
    hooks.afterRead = () => {
      clockJump(4000);
      takeOver(f, () => {
        truncateSync(f, good);
        appendFileSync(f, recordLine(theirs) + '\n');
      });
    };
    await expect(s.save(body(2))).rejects.toThrow(
      /torn\.jsonl: did not cut off the torn last line: the lock folder is gone \(another writer took the lock over\)/,
    );
    const p = read(f);
    expect(p.records.map((k) => k.record.id)).toContain('theirs');
    expect([p.torn, p.problems]).toEqual([undefined, []]);
    vi.restoreAllMocks();
    await s.save(body(3)); // and the next save goes through
    expect(read(f).records).toHaveLength(3);
  });

  it('a save is refused, not acknowledged, when the lock was lost before its append', async () => {
    const { f, s } = await withRevisions('append.jsonl');
    hooks.afterRead = () => {
      clockJump(4000);
      takeOver(f, () => undefined);
    };
    await expect(s.save(body(4))).rejects.toThrow(
      /append\.jsonl: did not save: the lock folder is gone \(another writer took the lock over\)/,
    );
    expect(read(f).records).toHaveLength(1);
  });
});
