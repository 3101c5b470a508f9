// Alignment of runs by dialogue id and turn index, what is reported when runs
// differ, the common part (scored exactly as a file holding only those turns),
// and the refusals: no common dialogue, runs covering different turns, a
// different gold, duplicate names, different value options or corrections.
import { describe, expect, it } from 'vitest';
import { alignRuns, restrictToCommon } from '../../../../src/shared/analysis/align';
import { CompareError, compareRuns, prepareComparison } from '../../../../src/shared/analysis/run-comparison';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { evaluate } from '../../../../src/shared/metrics/evaluate';
import { buildCorpus, type RawDialogue, type RawTurn } from '../../../helpers/random-corpus';
import { source } from '../../../helpers/runs';

const config = defaultConfig();
const st = (pairs: [number, number][]) => new Map(pairs);

function dialogue(id: string, turns: RawTurn[], indices = turns.map((_, i) => i)): RawDialogue {
  return { id, turns, indices };
}

const T = (g: [number, number][], p: [number, number][] = g): RawTurn => ({ gold: st(g), pred: st(p) });

const base: RawDialogue[] = [
  dialogue('MUL0001.json', [
    T([[0, 1]]),
    T(
      [
        [0, 1],
        [1, 2],
      ],
      [[0, 1]],
    ),
    T([
      [0, 1],
      [1, 2],
      [2, 3],
    ]),
  ]),
  dialogue('SNG0002.json', [
    T([[3, 1]], [[3, 2]]),
    T([
      [3, 1],
      [4, 4],
    ]),
  ]),
  dialogue('PMUL0003.json', [
    T([[5, 1]]),
    T(
      [
        [5, 1],
        [6, 1],
      ],
      [[5, 1]],
    ),
    T([
      [5, 1],
      [6, 1],
    ]),
  ]),
];

describe('alignRuns', () => {
  it('matches dialogue ids case-insensitively with or without .json, in any order', () => {
    const other = [
      { ...base[2], id: 'pmul0003' },
      { ...base[0], id: 'mul0001.JSON' },
      { ...base[1], id: 'SNG0002' },
    ];
    const a = alignRuns([buildCorpus(base), buildCorpus(other)], ['A', 'B']);
    expect(a.complete).toBe(true);
    expect(a.sameOrder).toBe(false);
    expect(a.commonIds).toEqual(['MUL0001.json', 'SNG0002.json', 'PMUL0003.json']);
    expect(Array.from(a.rows[1])).toEqual([1, 2, 0]);
    expect(a.runs[1].goldDiffers).toBe(0);
  });

  it('reports missing and extra dialogues and turns, and the common part', () => {
    const other = [dialogue('MUL0001.json', [base[0].turns[0], base[0].turns[2]], [0, 2]), base[1], dialogue('NEW.json', [T([[0, 1]])])];
    const a = alignRuns([buildCorpus(base), buildCorpus(other)], ['A', 'B']);
    const c = a.runs[1];
    expect(a.complete).toBe(false);
    expect(c.missingDialogues).toEqual(['PMUL0003.json']);
    expect(c.extraDialogues).toEqual(['NEW.json']);
    expect(c.missingTurns).toBe(1);
    expect(c.firstMissingTurn).toEqual({ dialogue: 'MUL0001.json', turn: 1 });
    expect(c.extraTurns).toBe(0);
    expect(a.commonIds).toEqual(['MUL0001.json', 'SNG0002.json']);
    expect(a.commonTurns).toBe(4);
  });

  it('counts common turns whose gold differs', () => {
    const other = base.map((d, i) => (i === 1 ? { ...d, turns: [T([[3, 9]], [[3, 2]]), d.turns[1]] } : d));
    const a = alignRuns([buildCorpus(base), buildCorpus(other)], ['A', 'B']);
    expect(a.goldDiffers).toBe(true);
    expect(a.runs[1].goldDiffers).toBe(1);
    expect(a.runs[1].firstGoldDiff).toEqual({ dialogue: 'SNG0002.json', turn: 0 });
    expect(a.runs[1].sharedTurns).toBe(8);
  });

  it('the common part scores exactly as a corpus holding only those turns (turn indices kept)', () => {
    const other = [dialogue('MUL0001.json', [base[0].turns[0], base[0].turns[2]], [0, 2]), base[1]];
    const a = alignRuns([buildCorpus(base), buildCorpus(other)], ['A', 'B']);
    const cut = restrictToCommon(buildCorpus(base), a.rows[0], a.keep[0]);
    const direct = buildCorpus([dialogue('MUL0001.json', [base[0].turns[0], base[0].turns[2]], [0, 2]), base[1]]);
    expect(evaluate(cut, config).corpus).toEqual(evaluate(direct, config).corpus);
    expect(Array.from(cut.turnIndex)).toEqual([0, 2, 0, 1]);
  });
});

