// Layer: renderer (pure module). What the analysis view's sections share:
// their props, choices remembered while the app runs (a section's controls
// survive a trip to the inspect view and back), and metric column helpers.

import type { RunInfo } from '../../../../shared/api';
import type { MetricConfig } from '../../../../shared/metrics/config';
import { metricColumns } from '../../../../shared/report/rows';
import type { ScoreValue } from '../../../../shared/metrics/contract';
import type { InspectTarget } from '../../app/inspect-target';
import type { LinkOption } from '../../../../shared/link';

export interface SectionProps {
  run: RunInfo;
  runs: RunInfo[];
  config: MetricConfig;
  /** Shows something in the inspect view. */
  inspect: (t: InspectTarget) => void;
}

const memory = new Map<string, unknown>();
const listeners = new Set<() => void>();
let version = 0;

/** A value remembered under `key` for the app's lifetime. */
export function remembered<T>(key: string, fallback: T): T {
  return memory.has(key) ? (memory.get(key) as T) : fallback;
}

export function remember<T>(key: string, value: T): T {
  if (memory.get(key) !== value) {
    memory.set(key, value);
    version++;
    for (const f of listeners) f();
  }
  return value;
}

/** Puts the remembered controls to a link's: the ones it does not name go back to their defaults. */
export function rememberOnly(options: Readonly<Record<string, unknown>>): void {
  memory.clear();
  for (const [k, v] of Object.entries(options)) memory.set(k, v);
  version++;
  for (const f of listeners) f();
}

/** For useSyncExternalStore: told of every remembered change, and a number that grows with them. */
export function subscribeRemembered(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}
export function rememberedVersion(): number {
  return version;
}

/** The sections' remembered controls a link can carry (plain values; the section tab is the link's own field). */
export function rememberedOptions(): Record<string, LinkOption> {
  const out: Record<string, LinkOption> = {};
  for (const [k, v] of memory) {
    if (k === SECTION_KEY) continue;
    if (v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) out[k] = v;
    else if (Array.isArray(v) && v.every((x) => typeof x === 'string')) out[k] = [...(v as string[])];
  }
  return out;
}

/** The key the chosen analysis tab is remembered under. */
export const SECTION_KEY = 'analysis.section';

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
