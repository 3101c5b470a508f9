// Layer: shared (pure TS). Every metric of defs/, found at build time (Vite's
// import.meta.glob), in their declared order. Adding a metric is adding one
// file to defs/ that exports `metric` (see contract.ts); nothing else changes.

import type { Metric } from './contract';

const modules = import.meta.glob<{ metric?: Metric }>('./defs/*.ts', { eager: true });

function collect(): Metric[] {
  const out: Metric[] = [];
  for (const [file, mod] of Object.entries(modules)) {
    if (!mod.metric) throw new Error(`metrics registry: ${file} exports no \`metric\``);
    out.push(mod.metric);
  }
  out.sort((a, b) => a.order - b.order);
  const ids = new Set<string>();
  for (const m of out) {
    if (ids.has(m.id)) throw new Error(`metrics registry: two metrics have the id ${m.id}`);
    ids.add(m.id);
  }
  return out;
}

/** All metrics, in table order. */
export const METRICS: readonly Metric[] = collect();

export const METRIC_IDS: readonly string[] = METRICS.map((m) => m.id);

export function metricById(id: string): Metric | undefined {
  return METRICS.find((m) => m.id === id);
}
