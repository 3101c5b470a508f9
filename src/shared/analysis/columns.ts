// Layer: shared (pure TS). What the paired statistics compute on: the
// metric columns (every metric of the registry, FGA once per λ), a "folded"
// copy of the per-dialogue state vectors (one number per count and per
// compensated sum, so differences and resample sums are plain additions),
// and a scorer that turns a folded vector back into every column's value
// through the metrics' own score functions (GCA from summed counts, AGA over
// its defined turns, …), so a new metric is compared without any change here.

import type { MetricConfig } from '../metrics/config';
import type { Metric } from '../metrics/contract';
import { METRICS } from '../metrics/registry';
import { DIALOGUES_SLOT, emptyStates, TURNS_SLOT, type StateLayout } from '../metrics/state';

export interface StatColumn {
  /** "JGA", or "FGA_0.5" for a metric with variants (as CSV names them). */
  key: string;
  /** Metric id. */
  metric: string;
  /** Variant key (FGA: the λ key), when the metric has variants. */
  variant?: string;
  /** FGA's λ as a number. */
  lambda?: number;
  /** Header as tables print it: "FGA λ=0.5". */
  header: string;
  /** Header in LaTeX. */
  latex: string;
}

interface ColumnImpl {
  metric: Metric;
  offset: number;
  variantIndex: number;
}

/** One column per metric and variant, in registry order. */
export function statColumns(config: MetricConfig): StatColumn[] {
  const out: StatColumn[] = [];
  for (const m of METRICS) {
    const variants = m.variants(config);
    if (!variants) {
      out.push({ key: m.id, metric: m.id, header: m.id, latex: m.id });
      continue;
    }
    variants.forEach((v, i) => {
      const col: StatColumn = {
        key: `${m.id}_${v}`,
        metric: m.id,
        variant: v,
        header: `${m.id} λ=${v}`,
        latex: `${m.id}$_{\\lambda=${v}}$`,
      };
      if (m.id === 'FGA') col.lambda = config.lambdas[i];
      out.push(col);
    });
  }
  return out;
}

/** The layout with each compensated sum folded into one number (and without the dialogue count, which no score reads). */
export interface Folded {
  /** Numbers per folded vector. */
  width: number;
  /** The layout slot each folded number comes from (a count, or a sum's value slot). */
  slot: Int32Array;
  /** Folded index of the turn count. */
  turns: number;
}

export function foldedLayout(layout: StateLayout): Folded {
  const slot: number[] = [];
  let turns = -1;
  for (let j = 0; j < layout.width; j++) {
    if (layout.kinds[j] === 2 || j === DIALOGUES_SLOT) continue; // a compensation is folded into the sum before it
    if (j === TURNS_SLOT) turns = slot.length;
    slot.push(j);
  }
  return { width: slot.length, slot: Int32Array.from(slot), turns };
}

/**
 * The folded state vectors of the given rows of `states` (every row when
 * `rows` is omitted), one after the other: row i of the result is row rows[i].
 */
export function foldRows(states: Float64Array, layout: StateLayout, folded: Folded, rows?: ArrayLike<number>): Float64Array {
  const n = rows ? rows.length : states.length / layout.width;
  const F = folded.width;
  const out = new Float64Array(n * F);
  for (let i = 0; i < n; i++) {
    const at = (rows ? rows[i] : i) * layout.width;
    for (let f = 0; f < F; f++) {
      const j = folded.slot[f];
      out[i * F + f] = layout.kinds[j] === 1 ? states[at + j] + states[at + j + 1] : states[at + j];
    }
  }
  return out;
}

/** Scores folded vectors: every column's value, NaN where a metric is undefined. */
export class Scorer {
  readonly columns: StatColumn[];
  private readonly impl: ColumnImpl[];
  private readonly scratch: Float64Array;
  private readonly refs: { s: Float64Array; at: number }[];

  constructor(
    private readonly layout: StateLayout,
    private readonly config: MetricConfig,
    readonly folded: Folded = foldedLayout(layout),
  ) {
    this.columns = statColumns(config);
    this.impl = [];
    METRICS.forEach((m, k) => {
      const variants = m.variants(config);
      const count = variants ? variants.length : 1;
      for (let v = 0; v < count; v++) this.impl.push({ metric: m, offset: layout.offsets[k], variantIndex: v });
    });
    this.scratch = emptyStates(layout);
    this.refs = this.impl.map((c) => ({ s: this.scratch, at: c.offset }));
  }

  /**
   * The folded numbers column c's value is read from: the turn count and its
   * metric's own slots (a metric scores the state block at its offset; the
   * next metric's block starts at the next offset). Every column's value of
   * a folded vector whose other numbers are zero is column c's exact value.
   */
  fieldsOf(c: number): Int32Array {
    const start = this.impl[c].offset;
    let end = this.layout.width;
    for (const o of this.layout.offsets) if (o > start && o < end) end = o;
    const out: number[] = [];
    this.folded.slot.forEach((j, f) => {
      if (j === TURNS_SLOT || (j >= start && j < end)) out.push(f);
    });
    return Int32Array.from(out);
  }

  /** Writes each column's value of the folded vector v[at…] to out[outAt + c * stride]. */
  score(v: ArrayLike<number>, at: number, out: Float64Array, outAt: number, stride = 1): void {
    const s = this.scratch;
    const slot = this.folded.slot;
    for (let f = 0; f < slot.length; f++) s[slot[f]] = v[at + f];
    const ctx = { turns: s[TURNS_SLOT], config: this.config };
    for (let c = 0; c < this.impl.length; c++) {
      const { metric, variantIndex } = this.impl[c];
      const x = metric.score(this.refs[c], ctx, variantIndex);
      out[outAt + c * stride] = x === null ? Number.NaN : x;
    }
  }
}
