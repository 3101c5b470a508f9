// The durable annotation store: a save is one fsynced line; a torn last line
// (no newline, not JSON) is repaired before the next append, while a last
// line that is JSON — a valid record or not — is never cut off; files that
// are not annotation files (or newer ones), pipes and files above the size
// limit are refused at once and left untouched; a symbolic link to the file
// stays a link, and both names share one lock; compaction keeps every latest
// revision. Across processes (two `serve` on one file): no record is lost;
// and `kill -9` during bursts of saves, again and again, leaves a file that
// loads and holds every acknowledged record.
import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  appendFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AnnotationStore, StoreError } from '../../../../src/main/services/annotation-store';
import { apiCall, firstRunReady, startServer, type Server } from '../../../e2e/harness';
import { requireBuild, runCli } from '../../../helpers/cli';
import { FIXTURES } from '../../../helpers/fixtures';
import { recordBody as body, readAnnotationFile as read } from '../../../helpers/annotation-records';

const dir = mkdtempSync(join(tmpdir(), 'store-'));

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

  it('a crash that cut a character in two is a torn last line too, not a file to refuse', async () => {
    const f = join(dir, 'torn-utf8.jsonl');
    const s = new AnnotationStore(f, { gold: 'g' });
    await s.save(body(1, { note: 'naïve café' }));
    const half = Buffer.from('{"id":"x","rev":1,"note":"naï', 'utf8');
    appendFileSync(f, half.subarray(0, half.length - 1)); // the last byte of ï is missing
    const st = s.state();
    expect(st.refused).toBeUndefined();
    expect(st.problems).toEqual([expect.stringMatching(/torn-utf8\.jsonl:3: torn last line \(no newline, ends in a cut UTF-8 character/)]);
    expect(st.records).toHaveLength(1);
    await s.save(body(2, { note: 'après' }));
    const p = read(f);
    expect([p.torn, p.problems, p.records.map((k) => k.record.note)]).toEqual([undefined, [], ['naïve café', 'après']]);
    // A line that is not UTF-8 and ends with its newline was written so: the file is refused, with the line, and left as it is.
    const g = join(dir, 'bad-utf8.jsonl');
    writeFileSync(g, Buffer.concat([readFileSync(f), Buffer.from([0x7b, 0xff, 0x7d, 0x0a])]));
    const before = readFileSync(g);
    const t = new AnnotationStore(g, { gold: 'g' });
    expect(t.state().refused).toMatch(/bad-utf8\.jsonl:4: this line is not UTF-8 text/);
    await expect(t.save(body(3))).rejects.toThrow(/not UTF-8 text/);
    expect(readFileSync(g).equals(before)).toBe(true);
    // A whole last line saved by hand in Latin-1 (no newline): not a cut character, so refused, never cut off.
    const h = join(dir, 'latin1-last.jsonl');
    writeFileSync(
      h,
      Buffer.concat([
        readFileSync(f),
        Buffer.from('{"id":"h","rev":1,"note":"caf', 'utf8'),
        Buffer.from([0xe9]),
        Buffer.from('"}', 'utf8'),
      ]),
    );
    const hand = readFileSync(h);
    const u = new AnnotationStore(h, { gold: 'g' });
    expect(u.state().refused).toMatch(/latin1-last\.jsonl:4: this line is not UTF-8 text/);
    await expect(u.save(body(4))).rejects.toThrow(/not UTF-8 text/);
    expect(readFileSync(h).equals(hand)).toBe(true);
  });

  it('a blank last line without its newline keeps its line: line numbers in memory match the file', async () => {
    const f = join(dir, 'blank-last.jsonl');
    const s = new AnnotationStore(f, { gold: 'g' });
    await s.save(body(1));
    appendFileSync(f, '   ');
    await s.save(body(2));
    await s.save(body(3));
    expect(s.state().records.map((k) => k.line)).toEqual(read(f).records.map((k) => k.line));
    expect(read(f).records.map((k) => k.line)).toEqual([2, 4, 5]);
  });

  it('keeps a complete last record without its newline, and adds the newline before the next save', async () => {
    const f = join(dir, 'nonl.jsonl');
    const s = new AnnotationStore(f, { gold: 'g' });
    const a = await s.save(body(1));
    const text = readFileSync(f, 'utf8');
    writeFileSync(f, text.slice(0, -1)); // a hand edit that dropped the final newline
    expect(s.state().problems).toEqual([]);
    expect(s.state().records.map((k) => k.record.id)).toEqual([a.id]);
    const b = await s.save(body(2));
    expect(readFileSync(f, 'utf8')).toBe(text + readFileSync(f, 'utf8').slice(text.length)); // nothing before it changed
    expect(read(f).records.map((k) => k.record.id)).toEqual([a.id, b.id]);
  });

  it('never cuts off a last line that is JSON but not a valid record: a bad line (file:line), kept, the next save on a line of its own', async () => {
    const f = join(dir, 'badlast.jsonl');
    const s = new AnnotationStore(f, { gold: 'g' });
    await s.save(body(1));
    const edited =
      '{"id":"mine","rev":1,"dialogue":"MUL1110.json","turn":"two","slot":"hotel-area","from":null,"to":"x","scope":"turn","category":"other","status":"confirmed","by":"me","at":"t"}';
    appendFileSync(f, edited); // no newline, and "turn" is not a number
    expect(s.state().problems).toEqual([expect.stringMatching(/badlast\.jsonl:3: at turn: .*expected number/)]);
    expect(s.state().problems.join()).not.toMatch(/torn/);
    await s.save(body(2));
    const lines = readFileSync(f, 'utf8').split('\n');
    expect(lines[2]).toBe(edited); // still there, for the user to fix
    const p = read(f);
    expect([p.torn, p.problems.map((x) => x.line), p.records.length]).toEqual([undefined, [3], 2]);
    await expect(s.compact()).rejects.toThrow(/badlast\.jsonl:3: .*fix that line first/);
  });

  it('never cuts off a last line that ends with its newline, even when it is not JSON: a bad line', async () => {
    const f = join(dir, 'garbled.jsonl');
    const s = new AnnotationStore(f, { gold: 'g' });
    await s.save(body(1));
    appendFileSync(f, 'my note about turn 3, to turn into a record later\n');
    expect(s.state().problems).toEqual([expect.stringMatching(/garbled\.jsonl:3: not a complete JSON line/)]);
    await s.save(body(2));
    expect(readFileSync(f, 'utf8').split('\n')[2]).toBe('my note about turn 3, to turn into a record later');
    expect(read(f).records).toHaveLength(2);
  });

  it('cuts a torn last line at the right byte in a file that starts with a byte-order mark', async () => {
    const f = join(dir, 'bom.jsonl');
    const s = new AnnotationStore(f, { gold: 'g' });
    await s.save(body(1));
    writeFileSync(f, '\uFEFF' + readFileSync(f, 'utf8') + '{"id":"half","rev":1,"dia');
    expect(s.state().problems).toEqual([expect.stringMatching(/bom\.jsonl:3: torn last line/)]);
    await s.save(body(2));
    const p = read(f);
    expect([p.torn, p.problems, p.records.length]).toEqual([undefined, [], 2]);
  });

  it('appends after a header that lacks its newline', async () => {
    const f = join(dir, 'header-only.jsonl');
    writeFileSync(f, '{"format":"dst-inspector-annotations","version":1,"gold":"g","created":"t"}');
    const s = new AnnotationStore(f, { gold: 'g' });
    expect(s.state().refused).toBeUndefined();
    await s.save(body(1));
    const p = read(f);
    expect([p.problems, p.records.length]).toEqual([[], 1]);
  });

  it('refuses a named pipe at once (no hang) and says which file and what is wrong', async () => {
    const f = join(dir, 'fifo.jsonl');
    execFileSync('mkfifo', [f]);
    // Were the pipe read as a file, this writer (after 3 s) would end the wait with junk; the store must not wait at all.
    const writer = spawn('sh', ['-c', `sleep 3; echo junk > '${f}'`], { stdio: 'ignore' });
    try {
      const started = Date.now();
      const s = new AnnotationStore(f, { gold: 'g' });
      expect(s.state().refused).toBe(
        `${f}: is a named pipe (FIFO), not a regular file; write the data to a file first; not used as an annotation file (it is left untouched)`,
      );
      await expect(s.save(body(1))).rejects.toThrow(/fifo\.jsonl: is a named pipe \(FIFO\).*nothing was saved/);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(lstatSync(f).isFIFO()).toBe(true);
    } finally {
      writer.kill('SIGKILL');
    }
  });

  it('refuses an annotation file above the size limit, with both sizes', async () => {
    const f = join(dir, 'big.jsonl');
    const s0 = new AnnotationStore(f, { gold: 'g' });
    for (let k = 0; k < 5; k++) await s0.save(body(k));
    const s = new AnnotationStore(f, { gold: 'g', maxBytes: 1000 });
    expect(s.state().refused).toMatch(/big\.jsonl: is \d\.\d KiB, above the limit of 1000 B .*--max-size/);
    await expect(s.save(body(9))).rejects.toThrow(/above the limit/);
  });

  it('works through a symbolic link: the link stays a link, both names share one file and one lock', async () => {
    const real = join(dir, 'real.jsonl');
    const link = join(dir, 'link.jsonl');
    symlinkSync('real.jsonl', link);
    const viaLink = new AnnotationStore(link, { gold: 'g', links: 'follow' }); // a link the user named (serve --annotations)
    const viaReal = new AnnotationStore(real, { gold: 'g' });
    const a = await viaLink.save(body(1)); // a new file through a dangling link: the link's target is created
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(existsSync(real)).toBe(true);
    await viaLink.revise(a.id, 1, { body: { note: 'n1' } });
    await viaLink.revise(a.id, 2, { body: { note: 'n2' } });
    // Saves through both names at once, with compactions through the link in between.
    const saves: Promise<unknown>[] = [];
    for (let k = 0; k < 12; k++) {
      saves.push((k % 2 ? viaReal : viaLink).save(body(k % 7, { note: `s${k}` })));
      if (k % 4 === 1) saves.push(viaLink.compact());
    }
    await Promise.all(saves);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe('real.jsonl');
    const p = read(real);
    expect(p.problems).toEqual([]);
    expect(p.records).toHaveLength(13);
    expect(new Set(p.records.map((k) => k.record.note))).toEqual(new Set(['n2', ...Array.from({ length: 12 }, (_, k) => `s${k}`)]));
    expect(viaLink.path).toBe(viaReal.path);
  });

  it('never writes in the place of a link whose target folder is missing (a share not mounted)', async () => {
    const link = join(dir, 'unmounted.jsonl');
    symlinkSync(join(dir, 'not-mounted', 'team.jsonl'), link);
    const s = new AnnotationStore(link, { gold: 'g', links: 'follow' });
    expect(s.state().exists).toBe(false);
    await expect(s.save(body(1))).rejects.toThrow(
      /unmounted\.jsonl: cannot write annotations: the folder of the file it names does not exist \(it is a symbolic link/,
    );
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(existsSync(join(dir, 'not-mounted'))).toBe(false);
  });

  it('resolves a linked folder for a new file: the file and its lock go into the real folder', async () => {
    const realDir = join(dir, 'real-folder');
    mkdirSync(realDir);
    symlinkSync(realDir, join(dir, 'linked-folder'));
    const s = new AnnotationStore(join(dir, 'linked-folder', 'new.jsonl'), { gold: 'g' });
    expect(s.path).toBe(join(realDir, 'new.jsonl'));
    await s.save(body(1));
    expect(read(join(realDir, 'new.jsonl')).records).toHaveLength(1);
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

describe('annotation store across processes', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
  });

  it('serve --annotations on a named pipe or a folder stops at once with one line saying what is wrong', () => {
    requireBuild();
    const fifo = join(dir, 'serve-fifo.jsonl');
    execFileSync('mkfifo', [fifo]);
    const started = Date.now();
    const r = runCli(['serve', MUL, '--annotations', fifo, '--port', '0']);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toContain(`${fifo}: is a named pipe (FIFO), not a regular file`);
    const r2 = runCli(['serve', MUL, '--annotations', dir, '--port', '0']);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toContain(`${dir}: is a directory`);
  });

  it('two servers saving into one file at once lose nothing', async () => {
    requireBuild();
    const f = join(dir, 'shared.jsonl');
    const [a, b] = await Promise.all([startServer([MUL, '--annotations', f]), startServer([MUL, '--annotations', f])]);
    servers.push(a, b);
    await Promise.all([firstRunReady(a), firstRunReady(b)]);
    const burst = (s: Server, tag: string) =>
      Promise.all(
        Array.from({ length: 15 }, (_, k) =>
          apiCall(s, 'saveAnnotation', { run: 'r1', record: body(k % 7, { note: `${tag}${k}`, status: 'suspected' }) }),
        ),
      );
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
      await firstRunReady(s);
      let stop = false;
      const worker = async (w: number) => {
        for (let k = 0; !stop; k++) {
          const note = `round ${round} worker ${w} save ${k}`;
          try {
            const r = (await apiCall(s, 'saveAnnotation', { run: 'r1', record: body(k % 7, { note }) })) as { id: string };
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
