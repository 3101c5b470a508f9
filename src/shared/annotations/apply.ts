// Layer: shared (pure TS). Applying corrections to a gold
// (docs/reference/annotation-file.md, "Applying corrections"): confirmed records with a `to`
// (suspected ones too when asked), per dialogue in increasing turn order then
// file order; scope `turn` changes one turn, scope `onward` also every later
// turn that still holds the `from` value. A record whose `from` no longer
// matches the gold is stale: skipped and reported, as are records naming an
// unknown dialogue, slot or turn. The result is a new corpus (a new gold
// array: a shared gold is never edited in place) that scores like a gold file
// edited by hand, the per-turn diff, and the signature part.

import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { dialogueKey } from '../formats/reference';
import { normaliseValue, type ValueOption } from '../formats/normalise';
import { MULTIWOZ_SLOTS } from '../formats/slot-names';
import { NONE, NONE_ID, type Corpus } from '../model/corpus';
import { IntVector } from '../model/int-vector';
import { Interner } from '../model/interner';
import type { KeptRecord } from './file';
import { canonicalJson, canonicalSlotName, isApplicable, type AnnotationRecord } from './record';

export interface ApplyOptions {
  /** Apply suspected records too (default: confirmed only). */
  includeSuspected?: boolean;
  /** The corpus's value options: `from` and `to` are normalised the same way as its values. */
  values?: readonly ValueOption[];
  /** Slots of an SGD schema (known besides the corpus's and MultiWOZ's). */
  schemaSlots?: readonly string[];
}

export type IssueKind = 'stale' | 'unknown-dialogue' | 'unknown-slot' | 'turn-outside';

/** A record that was not applied, and why. */
export interface ApplyIssue {
  kind: IssueKind;
  /** Line of the record in its file. */
  line: number;
  id: string;
  message: string;
}

/** One turn's gold changed by one record: a row of the correction diff. */
export interface Change {
  dialogue: string;
  turn: number;
  slot: string;
  old: string | null;
  new: string | null;
  record: AnnotationRecord;
  line: number;
}

export interface CorrectionSummary {
  /** Records applied (each counted once, whatever its scope changed). */
  count: number;
  /** First 8 hex digits of SHA-256 over the applied records in canonical JSON. */
  hash: string;
  /** Several annotators' files: whose corrections were applied (an annotator's name, majority, adjudicated). */
  from?: string;
}

export interface DialogueCorrection {
  /** Dialogue index in the corpus. */
  d: number;
  /** Gold state per turn of the dialogue (slot id → value id) after the corrections. */
  states: Map<number, number>[];
  applied: KeptRecord[];
  changes: Change[];
  issues: ApplyIssue[];
}

/** Interners that are copied the first time a new name must be added, so the input corpus is never changed. */
export class GrowingNames {
  private slotCopy?: Interner;
  private valueCopy?: Interner;
  constructor(private readonly corpus: Corpus) {}
  get slots(): Interner {
    return this.slotCopy ?? this.corpus.slots;
  }
  get values(): Interner {
    return this.valueCopy ?? this.corpus.values;
  }
  slot(name: string): number {
    const id = this.slots.lookup(name);
    if (id !== undefined) return id;
    this.slotCopy ??= new Interner(this.corpus.slots.names);
    return this.slotCopy.intern(name);
  }
  value(name: string): number {
    const id = this.values.lookup(name);
    if (id !== undefined) return id;
    this.valueCopy ??= new Interner(this.corpus.values.names);
    return this.valueCopy.intern(name);
  }
}

/** Which dialogue of the corpus each dialogue key names (the first one, as ids are matched everywhere). */
export function dialogueIndexByKey(corpus: Corpus): Map<string, number> {
  const m = new Map<string, number>();
  corpus.dialogueIds.forEach((id, d) => {
    const k = dialogueKey(id);
    if (!m.has(k)) m.set(k, d);
  });
  return m;
}

export interface CorrectionPlan {
  /** Applicable records per dialogue index, in turn order then file order. */
  byDialogue: Map<number, KeptRecord[]>;
  /** Records naming a dialogue or slot the gold does not know. */
  issues: ApplyIssue[];
}

