// Layer: shared (pure TS). The one way loaders make a Corpus: they report
// dialogues and turns with interned slot and value ids; the builder sorts turns
// by their integer index, sorts each state by slot, and refuses duplicates.
// Problems are returned as messages so that each loader can add the place in
// its own file (JSON path or line:column).

import { AsciiTexts } from './ascii-texts';
import { Interner } from './interner';
import { IntVector } from './int-vector';
import { FloatVector } from './float-vector';
import { MAX_TURN_INDEX, NONE, type Corpus } from './corpus';
import type { Generation } from './generation';

/** What a turn of an LLM-era layout carries beside its states (see generation.ts). */
export interface TurnExtra {
  /** The model's generated text. */
  raw?: string;
  /**
   * Or the generated text as ASCII bytes without escapes, rawBytes[rawStart,
   * rawEnd) (copied; decoded at build time, all turns at once: ascii-texts.ts).
   */
  rawBytes?: Uint8Array;
  rawStart?: number;
  rawEnd?: number;
  /** Set when the generation could not be parsed: what is wrong, and where. */
  unparseable?: string;
  /**
   * Confidence scores of predicted pairs: slot and value ids and the scores by
   * column index (confidenceColumn); an entry that matches no predicted pair is
   * dropped and counted (confidenceDropped).
   */
  confidence?: { slot: number; value: number; scores: (number | undefined)[] }[];
}

/** The part of TurnExtra without confidences (addTurnText). */
export type TurnText = Omit<TurnExtra, 'confidence'>;

export class CorpusBuilder {
  readonly slots = new Interner();
  readonly values = new Interner([NONE]);
  private readonly dialogueIds: string[] = [];
  private readonly seenIds = new Set<string>();
  private readonly dialogueStart: IntVector;
  private readonly turnIndex: IntVector;
  private readonly goldStart: IntVector;
  private readonly goldLen: IntVector;
  private readonly predStart: IntVector;
  private readonly predLen: IntVector;
  private readonly pairs: IntVector;
  private system: (string | undefined)[] | undefined;
  private user: (string | undefined)[] | undefined;
  /** First global turn of the open dialogue; its turns are appended in arrival order. */
  private openStart = 0;
  /** True when the open dialogue's turn indices are not strictly increasing so far. */
  private unsorted = false;
  /** Dialogues whose turns arrived out of turn-index order (sorted on close); loaders warn about them. */
  outOfOrderDialogues = 0;
  private open = false;
  /** Extras (generation.ts), made on first use; per arrival turn, permuted with the turns when a dialogue is sorted. */
  private raw: (string | undefined)[] | undefined;
  /** Generated texts given as ASCII bytes: their place in the pool and length, per arrival turn. */
  private rawPool: AsciiTexts | undefined;
  private rawAt: number[] | undefined;
  private rawLen: number[] | undefined;
  private unparseable: (string | undefined)[] | undefined;
  private readonly confColumns: string[] = [];
  /** Per arrival turn with confidences: its first entry and how many. */
  private confStart: number[] | undefined;
  private confLen: number[] | undefined;
  /** Entries (each turn's sorted by slot) and per column their scores (NaN: none). */
  private readonly confSlot = new IntVector(64);
  private readonly confValues: FloatVector[] = [];
  /** The turn whose confidences are being added (beginConfidence) and its first entry. */
  private confTurn = -1;
  private confAt = 0;
  /** Confidence entries that named no predicted pair (slot and value), dropped. */
  confidenceDropped = 0;

  /**
   * `hint`: expected numbers of turns and of (slot, value) pairs, if the loader
   * can guess them (e.g. from the file size), to size the columns once instead
   * of growing them. Over-guessing costs address space only.
   */
  constructor(hint: { turns?: number; pairs?: number } = {}) {
    let turns = Math.min(Math.max(4096, Math.ceil(hint.turns ?? 0)), 1 << 26);
    const pairs = Math.min(Math.max(1 << 15, Math.ceil(hint.pairs ?? 0)), 1 << 27);
    let big: IntVector;
    try {
      big = new IntVector(2 * pairs);
    } catch {
      // The address space for the guess was refused (a small machine): start small and grow.
      big = new IntVector(1 << 16);
      turns = 4096;
    }
    this.pairs = big;
    this.dialogueStart = new IntVector(Math.max(1024, turns >> 2));
    this.turnIndex = new IntVector(turns);
    this.goldStart = new IntVector(turns);
    this.goldLen = new IntVector(turns);
    this.predStart = new IntVector(turns);
    this.predLen = new IntVector(turns);
  }

  /** Starts a dialogue; returns a problem message if the id was seen before. */
  beginDialogue(id: string): string | null {
    if (this.open) this.endDialogue();
    if (this.seenIds.has(id)) return `dialogue id ${JSON.stringify(id)} appears twice`;
    this.seenIds.add(id);
    this.dialogueIds.push(id);
    this.dialogueStart.push(this.turnIndex.length);
    this.open = true;
    this.openStart = this.turnIndex.length;
    this.unsorted = false;
    return null;
  }

