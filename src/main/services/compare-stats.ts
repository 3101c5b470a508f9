// Layer: main (Node). Runs the paired statistics of a comparison
// (src/shared/analysis/paired.ts).

import { runStatistics, type StatInput, type StatResult, type StatSettings } from '../../shared/analysis/compare';
import { Scorer } from '../../shared/analysis/columns';
import type { MetricConfig } from '../../shared/metrics/config';
import { stateLayout } from '../../shared/metrics/state';

export async function runStatisticsParallel(input: StatInput, config: MetricConfig, s: StatSettings): Promise<StatResult> {
  const scorer = new Scorer(stateLayout(config), config);
  return runStatistics(input, scorer, s);
}
