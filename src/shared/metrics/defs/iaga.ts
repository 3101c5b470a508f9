// Layer: shared (pure TS). IAGA, improved average goal accuracy (FGA paper
// §2.3; spec section 11): |gold ∩ pred| / |gold ∪ pred| over belief-set
// triples on turns whose gold is non-empty. A wrong value is two triples of
// the union (the gold one and the predicted one).

import { meanOverDefinedTurns, type Metric, type TurnFacts } from '../contract';

export function iagaTurn(t: TurnFacts): number | null {
  if (t.correct + t.wrong + t.missed === 0) return null;
  return t.correct / (t.correct + 2 * t.wrong + t.missed + t.overshot);
}

export const metric: Metric = {
  id: 'IAGA',
  order: 32,
  about: {
    name: 'Improved average goal accuracy',
    definition:
      '|gold ∩ pred| / |gold ∪ pred| per turn (so overshot slots count too), skipping turns whose gold state is empty; the mean over the other turns.',
    readme: '#the-metrics',
    spec: '11',
  },
  perTurn: true,
  ...meanOverDefinedTurns(iagaTurn),
};
