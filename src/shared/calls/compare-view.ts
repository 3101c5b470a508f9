// Layer: shared (pure TS). API calls of the compare view: runs against a
// baseline (scores, deltas, paired-bootstrap intervals, randomization
// p-values), a page of the dialogues two runs share (sorted by their
// difference on a metric, filtered by "A right, B wrong" at turn level), and
// the view's settings from the command line (serve --series-x). Each call
// names the runs and the revisions it reads.

import { z } from 'zod';
import type { StatColumn } from '../analysis/columns';
import type { Comparison, StatSettings } from '../analysis/run-comparison';
import { MAX_BOOTSTRAP, MAX_SEED, MAX_TRIALS } from '../analysis/seed';
import type { Signature } from '../metrics/signature';
import type { Scores } from '../metrics/state';
import { METRIC_IDS } from '../metrics/registry';
import { metricConfigSchema, runRef } from './common';
import { SLICE_KINDS, type DifferResult } from '../analysis/slices';

const ref = z.object(runRef).strict();

/** What the pair list sorts by: file order (of A), id, length, B − A on `metric`, or the turns one run gets right and the other wrong. */
export const PAIR_SORT_KEYS = ['position', 'id', 'turns', 'diff', 'aOnly', 'bOnly'] as const;
export type PairSortKey = (typeof PAIR_SORT_KEYS)[number];

/** Turn-level filters: dialogues with a turn that A gets right (joint goal) and B wrong, the other way round, or either. */
export const PAIR_FILTERS = ['all', 'a-right-b-wrong', 'b-right-a-wrong', 'either'] as const;
export type PairFilter = (typeof PAIR_FILTERS)[number];

/** Most runs shown side by side. */
export const MAX_SIDE_RUNS = 8;

const sliceSchema = z.object({ kind: z.enum(SLICE_KINDS), key: z.string().min(1).max(200) }).strict();

export const COMPARE_CALLS = {
  /** Every run's corpus scores, and each run against the first: deltas with 95% paired-bootstrap intervals and approximate-randomization p-values. */
  compareRuns: z
    .object({
      runs: z.array(ref).min(2).max(64),
      config: metricConfigSchema,
      bootstrap: z.number().int().min(0).max(MAX_BOOTSTRAP),
      trials: z.number().int().min(0).max(MAX_TRIALS),
      seed: z.number().int().min(0).max(MAX_SEED),
      /** Compare on the dialogues and turns every run has, instead of refusing runs that differ. */
      common: z.boolean().optional(),
      /** Compare runs scored against different gold states. */
      allowDifferentGold: z.boolean().optional(),
    })
    .strict(),
  /** A window of the dialogues runs A and B share, with both runs' values. */
  comparePage: z
    .object({
      a: ref,
      b: ref,
      config: metricConfigSchema,
      offset: z.number().int().min(0),
      limit: z.number().int().min(1).max(1000),
      sort: z
        .object({
          key: z.enum(PAIR_SORT_KEYS),
          /** The metric of "diff" (FGA: the config's first λ). */
          metric: z.string().refine((m) => METRIC_IDS.includes(m), { message: `one of ${METRIC_IDS.join(', ')}` }),
          descending: z.boolean(),
        })
        .strict(),
      filter: z
        .object({
          turns: z.enum(PAIR_FILTERS),
          search: z.string().max(500).optional(),
          /** Only the dialogues with a turn in this slice (of the "where do runs differ most" finder), as run A's gold has it. */
          slice: sliceSchema.optional(),
        })
        .strict(),
      /** More runs shown side by side: each row carries their id of the dialogue and their values. */
      others: z
        .array(ref)
        .max(MAX_SIDE_RUNS - 2)
        .optional(),
    })
    .strict(),
  /** Where the runs differ most: slices ranked by the spread of a metric across the runs, with the paired interval of high − low. */
  compareDiffer: z
    .object({
      runs: z.array(ref).min(2).max(64),
      config: metricConfigSchema,
      /** A metric column: JGA, SA, FGA_0.5, … (FGA alone: the first λ). */
      metric: z.string().min(1).max(40),
      minTurns: z.number().int().min(0).max(1_000_000),
      limit: z.number().int().min(1).max(1000),
      bootstrap: z.number().int().min(0).max(MAX_BOOTSTRAP),
      seed: z.number().int().min(0).max(MAX_SEED),
      common: z.boolean().optional(),
      allowDifferentGold: z.boolean().optional(),
    })
    .strict(),
  /** The compare view's settings given on the command line. */
  compareSettings: z.object({}).strict(),
} as const;

export interface ComparedRunInfo {
  run: string;
  rev: number;
  name: string;
  file: string;
  scores: Scores;
  /** Per column key: the run's own 95% bootstrap interval. */
  ci: Record<string, [number, number] | null>;
}

export interface CompareRunsResult {
  signature: Signature;
  columns: StatColumn[];
  runs: ComparedRunInfo[];
  /** One per (run, column) for every run but the first; baseline and run are run names. */
  comparisons: Comparison[];
  /** What the user should know (the common part, a gold difference). */
  notes: string[];
  /** Runs asked for but left out, each with why it cannot be compared with the baseline (the others are compared). */
  refused: { run: string; message: string }[];
  settings: StatSettings;
  /** Dialogues and turns compared. */
  dialogues: number;
  turns: number;
}

export interface PairRow {
  /** The dialogue as run A names it, and as run B does. */
  id: string;
  idB: string;
  /** Position in run A's file. */
  position: number;
  turns: number;
  /** Each metric's dialogue value (FGA: first λ), per run; null where undefined. */
  a: Record<string, number | null>;
  b: Record<string, number | null>;
  /** B − A on the sort metric. */
  diff: number | null;
  /** Turns A gets right (joint goal) and B wrong, and the other way round. */
  aOnly: number;
  bOnly: number;
  /** Per run of `others` (in order): its id of the dialogue and its values; null where it lacks the dialogue. */
  others?: ({ id: string; values: Record<string, number | null> } | null)[];
}

export interface PairPage {
  total: number;
  offset: number;
  rows: PairRow[];
  /** Dialogues the two runs share, and how many of them are in neither run's order or turns (none when aligned). */
  shared: number;
}

export interface CompareSettings {
  /** Run id → its x in a series (serve --series-x). */
  seriesX: Record<string, number>;
}

export interface CompareResults {
  compareRuns: CompareRunsResult;
  comparePage: PairPage;
  compareSettings: CompareSettings;
  compareDiffer: DifferResult;
}
