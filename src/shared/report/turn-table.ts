// Layer: shared (pure TS). A dialogue's per-turn table in the one table model
// (tables.ts): each turn's JGA, FGA (first λ), RSA and running GCA as the
// metric panel shows them, with the FGA class and the changes GCA counts, for
// "Copy LaTeX" and "Save CSV/JSON" of the metric panel.

import type { MetricConfig } from '../metrics/config';
import { lambdaKey } from '../metrics/config';
import { runningGca, type TurnRecord } from '../metrics/evaluate';
import { metricValue } from '../metrics/values';
import type { Table } from './tables';

function fgaClass(t: TurnRecord): string {
  return t.fgaClass === 'exact' ? 'exact' : t.fgaClass === 'type1' ? 'type-1' : `type-2 (d=${t.fgaDistance ?? '?'})`;
}

function delta(t: TurnRecord): string {
  const parts: string[] = [];
  for (const k of ['C', 'W', 'M', 'O'] as const) if (t.gca[k] > 0) parts.push(`+${t.gca[k]}${k}`);
  return parts.join(' ');
}

export function turnTable(
  dialogue: string,
  turns: readonly TurnRecord[],
  config: MetricConfig,
  signature: string,
  caption?: string,
): Table {
  const lk = lambdaKey(config.lambdas[0]);
  const running = runningGca(turns);
  return {
    columns: [
      { key: 'turn', header: 'Turn', kind: 'label' },
      { key: 'JGA', header: 'JGA', kind: 'count', metric: { id: 'JGA', key: 'JGA' } },
      {
        key: 'FGA',
        header: `FGA λ=${lk}`,
        latex: `FGA$_{\\lambda=${lk}}$`,
        kind: 'number',
        decimals: 2,
        metric: { id: 'FGA', key: `FGA_${lk}` },
      },
      { key: 'RSA', header: 'RSA', kind: 'number', decimals: 2, metric: { id: 'RSA', key: 'RSA' } },
      { key: 'GCA', header: 'GCA (running)', kind: 'number', decimals: 2, metric: { id: 'GCA', key: 'GCA' } },
      { key: 'fgaClass', header: 'FGA class', kind: 'text' },
      { key: 'gcaDelta', header: 'GCA counts', kind: 'text' },
    ],
    rows: turns.map((t, i) => ({
      cells: {
        turn: String(t.turn),
        JGA: metricValue(t.values, 'JGA'),
        FGA: metricValue(t.values, 'FGA', config),
        RSA: metricValue(t.values, 'RSA'),
        GCA: running[i],
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
