// `dst-inspector gold diff` as a real process: the annotation file on stdout
// or --out (header naming both golds relative to it, confirmed records by
// gold-diff or --annotator), score --corrections with it equals score on NEW,
// corrections export finds the gold from its header, identical golds give a
// header only; usage errors and bad inputs exit 2 with one line; golds with
// dialogues or turns in one file only exit 3 (written, each kind on stderr);
// --out refuses a link, a folder, a pipe and the gold itself.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAnnotations } from '../../../../src/shared/annotations/file';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { requireBuild, runCli } from '../../../helpers/cli';
import { FIXTURES } from '../../../helpers/fixtures';
import { goldSetOf, perturbGold, writeGoldLayout } from '../../../helpers/gold-layouts';

const dir = mkdtempSync(join(tmpdir(), 'gold-cli-'));
const SOM = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
const F = join(FIXTURES, 'formats');

/** The SOM-DST fixture with changes planted in its gold (predictions kept), in the FGA layout. */
function perturbedSom(): string {
  const path = join(dir, 'som-new.json');
  if (existsSync(path)) return path;
  const corpus = loadCorpus(readFileSync(SOM), { file: SOM }).corpus;
  return writeGoldLayout('fga', perturbGold(goldSetOf(corpus)).set, path);
}

const records = (text: string) => parseAnnotations(text, 'x.jsonl');