  /**
   * Adds a turn of the open dialogue. `gold` and `pred` are flat
   * [slotId, valueId, ...] lists in any order (sorted in place, then copied).
   * Returns a problem message or null.
   */
  addTurn(index: number, gold: number[], pred: number[], system?: string, user?: string, extra?: TurnExtra): string | null {
    const problem = this.addTurnPairs(index, gold, gold.length, pred, pred.length);
    if (problem) return problem;
    if (extra) this.addExtra(extra);
    this.addTurnUtterances(system, user);
    return null;
  }

  /** Records the utterances of the turn just added by addTurnPairs (both undefined: none). */
  addTurnUtterances(system: string | undefined, user: string | undefined): void {
    if (system !== undefined || user !== undefined) {
      this.system ??= [];
      this.user ??= [];
    }
    if (this.system && this.user) {
      const n = this.turnIndex.length - 1;
      this.system[n] = system;
      this.user[n] = user;
    }
  }

  /** The index of a confidence column (added on first use; earlier entries have no score in it). */
  confidenceColumn(name: string): number {
    let k = this.confColumns.indexOf(name);
    if (k < 0) {
      k = this.confColumns.length;
      this.confColumns.push(name);
      this.confValues.push(new FloatVector(this.confSlot.length + 64, this.confSlot.length, Number.NaN));
    }
    return k;
  }

  /** Records extras without confidences (the generated text, why it could not be parsed) of the turn just added by addTurnPairs. */
  addTurnText(extra: TurnText): void {
    const n = this.turnIndex.length - 1;
    if (extra.raw !== undefined) (this.raw ??= [])[n] = extra.raw;
    else if (extra.rawBytes !== undefined) {
      const pool = (this.rawPool ??= new AsciiTexts());
      const at = pool.add(extra.rawBytes, extra.rawStart!, extra.rawEnd!);
      if (at < 0) (this.raw ??= [])[n] = new TextDecoder().decode(extra.rawBytes.subarray(extra.rawStart, extra.rawEnd));
      else {
        (this.rawAt ??= [])[n] = at;
        (this.rawLen ??= [])[n] = extra.rawEnd! - extra.rawStart!;
      }
    }
    if (extra.unparseable !== undefined) (this.unparseable ??= [])[n] = extra.unparseable;
  }

  /** Records the extras of the turn just added. */
  private addExtra(extra: TurnExtra): void {
    this.addTurnText(extra);
    if (!extra.confidence) return;
    this.beginConfidence();
    const values = this.confValues;
    for (const e of extra.confidence) {
      const j = this.addConfidenceEntry(e.slot, e.value);
      if (j >= 0) for (let k = 0; k < values.length; k++) values[k].set(j, e.scores[k] ?? Number.NaN);
    }
  }

  /**
   * The flat way to record confidences (TurnExtra.confidence's, without its
   * objects): after addTurnPairs, beginConfidence() marks the turn as scored
   * (it may get no entry), then each entry is addConfidenceEntry(slot, value)
   * followed by setConfidence(entry, column, score) for its scores (columns
   * from confidenceColumn; a column not set has NaN).
   */
  beginConfidence(): void {
    const n = this.turnIndex.length - 1;
    this.confStart ??= [];
    this.confLen ??= [];
    this.confStart[n] = this.confAt = this.confSlot.length;
    this.confLen[n] = 0;
    this.confTurn = n;
  }

  /**
   * Adds a confidence entry to the turn just added (after beginConfidence):
   * returns its index for setConfidence, or -1 when it names no predicted pair
   * (slot and value) of the turn or a slot it already scored (dropped and
   * counted in confidenceDropped). Entries are kept sorted by slot.
   */
  addConfidenceEntry(slot: number, value: number): number {
    const n = this.turnIndex.length - 1;
    if (n !== this.confTurn) throw new Error('addConfidenceEntry: beginConfidence first');
    const at = this.confAt;
    const slots = this.confSlot;
    if (!this.predicts(n, slot, value) || named(slots, at, slot)) {
      this.confidenceDropped++;
      return -1;
    }
    const values = this.confValues;
    const cols = values.length;
    let j = slots.length;
    slots.push(slot);
    for (let k = 0; k < cols; k++) values[k].push(Number.NaN);
    if (j > at && slots.get(j - 1) > slot) {
      // Insertion by slot id (a turn has a few entries).
      while (j > at && slots.get(j - 1) > slot) {
        slots.set(j, slots.get(j - 1));
        for (let k = 0; k < cols; k++) values[k].set(j, values[k].get(j - 1));
        j--;
      }
      slots.set(j, slot);
      for (let k = 0; k < cols; k++) values[k].set(j, Number.NaN);
    }
    this.confLen![n] = slots.length - at;
    return j;
  }

