// Layer: renderer (React component). Per-domain and per-slot breakdowns
// (spec section 13): the chart (bars per group, a compared run's values as
// ticks), the table with Δ columns against a compared run (this run − that
// one, both named in the headers and the chart's title), and links into the
// inspect view (a domain opens the list filtered by it; a slot's class count
// opens the dialogues where the slot has that class, with a class term made
// by formatTerm, quoted when the slot name has a space).

import { useState } from 'react';
import { breakdownTable } from '../../../../shared/analysis/breakdown-report';
import { formatTerm, SLOT_CLASSES } from '../../../../shared/analysis/search-query';
import { breakdownScene, DEFAULT_DOMAIN_SERIES, SLOT_SERIES } from '../../../../shared/viz/analysis-breakdown';
import { SceneSvg } from '../../components/SceneSvg';
import { errorText, useApiQuery } from '../../app/queries';
import { ExportLinks } from './ExportLinks';
import { metricChoices, remember, remembered, type SectionProps } from './shared';
import { TableView } from './TableView';

type By = 'domain' | 'slot';

export function BreakdownSection({ api, run, runs, config, inspect }: SectionProps) {
  const [by, setBy] = useState<By>(() => remembered('bd.by', 'domain'));
  const [turns, setTurns] = useState<'active' | 'dialogue'>(() => remembered('bd.turns', 'active'));
  const [k, setK] = useState<'signature' | 'slots'>(() => remembered('bd.k', 'signature'));
  const [series, setSeries] = useState<string[]>(() => remembered('bd.series', [...DEFAULT_DOMAIN_SERIES]));
  const [compareId, setCompareId] = useState<string>(() => remembered('bd.compare', ''));
  const others = runs.filter((r) => r.id !== run.id && r.state === 'ready');
  const other = others.find((r) => r.id === compareId) ?? null;
  const args = { config, by, ...(by === 'domain' ? { domainTurns: turns, ...(k === 'slots' ? { domainK: 'slots' as const } : {}) } : {}) };
  const q = useApiQuery(api, 'breakdown', { run: run.id, rev: run.revision, ...args });
  const q2 = useApiQuery(api, 'breakdown', other ? { run: other.id, rev: other.revision, ...args } : null);
  const b = q.data && q.data.by === by ? q.data : null;
  const base = other && q2.data && q2.data.by === by ? q2.data : null;

  const choices = metricChoices(config);
  const shown = by === 'domain' ? choices.filter((c) => series.includes(c.key)) : SLOT_SERIES;
  // Tables and scenes are cheap to lay out from the answers: made on each render.
  // Compared with another run: both runs' rows per group, this run's with its differences from the other.
  const compared = base && other ? { name: other.label, b: base } : undefined;
  const table = b ? breakdownTable(compared ? [{ name: run.label, b }, compared] : [{ name: run.label, b }], config, compared) : null;
  const scene =
    b && table
      ? breakdownScene({
          name: run.label,
          b,
          baseline: compared,
          config,
          series: shown,
          signature: table.signature,
          width: 760,
        })
      : null;

  const link = (row: number, key: string) => {
    if (!table) return null;
    const group = String(table.rows[row].cells.group);
    if (key === 'group' && by === 'domain')
      return { title: `show the dialogues that mention ${group} in the inspect view`, go: () => inspect({ domain: group }) };
    const cls = SLOT_CLASSES.find((c) => c === key);
    // Compared with another run, each group has this run's row first: only its counts open this run's list.
    const ownRow = b !== null && b.groups.some((g) => g.group === group) && table.rows.findIndex((r) => r.cells.group === group) === row;
    if (by === 'slot' && cls && ownRow && Number(table.rows[row].cells[cls]) > 0) {
      // One class term that reads back as this slot, spaces and quotes included (wrong:"hotel-book stay").
      const search = formatTerm(cls, group);
      return {
        title: `show the dialogues where ${group} is ${cls} (search ${search})`,
        go: () => inspect({ search }),
        testId: 'breakdown-class-link',
        data: { class: cls },
      };
    }
    return null;
  };

  return (
    <section className="analysis-section" aria-label="breakdowns">
      <div className="analysis-controls">
        <label>
          By{' '}
          <select data-testid="breakdown-by" value={by} onChange={(e) => setBy(remember('bd.by', e.target.value as By))}>
            <option value="domain">domain</option>
            <option value="slot">slot</option>
          </select>
        </label>
        {by === 'domain' && (
          <>
            <label title="Which turns a domain's scores are computed over">
              Turns{' '}
              <select
                data-testid="breakdown-turns"
                value={turns}
                onChange={(e) => setTurns(remember('bd.turns', e.target.value as 'active' | 'dialogue'))}
              >
                <option value="active">where the domain is active (SGD, RSA paper)</option>
                <option value="dialogue">every turn of dialogues that mention it (TRADE zero-shot)</option>
              </select>
            </label>
            <label title="K, the slot count SA divides by">
              SA's K{' '}
              <select data-testid="breakdown-k" value={k} onChange={(e) => setK(remember('bd.k', e.target.value as 'signature' | 'slots'))}>
                <option value="signature">{config.slotCount} (the signature's)</option>
                <option value="slots">each domain's slot count</option>
              </select>
            </label>
          </>
        )}
        {others.length > 0 && (
          <label title={`Show another run's numbers beside this run's, with the differences Δ = ${run.label} − the other run`}>
            Compare with{' '}
            <select
              data-testid="breakdown-compare"
              value={other?.id ?? ''}
              onChange={(e) => setCompareId(remember('bd.compare', e.target.value))}
            >
              <option value="">—</option>
              {others.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))}
            </select>
          </label>
        )}
        {by === 'domain' && (
          <fieldset className="series" aria-label="metrics in the chart">
            {choices.map((c) => (
              <label key={c.key} className="check">
                <input
                  type="checkbox"
                  checked={series.includes(c.key)}
                  onChange={(e) =>
                    setSeries(remember('bd.series', e.target.checked ? [...series, c.key] : series.filter((x) => x !== c.key)))
                  }
                />
                {c.label}
              </label>
            ))}
          </fieldset>
        )}
      </div>
      {q.error && <p className="error">{errorText(q.error)}</p>}
      {!b && !q.error && <p className="computing">Computing the breakdown…</p>}
      {scene && <SceneSvg scene={scene} fit="width" className="analysis-chart" testId="breakdown-chart" />}
      {table && (
        <>
          <TableView table={table} rowTestId="breakdown-row" groupKey="group" runKey="run" cellLink={link} className="breakdown-table" />
          <ExportLinks name={`breakdown-${by}`} title={`Breakdown by ${by}`} scene={scene} tables={[{ table }]} />
        </>
      )}
    </section>
  );
}
