// Layer: shared (pure TS). Every metric of defs/, found at build time (Vite's
// import.meta.glob), in their declared order. Adding a metric is adding one
// file to defs/ that exports `metric` (see contract.ts and
// docs/dev/adding-a-metric.md); nothing else changes. Every list of metrics
// in the code derives from here: all of them (METRICS), the headline ones the
// per-turn displays show (HEADLINE), and the per-turn facts they declare (FACTS).

import type { MetricConfig } from './config';
import type { Metric, TurnFact } from './contract';
import type { TurnRecord } from './evaluate';
import { metricValue } from './values';

const modules = import.meta.glob<{ metric?: Metric }>('./defs/*.ts', { eager: true });

/** The metrics of the modules (defs/*.ts by file name), in their declared order; throws on a module without `metric` or a repeated id. */
export function collect(modules: Record<string, { metric?: Metric }>): Metric[] {
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

/** The per-turn facts the metrics declare, by name; throws when two declare one name with different functions. */
export function collectFacts(metrics: readonly Metric[]): [string, TurnFact][] {
  const facts = new Map<string, TurnFact>();
  for (const m of metrics)
    for (const [name, f] of Object.entries(m.facts ?? {})) {
      if (facts.has(name) && facts.get(name) !== f) throw new Error(`metrics registry: two metrics declare the fact ${name} differently`);
      facts.set(name, f);
    }
  return [...facts];
}

/** The registry's lists for a list of metrics (the module's exports below are those of defs/). */
export function registryOf(metrics: readonly Metric[]) {
  const headline = metrics.filter((m) => m.headline).sort((a, b) => a.headline!.rank - b.headline!.rank);
  return {
    /** All metrics, in table order. */
    METRICS: metrics,
    METRIC_IDS: metrics.map((m) => m.id) as readonly string[],
    /** The per-turn facts the metrics declare (contract.ts TurnFact), computed in the one pass over a corpus. */
    FACTS: collectFacts(metrics) as readonly [string, TurnFact][],
    /** The headline metrics, shown per turn by the panel, chart, table, compare lanes, figure and list rows, by rank. */
    HEADLINE: headline as readonly Metric[],
    HEADLINE_IDS: headline.map((m) => m.id) as readonly string[],
    metricById: (id: string): Metric | undefined => metrics.find((m) => m.id === id),
  };
}

/** The modules of defs/ by file name (the registry's input; a test may add one, test/unit/project/one-file-metric.test.ts). */
export const DEF_MODULES: Readonly<Record<string, { metric?: Metric }>> = modules;

const registry = registryOf(collect(modules));
export const { METRICS, METRIC_IDS, FACTS, HEADLINE, HEADLINE_IDS, metricById } = registry;

/** A headline metric's label under the settings ("FGA λ=0.5"). */
export function headlineLabel(m: Metric, config: MetricConfig): string {
  return m.headline?.label?.(config) ?? m.id;
}

/** The value a turn contributes to a headline metric's displays, as the record stores it (GCA: the running value; FGA: the first λ). */
export function turnShown(rec: TurnRecord, m: Metric, config: MetricConfig): number {
  const r = m.headline?.running;
  return r ? r.at(rec) : (metricValue(rec.values, m.id, config) ?? Number.NaN);
}

/** Each turn's shown value of a headline metric, null where undefined (GCA: before the dialogue's first change). */
export function turnsShown(turns: readonly TurnRecord[], m: Metric, config: MetricConfig): (number | null)[] {
  const r = m.headline?.running;
  return r ? r.shown(turns) : turns.map((t) => metricValue(t.values, m.id, config));
}
