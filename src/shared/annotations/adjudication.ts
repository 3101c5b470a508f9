// Layer: shared (pure TS). Adjudication of several annotators' disagreements
// (docs/guide/annotate.md, "Several annotators"): the disagreements queue —
// one row per slot-level place where annotators said different things, with
// each annotator's decision and value, the majority's verdict and the
// adjudication made so far — and the record an adjudicator's pick becomes
// (annotator k's decision, the majority's, "the gold is right", or a value
// typed by the adjudicator). The record is written to an adjudicated file of
// its own with `"adjudicated": true` (never into an annotator's file); the
// author (`by`) is the adjudicator.

import { conflictsOf, selectRecords, verdict, type Place, type SourcedRecord } from './annotators';
import { hasCorrection, type AnnotationRecord, type RecordBody, type Status } from './record';

/** What one annotator (or the adjudicator) said at a place. */
export interface Decision {
  status: Status;
  /** Present when a correction is proposed (null: the slot should be absent). */
  to?: string | null;
  category: string;
  scope: string;
  note?: string;
  /** The decision and value as one string ("confirmed → \"x\""), what agreement compares. */
  verdict: string;
}

export interface DisagreementRow {
  /** The place's key (record.ts placeKey). */
  key: string;
  dialogue: string;
  turn: number;
  slot: string;
  /** The gold value the annotators saw (null: absent). */
  from: string | null;
  /** Annotator → decision, in the order of `annotators`; null where an annotator did not rate the place. */
  decisions: (Decision | null)[];
  /** The verdict more than half of the raters gave, or null (no strict majority). */
  majority: Decision | null;
  /** The adjudication made so far (its record's id and revision, to revise it). */
  adjudication?: Decision & { by: string; at: string; id: string; rev: number };
}

function decisionOf(r: AnnotationRecord): Decision {
  const d: Decision = { status: r.status, category: r.category, scope: r.scope, verdict: verdict(r) };
  if (hasCorrection(r)) d.to = r.to ?? null;
  if (r.note !== undefined) d.note = r.note;
  return d;
}

function fromOf(p: Place): string | null {
  for (const s of [...p.by.values(), ...(p.adjudication ? [p.adjudication] : [])]) {
    const f = s.record.from;
    if (f !== undefined) return f === 'none' ? null : f;
  }
  return null;
}

/** The disagreements queue: places where annotators differ (decision or value), in order of first appearance; adjudicated ones included (`unadjudicated` leaves them out). */
export function disagreementRows(
  places: readonly Place[],
  annotators: readonly string[],
  opts: { unadjudicated?: boolean } = {},
): DisagreementRow[] {
  return conflictsOf(places, opts).map(({ place: p }) => {
    const majority: SourcedRecord | undefined = selectRecords([p], { kind: 'majority' }).records[0];
    const row: DisagreementRow = {
      key: p.key,
      dialogue: p.dialogue,
      turn: p.turn,
      slot: p.slot,
      from: fromOf(p),
      decisions: annotators.map((a) => {
        const s = p.by.get(a);
        return s ? decisionOf(s.record) : null;
      }),
      majority: majority ? decisionOf(majority.record) : null,
    };
    if (p.adjudication) {
      const r = p.adjudication.record;
      row.adjudication = { ...decisionOf(r), by: r.by, at: r.at, id: r.id, rev: r.rev };
    }
    return row;
  });
}

/** What the adjudicator picks: an annotator's decision (by index in `annotators`), the majority's, the gold as it is, or a value of their own. */
export type Pick = { kind: 'annotator'; index: number } | { kind: 'majority' } | { kind: 'gold' } | { kind: 'value'; to: string | null };

export class AdjudicationError extends Error {}

/**
 * The record body an adjudicator's pick becomes at a row's place: the picked
 * decision (status, value, category, scope) as is; "the gold is right" a
 * rejection without a value; a typed value a confirmed correction (refused
 * when it is the gold's own value: a correction must change the gold).
 */
export function adjudicationBody(row: DisagreementRow, annotators: readonly string[], pick: Pick): RecordBody {
  const base = { dialogue: row.dialogue, turn: row.turn, slot: row.slot, from: row.from };
  const of = (d: Decision, who: string): RecordBody => {
    const body: RecordBody = {
      ...base,
      scope: d.scope as RecordBody['scope'],
      category: d.category as RecordBody['category'],
      status: d.status,
      note: `adjudicated: ${who}'s decision`,
    };
    if (d.to !== undefined) body.to = d.to;
    return body;
  };
  switch (pick.kind) {
    case 'annotator': {
      const d = row.decisions[pick.index];
      const who = annotators[pick.index];
      if (who === undefined) throw new AdjudicationError(`no annotator ${pick.index + 1} (there are ${annotators.length})`);
      if (!d) throw new AdjudicationError(`${who} did not rate ${row.dialogue} turn ${row.turn} ${row.slot}`);
      return of(d, who);
    }
    case 'majority':
      if (!row.majority)
        throw new AdjudicationError(`no majority at ${row.dialogue} turn ${row.turn} ${row.slot}: the annotators are split`);
      return of(row.majority, 'the majority');
    case 'gold':
      return { ...base, scope: 'turn', category: 'other', status: 'rejected', note: 'adjudicated: the gold is right' };
    case 'value': {
      const to = pick.to === 'none' ? null : pick.to;
      if (to === row.from)
        throw new AdjudicationError(
          `the value ${to === null ? 'absent' : JSON.stringify(to)} is what the gold of ${row.dialogue} turn ${row.turn} ${row.slot} already has: pick "the gold is right" instead`,
        );
      return {
        ...base,
        to,
        scope: 'turn',
        category: to === null ? 'extra-slot' : row.from === null ? 'missing-slot' : 'wrong-value',
        status: 'confirmed',
        note: "adjudicated: the adjudicator's value",
      };
    }
  }
}

/** The keys of the queue: 1–9 annotator k, m majority, g the gold is right (the typed value has a field of its own). */
export function pickOfKey(key: string, annotators: number): Pick | null {
  if (/^[1-9]$/.test(key) && Number(key) <= annotators) return { kind: 'annotator', index: Number(key) - 1 };
  if (key === 'm') return { kind: 'majority' };
  if (key === 'g') return { kind: 'gold' };
  return null;
}

/** How a decision reads in the queue: "confirmed → \"x\"", "rejected", "suspected (no value)". */
export function describeDecision(d: Decision | null): string {
  if (!d) return '—';
  if (d.to === undefined) return d.status;
  return `${d.status} → ${d.to === null ? 'absent' : JSON.stringify(d.to)}`;
}
