// Layer: renderer (React component). The review pane under the dialogue: the
// annotations of this dialogue or of the corpus (filtered by status and
// category, each a link to its turn, each one withdrawable), the suspects
// queue with its evidence (its true total, the list following the current
// suspect, each done row's verdict; rows paged and drawn as every long list's:
// usePagedRows, useListSelection, VirtualRows), and the what-if diff.

import { useState } from 'react';
import { CATEGORIES, STATUSES } from '../../../../../shared/annotations/record';
import type { Suspect } from '../../../../../shared/annotations/suspects';
import { formatNoteText } from '../../../../../shared/annotations/detectors/format';
import type { MetricConfig } from '../../../../../shared/metrics/config';
import { dialogueKey } from '../../../../../shared/formats/reference';
import { diffMarks } from '../../../../../shared/model/char-diff';
import { MaybeValue } from '../../../components/VisibleValue';
import { VirtualRows } from '../../../components/VirtualRows';
import { rowId } from '../../../app/paged-rows';
import { errorText } from '../../../app/queries';
import { suspectPosition, verdictOf } from '../../../model/annotations';
import type { Review, ReviewPaneTab, Jump } from './useReview';
import { AnnotatorName } from './AnnotatorName';
import { WhatIfPanel } from './WhatIfPanel';
import { DisagreementQueue } from './DisagreementQueue';

interface Props {
  runRef: { run: string; rev: number };
  config: MetricConfig;
  review: Review;
  dialogueId: string | null;
  onJump: (j: Jump) => void;
}

/** The character diff of a suspect's gold and predicted values (both present). */
const marksOf = (s: { gold: string | null; pred: string | null }) =>
  s.gold !== null && s.pred !== null ? diffMarks(s.gold, s.pred) : null;

const TABS: { id: ReviewPaneTab; label: string; key: string }[] = [
  { id: 'annotations', label: 'Annotations', key: 'A' },
  { id: 'suspects', label: 'Suspects', key: 's' },
  { id: 'whatif', label: 'What-if', key: 'w' },
  { id: 'team', label: 'Annotators', key: 'D' },
];

export function ReviewPane({ runRef, config, review, dialogueId, onJump }: Props) {
  const tab = review.pane!;
  return (
    <section className="review-pane" aria-label="gold-label review" data-testid="review-pane" data-tab={tab}>
      <header>
        <nav className="review-tabs" role="tablist">
          {TABS.map((t) => (
            <button
              key={t.id}
              role="tab"
              aria-selected={t.id === tab}
              className={t.id === tab ? 'on' : ''}
              onClick={() => review.setPane(t.id)}
              data-testid={`review-tab-${t.id}`}
            >
              {t.label} <kbd>{t.key}</kbd>
            </button>
          ))}
        </nav>
        {review.list && (
          <span className="ann-file" title={review.list.file}>
            {review.list.file.split(/[\\/]/).pop()} · {review.list.records.length} annotation{review.list.records.length === 1 ? '' : 's'}
          </span>
        )}
        <AnnotatorName />
        <button onClick={() => review.setPane(null)} aria-label="close the review pane">
          ✕
        </button>
      </header>
      {review.list?.refused && <p className="error">{review.list.refused}</p>}
      {review.list && review.list.problems.length > 0 && (
        <p className="warnings" data-testid="annotation-problems">
          {review.list.problems.slice(0, 3).join(' · ')}
          {review.list.problems.length > 3 && ` · and ${review.list.problems.length - 3} more`}
        </p>
      )}
      {review.list && !review.list.writable && !review.list.refused && (
        <p className="muted" data-testid="annotation-file-unconfirmed">
          Annotations go to {review.list.file}; you are asked to confirm it at the first save.
        </p>
      )}
      {review.list?.notes?.map((n) => (
        <p key={n} className="warnings" data-testid="annotation-file-note">
          {n}
        </p>
      ))}
      <div className="review-body">
        {tab === 'annotations' && <AnnotationList review={review} dialogueId={dialogueId} onJump={onJump} />}
        {tab === 'suspects' && <SuspectQueue review={review} />}
        {tab === 'whatif' && (
          <WhatIfPanel
            runRef={runRef}
            config={config}
            version={review.version}
            includeSuspected={review.includeSuspected}
            onIncludeSuspected={review.setIncludeSuspected}
            values={review.valuesWhatIf}
            onValues={review.setValuesWhatIf}
            correctionsFrom={review.correctionsFrom}
            onCorrectionsFrom={review.setCorrectionsFrom}
            onJump={onJump}
          />
        )}
        {tab === 'team' && <DisagreementQueue runRef={runRef} onJump={onJump} />}
      </div>
    </section>
  );
}

