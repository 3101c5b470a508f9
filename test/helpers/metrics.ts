// Test helper: lists of metrics derived from the registry, as the code derives
// them, so that a metric added as one file in defs/ breaks no test
// (docs/dev/adding-a-metric.md).
import type { MetricConfig } from '../../src/shared/metrics/config';
import { METRICS } from '../../src/shared/metrics/registry';

/** Every metric's column keys ("JGA", "FGA_0.5", …) in table order; with `perTurn`, only the per-turn metrics'. */
export function metricKeys(config: MetricConfig, opts: { perTurn?: boolean } = {}): string[] {
  return METRICS.filter((m) => !opts.perTurn || m.perTurn).flatMap((m) => m.variants(config)?.map((v) => `${m.id}_${v}`) ?? [m.id]);
}

/** The items of `xs` that are in `among`, in the order of `xs`: the shipped metrics' order, wherever an added one sits. */
export function only<T>(xs: readonly T[], among: readonly T[]): T[] {
  return xs.filter((x) => among.includes(x));
}
