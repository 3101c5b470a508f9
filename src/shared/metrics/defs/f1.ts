// Layer: shared (pure TS). Turn-level slot F1 (TRADE's compute_prf; the RSA
// paper's F1 column; spec section 12): precision and recall of the predicted
// triples against the gold triples of the turn; a turn with empty gold scores 1
// when the prediction is empty too, else 0. The mean over turns.

import { meanOverTurns, type Metric, type TurnFacts } from '../contract';

export function f1Turn(t: TurnFacts): number {
  const gold = t.correct + t.wrong + t.missed;
  const pred = t.correct + t.wrong + t.overshot;
  if (gold === 0) return pred === 0 ? 1 : 0;
  const tp = t.correct;
  const precision = pred === 0 ? 0 : tp / pred;
  const recall = tp / gold;
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

export const metric: Metric = {
  id: 'F1',
  order: 34,
  about: {
    name: 'Turn-level slot F1',
    definition:
      "F1 of the turn's predicted slot-value triples against the gold ones (1 when both are empty, 0 when only gold is); the mean over turns.",
    readme: '#the-metrics',
    spec: '12',
  },
  perTurn: true,
  ...meanOverTurns(f1Turn),
};