  /** Sets an entry's score in a column (the entry from addConfidenceEntry of the turn just added, the column from confidenceColumn). */
  setConfidence(entry: number, column: number, score: number): void {
    this.confValues[column].set(entry, score);
  }

  /** Whether turn n's predicted state (sorted by slot) holds slot = value. */
  private predicts(n: number, slot: number, value: number): boolean {
    const pairs = this.pairs.raw();
    const from = 2 * this.predStart.get(n);
    const to = from + 2 * this.predLen.get(n);
    for (let k = from; k < to; k += 2) if (pairs[k] === slot) return pairs[k + 1] === value;
    return false;
  }

  /**
   * addTurn for loaders that keep reusable scratch buffers: the states are
   * gold[0, goldCount) and pred[0, predCount) (counts in ints, two per pair),
   * sorted in place, then copied. No utterances.
   */
  addTurnPairs(
    index: number,
    gold: Int32Array | number[],
    goldCount: number,
    pred: Int32Array | number[],
    predCount: number,
  ): string | null {
    if (!this.open) return 'turn outside a dialogue';
    if (!Number.isSafeInteger(index) || index < 0) return `turn index ${index} is not a non-negative integer`;
    if (index > MAX_TURN_INDEX) return `turn index ${index} is too large (at most ${MAX_TURN_INDEX})`;
    const problem = sortState(gold, goldCount, this.slots, 'gold') ?? sortState(pred, predCount, this.slots, 'predicted');
    if (problem) return problem;
    const n = this.turnIndex.length;
    if (n > this.openStart && index <= this.turnIndex.get(n - 1)) this.unsorted = true;
    const pairs = this.pairs;
    this.turnIndex.push(index);
    this.goldStart.push(pairs.length >> 1);
    this.goldLen.push(goldCount >> 1);
    pairs.append(gold, 0, goldCount);
    this.predStart.push(pairs.length >> 1);
    this.predLen.push(predCount >> 1);
    pairs.append(pred, 0, predCount);
    return null;
  }

