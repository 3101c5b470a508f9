// Layer: shared (pure TS). The input of the calibration statistics: one
// confidence column as parallel typed arrays (a confidence and a correctness
// per slot-value pair, optionally the pair's dialogue, turn and group), built
// row by row, concatenated from shards, and checked. Which pairs exist and
// whether each is correct is the analysis builder's business (the rules
// `domain` and `sun2024`); these modules only count. Plain typed arrays, so a
// column crosses to a worker by structured clone.

import { AppError } from '../../app-error';

/** One confidence column: pair i has confidence[i] and correct[i] (1 correct, 0 wrong). */
export interface CalibrationPairs {
  confidence: Float64Array;
  correct: Uint8Array;
  /** Pair i's dialogue, 0 … dialogues − 1 (the bootstrap's resampling unit). */
  dialogue?: Int32Array;
  /** Pair i's turn, 0 … turns − 1 (numbering the turns of the corpus, for joint statistics). */
  turn?: Int32Array;
  /** Pair i's group, ≥ 0 (a slot's or domain's index, for breakdowns). */
  group?: Int32Array;
}

/** A pair as an object (tests, small inputs). */
export interface PairRow {
  confidence: number;
  correct: boolean;
  dialogue?: number;
  turn?: number;
  group?: number;
}

/**
 * What to do with a confidence outside [0, 1]: `reject` (default) throws;
 * `like-originals` keeps the pair as both original implementations do (in N
 * but in no bin for setsumbt; dropped from the counts for sun2024; ranked as
 * any score for AUROC) — only to reproduce their numbers. NaN is always refused.
 */
export type OutOfRange = 'reject' | 'like-originals';

/** Confidences or labels that cannot be scored (NaN, out of range, unequal columns): bad input. */
export class CalibrationInputError extends AppError {
  constructor(
    message: string,
    /** The offending pair's index in its column. */
    readonly index: number,
  ) {
    super('bad-input', message);
    this.name = 'CalibrationInputError';
  }
}

/** Why a confidence is unusable under `outOfRange`, or null when it is fine (loaders use the same rule). */
export function confidenceProblem(c: number, outOfRange: OutOfRange = 'reject'): string | null {
  if (typeof c !== 'number' || Number.isNaN(c)) return 'a confidence must be a number, got ' + String(c);
  if (!Number.isFinite(c)) return `a confidence must be finite, got ${c}`;
  if (outOfRange === 'reject' && (c < 0 || c > 1)) return `a confidence must lie in [0, 1], got ${c}`;
  return null;
}

const OPTIONAL = ['dialogue', 'turn', 'group'] as const;
/** The optional per-pair indices. */
export type PairIndex = (typeof OPTIONAL)[number];

/** Checks lengths, confidences and indices; throws CalibrationInputError naming the first bad pair. Returns the pairs outside [0, 1]. */
export function checkPairs(p: CalibrationPairs, outOfRange: OutOfRange = 'reject'): number {
  const n = p.confidence.length;
  if (p.correct.length !== n) throw new CalibrationInputError(`${n} confidences but ${p.correct.length} correctness flags`, -1);
  for (const k of OPTIONAL) {
    const col = p[k];
    if (col && col.length !== n) throw new CalibrationInputError(`${n} confidences but ${col.length} ${k} indices`, -1);
  }
  let outside = 0;
  const conf = p.confidence;
  const ok = p.correct;
  for (let i = 0; i < n; i++) {
    const c = conf[i];
    if (!(c >= 0 && c <= 1)) {
      const why = confidenceProblem(c, outOfRange);
      if (why) throw new CalibrationInputError(`pair ${i}: ${why}`, i);
      outside++;
    }
    if (ok[i] > 1) throw new CalibrationInputError(`pair ${i}: correct must be 0 or 1, got ${ok[i]}`, i);
  }
  for (const k of OPTIONAL) {
    const col = p[k];
    if (!col) continue;
    for (let i = 0; i < n; i++) if (col[i] < 0) throw new CalibrationInputError(`pair ${i}: ${k} index must be ≥ 0, got ${col[i]}`, i);
  }
  return outside;
}

