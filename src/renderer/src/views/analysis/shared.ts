// Layer: renderer (pure module). What the analysis view's sections share:
// their props, choices remembered while the app runs (a section's controls
// survive a trip to the inspect view and back), and metric column helpers.

import type { RunInfo } from '../../../../shared/api';
import type { MetricConfig } from '../../../../shared/metrics/config';
import { metricColumns } from '../../../../shared/report/rows';
import type { ScoreValue } from '../../../../shared/metrics/contract';
import type { InspectTarget } from '../../app/inspect-target';

export interface SectionProps {
  run: RunInfo;
  runs: RunInfo[];
  config: MetricConfig;
  /** Shows something in the inspect view. */
  inspect: (t: InspectTarget) => void;
}

const memory = new Map<string, unknown>();

/** A value remembered under `key` for the app's lifetime. */
export function remembered<T>(key: string, fallback: T): T {
  return memory.has(key) ? (memory.get(key) as T) : fallback;
}

export function remember<T>(key: string, value: T): T {
  memory.set(key, value);
  return value;
}

/** The value of a metric column (JGA, FGA_0.5, …) in a values record. */
export function columnValue(config: MetricConfig, key: string, values: Readonly<Record<string, ScoreValue>>): number | null {
  const c = metricColumns(config).find((x) => x.key === key);
  return c ? c.get({ label: '', turns: 0, values }) : null;
}

/** Column keys and labels of every metric under a config. */
export function metricChoices(config: MetricConfig, perTurnOnly = false): { key: string; label: string }[] {
  return metricColumns(config)
    .filter((c) => !perTurnOnly || c.metric !== 'GCA')
    .map((c) => ({ key: c.key, label: c.header }));
}
