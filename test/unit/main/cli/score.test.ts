// `dst-inspector score` run as a real process: every output format, and the
// one-line located messages (exit code 2, no stack trace) for bad input.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { evaluate } from '../../../../src/shared/metrics/evaluate';
import { FIXTURES, loadFile } from '../../../helpers/fixtures';
import { requireBuild, runCli } from '../../../helpers/cli';
import { cellsUnder, metricKeys, only, SHIPPED_IDS } from '../../../helpers/metrics';
import { METRIC_IDS } from '../../../../src/shared/metrics/registry';
import { turnTwiceCases } from '../../shared/formats/turn-twice';
import { FGA_PREDICTIONS, goldCases, MWZ_PREDICTIONS } from '../../shared/formats/gold-turn-twice';

const MUL = join(FIXTURES, 'paper', 'mul1110.json');
const REAL = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
const mulExpected = JSON.parse(readFileSync(join(FIXTURES, 'paper', 'mul1110.expected.json'), 'utf8'));
let tmp: string;

beforeAll(() => {
  requireBuild();
  tmp = mkdtempSync(join(tmpdir(), 'dsti-cli-'));
});

function badFile(name: string, text: string): string {
  const p = join(tmp, name);
  writeFileSync(p, text);
  return p;
}

function expectUserError(args: string[], ...fragments: (string | RegExp)[]): string {
  const r = runCli(args);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trim().split('\n');
  expect(lines[0]).toMatch(/^dst-inspector: /);
  expect(r.stderr).not.toMatch(/\n\s+at .*:\d+:\d+/); // no stack trace
  for (const f of fragments) expect(r.stderr).toMatch(f);
  return r.stderr;
}

