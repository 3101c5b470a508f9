// Layer: shared (pure TS). `gold diff`: the corrections that turn one gold
// (OLD) into another (NEW), as annotation records that `score --corrections`
// applies (docs/reference/annotation-file.md, "Applying corrections"), so that OLD with the
// diff is NEW exactly — every state, an explicit "none" and an absent slot
// told apart. Per dialogue and slot, left to right: where OLD and NEW differ
// at a turn, one record from OLD's value to NEW's; scope `onward` when NEW
// keeps that value over the whole run of following turns in which OLD keeps
// its value (the turns an onward record reaches), else scope `turn`. So every
// record's `from` is OLD's own value at its turn, no two records touch one
// place, and a change that persists is one record. Each record gets a guessed
// category (see guessCategory). Dialogues and turns present in only one of
// the golds cannot be made by corrections: they are reported as issues and
// left out (the caller says so; the rest is still exact).

import { dialogueKey } from '../formats/reference';
import { MULTIWOZ_SLOTS } from '../formats/slot-names';
import { NONE, type Corpus } from '../model/corpus';
import type { Interner } from '../model/interner';
import { sha256Hex } from './apply';
import { CATEGORIES, canonicalSlotName, type AnnotationRecord, type Category, type Status } from './record';

/** The slot is not in the state (an explicit "none" is a value id of its own here). */
const ABSENT = -1;

/** The limits a record line must keep to be read back (record.ts). */
const MAX_DIALOGUE = 1000;
const MAX_SLOT = 200;
const MAX_VALUE = 10_000;

export interface GoldDiffOptions {
  /** The records' author (`by`). */
  by: string;
  /** The records' time (`at`), ISO 8601. */
  at: string;
  /** The records' status (default confirmed: `score --corrections` applies confirmed records). */
  status?: Status;
  /** Only dialogues with these keys (dialogueKey) are diffed; the others are left out without a note (counted in stats.outside). */
  within?: ReadonlySet<string>;
}

export type GoldDiffIssueKind =
  'dialogue-only-in-old' | 'dialogue-only-in-new' | 'turns-only-in-old' | 'turns-only-in-new' | 'same-key' | 'unwritable';

/** Something the diff cannot express, left out of it. */
export interface GoldDiffIssue {
  kind: GoldDiffIssueKind;
  /** The dialogue as the gold it is in spells it. */
  dialogue: string;
  /** turns-only-in-*: the turn indices. */
  turns?: number[];
  message: string;
}

export interface GoldDiffStats {
  /** Dialogues in both golds (compared). */
  dialogues: number;
  /** Dialogues of either gold outside `within` (left out as asked). */
  outside: number;
  /** Of those, dialogues with a difference. */
  dialoguesChanged: number;
  /** Turns in both golds (compared). */
  turns: number;
  /** Of those, turns whose states differ. */
  turnsChanged: number;
  /** (turn, slot) places whose value differs: the rows of the per-turn diff. */
  places: number;
  records: number;
  /** Records with scope onward. */
  onward: number;
  categories: Record<Category, number>;
}

export interface GoldDiffResult {
  /** In application order: OLD's dialogue order, then turn, then slot name. */
  records: AnnotationRecord[];
  issues: GoldDiffIssue[];
  stats: GoldDiffStats;
  /**
   * Slots the records name that OLD's corpus never has and that are not
   * MultiWOZ slots: score --corrections applies their records only where the
   * predictions or an SGD schema (--schema) know the slot (apply.ts refuses
   * unknown slots, as it refuses a typo).
   */
  newSlots: string[];
}

/** Ids of one interner's names in another's id space, new names numbered after it. */
interface Unified {
  /** Maps an id of the second interner to the shared space. */
  map: Int32Array;
  size: number;
  name(u: number): string;
}

