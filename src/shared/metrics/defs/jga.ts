// Layer: shared (pure TS). JGA, joint goal accuracy (spec section 2): a turn
// scores 1 when gold and predicted belief sets are equal; corpus: the mean
// over all turns (micro average), kept as an exact count of exact turns.

import type { Metric, TurnFacts } from '../contract';

export function jgaTurn(t: TurnFacts): number {
  return t.wrong + t.missed + t.overshot === 0 ? 1 : 0;
}

export const metric: Metric = {
  id: 'JGA',
  order: 10,
  about: {
    name: 'Joint goal accuracy',
    definition: 'A turn scores 1 when the predicted belief state equals the gold one exactly, else 0; the mean over all turns.',
    readme: '#the-metrics',
    spec: '2',
  },
  perTurn: true,
  headline: { rank: 10, binary: true },
  variants: () => null,
  slots: () => ['count'],
  add: (r, t) => void (r.s[r.at] += jgaTurn(t)),
  turn: (t) => jgaTurn(t),
  score: (r, ctx) => (ctx.turns === 0 ? 0 : r.s[r.at] / ctx.turns),
};