/** Sorts the applicable records into their dialogues; reports unknown dialogues and slots. */
export function planCorrections(
  corpus: Corpus,
  kept: readonly KeptRecord[],
  opts: ApplyOptions = {},
  index = dialogueIndexByKey(corpus),
): CorrectionPlan {
  const byDialogue = new Map<number, KeptRecord[]>();
  const issues: ApplyIssue[] = [];
  const schema = new Set(opts.schemaSlots ?? []);
  for (const k of kept) {
    const r = k.record;
    if (!isApplicable(r, opts.includeSuspected)) continue;
    const d = index.get(dialogueKey(r.dialogue));
    if (d === undefined) {
      issues.push({
        kind: 'unknown-dialogue',
        line: k.line,
        id: r.id,
        message: `no dialogue ${JSON.stringify(r.dialogue)} in the gold; record ${r.id} not applied`,
      });
      continue;
    }
    const slot = canonicalSlotName(r.slot!);
    if (corpus.slots.lookup(slot) === undefined && !MULTIWOZ_SLOTS.includes(slot) && !schema.has(slot)) {
      issues.push({
        kind: 'unknown-slot',
        line: k.line,
        id: r.id,
        message: `unknown slot ${JSON.stringify(r.slot)} (not in the gold, the predictions or the schema); record ${r.id} not applied`,
      });
      continue;
    }
    let list = byDialogue.get(d);
    if (!list) byDialogue.set(d, (list = []));
    list.push(k);
  }
  for (const list of byDialogue.values()) list.sort((a, b) => a.record.turn - b.record.turn || a.line - b.line);
  return { byDialogue, issues };
}

function norm(slot: string, v: string | null | undefined, opts: ReadonlySet<ValueOption>): string | null {
  if (v === null || v === undefined) return null;
  if (opts.size === 0) return v;
  const n = normaliseValue(slot, v, opts);
  return n;
}

/** The gold states of dialogue d with its records applied (null when none of them applied). */
export function correctDialogue(
  corpus: Corpus,
  d: number,
  records: readonly KeptRecord[],
  names: GrowingNames,
  opts: ApplyOptions = {},
): DialogueCorrection {
  const from0 = corpus.dialogueStart[d];
  const to0 = corpus.dialogueStart[d + 1];
  const id = corpus.dialogueIds[d];
  const states: Map<number, number>[] = [];
  for (let i = from0; i < to0; i++) {
    const m = new Map<number, number>();
    for (let k = corpus.goldStart[i]; k < corpus.goldStart[i] + corpus.goldLen[i]; k++)
      m.set(corpus.goldPairs[2 * k], corpus.goldPairs[2 * k + 1]);
    states.push(m);
  }
  const valueOpts = new Set(opts.values ?? []);
  const out: DialogueCorrection = { d, states, applied: [], changes: [], issues: [] };
  const nameOf = (v: number | undefined) => (v === undefined || v === NONE_ID ? null : names.values.name(v));
  for (const k of records) {
    const r = k.record;
    const pos = positionOf(corpus, d, r.turn);
    if (pos < 0) {
      const first = corpus.turnIndex[from0];
      const last = corpus.turnIndex[to0 - 1];
      out.issues.push({
        kind: 'turn-outside',
        line: k.line,
        id: r.id,
        message: `turn ${r.turn} is not a turn of dialogue ${id} (its turns: ${first}–${last}); record ${r.id} not applied`,
      });
      continue;
    }
    const slotName = canonicalSlotName(r.slot!);
    const slot = names.slot(slotName);
    const fromV = norm(slotName, r.from, valueOpts);
    const toV = norm(slotName, r.to, valueOpts);
    const matches = (p: number) => {
      const g = nameOf(states[p].get(slot));
      return fromV === null || fromV === NONE ? g === null : g === fromV;
    };
    if (!matches(pos)) {
      const g = nameOf(states[pos].get(slot));
      out.issues.push({
        kind: 'stale',
        line: k.line,
        id: r.id,
        message: `stale record ${r.id} (skipped): ${id} turn ${r.turn} ${slotName}: the gold is ${g === null ? 'absent' : JSON.stringify(g)}, not ${fromV === null ? 'absent' : JSON.stringify(fromV)} as the record says`,
      });
      continue;
    }
    const set = (p: number) => {
      const old = nameOf(states[p].get(slot));
      if (toV === null) states[p].delete(slot);
      else states[p].set(slot, names.value(toV));
      out.changes.push({ dialogue: id, turn: corpus.turnIndex[from0 + p], slot: slotName, old, new: toV, record: r, line: k.line });
    };
    set(pos);
    if (r.scope === 'onward') for (let p = pos + 1; p < states.length && matches(p); p++) set(p);
    out.applied.push(k);
  }
  return out;
}

