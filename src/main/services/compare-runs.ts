// Layer: main (Node). A comparison of loaded runs, end to end: aligned on the
// baseline, scored, the paired statistics run on worker threads, assembled
// into the compare table's model. `compare` prints it; `report` puts it in
// the HTML report.

import {
  assemble,
  prepareComparison,
  statInput,
  type CompareOptions,
  type CompareOutput,
  type RunSource,
  type StatSettings,
} from '../../shared/analysis/run-comparison';
import { Scorer } from '../../shared/analysis/columns';
import type { MetricConfig } from '../../shared/metrics/config';
import { runStatisticsParallel } from './compare-stats';

export interface ComparedRuns {
  out: CompareOutput;
  /** Notes from aligning the runs, then from the statistics. */
  prepareNotes: string[];
  statNotes: string[];
}

/** Throws CompareError when the runs cannot be compared (different gold, too few runs). */
export async function compareRuns(
  sources: readonly RunSource[],
  config: MetricConfig,
  stats: StatSettings,
  opts: CompareOptions & { threads?: number } = {},
): Promise<ComparedRuns> {
  const prepared = prepareComparison(sources, config, opts);
  const scorer = new Scorer(prepared.evaluations[0].layout, config);
  const result = await runStatisticsParallel(statInput(prepared, scorer), config, stats, { threads: opts.threads });
  const out = assemble(prepared, sources, scorer, stats, result);
  return { out, prepareNotes: prepared.notes, statNotes: out.notes.slice(prepared.notes.length) };
}
