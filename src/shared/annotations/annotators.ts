// Layer: shared (pure TS). Several annotators on one gold
// (docs/guide/annotate.md, "Several annotators"): who said what at each
// slot-level place (dialogue, turn, slot), read from any number of
// annotation files; the merge of those files (every annotator's records
// kept, with their author), the conflicts between annotators, the rating
// tables that agreement is computed on (the decision — confirmed, rejected,
// suspected — and the corrected value), and which records a what-if applies:
// one annotator's, the majority's, or the adjudicated ones. An adjudication
// is a record with `"adjudicated": true`, written by whoever decided; it is
// not an annotator's rating.

import { ratingTableOf, type Rating, type RatingTable } from './agreement/table';
import type { KeptRecord } from './file';
import { canonicalJson, hasCorrection, placeKey, type AnnotationHeader, type AnnotationRecord } from './record';

/** One annotation file as read (latest revisions, withdrawn ones dropped). */
export interface AnnotatorFile {
  file: string;
  header: AnnotationHeader;
  records: readonly KeptRecord[];
}

/** A record with the file it came from. */
export interface SourcedRecord extends KeptRecord {
  file: string;
}

/** Whether a record is an adjudication (a decision on a disagreement, not a rating). */
export function isAdjudication(r: AnnotationRecord): boolean {
  return (r as Record<string, unknown>).adjudicated === true;
}

/** Later wins: by time written (`at`), then by file order (the caller passes records in file order). */
function later(a: SourcedRecord, b: SourcedRecord): SourcedRecord {
  return b.record.at >= a.record.at ? b : a;
}

/** A slot-level place and what each annotator last said there. */
export interface Place {
  key: string;
  dialogue: string;
  turn: number;
  slot: string;
  /** Annotator → that annotator's latest record at the place. */
  by: Map<string, SourcedRecord>;
  /** The latest adjudication at the place, if any. */
  adjudication?: SourcedRecord;
}

/**
 * Every slot-level place any file annotates, in order of first appearance,
 * with each annotator's latest record there (an annotator is a record's
 * `by`, the same name in several files being one person).
 */
export function placesOf(files: readonly AnnotatorFile[]): Place[] {
  const places = new Map<string, Place>();
  for (const f of files)
    for (const k of f.records) {
      const r = k.record;
      if (r.slot === undefined) continue;
      const key = placeKey(r.dialogue, r.turn, r.slot);
      let p = places.get(key);
      if (!p) places.set(key, (p = { key, dialogue: r.dialogue, turn: r.turn, slot: r.slot, by: new Map() }));
      const s: SourcedRecord = { ...k, file: f.file };
      if (isAdjudication(r)) p.adjudication = p.adjudication ? later(p.adjudication, s) : s;
      else {
        const had = p.by.get(r.by);
        p.by.set(r.by, had ? later(had, s) : s);
      }
    }
  return [...places.values()];
}

/** Annotators in order of first appearance (adjudicators are not annotators). */
export function annotatorsOf(places: readonly Place[]): string[] {
  const out = new Set<string>();
  for (const p of places) for (const a of p.by.keys()) out.add(a);
  return [...out];
}

/** The value a record proposes as a rating category ("(no correction)" when it proposes none). */
export function valueCategory(r: AnnotationRecord): string | null {
  if (!hasCorrection(r) || r.status === 'rejected') return null;
  return canonicalJson(r.to);
}

/** What an annotator says at a place, as one comparable string: the decision, and the value when it proposes one. */
export function verdict(r: AnnotationRecord): string {
  const v = valueCategory(r);
  return v === null ? r.status : `${r.status} → ${v}`;
}

export interface Conflict {
  place: Place;
  /** Annotator → verdict. */
  verdicts: Map<string, string>;
}

/** Places where at least two annotators said different things (decision or value), not yet adjudicated when asked. */
export function conflictsOf(places: readonly Place[], opts: { unadjudicated?: boolean } = {}): Conflict[] {
  const out: Conflict[] = [];
  for (const p of places) {
    if (opts.unadjudicated && p.adjudication) continue;
    const verdicts = new Map([...p.by].map(([a, s]) => [a, verdict(s.record)]));
    if (new Set(verdicts.values()).size > 1) out.push({ place: p, verdicts });
  }
  return out;
}

