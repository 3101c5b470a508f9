// Layer: renderer (React component). The what-if diff: every metric before →
// after with the corrections applied (confirmed ones, suspected too when
// asked) or with value options switched on, the turns whose JGA or FGA class
// flips, the dialogues whose GCA moves (each a link to the place), and the
// records that did not apply.

import { VALUE_OPTIONS, type ValueOption } from '../../../../../shared/formats/normalise';
import type { MetricConfig } from '../../../../../shared/metrics/config';
import { METRICS } from '../../../../../shared/metrics/registry';
import { renderSignature } from '../../../../../shared/metrics/signature';
import { metricValue } from '../../../../../shared/metrics/values';
import { errorText, useApiQuery } from '../../../app/queries';
import { pct } from '../../../model/format';
import type { Jump } from './useReview';

interface Props {
  runRef: { run: string; rev: number };
  config: MetricConfig;
  version: number;
  includeSuspected: boolean;
  onIncludeSuspected: (b: boolean) => void;
  values: ValueOption[] | null;
  onValues: (v: ValueOption[] | null) => void;
  /** Several annotators' files open: an annotator's name, majority or adjudicated; null: this session's annotation file. */
  correctionsFrom: string | null;
  onCorrectionsFrom: (from: string | null) => void;
  onJump: (j: Jump) => void;
}

const FGA_LABEL = { exact: 'exact', type1: 'type-1', type2: 'type-2' } as const;

export function WhatIfPanel(props: Props) {
  const { runRef, config, version, includeSuspected, onIncludeSuspected, values, onValues, onJump } = props;
  const team = useApiQuery('teamAnnotations', { run: runRef.run }, { keepPrevious: true }).data;
  const from = team && team.files.length > 0 ? props.correctionsFrom : null;
  const args = values
    ? { ...runRef, config, values }
    : { ...runRef, config, includeSuspected, ...(from !== null ? { correctionsFrom: from } : {}) };
  const q = useApiQuery('whatIf', args, { keepPrevious: true, key: `${version}|${team?.version ?? 0}` });
  const r = q.data;
  const toggleValue = (o: ValueOption) => {
    const next = new Set(values ?? []);
    if (next.has(o)) next.delete(o);
    else next.add(o);
    onValues(next.size ? VALUE_OPTIONS.filter((x) => next.has(x)) : null);
  };
  return (
    <div className="whatif" data-testid="whatif-panel" data-mode={values ? 'values' : 'corrections'}>
      <div className="whatif-controls">
        {team && team.files.length > 0 && (
          <label>
            corrections of{' '}
            <select
              value={from ?? ''}
              disabled={!!values}
              onChange={(e) => props.onCorrectionsFrom(e.target.value === '' ? null : e.target.value)}
              data-testid="whatif-corrections-from"
            >
              <option value="">this session&apos;s annotation file</option>
              {team.annotators.map((a) => (
                <option key={a} value={a}>
                  annotator {a}
                </option>
              ))}
              <option value="majority">the majority</option>
              <option value="adjudicated">adjudicated</option>
            </select>
          </label>
        )}
        <label>
          <input
            type="checkbox"
            checked={includeSuspected}
            disabled={!!values}
            onChange={(e) => onIncludeSuspected(e.target.checked)}
            data-testid="whatif-include-suspected"
          />{' '}
          include suspected corrections
        </label>
        <span className="sep">or compare value options:</span>
        {VALUE_OPTIONS.map((o) => (
          <label key={o}>
            <input type="checkbox" checked={!!values?.includes(o)} onChange={() => toggleValue(o)} data-testid={`whatif-value-${o}`} /> {o}
          </label>
        ))}
      </div>
      {q.error && <p className="error">{errorText(q.error)}</p>}
      {r && (
        <>
          <p className="whatif-summary" data-testid="whatif-summary">
            {r.mode === 'corrections'
              ? `${r.applied} correction${r.applied === 1 ? '' : 's'} applied (${includeSuspected ? 'confirmed and suspected' : 'confirmed'}): ${r.diff.turnsChanged} turn${r.diff.turnsChanged === 1 ? '' : 's'} of ${r.diff.dialoguesChanged} dialogue${r.diff.dialoguesChanged === 1 ? '' : 's'} changed`
              : `values ${values!.join('+')}: ${r.diff.flips.length} turn flip${r.diff.flips.length === 1 ? '' : 's'}, ${r.diff.moves.length} dialogue${r.diff.moves.length === 1 ? '' : 's'} with another GCA`}
          </p>
          <table className="whatif-table">
            <thead>
              <tr>
                <th scope="col">metric</th>
                <th scope="col">before</th>
                <th scope="col">after</th>
                <th scope="col">Δ</th>
              </tr>
            </thead>
            <tbody>
              {METRICS.map((m) => {
                const a = metricValue(r.diff.before.values, m.id, config);
                const b = metricValue(r.diff.after.values, m.id, config);
                const d = a !== null && b !== null ? b - a : null;
                return (
                  <tr key={m.id} data-testid="whatif-metric" data-metric={m.id} data-before={pct(a)} data-after={pct(b)}>
                    <th scope="row">{m.id}</th>
                    <td>{pct(a)}</td>
                    <td>{pct(b)}</td>
                    <td className={d === null || Math.abs(d) < 5e-5 ? 'same' : d > 0 ? 'up' : 'down'}>
                      {d === null ? '—' : `${d >= 0 ? '+' : '−'}${pct(Math.abs(d))}`}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="signature" title="signature after">
            after: {renderSignature(r.signatureAfter)}
          </p>
          {r.issues.length > 0 && (
            <details className="whatif-issues" open>
              <summary>
                {r.issues.length} record{r.issues.length === 1 ? '' : 's'} not applied
              </summary>
              <ul>
                {r.issues.map((t, k) => (
                  <li key={k}>{t}</li>
                ))}
              </ul>
            </details>
          )}
          <h4>Turns whose JGA or FGA class flips ({r.diff.flips.length})</h4>
          <ul className="flips" data-testid="whatif-flips">
            {r.diff.flips.slice(0, 300).map((f) => (
              <li key={`${f.dialogue}/${f.turn}`}>
                <button onClick={() => onJump({ id: f.dialogue, turn: f.turn })}>
                  {f.dialogue} turn {f.turn}
                </button>{' '}
                JGA {f.jga[0]} → {f.jga[1]} · FGA {FGA_LABEL[f.fga[0]]} → {FGA_LABEL[f.fga[1]]}
              </li>
            ))}
          </ul>
          <h4>Dialogues whose GCA moves ({r.diff.moves.length})</h4>
          <ul className="moves" data-testid="whatif-moves">
            {r.diff.moves.slice(0, 300).map((m) => (
              <li key={m.dialogue}>
                <button onClick={() => onJump({ id: m.dialogue, turn: -1 })}>{m.dialogue}</button> GCA {pct(m.gca[0])} → {pct(m.gca[1])}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
