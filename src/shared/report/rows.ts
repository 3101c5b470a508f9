// Layer: shared (pure TS). The rows every report format prints: one per model
// file (corpus) or per dialogue, with the columns of the papers' Table 2.

import { lambdaKey, type MetricConfig } from '../metrics/config';
import type { DialogueResult } from '../metrics/evaluate';
import type { Scores } from '../metrics/state';
import { percent2 } from './round';

export interface ReportRow {
  label: string;
  turns: number;
  scores: Omit<Scores, 'dialogues' | 'turns'>;
  TO?: number | null;
  NU?: number | null;
}

export interface Column {
  header: string;
  latex: string;
  get: (r: ReportRow) => number | null;
}

/** The Table-2 columns: JGA, SA, AGA, RSA, one FGA per λ, GCA. */
export function metricColumns(config: MetricConfig): Column[] {
  return [
    { header: 'JGA', latex: 'JGA', get: (r) => r.scores.JGA },
    { header: 'SA', latex: 'SA', get: (r) => r.scores.SA },
    { header: 'AGA', latex: 'AGA', get: (r) => r.scores.AGA },
    { header: 'RSA', latex: 'RSA', get: (r) => r.scores.RSA },
    ...config.lambdas.map((l) => ({
      header: `FGA λ=${lambdaKey(l)}`,
      latex: `FGA$_{\\lambda=${lambdaKey(l)}}$`,
      get: (r: ReportRow) => r.scores.FGA[lambdaKey(l)],
    })),
    { header: 'GCA', latex: 'GCA', get: (r) => r.scores.GCA },
  ];
}

export function corpusRow(label: string, s: Scores): ReportRow {
  const { dialogues: _d, turns, ...scores } = s;
  return { label, turns, scores };
}

export function dialogueRow(d: DialogueResult): ReportRow {
  const { id, turns, TO, NU, perTurn: _p, ...scores } = d;
  return { label: id, turns, scores, TO, NU };
}

/** Percentage with 2 decimals, rounded as the papers' scripts round; "–" for undefined. */
export function pct(x: number | null): string {
  return x === null ? '–' : percent2(x);
}