/** The item name of a place in agreement tables: "dialogue/turn/slot". */
export function itemName(p: Place): string {
  return `${p.dialogue}/${p.turn}/${p.slot}`;
}

/** Rating tables: the decision at every place, and the corrected value where the annotator proposes one. */
export function ratingTables(places: readonly Place[], annotators: readonly string[]): { decision: RatingTable; value: RatingTable } {
  const decision: Rating[] = [];
  const value: Rating[] = [];
  for (const p of places)
    for (const [a, s] of p.by) {
      decision.push({ item: itemName(p), rater: a, category: s.record.status });
      const v = valueCategory(s.record);
      if (v !== null) value.push({ item: itemName(p), rater: a, category: v });
    }
  return { decision: ratingTableOf(decision, annotators), value: ratingTableOf(value, annotators) };
}

/** Merged records: every record of every file once (the same id and revision in two files is one record). */
export function mergeRecords(files: readonly AnnotatorFile[]): {
  records: AnnotationRecord[];
  renamed: { file: string; line: number; id: string; as: string }[];
} {
  const byId = new Map<string, AnnotationRecord>();
  const records: AnnotationRecord[] = [];
  const renamed: { file: string; line: number; id: string; as: string }[] = [];
  for (const f of files)
    for (const k of f.records) {
      const r = k.record;
      const had = byId.get(r.id);
      if (had && canonicalJson(had) === canonicalJson(r)) continue;
      if (had) {
        // Another record under the same id (a copied file edited by two people): kept, under an id of its own.
        let n = 2;
        while (byId.has(`${r.id}~${n}`)) n++;
        const as = `${r.id}~${n}`;
        const copy = { ...r, id: as } as AnnotationRecord;
        byId.set(as, copy);
        records.push(copy);
        renamed.push({ file: f.file, line: k.line, id: r.id, as });
        continue;
      }
      byId.set(r.id, r);
      records.push(r);
    }
  return { records, renamed };
}

/** Whose corrections a what-if applies. */
export type CorrectionsFrom = { kind: 'majority' } | { kind: 'adjudicated' } | { kind: 'annotator'; name: string };

export function parseCorrectionsFrom(text: string): CorrectionsFrom {
  if (text === 'majority' || text === 'adjudicated') return { kind: text };
  return { kind: 'annotator', name: text };
}

export interface Selection {
  /** The records to apply (each still names its author and file). */
  records: SourcedRecord[];
  /** Places left out because no decision could be taken (a tie, an unadjudicated disagreement). */
  undecided: { place: Place; why: string }[];
}

/**
 * The records a what-if applies:
 * - an annotator's: that annotator's latest record at each place;
 * - majority: at each place, the verdict (decision and value) more than half
 *   of the annotators who rated the place gave; no strict majority, no record;
 * - adjudicated: the adjudication where there is one, else the verdict every
 *   annotator who rated the place agrees on; a disagreement nobody decided is
 *   left out.
 * Turn-level records (no slot) change no gold and are not selected.
 */
export function selectRecords(places: readonly Place[], from: CorrectionsFrom): Selection {
  const records: SourcedRecord[] = [];
  const undecided: Selection['undecided'] = [];
  for (const p of places) {
    if (from.kind === 'annotator') {
      const s = p.by.get(from.name);
      if (s) records.push(s);
      continue;
    }
    if (from.kind === 'adjudicated' && p.adjudication) {
      records.push(p.adjudication);
      continue;
    }
    const groups = new Map<string, SourcedRecord[]>();
    for (const s of p.by.values()) {
      const v = verdict(s.record);
      const g = groups.get(v);
      if (g) g.push(s);
      else groups.set(v, [s]);
    }
    const n = p.by.size;
    const [best] = [...groups.values()].sort((a, b) => b.length - a.length);
    if (!best) continue;
    const need = from.kind === 'majority' ? Math.floor(n / 2) + 1 : n;
    if (best.length >= need) records.push(best.reduce(later));
    else
      undecided.push({
        place: p,
        why: from.kind === 'majority' ? `no majority among ${n} annotators` : `${n} annotators disagree and no adjudication decides`,
      });
  }
  return { records, undecided };
}