describe('gold diff (CLI)', () => {
  requireBuild();

  it('writes the diff to stdout; score --corrections with it equals score on NEW; the summary on stderr', () => {
    const NEW = perturbedSom();
    const r = runCli(['gold', 'diff', SOM, NEW], { cwd: dir });
    expect(r.code).toBe(0);
    const parsed = records(r.stdout);
    expect(parsed.problems).toEqual([]);
    expect(parsed.header).toMatchObject({
      format: 'dst-inspector-annotations',
      version: 1,
      gold: expect.stringMatching(/multiwoz-somdst-100\/predictions\.json$/),
      goldDiff: { old: parsed.header.gold, new: 'som-new.json', oldLayout: 'fga', newLayout: 'fga' },
    });
    const n = parsed.records.length;
    expect(n).toBeGreaterThan(20);
    for (const { record } of parsed.records) expect(record).toMatchObject({ status: 'confirmed', by: 'gold-diff', rev: 1 });
    expect(r.stderr).toMatch(
      new RegExp(
        `^dst-inspector: gold diff .*predictions\\.json \\(fga\\) → .*som-new\\.json \\(fga\\): ${n} corrections \\(\\d+ onward, \\d+ turn\\) in \\d+ of 100 dialogues, \\d+ slot changes in \\d+ turns: .*early-or-late`,
      ),
    );
    const out = join(dir, 'som.diff.jsonl');
    writeFileSync(out, r.stdout);
    const fixed = runCli(['score', SOM, '--corrections', out, '--format', 'json', '--per-dialogue', '--per-turn']);
    const want = runCli(['score', NEW, '--format', 'json', '--per-dialogue', '--per-turn']);
    expect([fixed.code, fixed.stderr]).toEqual([0, '']);
    const a = JSON.parse(fixed.stdout);
    const b = JSON.parse(want.stdout);
    expect(a.signature).toMatch(new RegExp(`corrections=${n}:[0-9a-f]{8}`));
    expect(a.corpus).toEqual(b.corpus);
    expect(a.dialogues).toEqual(b.dialogues);
  });

  it('--out: written atomically, paths in the header relative to it; corrections export finds the gold; --annotator', () => {
    const NEW = perturbedSom();
    mkdirSync(join(dir, 'out'), { recursive: true });
    const out = join(dir, 'out', 'd.jsonl');
    const r = runCli(['gold', 'diff', SOM, NEW, '--out', out, '--annotator', 'anna']);
    expect([r.code, r.stdout]).toEqual([0, '']);
    const parsed = records(readFileSync(out, 'utf8'));
    expect(parsed.header.goldDiff).toMatchObject({ new: '../som-new.json' });
    expect(parsed.header.source).toEqual({ kind: 'files', predictions: [parsed.header.gold] });
    expect(parsed.records.every((k) => k.record.by === 'anna')).toBe(true);
    // The per-turn export: one row per changed (turn, slot), the diff's own count.
    const places = Number(/(\d+) slot changes/.exec(r.stderr)![1]);
    const rows = runCli(['corrections', 'export', out, '--format', 'jsonl']);
    expect(rows.code).toBe(0);
    expect(rows.stdout.trim().split('\n')).toHaveLength(places);
  });

  it('identical golds: a header and no record, exit 0', () => {
    const r = runCli(['gold', 'diff', SOM, SOM]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/: 0 corrections \(0 onward, 0 turn\) in 0 of 100 dialogues, 0 slot changes in 0 turns\n$/);
  });

  it('dataset golds: MultiWOZ 2.1 data.json against TRADE test_dials.json (MUL0003 in both, the same gold; SNG0073 only in data.json)', () => {
    const r = runCli(['gold', 'diff', join(F, 'data.json'), join(F, 'test_dials.json')]);
    expect(r.code).toBe(3);
    const parsed = records(r.stdout);
    expect(parsed.records).toEqual([]);
    expect(parsed.header).toMatchObject({ goldDiff: { oldLayout: 'multiwoz21', newLayout: 'trade-dials' } });
    expect(parsed.header.source).toBeUndefined(); // a dataset gold is loaded with predictions (--gold)
    expect(r.stderr).toMatch(
      /note: 1 dialogue only in OLD, left out \(corrections cannot remove a dialogue\): "SNG0073\.json"\n.*: 0 corrections \(0 onward, 0 turn\) in 0 of 1 dialogue,/,
    );
  });

  it('dialogues and turns in one gold only: written, listed on stderr, exit 3', () => {
    const corpus = loadCorpus(readFileSync(SOM), { file: SOM }).corpus;
    const set = goldSetOf(corpus);
    const fewer = set.slice(2).map((d, k) => (k === 0 ? { ...d, turns: d.turns.slice(0, -1) } : d));
    const NEW = writeGoldLayout(
      'fga',
      [...fewer, { id: 'NEW0001.json', turns: [{ turn: 0, gold: [], pred: [] }] }],
      join(dir, 'fewer.json'),
    );
    const out = join(dir, 'fewer.diff.jsonl');
    const r = runCli(['gold', 'diff', SOM, NEW, '--out', out]);
    expect(r.code).toBe(3);
    expect(existsSync(out)).toBe(true);
    expect(r.stderr).toMatch(
      /note: 2 dialogues only in OLD, left out \(corrections cannot remove a dialogue\): "MUL0144\.json", "\w+\.json"/,
    );
    expect(r.stderr).toMatch(/note: 1 dialogue only in NEW, left out \(corrections cannot add a dialogue\): "NEW0001\.json"/);
    expect(r.stderr).toMatch(/note: 1 dialogue has turns only in OLD, left as OLD has them: "\w+\.json" turn \d+/);
  });

  it('--within: a list of ids (testListFile.txt), or the dialogues of a prediction file; the rest left out silently', () => {
    const NEW = perturbedSom();
    const list = join(dir, 'testList.txt');
    writeFileSync(list, 'MUL0144.json\r\n\nPMUL1788\n');
    const r = runCli(['gold', 'diff', SOM, NEW, '--within', list]);
    expect(r.code).toBe(0);
    const parsed = records(r.stdout);
    expect([...new Set(parsed.records.map((k) => k.record.dialogue))].sort()).toEqual(['MUL0144.json', 'PMUL1788.json']);
    expect(parsed.header.goldDiff).toMatchObject({ within: expect.stringMatching(/testList\.txt$/) });
    expect(r.stderr).toMatch(/in 2 of 2 dialogues \(98 dialogues outside --within left out\), /);
    // A prediction file in a layout without gold names its dialogues too.
    const one = join(dir, 'one.jsonl');
    writeFileSync(one, JSON.stringify({ dialogue_id: 'mul0144', turn: 0, gold: {}, pred: {} }) + '\n');
    const s = runCli(['gold', 'diff', SOM, NEW, '--within', one]);
    expect([s.code, [...new Set(records(s.stdout).records.map((k) => k.record.dialogue))]]).toEqual([0, ['MUL0144.json']]);
    const empty = join(dir, 'empty.txt');
    writeFileSync(empty, '\n\n');
    expect(runCli(['gold', 'diff', SOM, NEW, '--within', empty]).stderr).toMatch(/empty\.txt: lists no dialogue ids/);
  });

  it('usage errors and bad input: exit 2, one line naming the problem', () => {
    const cases: [string[], RegExp][] = [
      [['gold'], /gold: no action given; use "gold diff OLD NEW"/],
      [['gold', 'merge', SOM, SOM], /gold: unknown action "merge"/],
      [['gold', 'diff', SOM], /gold diff: give two golds, OLD and NEW \(1 given\)/],
      [['gold', 'diff', SOM, SOM, SOM], /gold diff: give two golds, OLD and NEW \(3 given\)/],
      [['gold', 'diff', SOM, SOM, '--bogus'], /gold: Unknown option '--bogus'/],
      [['gold', 'diff', SOM, SOM, '--annotator', ' '], /--annotator: give a name/],
      [['gold', 'diff', join(dir, 'missing.json'), SOM], /missing\.json: .*(no such file|does not exist)/i],
      [['gold', 'diff', join(F, 'mwzeval-predictions.json'), SOM], /mwzeval predictions carry no gold states, so there is no gold to diff/],
      [
        ['gold', 'diff', SOM, join(F, 'sgd', 'schema.json')],
        /schema\.json: this dialogue source has no dialogue states, so it holds no gold/,
      ],
      [['gold', 'diff', SOM, SOM, '--layout', 'nope'], /unknown layout "nope"/],
    ];
    for (const [args, msg] of cases) {
      const r = runCli(args);
      expect([args.join(' '), r.code]).toEqual([args.join(' '), 2]);
      expect(r.stderr).toMatch(msg);
      expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    }
    const help = runCli(['gold', '--help']);
    expect([help.code, help.stdout]).toEqual([0, expect.stringContaining('Usage: dst-inspector gold diff <OLD> <NEW>')]);
    expect(runCli(['help', 'gold']).stdout).toContain('--annotator NAME');
    expect(runCli(['--help']).stdout).toMatch(/gold diff <OLD> <NEW> +the corrections that turn one gold into another/);
  });

  it('--out refuses a symbolic link, a folder, a pipe and the gold itself, and writes nothing', () => {
    const target = join(dir, 'target.txt');
    writeFileSync(target, 'keep me\n');
    const link = join(dir, 'link.jsonl');
    symlinkSync(target, link);
    const folder = join(dir, 'a-folder');
    mkdirSync(folder, { recursive: true });
    const fifo = join(dir, 'pipe');
    const made = spawnSync('mkfifo', [fifo]).status === 0;
    const cases: [string, RegExp][] = [
      [link, /link\.jsonl: is a symbolic link; gold diff neither writes through a link nor replaces it/],
      [folder, /a-folder: is a directory; nothing was written/],
      [SOM, /predictions\.json: is the gold .* itself; write the diff to another file/],
    ];
    if (made) cases.push([fifo, /pipe: is a named pipe \(FIFO\), not a regular file/]);
    for (const [out, msg] of cases) {
      const r = runCli(['gold', 'diff', SOM, SOM, '--out', out]);
      expect([out, r.code]).toEqual([out, 2]);
      expect(r.stderr).toMatch(msg);
    }
    expect(readFileSync(target, 'utf8')).toBe('keep me\n');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(made).toBe(true);
  });
});
