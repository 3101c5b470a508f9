// Layer: renderer (React component). Several annotators on the gold: their
// agreement (the numbers `corrections agree` prints, with their signature)
// and the disagreements queue — one row per place where they differ, each
// annotator's decision and value, the majority's, the adjudication so far —
// walked with the keyboard as the suspects queue is (j / k or the arrows;
// the place's turn is shown in the dialogue above, its chip focused): 1–9
// picks annotator k's decision, m the majority's, g "the gold is right", v
// types a value of one's own, Enter writes the pick to the adjudicated file
// (fsync'd before the answer) and moves on. Selection and paging are those
// of every long list (usePagedRows + useListSelection).

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { inTextField } from '../../../app/dom';
import { describeDecision, pickOfKey, type DisagreementRow, type Pick } from '../../../../../shared/annotations/adjudication';
import type { AgreementPart } from '../../../../../shared/annotations/annotators-agree';
import { agreementInterval, agreementNumber } from '../../../../../shared/report/agreement-format';
import { useApi, useNotify } from '../../../app/app-context';
import { usePagedRows } from '../../../app/paged-rows';
import { errorText, useApiQuery } from '../../../app/queries';
import { allOf } from '../../../app/query-keys';
import { useListSelection } from '../../../app/use-list-selection';
import type { Jump } from './useReview';

const PAGE = 500;
const noExtra = () => undefined;

function AgreementRows({ name, p }: { name: string; p: AgreementPart }) {
  const ks = (['cohen_kappa', 'fleiss_kappa', 'krippendorff_alpha'] as const).filter((k) => k in p);
  return (
    <>
      {ks.map((k) => {
        const ci = p.ci[k];
        return (
          <tr key={k} data-testid="agreement-coefficient" data-rating={name} data-coefficient={k} data-value={String(p[k] ?? 'null')}>
            <th scope="row">{name}</th>
            <td>{k.replace('_', ' ')}</td>
            <td>{agreementNumber(p[k])}</td>
            <td>{agreementInterval(ci)}</td>
            <td>{p.items_used[k]}</td>
          </tr>
        );
      })}
    </>
  );
}

function pickLabel(p: Pick, annotators: readonly string[]): string {
  switch (p.kind) {
    case 'annotator':
      return `${annotators[p.index]}'s decision`;
    case 'majority':
      return "the majority's decision";
    case 'gold':
      return 'the gold is right';
    case 'value':
      return `the value ${p.to === null ? 'absent' : JSON.stringify(p.to)}`;
  }
}

