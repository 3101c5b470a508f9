// The benchmark's corpus generator (bench/generate.js): its output is a file
// the real loader accepts and scores, it is the same for the same seed, and it
// holds every kind of error the benchmark claims to exercise.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateFile, generateText, main } from '../../../bench/generate.js';
import { spawnSync } from 'node:child_process';
import { loadCorpus } from '../../../src/shared/formats/detect';
import { defaultConfig } from '../../../src/shared/metrics/config';
import { evaluate } from '../../../src/shared/metrics/evaluate';
import { FGA_EXACT, FGA_TYPE1 } from '../../../src/shared/metrics/defs/fga';
import { gcaCountsOf, metricNumber } from '../../../src/shared/metrics/values';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('bench generator', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    expect(generateText(300, 7).text).toBe(generateText(300, 7).text);
    expect(generateText(300, 8).text).not.toBe(generateText(300, 7).text);
  });

  it('writes the same bytes to a file as it returns as text', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-gen-'));
    try {
      const file = join(dir, 'c.json');
      const r = generateFile(file, 300, 7);
      const text = readFileSync(file, 'utf8');
      expect(text).toBe(generateText(300, 7).text);
      expect(r.bytes).toBe(Buffer.byteLength(text));
      expect(r.turns).toBeGreaterThanOrEqual(300);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is valid JSON in the FGA/GCA layout that the loader reads and the engine scores', () => {
    const g = generateText(2000, 11);
    expect(() => JSON.parse(g.text)).not.toThrow();
    const loaded = loadCorpus(bytes(g.text), { file: 'gen.json' });
    expect(loaded.format).toBe('fga');
    expect(loaded.warnings).toEqual([]);
    const ev = evaluate(loaded.corpus, defaultConfig());
    expect(ev.corpus.turns).toBe(g.turns);
    expect(ev.corpus.dialogues).toBe(g.dialogues);
    for (const k of ['JGA', 'SA', 'AGA', 'IAGA', 'F1', 'RSA', 'GCA']) {
      const v = metricNumber(ev.corpus.values, k);
      expect(v).toBeGreaterThan(0.3);
      expect(v).toBeLessThan(1);
    }
  });

  it('contains every kind of error and explicit "none" values', () => {
    const g = generateText(2000, 11);
    const ev = evaluate(loadCorpus(bytes(g.text), { file: 'gen.json' }).corpus, defaultConfig());
    const s = ev.stats;
    const sum = (a: Int32Array) => a.reduce((x, y) => x + y, 0);
    expect(sum(s.wrong)).toBeGreaterThan(0);
    expect(sum(s.missed)).toBeGreaterThan(0);
    expect(sum(s.overshot)).toBeGreaterThan(0);
    const codes = [...s.fga];
    expect(codes.some((c) => c === FGA_TYPE1)).toBe(true);
    expect(codes.some((c) => c > 0)).toBe(true); // carried errors: type-2
    expect(codes.some((c) => c === FGA_EXACT)).toBe(true);
    const n = gcaCountsOf(ev.corpus.values);
    expect(n.W * n.M * n.O).toBeGreaterThan(0);
    expect(g.text).toContain(': "none"');
    expect(g.text).toContain(': "dontcare"');
    const turnsPer = Object.values(JSON.parse(g.text) as Record<string, object>).map((d) => Object.keys(d).length);
    expect(Math.min(...turnsPer)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...turnsPer)).toBeLessThanOrEqual(14);
    expect(new Set(turnsPer).size).toBeGreaterThan(10);
  });
});

describe('bench/generate.js as a command', () => {
  it('node bench/generate.js 7.5k OUT.json writes the file and says what it wrote', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-cmd-'));
    try {
      const out = join(dir, 'big.json');
      const r = spawnSync(process.execPath, [join(__dirname, '..', '..', '..', 'bench', 'generate.js'), '7.5k', out, '--seed', '3'], {
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(0);
      const m =
        /^wrote .*big\.json: ([0-9,]+) turns, ([0-9,]+) dialogues, ([0-9,]+) bytes \([0-9.]+ MiB\), FGA\/GCA per-turn layout, seed 3\n$/.exec(
          r.stdout,
        );
      expect(m, r.stdout).not.toBeNull();
      const num = (x: string) => Number(x.replace(/,/g, ''));
      const text = readFileSync(out, 'utf8');
      expect(num(m![3])).toBe(Buffer.byteLength(text));
      expect(text).toBe(generateText(7500, 3).text);
      const loaded = loadCorpus(bytes(text), { file: out });
      expect(loaded.corpus.turnIndex.length).toBe(num(m![1]));
      expect(loaded.corpus.dialogueIds.length).toBe(num(m![2]));
      expect(num(m![1])).toBeGreaterThanOrEqual(7500);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sizes like 750k and 1m; a bad size, a missing file name or a bad seed: usage, exit 2', () => {
    const out: string[] = [];
    const err: string[] = [];
    const w = (a: string[]) => ({ write: (s: string) => a.push(s) });
    expect(main(['5x', 'o.json'], w(out), w(err))).toBe(2);
    expect(err.join('')).toContain('bad size 5x');
    expect(main(['1m'], w(out), w(err))).toBe(2);
    expect(main(['10', 'o.json', '--seed', 'x'], w(out), w(err))).toBe(2);
    expect(main(['--help'], w(out), w(err))).toBe(0);
    expect(out.join('')).toContain('usage: node bench/generate.js SIZE OUT.json');
  });
});
