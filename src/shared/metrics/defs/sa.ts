// Layer: shared (pure TS). SA, slot accuracy in TRADE's formulation (spec
// section 3): SA_t = (K - missed - wrong) / K, where a wrong value counts once
// (as missed) and an overshot slot once. The error count is an integer, so the
// state keeps the sum of errors and any K applies afterwards.

import type { Metric, TurnFacts } from '../contract';

/** missed triples (wrong values + missed slots) + wrong triples whose slot was not missed (overshot slots). */
export function saErrors(t: TurnFacts): number {
  return t.wrong + t.missed + t.overshot;
}

/** SA over `turns` turns with `errors` summed errors. */
export function saFromErrors(errors: number, turns: number, k: number): number {
  return turns === 0 ? 0 : (turns * k - errors) / (turns * k);
}

export const metric: Metric = {
  id: 'SA',
  order: 20,
  about: {
    name: 'Slot accuracy (TRADE)',
    definition:
      '(K − missed − wrong) / K per turn, K the number of slots in the schema (30 for MultiWOZ); a wrong value counts once. The mean over turns.',
    readme: '#the-metrics',
    spec: '3',
  },
  perTurn: true,
  variants: () => null,
  slots: () => ['count'],
  add: (r, t) => void (r.s[r.at] += saErrors(t)),
  turn: (t, config) => (config.slotCount - saErrors(t)) / config.slotCount,
  score: (r, ctx) => saFromErrors(r.s[r.at], ctx.turns, ctx.config.slotCount),
  signature: (config) => `SA K=${config.slotCount}`,
};