/** Position of turn index `turn` in dialogue d (turn indices are sorted), or -1. */
export function positionOf(corpus: Corpus, d: number, turn: number): number {
  let lo = corpus.dialogueStart[d];
  let hi = corpus.dialogueStart[d + 1] - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const t = corpus.turnIndex[mid];
    if (t === turn) return mid - corpus.dialogueStart[d];
    if (t < turn) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** A state map appended to `out` as (slot, value) pairs sorted by slot; returns the pair count. */
function writeState(m: Map<number, number>, out: { push(v: number): void }): number {
  const slots = [...m.keys()].sort((a, b) => a - b);
  for (const s of slots) {
    out.push(s);
    out.push(m.get(s)!);
  }
  return slots.length;
}

/** The fields of an applied record that define the correction, for the hash. */
function hashedFields(corpus: Corpus, c: DialogueCorrection, k: KeptRecord): Record<string, unknown> {
  const r = k.record;
  return {
    dialogue: corpus.dialogueIds[c.d],
    turn: r.turn,
    slot: canonicalSlotName(r.slot!),
    from: r.from ?? null,
    to: r.to ?? null,
    scope: r.scope,
  };
}

/** The signature part of a set of applied corrections (in application order). */
export function correctionSummary(corpus: Corpus, corrections: readonly DialogueCorrection[]): CorrectionSummary {
  const lines: string[] = [];
  for (const c of [...corrections].sort((a, b) => a.d - b.d))
    for (const k of c.applied) lines.push(canonicalJson(hashedFields(corpus, c, k)));
  return { count: lines.length, hash: sha256Hex(lines.join('\n')).slice(0, 8) };
}

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(new TextEncoder().encode(text)));
}

/** One dialogue of `corpus` with the corrected gold states, as a corpus of its own (predictions and utterances shared). */
export function dialogueCorpus(corpus: Corpus, c: DialogueCorrection, names: GrowingNames): Corpus {
  const from = corpus.dialogueStart[c.d];
  const to = corpus.dialogueStart[c.d + 1];
  const n = to - from;
  const pairs: number[] = [];
  const goldStart = new Int32Array(n);
  const goldLen = new Int32Array(n);
  c.states.forEach((m, p) => {
    goldStart[p] = pairs.length >> 1;
    goldLen[p] = writeState(m, pairs);
  });
  const u = corpus.utterances;
  return {
    slots: names.slots,
    values: names.values,
    dialogueIds: [corpus.dialogueIds[c.d]],
    dialogueStart: Int32Array.of(0, n),
    turnIndex: corpus.turnIndex.slice(from, to),
    goldStart,
    goldLen,
    predStart: corpus.predStart.slice(from, to),
    predLen: corpus.predLen.slice(from, to),
    goldPairs: Int32Array.from(pairs),
    predPairs: corpus.predPairs,
    utterances: u ? { system: u.system.slice(from, to), user: u.user.slice(from, to) } : undefined,
  };
}

export interface CorrectionResult {
  /** The corpus with the corrected gold (the input corpus itself when nothing applied). */
  corpus: Corpus;
  corrections: DialogueCorrection[];
  /** Every record not applied (unknown dialogue, slot or turn; stale), in file order. */
  issues: ApplyIssue[];
  /** The per-turn diff, dialogue by dialogue in corpus order. */
  changes: Change[];
  summary: CorrectionSummary;
}

/** Applies the records to the corpus's gold. */
export function applyCorrections(corpus: Corpus, kept: readonly KeptRecord[], opts: ApplyOptions = {}): CorrectionResult {
  const plan = planCorrections(corpus, kept, opts);
  const names = new GrowingNames(corpus);
  const corrections = [...plan.byDialogue.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([d, recs]) => correctDialogue(corpus, d, recs, names, opts));
  const issues = [...plan.issues, ...corrections.flatMap((c) => c.issues)].sort((a, b) => a.line - b.line);
  const changes = corrections.flatMap((c) => c.changes);
  const summary = correctionSummary(corpus, corrections);
  if (changes.length === 0) return { corpus, corrections, issues, changes, summary };
  const byD = new Map(corrections.filter((c) => c.applied.length > 0).map((c) => [c.d, c]));
  const n = corpus.turnIndex.length;
  const goldStart = new Int32Array(n);
  const goldLen = new Int32Array(n);
  const pairs = new IntVector(corpus.goldPairs.length + 64);
  for (let d = 0; d < corpus.dialogueIds.length; d++) {
    const c = byD.get(d);
    for (let i = corpus.dialogueStart[d]; i < corpus.dialogueStart[d + 1]; i++) {
      goldStart[i] = pairs.length >> 1;
      if (c) goldLen[i] = writeState(c.states[i - corpus.dialogueStart[d]], pairs);
      else {
        const s = corpus.goldStart[i];
        const len = corpus.goldLen[i];
        pairs.append(corpus.goldPairs, 2 * s, 2 * (s + len));
        goldLen[i] = len;
      }
    }
  }
  const out: Corpus = { ...corpus, slots: names.slots, values: names.values, goldStart, goldLen, goldPairs: pairs.toArray() };
  return { corpus: out, corrections, issues, changes, summary };
}