function unify(a: Interner, b: Interner): Unified {
  const extra: string[] = [];
  const map = new Int32Array(b.size);
  for (let i = 0; i < b.size; i++) {
    const name = b.name(i);
    const id = a.lookup(name);
    if (id !== undefined) map[i] = id;
    else {
      map[i] = a.size + extra.length;
      extra.push(name);
    }
  }
  return { map, size: a.size + extra.length, name: (u) => (u < a.size ? a.name(u) : extra[u - a.size]) };
}

/** Equal after lower-casing, dropping apostrophes and making every run of other non-letters/digits one space. */
export function sameButFormat(a: string, b: string): boolean {
  const f = (s: string) =>
    s
      .toLowerCase()
      .replace(/[’']/g, '')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return a !== b && f(a) === f(b);
}

export interface Guess {
  category: Category;
  note?: string;
}

/**
 * The guessed category of the record at position p of one slot's row (o:
 * OLD's values, t: NEW's, n positions; ABSENT, the "none" id, value ids;
 * `same(x, y)`: both inactive or the same value), changing only p (`single`)
 * or an onward run:
 * - `normalisation`: OLD and NEW differ only in an explicit "none" against an
 *   absent slot, or only in case, spacing or punctuation;
 * - `early-or-late` (one turn only): OLD makes NEW's change one turn later
 *   (OLD at p+1 is NEW's value at p, and OLD at p still holds NEW's value at
 *   p−1) or one turn early (NEW at p+1 is OLD's value at p, and NEW at p still
 *   holds OLD's value at p−1) — MultiWOZ's delayed / early annotation;
 * - `missing-slot`: OLD lacks a slot NEW has; `extra-slot`: OLD has a slot
 *   NEW lacks; `wrong-value`: both have it, with different values.
 */
export function guessCategory(
  o: ArrayLike<number>,
  t: ArrayLike<number>,
  p: number,
  single: boolean,
  inactive: (v: number) => boolean,
  name: (v: number) => string,
): Guess {
  const n = o.length;
  const same = (x: number, y: number) => x === y || (inactive(x) && inactive(y));
  const cur = o[p];
  const want = t[p];
  if (same(cur, want))
    return {
      category: 'normalisation',
      note: cur === ABSENT ? `NEW writes "${NONE}" where OLD leaves the slot out` : `OLD writes "${NONE}" where NEW leaves the slot out`,
    };
  if (!inactive(cur) && !inactive(want) && sameButFormat(name(cur), name(want)))
    return { category: 'normalisation', note: 'the values differ only in case, spacing or punctuation' };
  if (single && p + 1 < n) {
    const before = (row: ArrayLike<number>) => (p > 0 ? row[p - 1] : ABSENT);
    if (same(o[p + 1], want) && same(cur, before(t))) return { category: 'early-or-late', note: 'OLD makes this change one turn later' };
    if (same(t[p + 1], cur) && same(want, before(o))) return { category: 'early-or-late', note: 'OLD makes this change one turn early' };
  }
  if (inactive(cur)) return { category: 'missing-slot' };
  if (inactive(want)) return { category: 'extra-slot' };
  return { category: 'wrong-value' };
}

function emptyStats(): GoldDiffStats {
  const categories = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  return { dialogues: 0, outside: 0, dialoguesChanged: 0, turns: 0, turnsChanged: 0, places: 0, records: 0, onward: 0, categories };
}

function some(xs: readonly (string | number)[]): string {
  const shown = xs.slice(0, 8).map(String).join(', ');
  return xs.length > 8 ? `${shown} and ${xs.length - 8} more` : shown;
}

/**
 * The record id: a hash of what defines the correction (its canonical JSON:
 * keys sorted), so the same change gets the same id in any diff.
 */
function recordId(dialogue: string, turn: number, slot: string, from: string | null, to: string | null, scope: string): string {
  return `gd-${sha256Hex(JSON.stringify({ dialogue, from, scope, slot, to, turn })).slice(0, 16)}`;
}

/**
 * Whether n turns of OLD from os and of NEW from ns (matched one to one) hold
 * the same states pair by pair in stored order (NEW's ids mapped): the quick
 * test for an unchanged dialogue (a state stored in another order takes the
 * full comparison, which finds it unchanged too).
 */
function sameStates(a: Corpus, b: Corpus, os: number, ns: number, n: number, slotMap: Int32Array, valueMap: Int32Array): boolean {
  for (let p = 0; p < n; p++) {
    const len = a.goldLen[os + p];
    if (b.goldLen[ns + p] !== len) return false;
    const x = 2 * a.goldStart[os + p];
    const y = 2 * b.goldStart[ns + p];
    for (let k = 0; k < 2 * len; k += 2)
      if (a.goldPairs[x + k] !== slotMap[b.goldPairs[y + k]] || a.goldPairs[x + k + 1] !== valueMap[b.goldPairs[y + k + 1]]) return false;
  }
  return true;
}

/** The corrections that turn OLD's gold into NEW's (dialogues matched by key, turns by index). */
export function diffGolds(oldC: Corpus, newC: Corpus, opts: GoldDiffOptions): GoldDiffResult {
  const slots = unify(oldC.slots, newC.slots);
  const values = unify(oldC.values, newC.values);
  const noneId = oldC.values.lookup(NONE) ?? values.map[newC.values.lookup(NONE) ?? -1] ?? -2;
  const inactive = (v: number) => v === ABSENT || v === noneId;
  const status = opts.status ?? 'confirmed';
  const issues: GoldDiffIssue[] = [];
  const records: AnnotationRecord[] = [];
  const stats = emptyStats();

  const firstByKey = (c: Corpus, side: 'old' | 'new') => {
    const m = new Map<string, number>();
    c.dialogueIds.forEach((id, d) => {
      const k = dialogueKey(id);
      const first = m.get(k);
      if (first === undefined) m.set(k, d);
      else if (!opts.within || opts.within.has(k))
        issues.push({
          kind: 'same-key',
          dialogue: id,
          message: `${side.toUpperCase()} has dialogues ${JSON.stringify(c.dialogueIds[first])} and ${JSON.stringify(id)}, one id (ids match case-insensitively, with or without .json): only the first is diffed`,
        });
    });
    return m;
  };
  const oldByKey = firstByKey(oldC, 'old');
  const newByKey = firstByKey(newC, 'new');
  if (opts.within) {
    const outside = new Set<string>();
    for (const m of [oldByKey, newByKey])
      for (const k of m.keys())
        if (!opts.within.has(k)) {
          m.delete(k);
          outside.add(k);
        }
    stats.outside = outside.size;
  }
  for (const [k, d] of newByKey)
    if (!oldByKey.has(k))
      issues.push({
        kind: 'dialogue-only-in-new',
        dialogue: newC.dialogueIds[d],
        message: `dialogue ${JSON.stringify(newC.dialogueIds[d])} is only in NEW (corrections cannot add a dialogue)`,
      });

  // Per-dialogue scratch: which local row each slot has (by generation), reused across dialogues.
  const rowOf = new Int32Array(slots.size);
  const rowGen = new Int32Array(slots.size);
  let gen = 0;
  /** Per slot: 0 not checked yet, 1 a record may name it, 2 not (not canonical, or too long). */
  const slotOk = new Int8Array(slots.size);
  const unwritable = new Set<string>();
  const newSlots = new Set<string>();

  for (const [key, dOld] of oldByKey) {
    const dNew = newByKey.get(key);
    const id = oldC.dialogueIds[dOld];
    if (dNew === undefined) {
      issues.push({
        kind: 'dialogue-only-in-old',
        dialogue: id,
        message: `dialogue ${JSON.stringify(id)} is only in OLD (corrections cannot remove a dialogue)`,
      });
      continue;
    }
    const os = oldC.dialogueStart[dOld];
    const n = oldC.dialogueStart[dOld + 1] - os;
    const ns = newC.dialogueStart[dNew];
    const ne = newC.dialogueStart[dNew + 1];
    // Turns matched by index (both sorted): the NEW turn of each OLD position, or -1.
    const newAt = new Int32Array(n).fill(-1);
    const onlyOld: number[] = [];
    const onlyNew: number[] = [];
    let j = ns;
    for (let p = 0; p < n; p++) {
      const ti = oldC.turnIndex[os + p];
      while (j < ne && newC.turnIndex[j] < ti) onlyNew.push(newC.turnIndex[j++]);
      if (j < ne && newC.turnIndex[j] === ti) newAt[p] = j++;
      else onlyOld.push(ti);
    }
    while (j < ne) onlyNew.push(newC.turnIndex[j++]);
    if (onlyOld.length)
      issues.push({
        kind: 'turns-only-in-old',
        dialogue: id,
        turns: onlyOld,
        message: `dialogue ${JSON.stringify(id)}: turn${onlyOld.length > 1 ? 's' : ''} ${some(onlyOld)} only in OLD (left as OLD has them)`,
      });
    if (onlyNew.length)
      issues.push({
        kind: 'turns-only-in-new',
        dialogue: id,
        turns: onlyNew,
        message: `dialogue ${JSON.stringify(id)}: turn${onlyNew.length > 1 ? 's' : ''} ${some(onlyNew)} only in NEW (corrections cannot add a turn)`,
      });
    stats.dialogues++;
    stats.turns += n - onlyOld.length;
    if (onlyOld.length === 0 && onlyNew.length === 0 && sameStates(oldC, newC, os, ns, n, slots.map, values.map)) continue;

    // The slots of this dialogue (OLD's turns, NEW's matched turns), one row each.
    gen++;
    const rows: number[] = [];
    const addSlot = (u: number) => {
      if (rowGen[u] !== gen) {
        rowGen[u] = gen;
        rowOf[u] = rows.length;
        rows.push(u);
      }
    };
    for (let p = 0; p < n; p++) {
      const i = os + p;
      for (let k = oldC.goldStart[i]; k < oldC.goldStart[i] + oldC.goldLen[i]; k++) addSlot(oldC.goldPairs[2 * k]);
      const q = newAt[p];
      if (q >= 0) for (let k = newC.goldStart[q]; k < newC.goldStart[q] + newC.goldLen[q]; k++) addSlot(slots.map[newC.goldPairs[2 * k]]);
    }
    const L = rows.length;
    const o = new Int32Array(L * n).fill(ABSENT);
    const t = new Int32Array(L * n).fill(ABSENT);
    for (let p = 0; p < n; p++) {
      const i = os + p;
      for (let k = oldC.goldStart[i]; k < oldC.goldStart[i] + oldC.goldLen[i]; k++)
        o[rowOf[oldC.goldPairs[2 * k]] * n + p] = oldC.goldPairs[2 * k + 1];
      const q = newAt[p];
      if (q >= 0) {
        for (let k = newC.goldStart[q]; k < newC.goldStart[q] + newC.goldLen[q]; k++)
          t[rowOf[slots.map[newC.goldPairs[2 * k]]] * n + p] = values.map[newC.goldPairs[2 * k + 1]];
      } else for (let l = 0; l < L; l++) t[l * n + p] = o[l * n + p]; // a turn NEW lacks stays as OLD has it
    }

    const mine: { p: number; slot: string; r: AnnotationRecord }[] = [];
    const changedTurn = new Uint8Array(n);
    for (let l = 0; l < L; l++) {
      const ro = o.subarray(l * n, (l + 1) * n);
      const rt = t.subarray(l * n, (l + 1) * n);
      let differs = false;
      for (let p = 0; p < n && !differs; p++) differs = ro[p] !== rt[p];
      if (!differs) continue;
      const slot = slots.name(rows[l]);
      if (slotOk[rows[l]] === 0) slotOk[rows[l]] = canonicalSlotName(slot) === slot && slot.length <= MAX_SLOT ? 1 : 2;
      if (slotOk[rows[l]] === 2 || id.length > MAX_DIALOGUE || id.length === 0) {
        const why =
          canonicalSlotName(slot) !== slot
            ? `slot name ${JSON.stringify(slot)} is not canonical (a record would name ${JSON.stringify(canonicalSlotName(slot))})`
            : slot.length > MAX_SLOT
              ? `slot name ${JSON.stringify(slot.slice(0, 40))}… is longer than ${MAX_SLOT} characters`
              : `dialogue id ${id.length ? `${JSON.stringify(id.slice(0, 40))}… is longer than ${MAX_DIALOGUE} characters` : 'is empty'}`;
        if (!unwritable.has(`${key}\u0000${slot}`)) {
          unwritable.add(`${key}\u0000${slot}`);
          issues.push({ kind: 'unwritable', dialogue: id, message: `dialogue ${JSON.stringify(id)}: ${why}; its changes are left out` });
        }
        continue;
      }
      for (let p = 0; p < n; p++) {
        if (ro[p] !== rt[p]) {
          stats.places++;
          changedTurn[p] = 1;
        }
      }
      let p = 0;
      while (p < n) {
        if (ro[p] === rt[p]) {
          p++;
          continue;
        }
        const cur = ro[p];
        const want = rt[p];
        // The run an onward record reaches: following turns whose OLD value matches `from` (inactive matches inactive).
        let q = p + 1;
        while (q < n && (ro[q] === cur || (inactive(ro[q]) && inactive(cur)))) q++;
        let persists = q > p + 1;
        let needed = false;
        for (let k = p + 1; k < q && persists; k++) {
          persists = rt[k] === want;
          needed ||= ro[k] !== want;
        }
        const onward = persists && needed;
        const from = cur === ABSENT ? null : values.name(cur);
        const to = want === ABSENT ? null : values.name(want);
        if ((from?.length ?? 0) > MAX_VALUE || (to?.length ?? 0) > MAX_VALUE) {
          issues.push({
            kind: 'unwritable',
            dialogue: id,
            message: `dialogue ${JSON.stringify(id)} turn ${oldC.turnIndex[os + p]} ${slot}: a value is longer than ${MAX_VALUE} characters; this change is left out`,
          });
          p = onward ? q : p + 1;
          continue;
        }
        const guess = guessCategory(ro, rt, p, !onward, inactive, values.name);
        const turn = oldC.turnIndex[os + p];
        const scope = onward ? 'onward' : 'turn';
        const notes: string[] = [];
        if (onward) notes.push(`turns ${turn}–${oldC.turnIndex[os + q - 1]}`);
        if (guess.note) notes.push(guess.note);
        const r: AnnotationRecord = {
          id: recordId(id, turn, slot, from, to, scope),
          rev: 1,
          dialogue: id,
          turn,
          slot,
          from,
          to,
          scope,
          category: guess.category,
          status,
          ...(notes.length ? { note: notes.join('; ') } : {}),
          by: opts.by,
          at: opts.at,
        };
        mine.push({ p, slot, r });
        if (rows[l] >= oldC.slots.size && !MULTIWOZ_SLOTS.includes(slot)) newSlots.add(slot);
        stats.records++;
        if (onward) stats.onward++;
        stats.categories[guess.category]++;
        p = onward ? q : p + 1;
      }
    }
    if (mine.length === 0) continue;
    stats.dialoguesChanged++;
    for (let p = 0; p < n; p++) stats.turnsChanged += changedTurn[p];
    mine.sort((a, b) => a.p - b.p || (a.slot < b.slot ? -1 : a.slot > b.slot ? 1 : 0));
    for (const m of mine) records.push(m.r);
  }
  return { records, issues, stats, newSlots: [...newSlots].sort() };
}
