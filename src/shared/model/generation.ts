// Layer: shared (pure TS). What an LLM-era layout carries beside the states
// (issue 18): per turn the model's generated text, whether that generation
// could not be parsed (and why), and per predicted (slot, value) pair one or
// several confidence scores. All optional; a corpus from a layout without
// them has no `generation`. Columnar, like the corpus: confidences are typed
// arrays of entries keyed by (turn, slot id), so a million turns cost a few
// tens of megabytes. The functions here carry the data through the corpus
// transformations that rebuild turns (joinGold, merging files, renaming slots).

/**
 * Confidence scores of predicted pairs. Entry e belongs to the turn t with
 * start[t] <= e < start[t + 1]; within a turn entries are sorted by slot id
 * and name each slot once. An entry's slot is a slot of the turn's predicted
 * state (the loader keeps only entries that match a predicted pair, slot and
 * value), so a predicted pair has at most one entry.
 */
export interface PairConfidence {
  /** Column names as the file names them (e.g. "pair_confidence", "pair_verbalized", "confidence"). */
  readonly names: string[];
  /** Per turn, the first entry; length = turns + 1. */
  readonly start: Int32Array;
  /** Slot id of each entry. */
  readonly slot: Int32Array;
  /** values[c][e]: column c's score for entry e; NaN where the column has none for that pair. */
  readonly values: Float64Array[];
}

export interface Generation {
  /** Per global turn: the model's generated text as the file holds it (undefined where there is none). */
  readonly raw?: (string | undefined)[];
  /** Per global turn: 1 when the generation could not be parsed (scored as formats.md says: an empty prediction). */
  readonly unparseable?: Uint8Array;
  /** Per global turn, where unparseable: what is wrong and where in the file. */
  readonly problem?: (string | undefined)[];
  readonly confidence?: PairConfidence;
}

/** Whether a generation holds anything. */
export function hasGeneration(g: Generation | undefined): g is Generation {
  return !!g && (!!g.raw || !!g.unparseable || !!g.confidence);
}

/** Unparseable turns of a corpus. */
export function unparseableCount(g: Generation | undefined): number {
  if (!g?.unparseable) return 0;
  let n = 0;
  for (let i = 0; i < g.unparseable.length; i++) n += g.unparseable[i];
  return n;
}

/** Entries of a confidence table with their (re-mapped) slot and source entry, sorted by slot within each turn. */
function remapEntries(
  c: PairConfidence,
  from: ArrayLike<number>,
  slotMap: ArrayLike<number> | undefined,
): { start: Int32Array; slot: Int32Array; source: Int32Array } {
  const n = from.length;
  const start = new Int32Array(n + 1);
  let total = 0;
  for (let i = 0; i < n; i++) {
    start[i] = total;
    const j = from[i];
    if (j >= 0) total += c.start[j + 1] - c.start[j];
  }
  start[n] = total;
  const slot = new Int32Array(total);
  const source = new Int32Array(total);
  for (let i = 0; i < n; i++) {
    const j = from[i];
    if (j < 0) continue;
    let at = start[i];
    const first = at;
    for (let e = c.start[j]; e < c.start[j + 1]; e++, at++) {
      const s = slotMap ? slotMap[c.slot[e]] : c.slot[e];
      let k = at;
      while (k > first && slot[k - 1] > s) {
        slot[k] = slot[k - 1];
        source[k] = source[k - 1];
        k--;
      }
      slot[k] = s;
      source[k] = e;
    }
  }
  return { start, slot, source };
}

/**
 * The generation of a corpus whose turn i is turn from[i] of the corpus `g`
 * belongs to (-1: a turn with no source, e.g. a gold turn the predictions
 * lack), with slot ids mapped through `slotMap` when given.
 */
