// Layer: renderer (React component). Where wrong turns come from: fresh
// (type-1) vs carried (type-2), how many turns each fresh error poisons, and
// the root causes — the costliest fresh errors and the slots behind them,
// each a link to that dialogue and turn in the inspect view.

import { useMemo } from 'react';
import { originSummaryTable, rootSlotsTable, rootTurnsTable } from '../../../../shared/analysis/analysis-tables';
import { originScene } from '../../../../shared/viz/analysis-origin';
import { SceneSvg } from '../../components/SceneSvg';
import { errorText, useApiQuery } from '../../app/queries';
import { ExportLinks } from './ExportLinks';
import type { SectionProps } from './shared';
import { TableView } from './TableView';

export function OriginSection({ run, config, inspect }: SectionProps) {
  const q = useApiQuery('errorOrigin', { run: run.id, rev: run.revision, config, top: 50 });
  const o = q.data ?? null;
  const tables = useMemo(() => (o ? { summary: originSummaryTable(o), turns: rootTurnsTable(o), slots: rootSlotsTable(o) } : null), [o]);
  const scene = useMemo(() => (o && tables ? originScene(o, tables.summary.signature, 760) : null), [o, tables]);
  return (
    <section className="analysis-section" aria-label="error origin">
      <p className="explain">
        A wrong turn is <b>fresh</b> (FGA's type-1: the turn's own update is wrong) or <b>carried</b> (type-2: the update is right, an
        earlier mistake is still in the state). Each fresh error poisons the type-2 turns after it, so it costs 1 + those turns of JGA; its{' '}
        <i>fresh slots</i> are the slots it newly gets wrong.
      </p>
      {q.error && <p className="error">{errorText(q.error)}</p>}
      {!o && !q.error && <p className="computing">Computing…</p>}
      {scene && <SceneSvg scene={scene} fit="width" className="analysis-chart" testId="origin-chart" />}
      {o && tables && (
        <>
          <TableView table={tables.summary} rowTestId="origin-row" groupKey="what" />
          <h3>Root causes: the fresh errors that cost the most</h3>
          <TableView
            table={tables.turns}
            rowTestId="root-turn"
            groupKey="dialogue"
            cellLink={(i, key) => {
              const r = o.rootTurns[i];
              return key === 'dialogue' || key === 'turn'
                ? { title: `open ${r.dialogue} at turn ${r.turn}`, go: () => inspect({ dialogue: r.dialogue, position: r.position }) }
                : null;
            }}
          />
          <h3>Root causes: slots</h3>
          <TableView
            table={tables.slots}
            rowTestId="root-slot"
            groupKey="slot"
            cellLink={(i, key) => {
              const s = o.rootSlots[i];
              return key === 'worst' || key === 'slot'
                ? {
                    title: `open its costliest error: ${s.worst.dialogue} at turn ${s.worst.turn}`,
                    go: () => inspect({ dialogue: s.worst.dialogue, position: s.worst.position }),
                  }
                : null;
            }}
          />
          <ExportLinks
            name="error-origin"
            title="Error origin"
            scene={scene}
            tables={[
              { table: tables.summary, suffix: 'summary' },
              { table: tables.turns, suffix: 'turns' },
              { table: tables.slots, suffix: 'slots' },
            ]}
          />
        </>
      )}
    </section>
  );
}
