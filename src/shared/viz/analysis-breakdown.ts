// Layer: shared (pure TS). The breakdown chart of a run (per domain: the
// chosen metrics; per slot: precision, recall and F1), with a compared run's
// values as ticks: the scene the analysis view draws and `analyze --kind
// breakdown --figure FILE` writes (one drawing, screen and export).

import type { Breakdown } from '../analysis/breakdown-report';
import type { MetricConfig } from '../metrics/config';
import { metricColumns } from '../report/rows';
import { barsScene, type BarSeries } from './analysis-bars';
import type { Scene } from './scene';

/** The per-slot chart's series. */
export const SLOT_SERIES: readonly BarSeries[] = [
  { key: 'precision', label: 'precision' },
  { key: 'recall', label: 'recall' },
  { key: 'F1', label: 'F1' },
];

/** The per-domain chart's series when none are chosen. */
export const DEFAULT_DOMAIN_SERIES: readonly string[] = ['JGA', 'SA', 'RSA'];

export interface BreakdownSceneInput {
  /** The run drawn as bars. */
  name: string;
  b: Breakdown;
  /** The run compared with, drawn as ticks. */
  baseline?: { name: string; b: Breakdown };
  config: MetricConfig;
  /** Per domain: the metric columns drawn (column keys: JGA, FGA_0.5, …); per slot the series are precision, recall and F1. */
  series: readonly BarSeries[];
  signature: string;
  width: number;
}

function valueOf(b: Breakdown, config: MetricConfig) {
  const cols = metricColumns(config);
  return (group: string, key: string): number | null => {
    if (b.by === 'domain') {
      const g = b.groups.find((x) => x.group === group);
      const c = cols.find((x) => x.key === key);
      return g && c ? c.get({ label: '', turns: 0, values: g.scores.values }) : null;
    }
    const g = b.groups.find((x) => x.group === group);
    return g ? g[key as 'precision' | 'recall' | 'F1'] : null;
  };
}

export function breakdownScene(input: BreakdownSceneInput): Scene {
  const { b, baseline, config } = input;
  const runs = baseline ? `${input.name} (bars) vs ${baseline.name} (ticks)` : input.name;
  const turns = b.by === 'domain' ? b.turns : 'active';
  return barsScene({
    title:
      b.by === 'domain'
        ? `Per domain (${turns === 'active' ? 'turns where the domain is active' : 'every turn of the dialogues that mention it'}) — ${runs}`
        : `Per slot — ${runs}`,
    groups: b.groups.map((g) => g.group),
    series: b.by === 'domain' ? [...input.series] : [...SLOT_SERIES],
    value: valueOf(b, config),
    baseline: baseline ? valueOf(baseline.b, config) : undefined,
    baselineLabel: baseline?.name,
    signature: input.signature,
    width: input.width,
  });
}