/** Grows one column pair by pair. */
export class PairBuilder {
  private n = 0;
  private conf = new Float64Array(1024);
  private ok = new Uint8Array(1024);
  private cols: Partial<Record<PairIndex, Int32Array>> = {};

  /** `columns`: the optional indices every pair will carry, declared up front (else the first pair's decide). */
  constructor(columns: readonly PairIndex[] = []) {
    for (const k of columns) this.cols[k] = new Int32Array(this.conf.length);
  }

  get length(): number {
    return this.n;
  }

  add(confidence: number, correct: boolean, where: { dialogue?: number; turn?: number; group?: number } = {}): this {
    if (this.n === this.conf.length) this.grow();
    this.conf[this.n] = confidence;
    this.ok[this.n] = correct ? 1 : 0;
    for (const k of OPTIONAL) {
      const v = where[k];
      if (v === undefined) {
        if (this.cols[k]) throw new CalibrationInputError(`pair ${this.n}: ${k} missing (earlier pairs have one)`, this.n);
        continue;
      }
      let col = this.cols[k];
      if (!col) {
        if (this.n > 0) throw new CalibrationInputError(`pair ${this.n}: has a ${k} but earlier pairs have none`, this.n);
        col = this.cols[k] = new Int32Array(this.conf.length);
      }
      col[this.n] = v;
    }
    this.n++;
    return this;
  }

  private grow(): void {
    const size = this.conf.length * 2;
    const f = new Float64Array(size);
    f.set(this.conf);
    this.conf = f;
    const o = new Uint8Array(size);
    o.set(this.ok);
    this.ok = o;
    for (const k of OPTIONAL) {
      const col = this.cols[k];
      if (!col) continue;
      const c = new Int32Array(size);
      c.set(col);
      this.cols[k] = c;
    }
  }

  /** The column (copies, so the builder may go on). */
  build(): CalibrationPairs {
    const out: CalibrationPairs = { confidence: this.conf.slice(0, this.n), correct: this.ok.slice(0, this.n) };
    for (const k of OPTIONAL) {
      const col = this.cols[k];
      if (col) out[k] = col.slice(0, this.n);
    }
    return out;
  }
}

/** A column from pair objects (`columns`: optional indices it has even when there are no rows). */
export function pairsOf(rows: readonly PairRow[], columns: readonly PairIndex[] = []): CalibrationPairs {
  const b = new PairBuilder(columns);
  for (const r of rows) b.add(r.confidence, r.correct, r);
  return b.build();
}

/** Shards (each with its own pairs, dialogue and turn indices already global) as one column, in the order given. */
export function concatPairs(parts: readonly CalibrationPairs[]): CalibrationPairs {
  const n = parts.reduce((s, p) => s + p.confidence.length, 0);
  const out: CalibrationPairs = { confidence: new Float64Array(n), correct: new Uint8Array(n) };
  for (const k of OPTIONAL) {
    const have = parts.filter((p) => p[k] !== undefined).length;
    if (have === 0) continue;
    if (have !== parts.length) throw new CalibrationInputError(`some shards have ${k} indices and some do not`, -1);
    out[k] = new Int32Array(n);
  }
  let at = 0;
  for (const p of parts) {
    out.confidence.set(p.confidence, at);
    out.correct.set(p.correct, at);
    for (const k of OPTIONAL) if (out[k]) out[k].set(p[k] as Int32Array, at);
    at += p.confidence.length;
  }
  return out;
}

/** The pairs at the given indices (a subset: one slot, one domain, a filter). */
export function selectPairs(p: CalibrationPairs, indices: ArrayLike<number>): CalibrationPairs {
  const n = indices.length;
  const out: CalibrationPairs = { confidence: new Float64Array(n), correct: new Uint8Array(n) };
  for (const k of OPTIONAL) if (p[k]) out[k] = new Int32Array(n);
  for (let j = 0; j < n; j++) {
    const i = indices[j];
    out.confidence[j] = p.confidence[i];
    out.correct[j] = p.correct[i];
    for (const k of OPTIONAL) if (out[k]) out[k][j] = (p[k] as Int32Array)[i];
  }
  return out;
}
