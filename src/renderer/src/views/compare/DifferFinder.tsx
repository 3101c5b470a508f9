// Layer: renderer (React component). "Where do the runs differ most": the
// slices of the corpus (domains, slots, turn positions, dialogue lengths)
// ranked by the spread of a metric across the runs shown side by side, each
// with every run's value and the 95% paired-bootstrap interval of the highest
// run minus the lowest (shared/analysis/differ.ts, through compareDiffer; the
// bootstrap B and seed of the compare view). Clicking a row filters the pair
// list to the dialogues with a turn in that slice; clicking it again clears it.

import { useMemo, useState } from 'react';
import type { RunInfo } from '../../../../shared/api';
import { statColumns } from '../../../../shared/analysis/columns';
import { DEFAULT_DIFFER_LIMIT, type Slice } from '../../../../shared/analysis/slices';
import { renderSignature } from '../../../../shared/metrics/signature';
import { formatValue } from '../../../../shared/report/tables';
import { useConfig } from '../../app/app-context';
import { errorText, useApiQuery } from '../../app/queries';
import { pct } from '../../model/format';
import type { StatSettings } from '../../model/view-state';
import { laneLetter } from './run-labels';

interface Props {
  /** The runs side by side, in lane order (the reference first). */
  runs: readonly RunInfo[];
  stats: StatSettings;
  common: boolean;
  allowDifferentGold: boolean;
  choice: { metric: string; minTurns: number };
  onChoice: (c: { metric: string; minTurns: number }) => void;
  slice: Slice | null;
  onSlice: (s: Slice | null) => void;
}

const SPREAD = { key: 's', header: '', kind: 'delta' as const };
const same = (a: Slice | null, b: Slice) => a !== null && a.kind === b.kind && a.key === b.key;

export function DifferFinder({ runs, stats, common, allowDifferentGold, choice, onChoice, slice, onSlice }: Props) {
  const config = useConfig();
  const [open, setOpen] = useState(true);
  const columns = useMemo(() => statColumns(config), [config]);
  const metric = columns.some((c) => c.key === choice.metric) ? choice.metric : 'JGA';
  const args = open
    ? {
        runs: runs.map((r) => ({ run: r.id, rev: r.revision })),
        config,
        metric,
        minTurns: choice.minTurns,
        limit: DEFAULT_DIFFER_LIMIT,
        bootstrap: stats.bootstrap,
        seed: stats.seed,
        ...(common ? { common } : {}),
        ...(allowDifferentGold ? { allowDifferentGold } : {}),
      }
    : null;
  const q = useApiQuery('compareDiffer', args, { keepPrevious: true });
  const result = q.data && q.data.runs.length === runs.length ? q.data : null;
  // The answer names runs by id: shown under their labels and lane letters.
  const letterOf = (id: string | null) => {
    const k = runs.findIndex((r) => r.id === id);
    return k < 0 ? '' : laneLetter(k);
  };
  const labelOf = (id: string | null) => runs.find((r) => r.id === id)?.label ?? id ?? '';
  return (
    <section className="differ" data-testid="differ-finder" aria-label="where the runs differ most">
      <div className="differ-tools">
        <button className="icon-button" aria-expanded={open} onClick={() => setOpen(!open)} title={open ? 'hide the finder' : 'show it'}>
          {open ? '▾' : '▸'}
        </button>
        <h3>Where do the runs differ most?</h3>
        <label>
          metric{' '}
          <select data-testid="differ-metric" value={metric} onChange={(e) => onChoice({ ...choice, metric: e.target.value })}>
            {columns.map((c) => (
              <option key={c.key} value={c.key}>
                {c.header}
              </option>
            ))}
          </select>
        </label>
        <label title="Slices with fewer turns are left out">
          min turns{' '}
          <select
            data-testid="differ-min-turns"
            value={choice.minTurns}
            onChange={(e) => onChoice({ ...choice, minTurns: Number(e.target.value) })}
          >
            {[...new Set([0, 10, 30, 100, 300, choice.minTurns])]
              .sort((a, b) => a - b)
              .map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
          </select>
        </label>
        {q.isFetching && <span className="busy">computing…</span>}
        {result && (
          <span className="hint">
            {result.ranked} slices ranked, {result.small} with fewer than {result.settings.minTurns} turns left out; click a row to list its
            dialogues
          </span>
        )}
      </div>
      {open && q.error && (
        <p className="compare-error" role="alert">
          {errorText(q.error)}
        </p>
      )}
      {open && result && (
        <div className="differ-scroll">
          <table className="differ-table" title={renderSignature(result.signature)}>
            <thead>
              <tr>
                <th>slice</th>
                <th className="num">turns</th>
                {runs.map((r, k) => (
                  <th key={r.id} className="num run-head" title={r.label}>
                    {laneLetter(k)} <span className="run-name">{r.label}</span>
                  </th>
                ))}
                <th
                  className="num"
                  title="max − min over the runs, with the 95% paired-bootstrap interval of high − low (dialogues resampled)"
                >
                  spread [95% CI]
                </th>
                <th title="the runs with the highest and the lowest value">high / low</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((row) => (
                <tr
                  key={`${row.slice.kind}:${row.slice.key}`}
                  data-testid="differ-row"
                  data-slice={`${row.slice.kind}:${row.slice.key}`}
                  data-dialogues={row.dialogues}
                  className={same(slice, row.slice) ? 'selected' : undefined}
                  aria-selected={same(slice, row.slice)}
                  onClick={() => onSlice(same(slice, row.slice) ? null : row.slice)}
                >
                  <td className="slice" title={`${row.label}: ${row.turns} turns in ${row.dialogues} dialogues`}>
                    {row.label}
                  </td>
                  <td className="num">{row.turns.toLocaleString('en-US')}</td>
                  {row.values.map((v, k) => (
                    <td
                      key={k}
                      className={`num${result.runs[k] === row.high ? ' high' : result.runs[k] === row.low ? ' low' : ''}`}
                      title={`${labelOf(result.runs[k])}: ${result.metric} ${pct(v)}`}
                    >
                      {pct(v)}
                    </td>
                  ))}
                  <td className="num" data-testid="differ-spread">
                    {formatValue(SPREAD, row.spread)}
                    {row.ci && (
                      <span className="ci">
                        {' '}
                        [{formatValue(SPREAD, row.ci[0])}, {formatValue(SPREAD, row.ci[1])}]
                      </span>
                    )}
                  </td>
                  <td title={`high: ${labelOf(row.high)}; low: ${labelOf(row.low)}`}>
                    {letterOf(row.high)} / {letterOf(row.low)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
