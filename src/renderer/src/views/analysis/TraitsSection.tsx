// Layer: renderer (React component). The GCA paper's spurious-trait
// analysis (Figure 4): the kept dialogues' FGA and GCA against TO and NU with
// least-squares lines, and the correlations with Zou's 95% intervals.

import { useMemo } from 'react';
import { traitsTable } from '../../../../shared/analysis/analysis-tables';
import { traitsScene } from '../../../../shared/viz/analysis-traits';
import { SceneSvg } from '../../components/SceneSvg';
import { errorText, useApiQuery } from '../../app/queries';
import { ExportLinks } from './ExportLinks';
import type { SectionProps } from './shared';
import { TableView } from './TableView';

export function TraitsSection({ run, config }: SectionProps) {
  const q = useApiQuery('traitsView', { run: run.id, rev: run.revision, config });
  const t = q.data ?? null;
  const table = useMemo(() => (t ? traitsTable(t) : null), [t]);
  const scene = useMemo(() => (t && table ? traitsScene(t, table.signature, 860) : null), [t, table]);
  return (
    <section className="analysis-section" aria-label="spurious traits">
      <p className="explain">
        Is a metric swayed by <i>where</i> mistakes fall (tail-orientedness, TO) or <i>how unevenly</i> they spread (non-uniformity, NU)?
        The GCA paper's analysis: drop dialogues where FGA and GCA are both 100, z-score TO, NU, FGA and GCA, keep dialogues where the two
        metrics disagree (|FGA_z − GCA_z| ≥ 0.1), and compare the two dependent correlations with Zou's (2008) 95% interval.
      </p>
      {q.error && <p className="error">{errorText(q.error)}</p>}
      {!t && !q.error && <p className="computing">Computing…</p>}
      {scene && <SceneSvg scene={scene} fit="width" className="analysis-chart" testId="traits-chart" />}
      {table && (
        <>
          <TableView table={table} rowTestId="traits-row" groupKey="trait" />
          <ExportLinks name="spurious-traits" title="Spurious traits" scene={scene} tables={[{ table }]} />
        </>
      )}
    </section>
  );
}
