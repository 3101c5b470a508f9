// Command-line consistency (issue 11, item 12) and dialogues without changes
// (item 8), run as real processes: every command takes every source option of
// `score`; `--format json` is the one JSON flag; `score --per-dialogue --sort
// KEY --top N`; a note when --slots is below the most slots active in a turn;
// "1 dialogue", not "1 dialogues"; a dialogue without any change keeps its
// reported GCA of 0 in JSON with "noChanges": true, sorts last, and is left
// out of `traits`; a negative number after an option is that option's value.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_FLAGS, SOURCE_FLAGS } from '../../../../src/main/cli/source-flags';
import { joinNegativeValues } from '../../../../src/main/cli/usage';
import { FIXTURES } from '../../../helpers/fixtures';
import { requireBuild, runCli } from '../../../helpers/cli';

const dir = mkdtempSync(join(tmpdir(), 'dst-cli-'));
const MUL = join(FIXTURES, 'paper', 'mul1110.json');
const SOM = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
/** MUL1110 and SNG0779 (GCA paper, figs. 6-7) plus a dialogue whose states are all empty. */
const WITH_EMPTY = join(dir, 'with-empty.json');

beforeAll(() => {
  requireBuild();
  const data = { ...JSON.parse(readFileSync(MUL, 'utf8')), ...JSON.parse(readFileSync(join(FIXTURES, 'paper', 'sng0779.json'), 'utf8')) };
  data['EMPTY.json'] = { '0': { gt: {}, pr: {} }, '1': { gt: {}, pr: {} } };
  writeFileSync(WITH_EMPTY, JSON.stringify(data));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const json = (args: string[]) => {
  const r = runCli(args);
  expect(r.stderr, r.stderr).not.toMatch(/internal error/);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};

describe('every command takes the source options of score', () => {
  it.each(['score', 'inspect', 'convert', 'traits', 'serve'])('%s', (cmd) => {
    const help = runCli([cmd, '--help']).stdout;
    // serve opens several annotators' files for the app (--corrections A,B); whose corrections the what-if
    // applies is chosen in the app, so it refuses the two scoring-only flags with a message instead.
    const appChooses = cmd === 'serve' ? ['corrections-from', 'include-suspected'] : [];
    for (const flag of Object.keys(SOURCE_FLAGS).filter((f) => !appChooses.includes(f)))
      expect(help, `${cmd} --${flag}`).toContain(`--${flag}`);
    for (const flag of appChooses) {
      const refused = runCli([cmd, MUL, `--${flag}`, ...(flag === 'corrections-from' ? ['majority'] : [])]);
      expect(refused.code, refused.stderr).toBe(2);
      expect(refused.stderr).toContain('the what-if panel chooses whose corrections to apply');
    }
    // and really parses them (an unknown option would be a usage error naming it)
    const r = runCli([
      cmd,
      MUL,
      '--layout',
      'fga',
      '--values',
      'lower',
      '--max-size',
      '100000000',
      ...(cmd === 'convert' ? ['--to', 'jsonl'] : []),
      ...(cmd === 'serve' ? ['--port', '99999'] : []),
    ]);
    expect(r.stderr).not.toMatch(/Unknown option/i);
  });

  it('the metric options are spelled the same in score and traits', () => {
    for (const cmd of ['score', 'traits'])
      for (const flag of Object.keys(CONFIG_FLAGS)) expect(runCli([cmd, '--help']).stdout).toContain(`--${flag}`);
  });

  it('--format json is the JSON flag of score, traits and inspect (inspect keeps --json)', () => {
    expect(json(['inspect', MUL, '--format', 'json']).dialogues).toBe(1);
    expect(json(['inspect', MUL, '--json']).dialogues).toBe(1);
    expect(json(['traits', SOM, '--format', 'json']).kept).toBe(72);
    const bad = runCli(['inspect', MUL, '--format', 'xml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('dst-inspector: --format: "xml" is not one of text, json\n');
  });
});

describe('score --per-dialogue --sort KEY --top N', () => {
  it('orders dialogues worst first and keeps the first N, in every format', () => {
    const all = json(['score', SOM, '--format', 'json', '--per-dialogue']).dialogues as { id: string; GCA: number; JGA: number }[];
    const byGca = [...all].sort((a, b) => a.GCA - b.GCA || all.indexOf(a) - all.indexOf(b));
    const top = json(['score', SOM, '--format', 'json', '--per-dialogue', '--sort', 'GCA', '--top', '5']).dialogues as { id: string }[];
    expect(top.map((d) => d.id)).toEqual(byGca.slice(0, 5).map((d) => d.id));
    const best = json(['score', SOM, '--format', 'json', '--per-dialogue', '--sort', 'GCA', '--reverse', '--top', '3']).dialogues as {
      id: string;
      GCA: number;
    }[];
    expect(best.map((d) => d.GCA)).toEqual(
      [...all]
        .map((d) => d.GCA)
        .sort((a, b) => b - a)
        .slice(0, 3),
    );
    const csv = runCli(['score', SOM, '--format', 'csv', '--per-dialogue', '--sort', 'JGA', '--top', '4']).stdout.trim().split('\n');
    expect(csv).toHaveLength(5); // header + 4 rows
    const table = runCli(['score', SOM, '--per-dialogue', '--sort', 'disagreement', '--top', '2']).stdout;
    const disagreement = all
      .map((d) => ({ id: d.id, v: Math.abs((d as unknown as { FGA: Record<string, number> }).FGA['0.5'] - d.GCA) }))
      .sort((a, b) => b.v - a.v);
    expect(table).toContain(disagreement[0].id);
    expect(table).toContain(disagreement[1].id);
    expect(table).not.toContain(disagreement[2].id);
    // The column it sorts by is shown, in percentage points like the metrics.
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/\|FGA−GCA\|$/);
    expect(lines[2].trim().split(/\s+/).at(-1)).toBe((disagreement[0].v * 100).toFixed(2));
    expect(runCli(['score', SOM, '--per-dialogue', '--sort', 'JGA', '--top', '1']).stdout).not.toContain('|FGA−GCA|');
  });

  it('refuses --sort or --top without --per-dialogue, and unknown keys, with exit code 2', () => {
    for (const args of [
      ['--sort', 'GCA'],
      ['--top', '3'],
      ['--per-dialogue', '--sort', 'nope'],
      ['--per-dialogue', '--top', '0'],
      ['--per-dialogue', '--reverse'],
    ]) {
      const r = runCli(['score', MUL, ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n')).toHaveLength(2); // one line
    }
  });
});

describe('a dialogue without any change', () => {
  it('keeps its reported GCA of 0 in JSON, flagged "noChanges", with VP..LR null', () => {
    const out = json(['score', WITH_EMPTY, '--format', 'json', '--per-dialogue']);
    const empty = out.dialogues.find((d: { id: string }) => d.id === 'EMPTY.json');
    expect(empty).toMatchObject({ GCA: 0, noChanges: true, VP: null, VR: null, LP: null, LR: null, counts: { C: 0, W: 0, M: 0, O: 0 } });
    expect(empty.JGA).toBe(1);
    expect(out.dialogues.filter((d: { noChanges: boolean }) => !d.noChanges)).toHaveLength(2);
  });

  it('sorts last by GCA and by |FGA − GCA|, in both directions', () => {
    for (const key of ['GCA', 'disagreement']) {
      for (const reverse of [[], ['--reverse']]) {
        const ids = json(['score', WITH_EMPTY, '--format', 'json', '--per-dialogue', '--sort', key, ...reverse]).dialogues.map(
          (d: { id: string }) => d.id,
        );
        expect(ids[ids.length - 1], `${key} ${reverse.join('')}`).toBe('EMPTY.json');
      }
    }
  });

  it('is left out of traits, which says so (its GCA is no score)', () => {
    const text = runCli(['traits', WITH_EMPTY]).stdout;
    expect(text).toMatch(
      /^with-empty\.json: 3 dialogues, 1 dropped \(FGA = GCA = 100, or no mistakes, 1 of them without any change: GCA undefined\)/,
    );
    // The notebook variant gives it TO = NU = 0, which used to let its GCA "0" in.
    const nb = json(['traits', WITH_EMPTY, '--traits', 'notebook', '--format', 'json']);
    expect(nb).toMatchObject({ dialogues: 3, dropped: 1, droppedNoChanges: 1 });
  });
});

describe('--slots below the most slots active in one turn', () => {
  it('is scored as asked, with a note that SA can go negative', () => {
    const r = runCli(['score', MUL, '--slots', '2', '--format', 'json', '--per-turn']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /note: .*mul1110\.json: K = 2 \(--slots\) is below the \d+ slots active in one turn \(dialogue "MUL1110\.json", turn \d+\): SA = \(K − missed − wrong\) \/ K can go negative there/,
    );
    expect(Math.min(...JSON.parse(r.stdout).dialogues[0].perTurn.map((t: { SA: number }) => t.SA))).toBeLessThan(0);
    expect(runCli(['score', MUL, '--slots', '30']).stderr).toBe('');
  });
});

describe('counts in words', () => {
  it('says "1 dialogue", not "1 dialogues"', () => {
    expect(runCli(['traits', MUL]).stdout).toMatch(/^mul1110\.json: 1 dialogue, /);
    expect(runCli(['inspect', join(FIXTURES, 'formats', 'all_prediction_TRADE.json')]).stdout).not.toMatch(/\b1 dialogues\b|dialogue\(s\)/);
  });
});

describe('negative numbers as option values (usage.ts)', () => {
  const options = { bootstrap: { type: 'string' }, common: { type: 'boolean' } } as const;
  it('--opt -5 becomes --opt=-5 for options that take a value, and only there', () => {
    expect(joinNegativeValues(['a', '--bootstrap', '-5', 'b'], options)).toEqual(['a', '--bootstrap=-5', 'b']);
    expect(joinNegativeValues(['--bootstrap', '-.5'], options)).toEqual(['--bootstrap=-.5']);
    expect(joinNegativeValues(['--bootstrap', '-1,2'], options)).toEqual(['--bootstrap=-1,2']);
    // Not a number, a boolean option, an unknown option, after "--": left to parseArgs.
    expect(joinNegativeValues(['--bootstrap', '-x'], options)).toEqual(['--bootstrap', '-x']);
    expect(joinNegativeValues(['--common', '-5'], options)).toEqual(['--common', '-5']);
    expect(joinNegativeValues(['--nope', '-5'], options)).toEqual(['--nope', '-5']);
    expect(joinNegativeValues(['--', '--bootstrap', '-5'], options)).toEqual(['--', '--bootstrap', '-5']);
    expect(joinNegativeValues(['--constructor', '-5'], options)).toEqual(['--constructor', '-5']);
  });
});
