// Layer: shared (pure TS). A dialogue's per-turn table in the one table model
// (tables.ts): each turn's headline metrics (registry.ts HEADLINE: JGA, FGA
// with the first λ, RSA and running GCA) as the metric panel shows them, with the FGA class and the changes GCA counts, for
// "Copy LaTeX" and "Save CSV/JSON" of the metric panel.

import type { MetricConfig } from '../metrics/config';
import type { TurnRecord } from '../metrics/evaluate';
import type { Metric } from '../metrics/contract';
import { HEADLINE, headlineLabel, turnsShown } from '../metrics/registry';
import type { Table, TableColumn } from './tables';

function fgaClass(t: TurnRecord): string {
  return t.fgaClass === 'exact' ? 'exact' : t.fgaClass === 'type1' ? 'type-1' : `type-2 (d=${t.fgaDistance ?? '?'})`;
}

function delta(t: TurnRecord): string {
  const parts: string[] = [];
  for (const k of ['C', 'W', 'M', 'O'] as const) if (t.gca[k] > 0) parts.push(`+${t.gca[k]}${k}`);
  return parts.join(' ');
}

const TAIL: TableColumn[] = [
  { key: 'fgaClass', header: 'FGA class', kind: 'text' },
  { key: 'gcaDelta', header: 'GCA counts', kind: 'text' },
];

/** A headline metric's column: a binary one (JGA) as a 0/1 count, one with variants (FGA) under its first, a running one (GCA) so named. */
function headlineColumn(m: Metric, config: MetricConfig): TableColumn {
  const h = m.headline!;
  const variants = m.variants(config);
  const metric = { id: m.id, key: variants ? `${m.id}_${variants[0]}` : m.id };
  const header = h.running ? `${headlineLabel(m, config)} (running)` : headlineLabel(m, config);
  const latex = h.latex?.(config);
  return h.binary
    ? { key: m.id, header, kind: 'count', metric }
    : { key: m.id, header, ...(latex ? { latex } : {}), kind: 'number', decimals: 2, metric };
}

export function turnTable(
  dialogue: string,
  turns: readonly TurnRecord[],
  config: MetricConfig,
  signature: string,
  caption?: string,
): Table {
  const shown = new Map(HEADLINE.map((m) => [m.id, turnsShown(turns, m, config)]));
  return {
    columns: [{ key: 'turn', header: 'Turn', kind: 'label' }, ...HEADLINE.map((m) => headlineColumn(m, config)), ...TAIL],
    rows: turns.map((t, i) => ({
      cells: {
        turn: String(t.turn),
        ...Object.fromEntries(HEADLINE.map((m) => [m.id, shown.get(m.id)![i]])),
        fgaClass: fgaClass(t),
        gcaDelta: delta(t),
      },
    })),
    signature,
    caption: caption ?? `Per-turn scores of ${dialogue}`,
    notes: [
      'GCA (running): GCA over the turns so far (– before the first change, where it is undefined); GCA counts: the changes GCA counts at the turn (Correct, Wrong, Missed, Overshot)',
    ],
  };
}
