// Layer: shared (pure TS). RSA, relative slot accuracy (spec section 5):
// (T* - M - W) / T* over the slots of gold ∪ prediction, 0 when both are empty.
// With T* = C + W_val + M + O, M = missed slots and W = wrong values + overshot
// slots, this is correct / T*.

import { meanOverTurns, type Metric, type TurnFacts } from '../contract';

export function rsaTurn(t: TurnFacts): number {
  const total = t.correct + t.wrong + t.missed + t.overshot;
  if (total === 0) return 0;
  return (total - t.missed - (t.wrong + t.overshot)) / total;
}

export const metric: Metric = {
  id: 'RSA',
  order: 40,
  about: {
    name: 'Relative slot accuracy',
    definition:
      '(T* − missed − wrong) / T* over the slots in gold ∪ prediction; 0 on a turn where both states are empty. The mean over turns.',
    readme: '#the-metrics',
    spec: '5',
  },
  perTurn: true,
  headline: { rank: 30 },
  ...meanOverTurns(rsaTurn),
};
