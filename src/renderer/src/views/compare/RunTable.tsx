// Layer: renderer (React component). The benchmark table of the compare view:
// one row per run of the workspace (include it, make it the baseline, rename
// it, remove it; a run still loading or failed says so), one column per
// metric with the run's score and its 95% bootstrap interval, and under it the
// delta against the baseline with its interval, significant ones marked †.
// The best score of each column is bold.

import { useState } from 'react';
import type { CompareRunsResult, RunInfo } from '../../../../shared/api';
import { SIGNIFICANCE, SIGNIFICANT_MARK, significant } from '../../../../shared/analysis/significance';
import { metricById } from '../../../../shared/metrics/registry';
import { renderSignature } from '../../../../shared/metrics/signature';
import { metricValue } from '../../../../shared/metrics/values';
import { formatValue } from '../../../../shared/report/tables';
import { pText } from '../../../../shared/report/p-value';
import { pct } from '../../model/format';
import { maxBy } from '../../../../shared/arrays';

interface Props {
  runs: RunInfo[];
  result: CompareRunsResult | null;
  /** The comparison failed (its message is above the table): no row is waiting for numbers. */
  failed: boolean;
  included: ReadonlySet<string>;
  baseline: string | null;
  onInclude: (id: string, on: boolean) => void;
  onBaseline: (id: string) => void;
  onRename: (id: string, label: string) => void;
  onRemove: (id: string) => void;
}

const DELTA = { key: 'd', header: '', kind: 'delta' as const };
const delta = (x: number | null) => formatValue(DELTA, x);
const interval = (ci: [number, number] | null, f: (x: number) => string) => (ci ? `[${f(ci[0])}, ${f(ci[1])}]` : '');

function RunName({ run, onRename }: { run: RunInfo; onRename: (label: string) => void }) {
  const [editing, setEditing] = useState<string | null>(null);
  if (editing !== null) {
    const commit = () => {
      const v = editing.trim();
      setEditing(null);
      if (v && v !== run.label) onRename(v);
    };
    return (
      <input
        className="rename"
        data-testid="run-rename-input"
        aria-label={`new name for ${run.label}`}
        value={editing}
        autoFocus
        onChange={(e) => setEditing(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          else if (e.key === 'Escape') setEditing(null);
        }}
      />
    );
  }
  return (
    <>
      <span className="run-name" title={`${run.label}\n${run.file}`}>
        {run.label}
      </span>
      <button
        className="icon-button"
        data-testid="run-rename"
        data-run={run.label}
        title="Rename this run"
        aria-label={`rename ${run.label}`}
        onClick={() => setEditing(run.label)}
      >
        ✎
      </button>
    </>
  );
}