export function selectGeneration(g: Generation | undefined, from: ArrayLike<number>, slotMap?: ArrayLike<number>): Generation | undefined {
  if (!hasGeneration(g)) return undefined;
  const n = from.length;
  const out: { -readonly [K in keyof Generation]: Generation[K] } = {};
  if (g.raw) out.raw = Array.from({ length: n }, (_, i) => (from[i] >= 0 ? g.raw![from[i]] : undefined));
  if (g.unparseable) {
    const u = new Uint8Array(n);
    for (let i = 0; i < n; i++) if (from[i] >= 0) u[i] = g.unparseable[from[i]];
    out.unparseable = u;
    if (g.problem) out.problem = Array.from({ length: n }, (_, i) => (from[i] >= 0 ? g.problem![from[i]] : undefined));
  }
  if (g.confidence) {
    const c = g.confidence;
    const { start, slot, source } = remapEntries(c, from, slotMap);
    const values = c.names.map((_, k) => {
      const col = new Float64Array(source.length);
      for (let e = 0; e < source.length; e++) col[e] = c.values[k][source[e]];
      return col;
    });
    out.confidence = { names: [...c.names], start, slot, values };
  }
  return out;
}

/** Whether `map` sends every slot id to itself. */
function isIdentity(map: ArrayLike<number>): boolean {
  for (let i = 0; i < map.length; i++) if (map[i] !== i) return false;
  return true;
}

/** The generation with slot ids renamed (canonical slot names, a merged interner); entries re-sorted where needed. */
export function renameGenerationSlots(g: Generation | undefined, slotMap: ArrayLike<number>): Generation | undefined {
  if (!hasGeneration(g) || !g.confidence || isIdentity(slotMap)) return g;
  const n = g.confidence.start.length - 1;
  const from = Int32Array.from({ length: n }, (_, i) => i);
  return { ...g, confidence: selectGeneration({ confidence: g.confidence }, from, slotMap)!.confidence };
}

/**
 * Concatenates the generations of corpora laid end to end (merged files),
 * each with its turn count and its slot map into the merged interner.
 * Confidence columns are matched by name (NaN where a part lacks one).
 */
export function concatGenerations(
  parts: { g: Generation | undefined; turns: number; slotMap: ArrayLike<number> }[],
): Generation | undefined {
  if (!parts.some((p) => hasGeneration(p.g))) return undefined;
  const total = parts.reduce((s, p) => s + p.turns, 0);
  const out: { -readonly [K in keyof Generation]: Generation[K] } = {};
  if (parts.some((p) => p.g?.raw)) {
    const raw: (string | undefined)[] = new Array<string | undefined>(total);
    let at = 0;
    for (const p of parts) {
      for (let i = 0; i < p.turns; i++) raw[at + i] = p.g?.raw?.[i];
      at += p.turns;
    }
    out.raw = raw;
  }
  if (parts.some((p) => p.g?.unparseable)) {
    const u = new Uint8Array(total);
    const problem: (string | undefined)[] = new Array<string | undefined>(total);
    let at = 0;
    for (const p of parts) {
      if (p.g?.unparseable) u.set(p.g.unparseable, at);
      for (let i = 0; i < p.turns; i++) problem[at + i] = p.g?.problem?.[i];
      at += p.turns;
    }
    out.unparseable = u;
    out.problem = problem;
  }
  if (parts.some((p) => p.g?.confidence)) {
    const names: string[] = [];
    for (const p of parts) for (const n of p.g?.confidence?.names ?? []) if (!names.includes(n)) names.push(n);
    const mapped = parts.map((p) => {
      const c = p.g?.confidence;
      if (!c) return undefined;
      return {
        c,
        ...remapEntries(
          c,
          Int32Array.from({ length: p.turns }, (_, i) => i),
          p.slotMap,
        ),
      };
    });
    const entries = mapped.reduce((s, m) => s + (m ? m.slot.length : 0), 0);
    const start = new Int32Array(total + 1);
    const slot = new Int32Array(entries);
    const values = names.map(() => new Float64Array(entries).fill(Number.NaN));
    let turn = 0;
    let at = 0;
    parts.forEach((p, k) => {
      const m = mapped[k];
      for (let i = 0; i < p.turns; i++) start[turn + i] = at + (m ? m.start[i] : 0);
      if (m) {
        slot.set(m.slot, at);
        m.c.names.forEach((name, col) => {
          const dst = values[names.indexOf(name)];
          for (let e = 0; e < m.source.length; e++) dst[at + e] = m.c.values[col][m.source[e]];
        });
        at += m.slot.length;
      }
      turn += p.turns;
    });
    start[total] = at;
    out.confidence = { names, start, slot, values };
  }
  return out;
}

