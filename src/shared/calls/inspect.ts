// Layer: shared (pure TS). API calls of the inspect view: one run's corpus
// summary, a page of its dialogue list, one dialogue in detail, and its raw
// JSON. Each names the run and the revision it reads.

import { z } from 'zod';
import type { LookalikeReport } from '../formats/value-lookalikes';
import type { GenerationSummary, TurnGeneration } from '../model/generation';
import type { DialogueResult } from '../metrics/evaluate';
import type { Signature } from '../metrics/signature';
import type { Scores } from '../metrics/state';
import { isSortKey, SORT_KEYS } from './sort-keys';
import { dialogueId, metricConfigSchema, runRef } from './common';
import { presetConfigSchema } from '../metrics/config-schema';
import type { PresetDiff } from '../presets/diff';

export * from './sort-keys';

export const listFilterSchema = z
  .object({
    domain: z.string().max(200).optional(),
    mistakesOnly: z.boolean().optional(),
    search: z.string().max(500).optional(), // MAX_SEARCH (analysis/search-query.ts): the list refuses a longer one
  })
  .strict();

/** How the dialogue list is sorted. */
export const listSortSchema = z
  .object({
    key: z.string().refine(isSortKey, { message: `one of ${SORT_KEYS.join(', ')}` }),
    descending: z.boolean(),
  })
  .strict();

export const INSPECT_CALLS = {
  /** Corpus scores under a config, with domains and warnings. */
  corpusSummary: z.object({ ...runRef, config: metricConfigSchema }).strict(),
  /** A window of the sorted, filtered dialogue list. */
  dialoguePage: z
    .object({
      ...runRef,
      config: metricConfigSchema,
      offset: z.number().int().min(0),
      limit: z.number().int().min(1).max(1000),
      sort: listSortSchema,
      filter: listFilterSchema,
    })
    .strict(),
  /** Where a dialogue is in the sorted, filtered list (-1: not in it): the list scrolls to a dialogue selected from outside it. */
  dialogueIndexOf: z
    .object({ ...runRef, config: metricConfigSchema, sort: listSortSchema, filter: listFilterSchema, id: dialogueId })
    .strict(),
  /** One dialogue in full detail: per-turn records, slot classes, utterances. */
  dialogueDetail: z.object({ ...runRef, config: metricConfigSchema, id: dialogueId }).strict(),
  /** The dialogue's JSON as it is in the file, for the raw view. */
  dialogueRaw: z.object({ ...runRef, id: dialogueId }).strict(),
  /** Which turns flip between two presets (joint correctness), grouped by reason with counts and examples. */
  presetFlips: z
    .object({ ...runRef, a: presetConfigSchema, b: presetConfigSchema, examples: z.number().int().min(1).max(50).optional() })
    .strict(),
} as const;

/** presetFlips' answer: shared/presets/diff.ts's PresetDiff, with each side named as the signature names it. */
export interface PresetFlips extends PresetDiff {
  a: string;
  b: string;
}

export interface CorpusSummary {
  run: string;
  revision: number;
  file: string;
  format: string;
  isDemo: boolean;
  dialogues: number;
  turns: number;
  scores: Scores;
  signature: Signature;
  domains: string[];
  warnings: string[];
  hasUtterances: boolean;
  dialoguesFile?: string;
  /** Dialogue to select first (the demo lands on the GCA paper's MUL1110). */
  landing?: string;
  /** K for SA suggested by the source (an SGD schema next to the file); the UI starts from it. */
  slotCount?: number;
  /** K is below the slots active in some turn, so SA can go negative there (as the CLI warns). */
  slotCountWarning?: string;
  /** Predicted values that differ from gold only by whitespace, case or punctuation (none: absent). */
  lookalikes?: LookalikeReport;
  /** What an LLM-era layout carried beside the states (generated text, unparseable turns, confidence columns); absent when nothing. */
  generation?: GenerationSummary;
  /** Gold turns that carry a service's state over (SGD / MultiWOZ 2.2 frames): where `sgd` differs from `exact`; absent when none. */
  carriedTurns?: number;
  /** Under a preset that the run cannot show as its evaluator does (sgd: presets/sgd-notice.ts), what the numbers are. */
  presetNotice?: string;
}

export interface DialogueRow {
  id: string;
  /** Position in the file. */
  position: number;
  turns: number;
  domains: string[];
  /** Each metric's value for the dialogue (FGA with the config's first λ); null where undefined. */
  values: Record<string, number | null>;
  /** |FGA − GCA| with the first λ. */
  disagreement: number;
  /** GCA mistakes (M + W + O). */
  mistakes: number;
  /** The highest confidence of a wrong predicted pair (first confidence column); null without one, or when the run has no confidences. */
  confidentWrong?: number | null;
  /** No change at all in the dialogue: GCA is undefined (values.GCA keeps the reported 0); it sorts last by GCA and |FGA − GCA|. */
  noChanges?: boolean;
}

export interface DialoguePage {
  total: number;
  offset: number;
  rows: DialogueRow[];
  /** Dialogues of the list without any change: under the GCA and |FGA − GCA| sorts they are listed last. */
  noChanges?: number;
}

export interface TurnText {
  system?: string;
  user?: string;
}

export interface DialogueDetail extends DialogueResult {
  position: number;
  signature: Signature;
  domains: string[];
  /** Per turn (same order as perTurn), when a dialogue corpus is loaded. */
  utterances?: TurnText[];
  /**
   * Per turn (same order as perTurn), when the layout carries a generation
   * (generated text, an unparseable generation, confidences of predicted
   * pairs); null for a turn without any.
   */
  generation?: (TurnGeneration | null)[];
  /**
   * Under a preset with a matcher or normalisation: each predicted value
   * accepted although its text is not the gold's, and why
   * (`' centre' ≈ 'centre' (partial_ratio 100)`); turn = position in perTurn.
   */
  matches?: { turn: number; slot: string; text: string }[];
}

export type { GenerationSummary, TurnGeneration };

export interface DialogueRaw {
  text: string;
  /** Turn index → 1-based line in `text` where the turn starts. */
  turnLines: Record<number, number>;
}

export interface InspectResults {
  corpusSummary: CorpusSummary;
  dialoguePage: DialoguePage;
  dialogueIndexOf: { index: number };
  dialogueDetail: DialogueDetail;
  dialogueRaw: DialogueRaw;
  presetFlips: PresetFlips;
}