describe('score output formats', () => {
  it('table: Table-2 style percentages with 2 decimals and the signature', () => {
    const r = runCli(['score', MUL]);
    expect(r.code).toBe(0);
    const p = mulExpected.corpus_rounded_percent;
    const row = r.stdout
      .split('\n')
      .find((l) => l.startsWith('mul1110.json'))!
      .split(/\s+/);
    const head = r.stdout.split('\n')[0].split(/\s{2,}/);
    // One column per metric of the registry; the shipped ones in this order, with these values.
    const shipped = ['Model', 'turns', 'JGA', 'SA', 'AGA', 'IAGA', 'F1', 'RSA', 'FGA λ=0.5', 'GCA'];
    expect(head).toHaveLength(2 + metricKeys(defaultConfig()).length);
    expect(row).toHaveLength(head.length);
    expect(only(head, shipped)).toEqual(shipped);
    expect(cellsUnder(head, row, shipped.slice(1))).toEqual([
      '7',
      ...[p.JGA, p.SA, p.AGA, p.IAGA, p.F1, p.RSA, p['FGA_0.5'], p.GCA].map((x: number) => x.toFixed(2)),
    ]);
    expect(r.stdout).toMatch(
      /^signature: GCA alpha=10\/11 \| FGA lambda=0\.5 \| SA K=30 \| values=exact \| none=inactive \| app \d+\.\d+\.\d+/m,
    );
  });

  it('json: the documented shape, fractions, λ keys as String(Number(λ))', () => {
    const r = runCli(['score', REAL, '--format', 'json', '--lambdas', '0.25,0.5,0.75,1.0', '--slots', '30']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    const ev = evaluate(loadFile(REAL), defaultConfig({ lambdas: [0.25, 0.5, 0.75, 1] }));
    expect(out.signature).toContain('FGA lambda=0.25,0.5,0.75,1');
    expect(Object.keys(out.corpus.FGA).sort()).toEqual(['0.25', '0.5', '0.75', '1']);
    expect(out.corpus).toEqual(JSON.parse(JSON.stringify({ dialogues: ev.corpus.dialogues, turns: ev.corpus.turns, ...ev.corpus.values })));
    // IAGA and F1 beside AGA, in registry order; the shipped metrics in this order.
    expect(Object.keys(out.corpus)).toEqual(['dialogues', 'turns', ...METRIC_IDS, 'VP', 'VR', 'LP', 'LR', 'counts']);
    expect(only(Object.keys(out.corpus), [...SHIPPED_IDS, 'dialogues', 'turns', 'VP', 'VR', 'LP', 'LR', 'counts'])).toEqual([
      'dialogues',
      'turns',
      'JGA',
      'SA',
      'AGA',
      'IAGA',
      'F1',
      'RSA',
      'FGA',
      'GCA',
      'VP',
      'VR',
      'LP',
      'LR',
      'counts',
    ]);
    expect(out.corpus).toMatchObject({ dialogues: 100, turns: 751, counts: { C: 798, W: 32, M: 89, O: 67 } });
    expect(out.dialogues).toBeUndefined();
  });

  it('json --per-dialogue and --per-turn: per-dialogue objects with TO/NU, per-turn records with slots', () => {
    const r = runCli(['score', MUL, '--format', 'json', '--per-turn']);
    const out = JSON.parse(r.stdout);
    expect(out.dialogues).toHaveLength(1);
    const d = out.dialogues[0];
    expect(d).toMatchObject({ id: 'MUL1110.json', turns: 7 });
    expect(d.GCA).toBeCloseTo(mulExpected.dialogues['MUL1110.json'].gca, 12);
    expect(d).toHaveProperty('TO');
    expect(d).toHaveProperty('NU');
    expect(d.perTurn).toHaveLength(7);
    const t4 = d.perTurn[4];
    expect(t4).toMatchObject({ turn: 4, fgaClass: 'type1', gca: mulExpected.dialogues['MUL1110.json'].per_turn[4].gca_delta });
    const e4 = mulExpected.dialogues['MUL1110.json'].per_turn[4];
    expect(t4.IAGA).toBeCloseTo(e4.iaga, 12);
    expect(t4.F1).toBeCloseTo(e4.f1, 12);
    expect(d.IAGA).toBeCloseTo(mulExpected.dialogues['MUL1110.json'].iaga, 12);
    expect(d.F1).toBeCloseTo(mulExpected.dialogues['MUL1110.json'].f1, 12);
    expect(t4.slots).toContainEqual({
      slot: 'attraction-name',
      gold: 'dontcare',
      pred: 'cambridge artworks',
      class: 'wrong',
      changed: true,
    });
    expect(t4.slots).toContainEqual({ slot: 'attraction-area', gold: 'dontcare', pred: null, class: 'missed', changed: true });
    const r2 = JSON.parse(runCli(['score', MUL, '--format', 'json', '--per-dialogue']).stdout);
    expect(r2.dialogues[0].perTurn).toBeUndefined();
  });

  it('csv: one corpus row, or one row per dialogue, each with the signature', () => {
    const corpus = runCli(['score', MUL, '--format', 'csv']).stdout.trim().split('\n');
    expect(corpus).toHaveLength(2);
    const head = corpus[0].split(',');
    const rest = ['VP', 'VR', 'LP', 'LR', 'C', 'W', 'M', 'O', 'signature'];
    expect(head).toEqual(['file', 'turns', ...metricKeys(defaultConfig()), ...rest]);
    expect(only(head, ['file', 'turns', ...SHIPPED_IDS, 'FGA_0.5', ...rest])).toEqual([
      'file',
      'turns',
      'JGA',
      'SA',
      'AGA',
      'IAGA',
      'F1',
      'RSA',
      'FGA_0.5',
      'GCA',
      'VP',
      'VR',
      'LP',
      'LR',
      'C',
      'W',
      'M',
      'O',
      'signature',
    ]);
    expect(corpus[1]).toMatch(/^mul1110\.json,7,0\.2857142857142857,/);
    expect(corpus[1]).toMatch(/,GCA alpha=10\/11 \| .*app /);
    const per = runCli(['score', REAL, '--format', 'csv', '--per-dialogue']).stdout.trim().split('\n');
    expect(per).toHaveLength(101);
    expect(per[0]).toContain(',TO,NU,signature');
  });

  it('latex: a booktabs tabular with escaped ids and the signature as a comment', () => {
    const r = runCli(['score', MUL, '--format', 'latex', '--per-dialogue']);
    expect(r.stdout).toMatch(/^% GCA alpha=10\/11/);
    // One column per metric of the registry (lrrrrrrrr as shipped); the shipped ones in this order, with these values.
    expect(r.stdout).toContain(`\\begin{tabular}{l${'r'.repeat(metricKeys(defaultConfig()).length)}}`);
    expect(r.stdout).toContain('FGA$_{\\lambda=0.5}$');
    const cells = (l: string) => l.replace(/ \\\\$/, '').split(' & ');
    const lines = r.stdout.split('\n');
    const head = cells(lines.find((l) => l.startsWith('Dialogue & '))!);
    const shipped = ['Dialogue', 'JGA', 'SA', 'AGA', 'IAGA', 'F1', 'RSA', 'FGA$_{\\lambda=0.5}$', 'GCA'];
    expect(head).toHaveLength(1 + metricKeys(defaultConfig()).length);
    expect(only(head, shipped)).toEqual(shipped);
    const row = cells(lines.find((l) => l.startsWith('MUL1110.json & '))!);
    expect(row).toHaveLength(head.length);
    expect(cellsUnder(head, row, shipped).join(' & ') + ' \\\\').toBe(
      'MUL1110.json & 28.57 & 94.76 & 53.57 & 51.43 & 61.90 & 53.57 & 48.84 & 31.43 \\\\',
    );
    const p = badFile('a_b.json', readFileSync(MUL, 'utf8').replace('MUL1110.json', 'x_y&z'));
    expect(runCli(['score', p, '--format', 'latex', '--per-dialogue']).stdout).toContain('x\\_y\\&z &');
  });

  it('--out writes the report to a file and prints nothing', () => {
    const out = join(tmp, 'report.json');
    const r = runCli(['score', MUL, '--format', 'json', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(JSON.parse(readFileSync(out, 'utf8')).corpus.turns).toBe(7);
  });

  it('several files: one row per model', () => {
    const r = runCli(['score', MUL, join(FIXTURES, 'paper', 'sng0779.json')]);
    expect(r.stdout).toMatch(/^mul1110\.json /m);
    expect(r.stdout).toMatch(/^sng0779\.json /m);
  });
});

describe('score errors', () => {
  it('malformed JSON: file:line:column', () => {
    const p = badFile('trunc.json', '{"a.json": {"0": {"gt": {},\n  "pr": {"hotel": {"name" "x"}}}}}');
    expectUserError(['score', p], `${p}:2:27: expected ':' after a property name, found '"'`);
  });
  it('a value that is not a string: the JSON path of the issue', () => {
    const p = badFile('type.json', '{"MUL1110.json": {"4": {"gt": {}, "pr": {"hotel": {"name": 3}}}}}');
    expectUserError(['score', p], '$["MUL1110.json"]["4"].pr.hotel.name', 'expected a string value, found number 3');
  });
  it('a turn without gt', () => {
    const p = badFile('nogt.json', '{"a.json": {"0": {"pr": {}}}}');
    expectUserError(['score', p], '$["a.json"]["0"]', 'turn has no "gt" (gold state)');
  });
  it('a turn key that is not an integer', () => {
    const p = badFile('key.json', '{"a.json": {"first": {"gt": {}, "pr": {}}}}');
    expectUserError(['score', '--layout', 'fga', p], '$["a.json"].first', 'not a non-negative integer');
  });
  it.each(turnTwiceCases())('a turn key written twice in a dialogue ($name): the second key and where the first is', (c) => {
    const p = badFile('turn-twice.json', c.text);
    expect(expectUserError(['score', p])).toBe(`dst-inspector: ${p}:${c.message}\n`);
  });
  it.each(goldCases())('gold (--gold test_dials.json): $name, located at the second turn of the gold file', (c) => {
    const preds = badFile('mwz-preds.json', MWZ_PREDICTIONS);
    const gold = badFile('gold-dials.json', c.text);
    expect(expectUserError(['score', preds, '--gold', gold])).toBe(`dst-inspector: ${gold}:${c.message}\n`);
  });
  it.each(goldCases().filter((c) => c.asDialogues))('utterances (--dialogues test_dials.json): $name, located at the second turn', (c) => {
    const preds = badFile('fga-preds.json', FGA_PREDICTIONS);
    const dials = badFile('utt-dials.json', c.text);
    expect(expectUserError(['score', preds, '--dialogues', dials])).toBe(`dst-inspector: ${dials}:${c.message}\n`);
    expect(expectUserError(['inspect', preds, '--dialogues', dials])).toBe(`dst-inspector: ${dials}:${c.message}\n`);
  });
  it('an empty file, a directory, a missing file, binary garbage', () => {
    expectUserError(['score', badFile('empty.json', '')], 'the file is empty');
    const dir = join(tmp, 'adir');
    mkdirSync(dir, { recursive: true });
    expectUserError(['score', dir], 'is a directory, not a file');
    expectUserError(['score', join(tmp, 'nope.json')], 'no such file');
    const bin = join(tmp, 'bin.json');
    writeFileSync(bin, Buffer.from([0x7b, 0x00, 0xff, 0x13, 0x88]));
    expectUserError(['score', bin], /not a text file|binary/);
  });
  it('usage errors: unknown option, bad λ, bad K, unknown format, no file', () => {
    expectUserError(['score', MUL, '--nope'], /Unknown option '--nope'/);
    expectUserError(['score', MUL, '--lambdas', '0.5,x'], '--lambdas: "x" is not a number');
    expectUserError(['score', MUL, '--slots', '0'], '--slots: "0" is not a positive integer');
    expectUserError(['score', MUL, '--format', 'xml'], '--format: "xml" is not one of table, json, csv, latex');
    expectUserError(['score'], 'no prediction file given');
  });
});

describe('score --out errors', () => {
  it('a missing folder or a directory is a one-line usage error, and no temporary file is left', () => {
    const missing = join(tmp, 'no-such-dir', 'r.json');
    expectUserError(['score', MUL, '--out', missing], `--out ${missing}: its folder does not exist`);
    const dir = join(tmp, 'outdir');
    mkdirSync(dir, { recursive: true });
    expectUserError(['score', MUL, '--out', dir], `--out ${dir}:`);
    expect(readdirSync(tmp).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('the type policy, from score itself (issue 15)', () => {
  const DATA = join(FIXTURES, 'formats', 'data.json');
  it('mwzeval turns without a state: scored as empty predictions, and score says so on stderr (not only inspect)', () => {
    const f = badFile('mwz-response-only.json', JSON.stringify({ mul0003: [{ response: 'a' }, { response: 'b', state: {} }] }));
    const r = runCli(['score', f, '--gold', DATA]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`dst-inspector: note: ${f}: 1 turn has no "state"; it counts as an empty prediction`);
  });
  it('a misspelt "stat" is an error naming it (was: an empty prediction, silently)', () => {
    const f = badFile('mwz-stat.json', JSON.stringify({ mul0003: [{ response: 'a', stat: { hotel: { area: 'north' } } }] }));
    expectUserError(
      ['score', f, '--gold', DATA],
      'at $.mul0003[0]: lacks "state" (the predicted state) but has "stat": a misspelling of "state"?',
    );
  });
  it('a turn index written 1e-400 is an error with its line:column', () => {
    const f = badFile('tiny.jsonl', '{"dialogue_id":"a","turn":1e-400,"gold":{},"pred":{}}\n');
    expectUserError(
      ['score', f],
      `${f}:1:27: at line 1.turn: expected a turn index (an integer ≥ 0), found the number 1e-400 (a JSON parser reads it as 0)`,
    );
  });
});

describe('traits', () => {
  it('prints the TO/NU correlations with Zou intervals and the signature, and reports bad input like score', () => {
    const r = runCli(['traits', REAL]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^predictions\.json: 100 dialogues, \d+ dropped .*, \d+ kept/);
    expect(r.stdout).toMatch(/^TO +-?\d\.\d{3} +-?\d\.\d{3} +-?\d\.\d{3} +\[-?\d\.\d{3}, -?\d\.\d{3}\] +(yes|no)$/m);
    expect(r.stdout).toMatch(/^NU /m);
    expect(r.stdout).toMatch(/^signature: GCA alpha=10\/11/m);
    expectUserError(['traits', join(tmp, 'nope.json')], 'no such file');
  });
});
