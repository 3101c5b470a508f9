// Layer: shared (pure TS). AGA, average goal accuracy (spec section 4):
// |gold ∩ pred| / |gold| on turns whose gold belief set is non-empty; the
// mean over those turns.

import { meanOverDefinedTurns, type Metric, type TurnFacts } from '../contract';

/** The turn's AGA, or null when gold is empty (the turn is skipped). */
export function agaTurn(t: TurnFacts): number | null {
  const gold = t.correct + t.wrong + t.missed;
  return gold === 0 ? null : t.correct / gold;
}

export const metric: Metric = {
  id: 'AGA',
  order: 30,
  about: {
    name: 'Average goal accuracy',
    definition: '|gold ∩ pred| / |gold| per turn, skipping turns whose gold state is empty; the mean over the other turns.',
    readme: '#the-metrics',
    spec: '4',
  },
  perTurn: true,
  ...meanOverDefinedTurns(agaTurn),
};
