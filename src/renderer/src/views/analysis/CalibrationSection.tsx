// Layer: renderer (React component). Confidence and calibration (issue 18
// item 3): the reliability diagram and the confidence histograms of the
// chosen confidence column, its ECE, AUROC, joint ECE and L2, the per-slot
// and per-domain tables and every column against the chosen one, with the
// rule and the binning as controls. The chart is the shared scene
// (viz/analysis-calibration.ts) the CLI's --figure writes too; exports carry
// the signature, which names the column, the rule and the bins.

import { useMemo, useState } from 'react';
import { calibrationTables } from '../../../../shared/analysis/defs/calibration';
import { calibrationScene } from '../../../../shared/viz/analysis-calibration';
import { renderSignature } from '../../../../shared/metrics/signature';
import { SceneSvg } from '../../components/SceneSvg';
import { errorText, useApiQuery } from '../../app/queries';
import { ExportLinks } from './ExportLinks';
import { remember, remembered, type SectionProps } from './shared';
import { TableView } from './TableView';

type Rule = 'domain' | 'sun2024';
type Bins = 'setsumbt' | 'sun2024';

export function CalibrationSection({ run, config }: SectionProps) {
  const [column, setColumn] = useState<string | undefined>(() => remembered<string | undefined>('calibration.column', undefined));
  const [rule, setRule] = useState<Rule>(() => remembered<Rule>('calibration.rule', 'domain'));
  const [binning, setBinning] = useState<Bins>(() => remembered<Bins>('calibration.bins', 'setsumbt'));
  const q = useApiQuery('calibration', {
    run: run.id,
    rev: run.revision,
    config,
    ...(column ? { column } : {}),
    rule,
    binning,
    bootstrap: 1000,
    seed: 12345,
  });
  const r = q.data ?? null;
  const tables = useMemo(
    () =>
      r
        ? {
            summary: calibrationTables(r, 'summary')[0],
            columns: calibrationTables(r, 'columns')[0],
            domains: calibrationTables(r, 'domains')[0],
            slots: calibrationTables(r, 'slots')[0],
            bins: calibrationTables(r, 'bins')[0],
          }
        : null,
    [r],
  );
  const scene = useMemo(() => (r ? calibrationScene(r, renderSignature(r.signature), 760) : null), [r]);
  return (
    <section className="analysis-section" aria-label="calibration">
      <p className="explain">
        Does the model know when it is wrong? Each predicted slot-value pair with a confidence is <b>correct</b> when it equals the gold
        value of its slot (rule <i>domain</i>; <i>sun2024</i> looks the slot up in the first gold domain, as Sun et al. 2024 do). The
        reliability diagram bins pairs by confidence; ECE weighs each bin’s gap between accuracy and confidence; AUROC says how well
        confidence separates right from wrong pairs. Joint: per turn, the lowest pair confidence against the turn’s JGA.
      </p>
      <div className="controls">
        <label>
          confidence{' '}
          <select
            data-testid="calibration-column"
            value={column ?? r?.column ?? ''}
            onChange={(e) => setColumn(remember('calibration.column', e.target.value))}
          >
            {(r?.columns ?? (column ? [column] : [])).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          rule{' '}
          <select
            data-testid="calibration-rule"
            value={rule}
            onChange={(e) => setRule(remember('calibration.rule', e.target.value as Rule))}
          >
            <option value="domain">domain</option>
            <option value="sun2024">sun2024</option>
          </select>
        </label>{' '}
        <label>
          bins{' '}
          <select
            data-testid="calibration-bins"
            value={binning}
            onChange={(e) => setBinning(remember('calibration.bins', e.target.value as Bins))}
          >
            <option value="setsumbt">setsumbt</option>
            <option value="sun2024">sun2024</option>
          </select>
        </label>
      </div>
      {q.error && <p className="error">{errorText(q.error)}</p>}
      {!r && !q.error && <p className="computing">Computing…</p>}
      {scene && <SceneSvg scene={scene} fit="width" className="analysis-chart" testId="calibration-chart" />}
      {r && tables && (
        <>
          <TableView table={tables.summary} rowTestId="calibration-row" groupKey="group" />
          {r.comparison && (
            <>
              <h3>Confidence columns against {r.column}</h3>
              <TableView table={tables.columns} rowTestId="calibration-column-row" groupKey="column" />
            </>
          )}
          <h3>Per domain</h3>
          <TableView table={tables.domains} rowTestId="calibration-domain" groupKey="group" />
          <h3>Per slot</h3>
          <TableView table={tables.slots} rowTestId="calibration-slot" groupKey="group" />
          <ExportLinks
            name="calibration"
            title="Calibration"
            scene={scene}
            tables={[
              { table: tables.summary, suffix: 'summary' },
              { table: tables.bins, suffix: 'bins' },
              { table: tables.slots, suffix: 'slots' },
            ]}
          />
        </>
      )}
    </section>
  );
}
