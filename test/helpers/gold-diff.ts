// Test helpers for `gold diff`: corpora from plain objects, the gold states
// of a corpus as plain data (an explicit "none" kept apart from an absent
// slot), applying a diff's records, and "scores the same": the corpus
// scores, and every dialogue's scores and per-turn values and slot classes,
// to 1e-9.
import { expect } from 'vitest';
import { applyCorrections } from '../../src/shared/annotations/apply';
import type { AnnotationRecord } from '../../src/shared/annotations/record';
import { dialogueKey } from '../../src/shared/formats/reference';
import { defaultConfig, type MetricConfig } from '../../src/shared/metrics/config';
import { dialogueDetail, evaluate } from '../../src/shared/metrics/evaluate';
import { CorpusBuilder } from '../../src/shared/model/builder';
import type { Corpus } from '../../src/shared/model/corpus';

export type State = Record<string, string>;
/** A turn: its index, gold state and (optional) predicted state. */
export interface TurnSpec {
  turn: number;
  gold: State;
  pred?: State;
}
export type CorpusSpec = Record<string, TurnSpec[]>;

/** A corpus from plain objects (slot names used as given: write them canonically). */
export function corpusOf(spec: CorpusSpec): Corpus {
  const b = new CorpusBuilder();
  for (const [id, turns] of Object.entries(spec)) {
    b.beginDialogue(id);
    for (const t of turns) {
      const pairs = (s: State = {}) => Object.entries(s).flatMap(([k, v]) => [b.slots.intern(k), b.values.intern(v)]);
      const problem = b.addTurn(t.turn, pairs(t.gold), pairs(t.pred));
      if (problem) throw new Error(problem);
    }
    const problem = b.endDialogue();
    if (problem) throw new Error(problem);
  }
  return b.build();
}

/** Turns of a spec as a list of gold states only (turn i has index i). */
export function goldOnly(dialogues: Record<string, State[]>, preds?: Record<string, State[]>): CorpusSpec {
  return Object.fromEntries(
    Object.entries(dialogues).map(([id, states]) => [id, states.map((gold, turn) => ({ turn, gold, pred: preds?.[id]?.[turn] }))]),
  );
}

/** The gold of a corpus: dialogue key → [turn index, sorted "slot=value" strings][] ("none" kept as a value). */
export function goldStates(c: Corpus): Map<string, [number, string[]][]> {
  const out = new Map<string, [number, string[]][]>();
  for (let d = 0; d < c.dialogueIds.length; d++) {
    const turns: [number, string[]][] = [];
    for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++) {
      const pairs: string[] = [];
      for (let k = c.goldStart[i]; k < c.goldStart[i] + c.goldLen[i]; k++)
        pairs.push(`${c.slots.name(c.goldPairs[2 * k])}=${c.values.name(c.goldPairs[2 * k + 1])}`);
      turns.push([c.turnIndex[i], pairs.sort()]);
    }
    out.set(dialogueKey(c.dialogueIds[d]), turns);
  }
  return out;
}

/** OLD with the records applied (confirmed ones, as score --corrections); fails on any record not applied. */
export function applyDiff(old: Corpus, records: readonly AnnotationRecord[]): Corpus {
  const r = applyCorrections(
    old,
    records.map((record, k) => ({ record, line: k + 2 })),
  );
  expect(r.issues).toEqual([]);
  expect(r.summary.count).toBe(records.length);
  return r.corpus;
}

/** Deep equality with numbers equal to 1e-9 (NaN equals NaN). */
export function expectClose(a: unknown, b: unknown, path = '$'): void {
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isNaN(a) || Number.isNaN(b)) expect([path, a]).toEqual([path, b]);
    else if (Math.abs(a - b) > 1e-9) expect([path, a]).toEqual([path, b]);
    return;
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    expect([path, a]).toEqual([path, b]);
    return;
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    expect([path, Array.isArray(a) && Array.isArray(b) && a.length]).toEqual([path, Array.isArray(b) && b.length]);
    (a as unknown[]).forEach((x, i) => expectClose(x, (b as unknown[])[i], `${path}[${i}]`));
    return;
  }
  const ka = Object.keys(a as object).sort();
  const kb = Object.keys(b as object).sort();
  expect([path, ka]).toEqual([path, kb]);
  for (const k of ka) expectClose((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
}

export const CONFIG: MetricConfig = defaultConfig({ lambdas: [0.25, 0.5, 1] });

/**
 * `a` and `b` score the same: corpus scores, and per dialogue (matched by key)
 * its scores, TO/NU and every turn's values, FGA class, GCA counts and slots.
 */
export function expectSameScores(a: Corpus, b: Corpus, config = CONFIG): void {
  expect(a.dialogueIds.map(dialogueKey).sort()).toEqual(b.dialogueIds.map(dialogueKey).sort());
  expectClose(evaluate(a, config).corpus, evaluate(b, config).corpus, 'corpus');
  const inB = new Map(b.dialogueIds.map((id, d) => [dialogueKey(id), d]));
  for (let d = 0; d < a.dialogueIds.length; d++) {
    const { id: _a, ...da } = dialogueDetail(a, d, config);
    const { id: _b, ...db } = dialogueDetail(b, inB.get(dialogueKey(a.dialogueIds[d]))!, config);
    expectClose(da, db, a.dialogueIds[d]);
  }
}