function AnnotationList({ review, dialogueId, onJump }: { review: Review; dialogueId: string | null; onJump: (j: Jump) => void }) {
  const [scope, setScope] = useState<'dialogue' | 'corpus'>('corpus');
  const [status, setStatus] = useState('');
  const [category, setCategory] = useState('');
  const all = review.list?.records ?? [];
  const rows = all.filter(
    (r) =>
      (scope === 'corpus' || (dialogueId !== null && dialogueKey(r.dialogue) === dialogueKey(dialogueId))) &&
      (!status || r.status === status) &&
      (!category || r.category === category),
  );
  return (
    <div className="annotation-list">
      <div className="filters">
        <select
          aria-label="which annotations"
          value={scope}
          onChange={(e) => setScope(e.target.value as 'dialogue' | 'corpus')}
          data-testid="annotations-scope"
        >
          <option value="corpus">corpus</option>
          <option value="dialogue">this dialogue</option>
        </select>
        <select aria-label="status" value={status} onChange={(e) => setStatus(e.target.value)} data-testid="annotations-status">
          <option value="">any status</option>
          {STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
        <select aria-label="category" value={category} onChange={(e) => setCategory(e.target.value)} data-testid="annotations-category">
          <option value="">any category</option>
          {CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
        <span className="count">
          {rows.length} of {all.length}
        </span>
      </div>
      {rows.length === 0 ? (
        <p className="empty">No annotations{all.length ? ' match' : ' yet: focus a chip and press a, or walk the suspects (s)'}.</p>
      ) : (
        <table>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid="annotation-row" data-status={r.status} data-category={r.category}>
                <td>
                  <button onClick={() => onJump({ id: r.dialogue, turn: r.turn, slot: r.slot })}>
                    {r.dialogue} · turn {r.turn}
                  </button>
                </td>
                <td>{r.slot ?? '(turn)'}</td>
                <td className="change">
                  {r.slot !== undefined && (
                    <>
                      <MaybeValue value={r.from} />
                      {Object.hasOwn(r, 'to') && (
                        <>
                          {' → '}
                          <MaybeValue value={r.to} />
                        </>
                      )}{' '}
                      {r.scope === 'onward' && <span title="onward">⇒</span>}
                    </>
                  )}
                </td>
                <td>
                  <span className={`status ann-${r.status}`}>{r.status}</span>
                </td>
                <td>{r.category}</td>
                <td className="note">{r.note}</td>
                <td>
                  <button
                    onClick={() => void review.withdraw(r)}
                    title="withdraw this annotation (a withdrawal is appended to the file; u brings it back)"
                    aria-label={`withdraw the annotation of ${r.dialogue} turn ${r.turn}${r.slot ? ` ${r.slot}` : ''}`}
                    data-testid="annotation-withdraw"
                  >
                    withdraw
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function SuspectQueue({ review }: { review: Review }) {
  const { suspectRows: rows, queue, queueOn } = review;
  const total = rows.total ?? 0;
  const head = rows.head;
  let done = 0;
  for (let i = 0; i < rows.loaded; i++) if (review.isDone(rows.row(i)!)) done++;
  const annotated = rows.loaded < total ? `${done} of the first ${rows.loaded.toLocaleString('en-US')} annotated` : `${done} annotated`;
  const status = rows.error
    ? `cannot rank suspects: ${errorText(rows.error)}`
    : rows.total === null
      ? 'ranking suspects…'
      : total === 0
        ? 'no suspects yet'
        : null;
  return (
    <div className="suspect-queue">
      <p className="queue-status" data-testid="queue-status" data-on={String(queueOn)} data-total={total}>
        {queueOn && status ? (
          <>Queue on: {status}</>
        ) : queueOn ? (
          <>
            Queue on: <strong data-testid="queue-position">{suspectPosition(queue.index, total)}</strong> ({annotated}) · <kbd>n</kbd>/
            <kbd>p</kbd> walk · <kbd>a</kbd> annotate · <kbd>x</kbd> reject · <kbd>s</kbd> leave the queue
          </>
        ) : status ? (
          <>{status}</>
        ) : (
          <>
            {total.toLocaleString('en-US')} suspects ({annotated}) · <kbd>s</kbd> starts the queue (then <kbd>n</kbd>/<kbd>p</kbd> walk the
            suspects instead of the dialogues)
          </>
        )}
        {head &&
          head.runs.length > 0 &&
          ` · runs voting: ${head.runs.join(', ')}${head.hasText ? '' : ' · no utterances loaded: no text evidence'}`}
      </p>
      {head?.versions?.map((v) => (
        <p key={v.run} className="suspects-flag" data-testid="suspects-version-flag" data-run={v.run} title={v.reason}>
          ⚠ {v.reason}
        </p>
      ))}
      {head?.format && formatNoteText(head.format) && (
        <p className="queue-note" data-testid="suspects-format-note" data-count={head.format.count}>
          {formatNoteText(head.format)}
        </p>
      )}
      <VirtualRows
        rows={rows}
        rowHeight={38}
        overscan={8}
        measure
        selectedIndex={queue.index}
        scrollRequest={queue.scrollRequest}
        container={() => ({ className: 'suspects-scroll suspects', 'data-testid': 'suspects-scroll', role: 'list' })}
        row={(s, k) => <SuspectRow s={s} k={k} review={review} />}
        placeholder={<div className="suspect placeholder">…</div>}
      />
    </div>
  );
}

function SuspectRow({ s, k, review }: { s: Suspect; k: number; review: Review }) {
  const rec = review.recordAt(s.dialogue, s.turn, s.slot);
  const verdict = rec ? verdictOf(rec) : null;
  const current = review.queueOn && k === review.queue.index;
  const marks = marksOf(s);
  return (
    <div
      role="listitem"
      className={`suspect${current ? ' current' : ''}${verdict ? ' done' : ''}`}
      data-testid="suspect-row"
      data-rank={k + 1}
      data-current={String(current)}
      data-verdict={verdict ?? undefined}
    >
      <button onClick={() => review.queue.select(rowId('suspects', s), k, s)}>
        {s.dialogue} · turn {s.turn} · {s.slot}
      </button>{' '}
      <span className="score">{s.score.toFixed(2)}</span> gold{' '}
      <strong>
        <MaybeValue value={s.gold} titlePrefix="gold value: " changed={marks?.gold} />
      </strong>{' '}
      · pred{' '}
      <strong>
        <MaybeValue value={s.pred} titlePrefix="predicted value: " changed={marks?.pred} />
      </strong>
      {verdict && (
        <span className={`verdict ann-${rec!.status}`} data-testid="suspect-verdict" title={`annotated: ${verdict}`}>
          {verdict}
        </span>
      )}{' '}
      <span className="rank">#{(k + 1).toLocaleString('en-US')}</span>
      {s.turns && s.turns.length > 1 && (
        <span className="turns" data-testid="suspect-turns" title={`affects turns ${s.turns.join(', ')}`}>
          {' '}
          · {s.turns.length} turns ({s.turns[0]}–{s.turns[s.turns.length - 1]})
        </span>
      )}
      <span className="reasons">{s.reasons.map((r) => r.text).join('; ')}</span>
    </div>
  );
}