export function DisagreementQueue({ runRef, onJump }: { runRef: { run: string; rev: number }; onJump: (j: Jump) => void }) {
  const api = useApi();
  const notify = useNotify();
  const qc = useQueryClient();
  const team = useApiQuery('teamAnnotations', { run: runRef.run }, { keepPrevious: true });
  const t = team.data;
  const open = !!t && t.files.length > 0;
  const rows = usePagedRows('disagreements', open ? { ...runRef } : null, { pageSize: PAGE, enabled: open });
  const [pick, setPick] = useState<Pick | null>(null);
  const sel = useListSelection(rows, {
    scope: `${runRef.run}@${runRef.rev}`,
    extraOf: noExtra,
    selectFirst: true,
    onSelect: () => setPick(null),
  });
  const [typing, setTyping] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const valueRef = useRef<HTMLInputElement>(null);
  const annotators = rows.head?.annotators ?? t?.annotators ?? [];
  const row: DisagreementRow | undefined = sel.index >= 0 ? rows.row(sel.index) : undefined;

  // Pages around the selection are loaded; the selected row is brought into view, its place shown in the dialogue above.
  const { show } = rows;
  useEffect(() => show(Math.max(0, sel.index - 100), sel.index + 100), [show, sel.index]);
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [sel.index, sel.scrollRequest]);
  const placeKey = row?.key;
  useEffect(() => {
    if (row) onJump({ id: row.dialogue, turn: row.turn, slot: row.slot });
    // Only when another place is selected (the row object is refetched after every adjudication).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [placeKey]);
  // The queue takes the keys as soon as it is shown.
  useEffect(() => {
    if (open) listRef.current?.focus();
  }, [open]);

  const refresh = useCallback(() => {
    for (const k of ['disagreements', 'teamAnnotations', 'whatIf', 'whatIfDialogue'] as const)
      void qc.invalidateQueries({ queryKey: allOf(k) });
  }, [qc]);

  const accept = async () => {
    if (!row || !pick || busy) return;
    setBusy(true);
    try {
      await api.call('adjudicate', { run: runRef.run, key: row.key, pick });
      notify(`Adjudicated ${row.dialogue} turn ${row.turn} ${row.slot}: ${pickLabel(pick, annotators)}`, 'info');
      setPick(null);
      refresh();
      await sel.move(1);
      listRef.current?.focus();
    } catch (e) {
      notify(`Not adjudicated: ${errorText(e)}`);
    } finally {
      setBusy(false);
    }
  };

  // While the queue is shown it has these keys, wherever the focus is (the place's chip in the dialogue, as
  // in the suspects queue) but in a text field or a dialog: read before the view's keys (capture), which then do not see them.
  const onKey = useEffectEvent((e: globalThis.KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey || inTextField(e.target) || document.querySelector('dialog[open]')) return;
    const k = e.key;
    let handled = true;
    if (k === 'j' || k === 'ArrowDown') void sel.move(1);
    else if (k === 'k' || k === 'ArrowUp') void sel.move(-1);
    else if (k === 'Enter') void accept();
    else if (k === 'v' && row) {
      setTyping(row.majority?.to ?? row.decisions.find((d) => d?.to !== undefined)?.to ?? '');
      setTimeout(() => valueRef.current?.select(), 0);
    } else {
      const p = pickOfKey(k, annotators.length);
      if (p && row) setPick(p);
      else handled = false;
    }
    if (handled) {
      // The queue's keys are not the dialogue view's (j / k there walk turns).
      e.preventDefault();
      e.stopPropagation();
    }
  });
  useEffect(() => {
    if (!open) return;
    const h = (e: globalThis.KeyboardEvent) => onKey(e);
    window.addEventListener('keydown', h, true);
    return () => window.removeEventListener('keydown', h, true);
  }, [open]);

  if (team.error) return <p className="error">{errorText(team.error)}</p>;
  if (!t) return <p className="muted">Loading…</p>;
  if (!open)
    return (
      <OpenTeamFiles
        runRef={runRef}
        onOpened={() => {
          refresh();
        }}
      />
    );
  return (
    <div className="team" data-testid="team-panel">
      {/* Two blocks: who and how much they agree; the queue beside it where the pane is wide (styles.css: .team), under it where not. */}
      <div className="team-summary">
        <p className="team-files">
          {t.files.length} annotator file{t.files.length === 1 ? '' : 's'} (read only):{' '}
          {t.files.map((f) => f.split(/[\\/]/).pop()).join(', ')} · adjudications go to{' '}
          <span title={t.adjudicated ?? ''}>{t.adjudicated?.split(/[\\/]/).pop()}</span>
          {t.adjudicatedExists ? '' : ' (created at the first adjudication)'}
        </p>
        {t.notes.map((n) => (
          <p key={n} className="warnings">
            {n}
          </p>
        ))}
        {t.agreement ? (
          <div className="agreement" data-testid="agreement">
            <table>
              <caption>
                Agreement of {t.agreement.annotators.join(', ')} on {t.agreement.items} slot-level place{t.agreement.items === 1 ? '' : 's'}
              </caption>
              <thead>
                <tr>
                  <th scope="col">rating</th>
                  <th scope="col">coefficient</th>
                  <th scope="col">value</th>
                  <th scope="col">{Math.round(t.agreement.decision.ci.level * 100)}% CI</th>
                  <th scope="col">items used</th>
                </tr>
              </thead>
              <tbody>
                <AgreementRows name="decision" p={t.agreement.decision} />
                <AgreementRows name="value" p={t.agreement.value} />
              </tbody>
            </table>
            <p className="signature" data-testid="agreement-signature">
              {t.agreementSignature}
            </p>
          </div>
        ) : (
          <p className="muted">No agreement: {t.why}</p>
        )}
      </div>
      <div className="team-queue">
        <h4>
          Disagreements ({t.disagreements}, {t.adjudicatedPlaces} adjudicated) <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>1</kbd>–
          <kbd>{Math.max(1, Math.min(9, annotators.length))}</kbd> annotator · <kbd>m</kbd> majority · <kbd>g</kbd> gold is right ·{' '}
          <kbd>v</kbd> value · <kbd>Enter</kbd> adjudicate
        </h4>
        {rows.error && <p className="error">{errorText(rows.error)}</p>}
        <div
          className="disagreement-queue"
          data-testid="disagreement-queue"
          role="listbox"
          aria-label="disagreements between annotators"
          tabIndex={0}
          ref={listRef}
        >
          {rows.total === 0 && <p className="muted">The annotators agree everywhere.</p>}
          {Array.from({ length: rows.loaded }, (_, i) => {
            const r = rows.row(i)!;
            const on = i === sel.index;
            return (
              <div
                key={r.key}
                role="option"
                aria-selected={on}
                className={`disagreement-row${on ? ' on' : ''}${r.adjudication ? ' done' : ''}`}
                data-testid="disagreement-row"
                data-key={r.key}
                data-adjudicated={r.adjudication ? 'true' : 'false'}
                onClick={() => sel.select(r.key, i, undefined)}
              >
                <span className="place">
                  {r.dialogue} turn {r.turn} {r.slot}
                </span>
                <span className="gold">gold {r.from === null ? 'absent' : JSON.stringify(r.from)}</span>
                {r.decisions.map((d, k) => (
                  <span key={k} className="decision" data-annotator={annotators[k]}>
                    <kbd>{k + 1}</kbd> {annotators[k]}: {describeDecision(d)}
                  </span>
                ))}
                <span className="decision majority">
                  <kbd>m</kbd> majority: {r.majority ? describeDecision(r.majority) : 'none (split)'}
                </span>
                {r.adjudication && (
                  <span className="adjudication" data-testid="disagreement-adjudication">
                    ✔ {describeDecision(r.adjudication)} (by {r.adjudication.by})
                  </span>
                )}
              </div>
            );
          })}
        </div>
        {row && (
          <div className="adjudicate" data-testid="adjudication-pick">
            {row.decisions.map(
              (d, k) =>
                d?.note && (
                  <p key={k} className="muted">
                    {annotators[k]}&apos;s note: {d.note}
                  </p>
                ),
            )}
            {typing !== null ? (
              <label>
                value:{' '}
                <input
                  ref={valueRef}
                  value={typing}
                  data-testid="adjudication-value"
                  aria-label="the correct value (empty: the slot is absent)"
                  onChange={(e) => setTyping(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      setPick({ kind: 'value', to: typing.trim() === '' ? null : typing });
                      setTyping(null);
                      listRef.current?.focus();
                    } else if (e.key === 'Escape') {
                      setTyping(null);
                      listRef.current?.focus();
                    }
                    e.stopPropagation();
                  }}
                />
              </label>
            ) : (
              <span data-testid="adjudication-pending">
                {pick ? `Enter adjudicates: ${pickLabel(pick, annotators)}` : 'pick a decision (1–9, m, g, v)'}
              </span>
            )}{' '}
            <button disabled={!pick || busy} onClick={() => void accept()}>
              Adjudicate
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

/** No annotators' files open yet: paths typed here (the same as serve --corrections A,B). */
function OpenTeamFiles({ runRef, onOpened }: { runRef: { run: string; rev: number }; onOpened: () => void }) {
  const api = useApi();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const files = text
      .split(/[,\n]/)
      .map((f) => f.trim())
      .filter((f) => f !== '');
    if (files.length === 0) return setError('give the annotators\u2019 files, one per line or separated by commas');
    try {
      await api.call('openTeamFiles', { run: runRef.run, files });
      setError(null);
      onOpened();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <div className="team-open" data-testid="team-open">
      <p>
        Open several annotators&apos; files on this gold (only read; adjudications go to a file of their own, adjudicated.annotations.jsonl
        beside the first) — or start with <code>serve --corrections A.jsonl,B.jsonl</code>.
      </p>
      <textarea
        rows={3}
        cols={80}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-label="annotation files"
        data-testid="team-files"
      />
      <button onClick={() => void submit()} data-testid="team-open-button">
        Open annotation files
      </button>
      {error && <p className="error">{error}</p>}
    </div>
  );
}