/** Confidence scores of turn i's predicted slot `slot` by column name, or undefined. */
export function pairConfidence(c: PairConfidence, i: number, slot: number): Record<string, number> | undefined {
  let lo = c.start[i];
  let hi = c.start[i + 1] - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = c.slot[mid];
    if (s === slot) {
      const out: Record<string, number> = {};
      c.names.forEach((n, k) => {
        const v = c.values[k][mid];
        if (!Number.isNaN(v)) out[n] = v;
      });
      return out;
    }
    if (s < slot) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/** What a layout carried beside the states of one turn, as the API answers it (DialogueDetail.generation). */
export interface TurnGeneration {
  /** The model's generated text as the file holds it. */
  raw?: string;
  /** The generation could not be parsed; the turn is scored as docs/reference/formats.md says (an empty prediction). */
  unparseable?: boolean;
  /** What could not be parsed, and where in the file. */
  problem?: string;
  /** Confidence scores of the predicted pairs: canonical slot name → column name → score. */
  confidence?: Record<string, Record<string, number>>;
}

/** What a corpus carries beside its states, counted (CorpusSummary.generation, inspect). */
export interface GenerationSummary {
  /** Turns with generated text. */
  rawTurns: number;
  /** Turns whose generation could not be parsed. */
  unparseable: number;
  /** Confidence columns, in the file's order. */
  confidenceColumns: string[];
  /** Predicted pairs with a confidence entry. */
  confidencePairs: number;
}

/** Turn i's generation for the API, or undefined when the corpus carries none for it. */
export function turnGeneration(g: Generation | undefined, i: number, slotName: (id: number) => string): TurnGeneration | undefined {
  if (!hasGeneration(g)) return undefined;
  const out: TurnGeneration = {};
  const raw = g.raw?.[i];
  if (raw !== undefined) out.raw = raw;
  if (g.unparseable?.[i]) {
    out.unparseable = true;
    const p = g.problem?.[i];
    if (p !== undefined) out.problem = p;
  }
  const c = g.confidence;
  if (c && c.start[i + 1] > c.start[i]) {
    const conf: Record<string, Record<string, number>> = {};
    for (let e = c.start[i]; e < c.start[i + 1]; e++) {
      const scores: Record<string, number> = {};
      c.names.forEach((n, k) => {
        const v = c.values[k][e];
        if (!Number.isNaN(v)) scores[n] = v;
      });
      conf[slotName(c.slot[e])] = scores;
    }
    out.confidence = conf;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export function generationSummary(g: Generation | undefined): GenerationSummary | undefined {
  if (!hasGeneration(g)) return undefined;
  let rawTurns = 0;
  if (g.raw) for (const r of g.raw) if (r !== undefined) rawTurns++;
  return {
    rawTurns,
    unparseable: unparseableCount(g),
    confidenceColumns: g.confidence ? [...g.confidence.names] : [],
    confidencePairs: g.confidence ? g.confidence.slot.length : 0,
  };
}

/**
 * A run's confidence in its predicted value of `slot` (canonical name) at
 * turn i, from the corpus's first confidence column (or `column`), for the
 * suspects ranking (annotations/suspects.ts SuspectRun.confidence); undefined
 * when the corpus carries none.
 */
export function confidenceLookup(
  g: Generation | undefined,
  slotId: (name: string) => number | undefined,
  column?: string,
): ((turn: number, slot: string) => number | undefined) | undefined {
  const c = g?.confidence;
  if (!c || c.names.length === 0) return undefined;
  const k = column === undefined ? 0 : c.names.indexOf(column);
  if (k < 0) return undefined;
  return (turn, slot) => {
    const s = slotId(slot);
    if (s === undefined || turn < 0 || turn + 1 >= c.start.length) return undefined;
    let lo = c.start[turn];
    let hi = c.start[turn + 1] - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (c.slot[mid] === s) return Number.isNaN(c.values[k][mid]) ? undefined : c.values[k][mid];
      if (c.slot[mid] < s) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  };
}
