// Layer: renderer (React component). Correlation matrices of the metrics at
// turn or dialogue level, Pearson or Spearman, as a heat map with values (the
// RSA paper's Figure 3) and as a table.

import { useMemo, useState } from 'react';
import { correlationTable } from '../../../../shared/analysis/analysis-tables';
import { heatmapScene } from '../../../../shared/viz/analysis-heatmap';
import { SceneSvg } from '../../components/SceneSvg';
import { errorText, useApiQuery } from '../../app/queries';
import { ExportLinks } from './ExportLinks';
import { remember, remembered, type SectionProps } from './shared';
import { TableView } from './TableView';

export function CorrelationSection({ run, config }: SectionProps) {
  const [level, setLevel] = useState<'turn' | 'dialogue'>(() => remembered('cor.level', 'turn'));
  const [method, setMethod] = useState<'pearson' | 'spearman'>(() => remembered('cor.method', 'pearson'));
  const q = useApiQuery('correlations', { run: run.id, rev: run.revision, config, level, method });
  const m = q.data && q.data.level === level && q.data.method === method ? q.data : null;
  const table = useMemo(() => (m ? correlationTable(m) : null), [m]);
  const scene = useMemo(() => (m && table ? heatmapScene(m, table.signature, { width: 620 }) : null), [m, table]);
  return (
    <section className="analysis-section" aria-label="correlations">
      <div className="analysis-controls">
        <label>
          Level{' '}
          <select
            data-testid="correlation-level"
            value={level}
            onChange={(e) => setLevel(remember('cor.level', e.target.value as 'turn' | 'dialogue'))}
          >
            <option value="turn">turn (every turn; AGA, IAGA where gold is not empty)</option>
            <option value="dialogue">dialogue (GCA included)</option>
          </select>
        </label>
        <label>
          Method{' '}
          <select
            data-testid="correlation-method"
            value={method}
            onChange={(e) => setMethod(remember('cor.method', e.target.value as 'pearson' | 'spearman'))}
          >
            <option value="pearson">Pearson's r</option>
            <option value="spearman">Spearman's ρ</option>
          </select>
        </label>
      </div>
      {q.error && <p className="error">{errorText(q.error)}</p>}
      {!m && !q.error && <p className="computing">Computing…</p>}
      {scene && <SceneSvg scene={scene} className="analysis-chart heatmap" testId="correlation-heatmap" />}
      {table && (
        <>
          <TableView table={table} rowTestId="correlation-row" groupKey="metric" />
          <ExportLinks
            name={`correlations-${level}-${method}`}
            title={`Correlations (${level} level, ${method})`}
            scene={scene}
            tables={[{ table }]}
          />
        </>
      )}
    </section>
  );
}