describe('prepareComparison refuses what cannot be compared', () => {
  const A = () => source('A', buildCorpus(base));
  const err = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(CompareError);
      return (e as Error).message;
    }
    throw new Error('no error');
  };

  it('no dialogue in common', () => {
    const msg = err(() => prepareComparison([A(), source('B', buildCorpus([dialogue('X.json', [T([[0, 1]])])]))], config));
    expect(msg).toMatch(/B \(B\.json\) and the baseline A \(A\.json\) have no dialogue in common/);
  });

  it('a run whose turns are a subset of the baseline: refused, named, and compared on the common part when asked', () => {
    const sub = source('B', buildCorpus([base[0], { ...base[1], turns: [base[1].turns[0]] }]));
    const msg = err(() => prepareComparison([A(), sub], config));
    expect(msg).toMatch(
      /B lacks 1 dialogue of A \(PMUL0003\.json\); lacks 1 turn of A in shared dialogues \(first: SNG0002\.json turn 1\)/,
    );
    expect(msg).toMatch(/--common/);
    const p = prepareComparison([A(), sub], config, { common: true });
    expect(p.notes.join('\n')).toMatch(/common part: 2 dialogues, 4 of the baseline's 8 turns/);
    expect(p.parts).toEqual([{ key: 'common', text: 'common=2d/4t' }]);
    const out = compareRuns([A(), sub], config, { bootstrap: 10, trials: 10, seed: 1 }, { common: true });
    expect(out.runs.map((r) => r.corpus.turns)).toEqual([4, 4]);
    expect(out.signature.parts.map((x) => x.text)).toContain('common=2d/4t');
  });

  it('a different gold: refused unless allowed, then said and signed', () => {
    const other = source(
      'B',
      buildCorpus(base.map((d, i) => (i === 0 ? { ...d, turns: [T([[0, 2]], [[0, 1]]), ...d.turns.slice(1)] } : d))),
    );
    expect(err(() => prepareComparison([A(), other], config))).toMatch(
      /B is scored against a different gold than A: 1 turn of 8 differ \(first: MUL0001\.json turn 0\); pass --allow-different-gold/,
    );
    const p = prepareComparison([A(), other], config, { allowDifferentGold: true });
    expect(p.notes).toEqual(['B is scored against a different gold than A: 1 turn of 8 differ (first: MUL0001.json turn 0)']);
    expect(p.parts).toEqual([{ key: 'gold', text: 'gold=differs:1t' }]);
  });

  it('two dialogues of a run that match the same id', () => {
    const twice = source('B', buildCorpus([base[0], { ...base[0], id: 'mul0001' }, base[1], base[2]]));
    expect(err(() => prepareComparison([A(), twice], config))).toMatch(
      /B \(B\.json\) has two dialogues that match the same id, "MUL0001\.json" and "mul0001"/,
    );
  });

  it('duplicate run names, different value options', () => {
    expect(err(() => prepareComparison([A(), A()], config))).toMatch(/two runs are named "A"/);
    expect(err(() => prepareComparison([A(), source('B', buildCorpus(base), ['lower'])], config))).toMatch(
      /B was loaded with values=lower and A with values=exact/,
    );
  });

  it('different corrections to the gold; the same ones go into the signature', () => {
    const fixed = (name: string, hash: string) => ({ ...source(name, buildCorpus(base)), corrections: { count: 2, hash } });
    expect(err(() => prepareComparison([fixed('A', 'aaaaaaaa'), source('B', buildCorpus(base))], config))).toMatch(
      /B was scored with corrections=none and A with corrections=2:aaaaaaaa/,
    );
    expect(err(() => prepareComparison([fixed('A', 'aaaaaaaa'), fixed('B', 'bbbbbbbb')], config))).toMatch(/corrections=2:bbbbbbbb/);
    const p = prepareComparison([fixed('A', 'aaaaaaaa'), fixed('B', 'aaaaaaaa')], config);
    for (const ev of p.evaluations) expect(ev.signature.parts).toContainEqual({ key: 'corrections', text: 'corrections=2:aaaaaaaa' });
  });
});
