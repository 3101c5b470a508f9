// Layer: shared (pure TS, no dependencies: the API contract and the renderer
// import it). The slices and the result of "where do runs differ most"
// (differ.ts computes it): slice kinds, the turn position and dialogue length
// buckets, how a slice is named, and the finder's options and rows.

import type { Signature } from '../metrics/signature';

export const SLICE_KINDS = ['domain', 'slot', 'position', 'length'] as const;
export type SliceKind = (typeof SLICE_KINDS)[number];

/** A slice: its kind and its key (the domain, the slot, or a bucket "4-5" / "13+"). */
export interface Slice {
  kind: SliceKind;
  key: string;
}

/** Turn position buckets (1-based position of the turn in its dialogue) and dialogue length buckets (turns). */
export const POSITION_BUCKETS: readonly [number, number][] = [
  [1, 1],
  [2, 2],
  [3, 3],
  [4, 5],
  [6, 8],
  [9, 12],
  [13, Infinity],
];
export const LENGTH_BUCKETS: readonly [number, number][] = [
  [1, 4],
  [5, 8],
  [9, 12],
  [13, 16],
  [17, Infinity],
];

export function bucketKey([lo, hi]: readonly [number, number]): string {
  return hi === Infinity ? `${lo}+` : lo === hi ? String(lo) : `${lo}-${hi}`;
}

export function bucketOf(buckets: readonly (readonly [number, number])[], x: number): number {
  return buckets.findIndex(([lo, hi]) => x >= lo && x <= hi);
}

/** How a slice is named in tables: "domain hotel", "slot hotel-area", "turn 4-5", "dialogues of 5-8 turns". */
export function sliceLabel(s: Slice): string {
  if (s.kind === 'domain') return `domain ${s.key}`;
  if (s.kind === 'slot') return `slot ${s.key}`;
  if (s.kind === 'position') return `turn ${s.key}`;
  return `dialogues of ${s.key} turns`;
}

export const DEFAULT_DIFFER_MIN_TURNS = 30;
export const DEFAULT_DIFFER_LIMIT = 25;

export interface DifferOptions {
  /** The metric column (statColumns' key: JGA, SA, FGA_0.5, …). */
  metric: string;
  /** Slices with fewer turns are left out. */
  minTurns: number;
  /** Bootstrap resamples (0: no intervals). */
  bootstrap: number;
  seed: number;
  /** Rows returned (the top of the ranking); the intervals are computed for these only. */
  limit: number;
}

export interface DifferRow {
  slice: Slice;
  label: string;
  turns: number;
  dialogues: number;
  /** Per run, in the order given: the metric on the slice (null: undefined there). */
  values: (number | null)[];
  /** max − min over the runs with a value; null when fewer than two have one. */
  spread: number | null;
  /** The runs (names) with the highest and the lowest value (ties: the first name in sort order). */
  high: string | null;
  low: string | null;
  /** 95% paired-bootstrap percentile interval of high − low. */
  ci: [number, number] | null;
}

export interface DifferResult {
  metric: string;
  /** The run names, in the order given. */
  runs: string[];
  rows: DifferRow[];
  /** Slices ranked (at least minTurns turns), and slices left out for having fewer. */
  ranked: number;
  small: number;
  settings: DifferOptions;
  signature: Signature;
}