  /**
   * Appends every dialogue of another corpus's columns, mapping its slot and
   * value ids through slotMap / valueMap (into this builder's interners) and
   * re-sorting states whose order the mapping changed. Returns the id of a
   * dialogue that was already here, or null.
   */
  appendColumns(
    c: Omit<Corpus, 'slots' | 'values' | 'utterances'>,
    slotMap: ArrayLike<number>,
    valueMap: ArrayLike<number>,
  ): string | null {
    if (this.open) this.endDialogue();
    const pairs = this.pairs;
    for (let d = 0; d < c.dialogueIds.length; d++) {
      const id = c.dialogueIds[d];
      if (this.seenIds.has(id)) return id;
      this.seenIds.add(id);
      this.dialogueIds.push(id);
      this.dialogueStart.push(this.turnIndex.length);
      for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++) {
        this.turnIndex.push(c.turnIndex[i]);
        for (let side = 0; side < 2; side++) {
          const start = side === 0 ? c.goldStart[i] : c.predStart[i];
          const len = side === 0 ? c.goldLen[i] : c.predLen[i];
          const src = side === 0 ? c.goldPairs : c.predPairs;
          const at = pairs.length;
          (side === 0 ? this.goldStart : this.predStart).push(at >> 1);
          (side === 0 ? this.goldLen : this.predLen).push(len);
          pairs.reserve(2 * len);
          const buf = pairs.raw();
          let sorted = true;
          for (let k = 0; k < len; k++) {
            const slot = slotMap[src[2 * (start + k)]];
            buf[at + 2 * k] = slot;
            buf[at + 2 * k + 1] = valueMap[src[2 * (start + k) + 1]];
            if (k > 0 && slot < buf[at + 2 * k - 2]) sorted = false;
          }
          pairs.length = at + 2 * len;
          if (!sorted) sortState(buf.subarray(at, at + 2 * len), 2 * len, this.slots, '');
        }
      }
    }
    return null;
  }

  /** Closes the open dialogue (dropping it if it has no turns); returns a problem message (duplicate turn index) or null. */
  endDialogue(): string | null {
    if (!this.open) return null;
    this.open = false;
    const from = this.openStart;
    const to = this.turnIndex.length;
    if (to === from) {
      // A dialogue without turns has no scores; it is dropped (loaders warn).
      this.dialogueIds.pop();
      this.dialogueStart.length--;
      return null;
    }
    if (!this.unsorted) return null;
    this.outOfOrderDialogues++;
    // Turns arrived out of order: permute the dialogue's turn columns (pairs stay put).
    const order: number[] = [];
    for (let i = from; i < to; i++) order.push(i);
    const ti = this.turnIndex;
    order.sort((a, b) => ti.get(a) - ti.get(b) || a - b);
    for (const col of [this.turnIndex, this.goldStart, this.goldLen, this.predStart, this.predLen]) {
      const vals = order.map((i) => col.get(i));
      for (let k = 0; k < vals.length; k++) col.set(from + k, vals[k]);
    }
    for (const col of [this.system, this.user, this.raw, this.rawAt, this.rawLen, this.unparseable, this.confStart, this.confLen] as (
      unknown[] | undefined
    )[]) {
      if (!col) continue;
      const vals = order.map((i) => col[i]);
      for (let k = 0; k < vals.length; k++) col[from + k] = vals[k];
    }
    for (let i = from + 1; i < to; i++) {
      if (ti.get(i) === ti.get(i - 1)) return `turn ${ti.get(i)} appears twice`;
    }
    return null;
  }

  /** Dialogues so far (a dialogue without turns is dropped when it ends). */
  get dialogueCount(): number {
    return this.dialogueIds.length;
  }

  get dialogueOpen(): boolean {
    return this.open;
  }

  build(): Corpus {
    if (this.open) this.endDialogue();
    const dialogueStart = new Int32Array(this.dialogueIds.length + 1);
    dialogueStart.set(this.dialogueStart.toArray());
    dialogueStart[this.dialogueIds.length] = this.turnIndex.length;
    const pairs = this.pairs.view();
    return {
      slots: this.slots,
      values: this.values,
      dialogueIds: this.dialogueIds,
      dialogueStart,
      turnIndex: this.turnIndex.view(),
      goldStart: this.goldStart.view(),
      goldLen: this.goldLen.view(),
      predStart: this.predStart.view(),
      predLen: this.predLen.view(),
      goldPairs: pairs,
      predPairs: pairs,
      utterances: this.system && this.user ? { system: this.system, user: this.user } : undefined,
      generation: this.generation(),
    };
  }

  private generation(): Generation | undefined {
    const n = this.turnIndex.length;
    if (!this.raw && !this.rawAt && !this.unparseable && !this.confStart) return undefined;
    const g: { -readonly [K in keyof Generation]: Generation[K] } = {};
    if (this.rawAt) {
      const text = this.rawPool!.reader();
      const at = this.rawAt;
      const len = this.rawLen!;
      const raw = this.raw;
      g.raw = Array.from({ length: n }, (_, i) => raw?.[i] ?? (at[i] !== undefined ? text(at[i], len[i]) : undefined));
    } else if (this.raw) g.raw = Array.from({ length: n }, (_, i) => this.raw![i]);
    if (this.unparseable) {
      const u = new Uint8Array(n);
      for (let i = 0; i < n; i++) if (this.unparseable[i] !== undefined) u[i] = 1;
      g.unparseable = u;
      g.problem = Array.from({ length: n }, (_, i) => this.unparseable![i]);
    }
    if (this.confStart) {
      // Entries in turn order (a sorted dialogue permuted its turns' ranges, not the entries).
      const start = new Int32Array(n + 1);
      let total = 0;
      for (let i = 0; i < n; i++) total += this.confLen![i] ?? 0;
      const slot = new Int32Array(total);
      const values = this.confColumns.map(() => new Float64Array(total));
      let at = 0;
      for (let i = 0; i < n; i++) {
        start[i] = at;
        const from = this.confStart[i];
        const len = this.confLen![i] ?? 0;
        for (let e = 0; e < len; e++, at++) {
          slot[at] = this.confSlot.get(from + e);
          for (let k = 0; k < values.length; k++) values[k][at] = this.confValues[k].get(from + e);
        }
      }
      start[n] = at;
      g.confidence = { names: [...this.confColumns], start, slot, values };
    }
    return g;
  }
}

/** Whether xs[from, end) holds x. */
function named(xs: IntVector, from: number, x: number): boolean {
  const a = xs.raw();
  for (let k = from; k < xs.length; k++) if (a[k] === x) return true;
  return false;
}

/** Sorts flat[0, count) by slot id in place (insertion sort: states are small) and refuses repeated slots. */
function sortState(flat: Int32Array | number[], count: number, slots: Interner, side: string): string | null {
  for (let i = 2; i < count; i += 2) {
    const s = flat[i];
    if (flat[i - 2] < s) continue;
    const v = flat[i + 1];
    let j = i - 2;
    while (j >= 0 && flat[j] > s) {
      flat[j + 2] = flat[j];
      flat[j + 3] = flat[j + 1];
      j -= 2;
    }
    flat[j + 2] = s;
    flat[j + 3] = v;
  }
  for (let i = 2; i < count; i += 2) {
    if (flat[i] === flat[i - 2]) return `${side} state names slot ${JSON.stringify(slots.name(flat[i]))} twice`;
  }
  return null;
}
