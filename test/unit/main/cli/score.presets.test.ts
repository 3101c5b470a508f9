// `dst-inspector score --preset …` run as a real process, against what the
// real evaluators returned on the same inputs (test/fixtures/presets, see its
// README): mwzeval = Tomiinek/MultiWOZ_Evaluation @ 7f19ee0
// mwzeval/metrics.py::get_dst after normalization.py::normalize_data, gold as
// utils.py::load_multiwoz22::parse_state builds it.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES } from '../../../helpers/fixtures';
import { requireBuild, runCli } from '../../../helpers/cli';

const P = join(FIXTURES, 'presets', 'mwzeval');
const MAP = join(P, 'value-map.json');
const SOMDST = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
const MUL = join(FIXTURES, 'paper', 'mul1110.json');
const EDGE = ['--gold', join(P, 'edge', 'gold', 'test'), join(P, 'edge', 'predictions.json')];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON reports
type Json = any;
type Expected = {
  levenshtein: { result: Record<string, number> };
  difflib: { result: Record<string, number> };
  per_turn: [string, number, boolean, number, number, number][];
};
const expected = (name: string): Expected => JSON.parse(readFileSync(join(P, `${name}.expected.json`), 'utf8'));

function score(args: string[]): { out: Json; stderr: string } {
  const r = runCli(['score', ...args, '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return { out: JSON.parse(r.stdout), stderr: r.stderr };
}

/** Per-turn rows [dialogue, turn, joint, tp, fp, fn] from our per-turn slot classes. */
function perTurnRows(out: Json): [string, number, boolean, number, number, number][] {
  const rows: [string, number, boolean, number, number, number][] = [];
  for (const d of out.dialogues)
    for (const t of d.perTurn) {
      const n = (c: string) => t.slots.filter((s: { class: string }) => s.class === c).length;
      rows.push([
        d.id.replace(/\.json$/i, '').toLowerCase(),
        t.turn,
        t.JGA === 1,
        n('correct'),
        n('wrong') + n('overshot'),
        n('wrong') + n('missed'),
      ]);
    }
  return rows;
}

beforeAll(() => requireBuild());

describe('--preset mwzeval equals mwzeval', () => {
  for (const backend of ['levenshtein', 'difflib'] as const) {
    it(`SOM-DST on 100 MultiWOZ dialogues (${backend}): the four numbers and every turn's decision`, () => {
      const exp = expected('somdst100');
      const { out } = score([SOMDST, '--preset', 'mwzeval', '--value-map', MAP, '--fuzzy-backend', backend, '--per-turn']);
      expect(Object.keys(out.mwzeval)).toEqual(['joint_accuracy', 'slot_f1', 'slot_precision', 'slot_recall']);
      for (const [k, v] of Object.entries(exp[backend].result)) expect(Math.abs(out.mwzeval[k] - v), k).toBeLessThan(1e-9);
      expect(perTurnRows(out)).toEqual(exp.per_turn);
      // Our metrics on the same classes: JGA is mwzeval's joint accuracy as a fraction (up to its 1e-10 term).
      expect(Math.abs(out.corpus.JGA * 100 - out.mwzeval.joint_accuracy)).toBeLessThan(1e-6);
      expect(out.corpus.turns).toBe(751);
    });
    it(`edge cases (${backend}): dontcare in gold and prediction, substrings, times, mapped names, leading spaces, value lists`, () => {
      const exp = expected('edge');
      const { out, stderr } = score([...EDGE, '--preset', 'mwzeval', '--value-map', MAP, '--fuzzy-backend', backend, '--per-turn']);
      for (const [k, v] of Object.entries(exp[backend].result)) expect(Math.abs(out.mwzeval[k] - v), k).toBeLessThan(1e-9);
      expect(perTurnRows(out)).toEqual(exp.per_turn);
      expect(stderr).toMatch(/1 gold turn\(s\) the predictions lack are not scored/);
    });
  }

  it('exact scoring of the same files differs: the preset changes classes, not only the report', () => {
    const exact = score(EDGE).out;
    const mwz = score([...EDGE, '--preset', 'mwzeval', '--value-map', MAP]).out;
    expect(exact.corpus.turns).toBe(23);
    expect(mwz.corpus.turns).toBe(22);
    expect(mwz.corpus.JGA).toBeCloseTo(14 / 22, 12);
    expect(exact.mwzeval).toBeUndefined();
  });

  it('without --value-map: a note, map=none in the signature, and mapped names no longer match', () => {
    const { out, stderr } = score([...EDGE, '--preset', 'mwzeval']);
    expect(stderr).toMatch(/without --value-map/);
    expect(out.signature).toMatch(/preset=mwzeval\(map=none\)/);
    expect(out.mwzeval.joint_accuracy).toBeLessThan(expected('edge').levenshtein.result.joint_accuracy);
  });

  it('the signature names the preset, and --signature full spells out its parts', () => {
    const short = score([SOMDST, '--preset', 'mwzeval', '--value-map', MAP]).out.signature;
    expect(short).toMatch(/\| preset=mwzeval\(map=[0-9a-f]{8}\) \| values=exact \| none=value \|/);
    const full = score([SOMDST, '--preset', 'mwzeval', '--value-map', MAP, '--signature', 'full']).out.signature;
    expect(full).toMatch(
      /preset=mwzeval\(norm=mwzeval,map=[0-9a-f]{8} match=partial_ratio>95,backend=levenshtein gold=drop-dontcare\+frames-present\+first-value none=value turns=predicted\)/,
    );
    const changed = score([SOMDST, '--preset', 'mwzeval', '--value-map', MAP, '--match', 'exact']).out.signature;
    expect(changed).toMatch(/preset=mwzeval\(match=exact,map=/);
  });

  it('a part set on its own changes the numbers: --match exact under mwzeval accepts fewer values', () => {
    const fuzzy = score([SOMDST, '--preset', 'mwzeval', '--value-map', MAP]).out;
    const exactMatch = score([SOMDST, '--preset', 'mwzeval', '--value-map', MAP, '--match', 'exact']).out;
    expect(exactMatch.mwzeval.joint_accuracy).toBeLessThan(fuzzy.mwzeval.joint_accuracy);
  });
});

describe('--preset exact (the default) leaves every score and the signature unchanged', () => {
  for (const [name, args] of [
    ['MUL1110', [MUL]],
    ['SOM-DST 100', [SOMDST]],
    ['edge (MultiWOZ 2.2 gold)', EDGE],
  ] as const) {
    it(name, () => {
      const plain = score([...args, '--per-turn']).out;
      const exact = score([...args, '--preset', 'exact', '--per-turn']).out;
      // exact is the config's default preset: the same config, the same output byte for byte (nothing added to the signature).
      expect(exact).toEqual(plain);
      expect(plain.signature).not.toContain('preset=');
    });
  }
});

const SGD = join(FIXTURES, 'presets', 'sgd');
const SGD_ARGS = [join(SGD, 'pred'), '--gold', join(SGD, 'data', 'test')];

describe('--preset sgd equals the official SGD evaluator', () => {
  for (const [joint, file] of [
    ['per-frame', 'per_frame'],
    ['across-turns', 'across_turn'],
  ] as const)
    for (const match of ['fuzzy', 'exact'] as const)
      it(`--joint ${joint} --match ${match} (default backend difflib): the same dict`, () => {
        const want = JSON.parse(readFileSync(join(SGD, 'expected', `${file}-${match}.difflib.json`), 'utf8'));
        const { out } = score([...SGD_ARGS, '--preset', 'sgd', '--joint', joint, '--match', match]);
        expect(Object.keys(out.sgd)).toEqual(Object.keys(want));
        for (const k of Object.keys(want)) {
          expect(Object.keys(out.sgd[k])).toEqual(Object.keys(want[k]));
          for (const m of Object.keys(want[k])) expect(Math.abs(out.sgd[k][m] - want[k][m]), `${k}.${m}`).toBeLessThan(1e-9);
        }
        expect(out.signature).toMatch(/\| preset=sgd/);
      });

  it('--fuzzy-backend levenshtein gives the python-Levenshtein numbers; --signature full spells out the flags', () => {
    const want = JSON.parse(readFileSync(join(SGD, 'expected', 'per_frame-fuzzy.levenshtein.json'), 'utf8'));
    const { out } = score([...SGD_ARGS, '--preset', 'sgd', '--fuzzy-backend', 'levenshtein', '--signature', 'full']);
    expect(Math.abs(out.sgd['#ALL_SERVICES'].joint_goal_accuracy - want['#ALL_SERVICES'].joint_goal_accuracy)).toBeLessThan(1e-12);
    expect(out.signature).toMatch(/preset=sgd\(joint=per-frame,match=fuzzy,backend=levenshtein /);
  });

  it('the train schema decides seen/unseen; without one it is asked for', () => {
    const r = runCli([
      'score',
      join(SGD, 'pred'),
      '--gold',
      join(SGD, 'data', 'test', 'dialogues_001.json'),
      '--schema',
      join(SGD, 'data', 'test', 'schema.json'),
      '--preset',
      'sgd',
      '--train-schema',
      join(SGD, 'nope.json'),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--train-schema FILE/);
    const { out } = score([...SGD_ARGS, '--preset', 'sgd', '--train-schema', join(SGD, 'data', 'test', 'schema.json')]);
    expect(out.sgd['#UNSEEN_SERVICES']).toBeUndefined(); // every service is seen against itself
    expect(out.sgd['#SEEN_SERVICES'].joint_goal_accuracy).toBeCloseTo(out.sgd['#ALL_SERVICES'].joint_goal_accuracy, 12);
  });

  it("a value containing '|' is one value in every mode (never split, never joined)", () => {
    const salon = "18|8 Fine Men'S Salons - Lafayette";
    for (const extra of [[], ['--values', 'alternatives'], ['--values', 'all'], ['--preset', 'sgd']]) {
      const { out } = score([...SGD_ARGS, ...extra, '--per-turn']);
      const slots = out.dialogues.find((d: Json) => d.id === '2_00000').perTurn[0].slots;
      const s = slots.find((x: Json) => x.slot.endsWith('stylist_name'));
      expect(s.gold, extra.join(' ')).toBe(extra.includes('all') ? salon.toLowerCase() : salon);
      expect(s.class).toBe('correct');
    }
  });
});

describe('--preset sgd on a run without SGD service frames', () => {
  it('says it equals exact (compare, as the app says) and score still refuses without --gold', () => {
    const c = runCli(['compare', SOMDST, SOMDST, '--preset', 'sgd', '--format', 'json']);
    expect(c.code, c.stderr).toBe(0);
    expect(c.stderr).toContain("--preset sgd needs SGD schema/service data (the gold's service frames); on this run it equals exact");
    const s = runCli(['score', SOMDST, '--preset', 'sgd']);
    expect(s.code).toBe(2);
    expect(s.stderr).toContain('--preset sgd needs --gold');
  });

  it('says nothing of the kind on SGD predictions with their gold (turns carry services over)', () => {
    const { stderr } = score([...SGD_ARGS, '--preset', 'sgd']);
    expect(stderr).not.toContain('equals exact');
  });
});

describe('preset usage errors', () => {
  let tmp: string;
  beforeAll(() => (tmp = mkdtempSync(join(tmpdir(), 'dsti-presets-'))));
  it('an unknown preset, a bad matcher, a map without mwzeval, a broken map: exit 2 with one message', () => {
    for (const [args, msg] of [
      [['--preset', 'nope'], /--preset: "nope" is not one of exact, mwzeval/],
      [['--preset', 'mwzeval', '--match', 'partial>95'], /--match: unknown scorer "partial"/],
      [['--preset', 'mwzeval', '--fuzzy-backend', 'rapidfuzz'], /--fuzzy-backend: "rapidfuzz" is not one of levenshtein, difflib/],
      [['--value-map', MAP], /--value-map gives mwzeval's canonical spellings/],
    ] as const) {
      const r = runCli(['score', SOMDST, ...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(msg);
    }
    const bad = join(tmp, 'bad.json');
    writeFileSync(bad, '{"format": "dst-inspector-value-map", "version": 1, "name": {"a": 2}}');
    const r = runCli(['score', SOMDST, '--preset', 'mwzeval', '--value-map', bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad\.json: \$\.name\["a"\]: expected a string, got 2/);
    writeFileSync(bad, '{"format": \n oops}');
    const r2 = runCli(['score', SOMDST, '--preset', 'mwzeval', '--value-map', bad]);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/bad\.json:2:2: not valid JSON/);
  });
});

describe('score --diff-preset A,B', () => {
  it('exact vs mwzeval on SOM-DST: the turns that flip, grouped by reason, with examples', () => {
    const r = runCli(['score', SOMDST, '--diff-preset', 'exact,mwzeval', '--value-map', MAP, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout);
    // The same 751 turns; 18 exact-wrong turns become right and 17 exact-right turns become wrong (the research's count).
    expect(d.scored).toEqual({ a: 751, b: 751, both: 751 });
    expect(d.flips).toEqual({ toCorrect: 18, toWrong: 17 });
    // mwzeval's JGA minus exact's equals the flips' balance.
    const exact = score([SOMDST]).out.corpus.JGA;
    const mwz = score([SOMDST, '--preset', 'mwzeval', '--value-map', MAP]).out.corpus.JGA;
    expect(Math.round((mwz - exact) * 751)).toBe(18 - 17);
    const byReason = Object.fromEntries(d.reasons.map((x: Json) => [x.reason, x]));
    expect(byReason['dontcare in gold dropped'].turns).toBe(30);
    expect(byReason['partial_ratio accepted (partial_ratio 100)'].examples[0]).toMatchObject({
      dialogue: 'MUL2316.json',
      slot: 'attraction-name',
      pred: 'old schools',
      gold: 'school',
      a: 'wrong',
      b: 'correct',
    });
    expect(byReason['normalised: venue name (strip, lower, "&", name map)'].examples[0]).toMatchObject({
      pred: 'cafe uno',
      gold: 'caffee uno',
    });
  });

  it('a preset against itself with one part changed; the table format; bad sides', () => {
    const r = runCli(['score', ...EDGE, '--diff-preset', 'mwzeval,mwzeval:match=exact', '--value-map', MAP]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/A = preset=mwzeval\(map=\w+\), B = preset=mwzeval\(match=exact,map=\w+\)/);
    expect(r.stdout).toMatch(/partial_ratio accepted \(partial_ratio 100\): \d+ turns?/);
    expect(r.stdout).toMatch(/edge0001 turn 4 {2}restaurant-area: pred " centre" gold "centre" {2}\(correct → wrong\)/);
    for (const bad of ['exact', 'exact,mwzeval,sgd', 'exact,mwzeval:threshold=3']) {
      const x = runCli(['score', SOMDST, '--diff-preset', bad]);
      expect(x.code, bad).toBe(2);
      expect(x.stderr).toMatch(/--diff-preset/);
    }
  });
});

describe('--preset on the other commands that score', () => {
  it('analyze --kind traits and traits: the preset in the signature and its classes in the numbers', () => {
    const plain = runCli(['analyze', SOMDST, '--kind', 'traits', '--format', 'json']);
    const mwz = runCli(['analyze', SOMDST, '--kind', 'traits', '--format', 'json', '--preset', 'mwzeval', '--value-map', MAP]);
    expect(mwz.code, mwz.stderr).toBe(0);
    const a = JSON.parse(plain.stdout);
    const b = JSON.parse(mwz.stdout);
    expect(b.signature).toMatch(/preset=mwzeval\(map=\w+\)/);
    expect(a.signature).not.toMatch(/preset=/);
    expect(JSON.stringify(b)).not.toBe(JSON.stringify({ ...a, signature: b.signature }));
    const t = runCli(['traits', SOMDST, '--preset', 'mwzeval', '--value-map', MAP]);
    expect(t.code, t.stderr).toBe(0);
    expect(t.stdout).toMatch(/signature: .*preset=mwzeval/);
  });
  it('suspects accepts --preset and refuses a bad one before reading', () => {
    expect(runCli(['suspects', SOMDST, '--preset', 'mwzeval', '--top', '3', '--format', 'json']).code).toBe(0);
    const r = runCli(['suspects', SOMDST, '--preset', 'nope']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--preset: "nope"/);
  });
});
