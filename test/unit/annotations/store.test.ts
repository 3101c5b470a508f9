// The durable annotation store: a save is one fsynced line; a torn last line
// is repaired before the next append; files that are not annotation files (or
// newer ones) are refused and left untouched; compaction keeps every latest
// revision. Across processes (two `serve` on one file): no record is lost;
// and `kill -9` during bursts of saves, again and again, leaves a file that
// loads and holds every acknowledged record.
import { afterAll, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAnnotations } from '../../../src/shared/annotations/file';
import type { RecordBody } from '../../../src/shared/annotations/record';
import { AnnotationStore, StoreError } from '../../../src/main/services/annotation-store';
import { startServer, type Server } from '../../e2e/harness';
import { requireBuild } from '../../helpers/cli';
import { FIXTURES } from '../../helpers/fixtures';

const dir = mkdtempSync(join(tmpdir(), 'store-'));
const body = (turn: number, o: Partial<RecordBody> = {}): RecordBody => ({ dialogue: 'MUL1110.json', turn, slot: 'hotel-area', from: null, to: `v${turn}`, scope: 'turn', category: 'missing-slot', status: 'confirmed', ...o });
const read = (f: string) => parseAnnotations(readFileSync(f, 'utf8'), f);

describe('annotation store', () => {
  it('appends one line per save, with ids, revisions and withdrawals', async () => {
    const f = join(dir, 'a.jsonl');
    const s = new AnnotationStore(f, { gold: 'gold.json', by: 'tester' });
    const a = await s.save(body(1));
    const b = await s.save(body(2, { slot: 'hotel-bookday' }));
    expect(read(f).records.map((k) => k.record.slot)).toEqual(['hotel-area', 'hotel-book day']);
    const a2 = await s.revise(a.id, 1, { body: { status: 'suspected', note: 'unsure' } });
    expect(a2.rev).toBe(2);
    await expect(s.revise(a.id, 1, { body: { note: 'late' } })).rejects.toThrow(/changed meanwhile \(now revision 2, not 1\)/);
    await s.revise(b.id, 1, { deleted: true });
    const p = read(f);
    expect(p.records.map((k) => [k.record.id, k.record.rev, k.record.status, k.record.by])).toEqual([[a.id, 2, 'suspected', 'tester']]);
    expect(readFileSync(f, 'utf8').trim().split('\n')).toHaveLength(5);
    // Compaction keeps the latest line of each id (the withdrawal too) and drops replaced ones.
    expect((await s.compact()).dropped).toBe(2);
    expect(readFileSync(f, 'utf8').trim().split('\n')).toHaveLength(3);
    expect(read(f).records.map((k) => k.record.note)).toEqual(['unsure']);
  });

  it('repairs a torn last line before the next append, and reports it until then', async () => {
    const f = join(dir, 'torn.jsonl');
    const s = new AnnotationStore(f, { gold: 'g' });
    await s.save(body(1));
    appendFileSync(f, '{"id":"half","rev":1,"dialo');
    expect(s.state().problems).toEqual([expect.stringMatching(/torn\.jsonl:3: torn last line/)]);
    await s.save(body(2));
    const p = read(f);
    expect([p.torn, p.problems, p.records.length]).toEqual([undefined, [], 2]);
  });

  it('refuses a file that is not an annotation file, or a newer one, and never writes it', async () => {
    for (const [name, text, why] of [
      ['preds.json', '{"MUL1110.json": {"0": {"gt": {}, "pr": {}}}}\n', /not an annotation file/],
      ['newer.jsonl', '{"format":"dst-inspector-annotations","version":7,"gold":"g","created":"t"}\n', /newer DST Inspector/],
    ] as const) {
      const f = join(dir, name);
      writeFileSync(f, text);
      const s = new AnnotationStore(f, { gold: 'g' });
      expect(s.state().refused).toMatch(why);
      const err = await s.save(body(1)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StoreError);
      expect((err as Error).message).toMatch(why);
      expect(readFileSync(f, 'utf8')).toBe(text);
    }
  });
});

const MUL = join(FIXTURES, 'paper', 'mul1110.json');

async function call(s: Server, name: string, args: unknown): Promise<unknown> {
  const r = await fetch(`${s.origin}/api/${name}`, { method: 'POST', headers: { Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(args) });
  if (!r.ok) throw new Error(`${name}: ${r.status} ${await r.text()}`);
  return r.json();
}

async function ready(s: Server): Promise<void> {
  for (let k = 0; k < 200; k++) {
    const { runs } = (await call(s, 'listRuns', {})) as { runs: { state: string }[] };
    if (runs[0]?.state === 'ready') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('run not ready');
}

describe('annotation store across processes', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
  });

  it('two servers saving into one file at once lose nothing', async () => {
    requireBuild();
    const f = join(dir, 'shared.jsonl');
    const [a, b] = await Promise.all([startServer([MUL, '--annotations', f]), startServer([MUL, '--annotations', f])]);
    servers.push(a, b);
    await Promise.all([ready(a), ready(b)]);
    const burst = (s: Server, tag: string) => Promise.all(Array.from({ length: 15 }, (_, k) => call(s, 'saveAnnotation', { run: 'r1', record: body(k % 7, { note: `${tag}${k}`, status: 'suspected' }) })));
    const acks = (await Promise.all([burst(a, 'a'), burst(b, 'b')])).flat() as { id: string }[];
    const p = read(f);
    expect(p.problems).toEqual([]);
    expect(new Set(p.records.map((k) => k.record.id))).toEqual(new Set(acks.map((x) => x.id)));
    expect(p.records).toHaveLength(30);
  }, 90_000);

  it('kill -9 during bursts of saves, repeatedly, keeps every acknowledged record', async () => {
    requireBuild();
    const f = join(dir, 'killed.jsonl');
    const acked = new Map<string, string>();
    for (let round = 0; round < 4; round++) {
      const s = await startServer([MUL, '--annotations', f]);
      await ready(s);
      let stop = false;
      const worker = async (w: number) => {
        for (let k = 0; !stop; k++) {
          const note = `round ${round} worker ${w} save ${k}`;
          try {
            const r = (await call(s, 'saveAnnotation', { run: 'r1', record: body(k % 7, { note }) })) as { id: string };
            acked.set(r.id, note);
          } catch (e) {
            if (!stop) process.stderr.write(`save failed while the server runs: ${(e as Error).message}\n`);
            return; // the server is gone: this save was never acknowledged
          }
        }
      };
      const before = acked.size;
      const workers = [0, 1, 2, 3].map(worker);
      // Kill in the middle of the burst: once some saves of this round were acknowledged, after a varying delay.
      for (let k = 0; acked.size < before + 6 && k < 4000; k++) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 20 + 37 * round));
      s.proc.kill('SIGKILL');
      stop = true;
      await Promise.all(workers);
      if (s.proc.exitCode === null && s.proc.signalCode === null) await once(s.proc, 'exit');
      const p = read(f); // loads (a torn last line is reported, not fatal)
      expect(p.problems).toEqual([]);
    }
    const p = read(f);
    const byId = new Map(p.records.map((k) => [k.record.id, k.record.note]));
    expect(acked.size).toBeGreaterThanOrEqual(24);
    for (const [id, note] of acked) expect(byId.get(id)).toBe(note);
  }, 120_000);
});