export function RunTable({ runs, result, failed, included, baseline, onInclude, onBaseline, onRename, onRemove }: Props) {
  const columns = result?.columns ?? [];
  const byRun = new Map(result?.runs.map((r) => [r.run, r]) ?? []);
  const refused = new Map(result?.refused.map((x) => [x.run, x.message]) ?? []);
  // The best printed value of each column among the compared runs.
  const best = new Map<string, number>();
  for (const c of columns) {
    const vals = (result?.runs ?? []).map((r) => metricValue(r.scores.values, c.metric, c.variant)).filter((v): v is number => v !== null);
    if (vals.length > 1)
      best.set(
        c.key,
        maxBy(vals, (v) => Number(pct(v))),
      );
  }
  const baseName = result?.runs[0]?.name;
  return (
    <div className="run-table-wrap">
      <table className="run-table" data-testid="benchmark-table">
        <thead>
          <tr>
            <th scope="col" title="compare this run">
              use
            </th>
            <th scope="col" title="the baseline every other run is compared with">
              base
            </th>
            <th scope="col">Run</th>
            <th scope="col">turns</th>
            {columns.map((c) => (
              <th key={c.key} scope="col" title={metricById(c.metric)?.about.definition}>
                {c.header}
              </th>
            ))}
            <th scope="col" aria-label="remove" />
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => {
            const r = byRun.get(run.id);
            const isBase = run.id === baseline;
            return (
              <tr
                key={run.id}
                className={`${isBase ? 'baseline' : ''} ${run.state !== 'ready' ? 'not-ready' : ''}`}
                data-testid="run-row"
                data-run={run.label}
              >
                <td>
                  <input
                    type="checkbox"
                    aria-label={`compare ${run.label}`}
                    checked={included.has(run.id)}
                    disabled={run.state !== 'ready'}
                    onChange={(e) => onInclude(run.id, e.target.checked)}
                  />
                </td>
                <td>
                  <input
                    type="radio"
                    name="baseline"
                    aria-label={`${run.label} is the baseline`}
                    checked={isBase}
                    disabled={!included.has(run.id)}
                    onChange={() => onBaseline(run.id)}
                  />
                </td>
                <th scope="row" className="run-cell">
                  <RunName run={run} onRename={(l) => onRename(run.id, l)} />
                  {isBase && <span className="tag">baseline</span>}
                </th>
                {run.state === 'loading' && (
                  <td colSpan={columns.length + 1} className="status">
                    loading… {run.stage ?? ''} {run.fraction !== undefined ? `${Math.round(run.fraction * 100)}%` : ''}
                  </td>
                )}
                {run.state === 'error' && (
                  <td colSpan={columns.length + 1} className="status error" role="alert">
                    failed to load: {run.error?.message}
                  </td>
                )}
                {run.state === 'ready' && !r && refused.has(run.id) && included.has(run.id) && (
                  <td colSpan={columns.length + 1} className="status error" data-testid="run-refused">
                    not compared: {refused.get(run.id)}
                  </td>
                )}
                {run.state === 'ready' && !r && !(refused.has(run.id) && included.has(run.id)) && (
                  <td colSpan={columns.length + 1} className="status">
                    {included.has(run.id) && !failed ? '…' : 'not compared'}
                  </td>
                )}
                {run.state === 'ready' && r && <td className="num">{r.scores.turns.toLocaleString('en-US')}</td>}
                {run.state === 'ready' &&
                  r &&
                  columns.map((c) => {
                    const v = metricValue(r.scores.values, c.metric, c.variant);
                    const cmp = result?.comparisons.find((x) => x.run === r.name && x.key === c.key);
                    const isBest = v !== null && best.get(c.key) === Number(pct(v));
                    const lambda = c.lambda !== undefined ? { 'data-lambda': String(c.lambda) } : {};
                    return (
                      <td key={c.key} className="num metric-cell">
                        <div
                          className={isBest ? 'best' : ''}
                          data-testid="run-metric"
                          data-run={r.name}
                          data-metric={c.metric}
                          {...lambda}
                          title={`${r.name}: ${c.header} ${pct(v)} ${interval(r.ci[c.key], pct)}`}
                        >
                          {pct(v)}
                        </div>
                        {r.ci[c.key] && <div className="ci">{interval(r.ci[c.key], pct)}</div>}
                        {cmp && (
                          <div
                            className="delta-block"
                            title={`${r.name} − ${baseName}: ${delta(cmp.delta)} points, 95% CI ${interval(cmp.ci, delta)}, ${pText(cmp.p)}`}
                          >
                            <span
                              className={`delta ${cmp.delta !== null && cmp.delta > 0 ? 'up' : cmp.delta !== null && cmp.delta < 0 ? 'down' : ''}`}
                              data-testid="run-delta"
                              data-run={r.name}
                              data-metric={c.metric}
                              {...lambda}
                              data-p={cmp.p ?? ''}
                              data-significant={String(significant(cmp))}
                            >
                              {delta(cmp.delta)}
                            </span>
                            <span className="sig" aria-label={significant(cmp) ? 'significant' : undefined}>
                              {significant(cmp) ? SIGNIFICANT_MARK : '\u2007'}
                            </span>
                            {cmp.ci && <div className="ci">{interval(cmp.ci, delta)}</div>}
                            {cmp.p !== null && <div className="p">{pText(cmp.p)}</div>}
                          </div>
                        )}
                      </td>
                    );
                  })}
                <td>
                  <button
                    className="icon-button"
                    data-testid="run-remove"
                    data-run={run.label}
                    title="Remove this run from the workspace"
                    aria-label={`remove ${run.label}`}
                    onClick={() => onRemove(run.id)}
                  >
                    ✕
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {result && (
        <p className="table-notes">
          Under each score: its 95% bootstrap interval; then Δ = run − {baseName} in percentage points, its 95% paired-bootstrap interval (
          {result.settings.bootstrap} resamples of dialogues) and the approximate-randomization p-value ({result.settings.trials} trials);{' '}
          {SIGNIFICANT_MARK} p &lt; {SIGNIFICANCE}. {result.dialogues.toLocaleString('en-US')} dialogues,{' '}
          {result.turns.toLocaleString('en-US')} turns.
        </p>
      )}
      {result && (
        <p className="signature" data-testid="compare-signature">
          {renderSignature(result.signature)}
        </p>
      )}
      {result?.notes.map((n) => (
        <p key={n} className="compare-note" role="status">
          {n}
        </p>
      ))}
    </div>
  );
}
