// Layer: shared (pure TS). What the `sgd` preset means on a run loaded as a
// corpus (the app, and the CLI commands other than `score`): the official SGD
// evaluator's own numbers need its schema and the gold's service frames, which
// only `score PRED_DIR --gold GOLD_DIR --preset sgd` reads; on a corpus the
// preset's one part is "frames present only" (no carry-over of a service
// without a frame in the turn). On a run whose gold has no such frames (any
// MultiWOZ file but 2.2's dialogues) nothing is carried over, so `sgd` scores
// exactly as `exact`. The CLI warns with the same text the app shows.

import type { Corpus } from '../model/corpus';

/** The command that computes the official SGD evaluator's output dict. */
export const SGD_OFFICIAL_COMMAND = 'dst-inspector score PRED_DIR --gold GOLD_DIR --preset sgd';

/** Turns whose gold carries a service's state over from an earlier turn (its service has no frame in the turn). */
export function carriedTurns(corpus: Pick<Corpus, 'carriedGold'>): number {
  return corpus.carriedGold?.size ?? 0;
}

/** True when `sgd` gives the same classes as `exact` on a corpus: no gold turn carries a service over. */
export function sgdEqualsExact(carried: number): boolean {
  return carried === 0;
}

/** The first sentence of the notice where `sgd` equals `exact` (the CLI warns with it). */
export const SGD_EQUALS_EXACT = "sgd needs SGD schema/service data (the gold's service frames); on this run it equals exact";

/** The notice shown beside numbers computed under `sgd` on a corpus with `carried` carried-over turns. */
export function sgdPresetNotice(carried: number): string {
  if (sgdEqualsExact(carried)) return `${SGD_EQUALS_EXACT}. The official SGD evaluator's numbers: ${SGD_OFFICIAL_COMMAND}`;
  return `sgd here scores the frames each turn has (${carried} turn(s) drop a carried-over service) with exact matching; the official SGD evaluator's own numbers (fuzzy, per frame, seen/unseen) are CLI-only: ${SGD_OFFICIAL_COMMAND}`;
}

/** The few words the preset menu adds to `sgd`'s entry on a run (undefined: nothing to add). */
export function sgdMenuNote(carried: number): string | undefined {
  return sgdEqualsExact(carried) ? 'equals exact on this run: no SGD service frames' : undefined;
}

/** The Open dialog's note under its preset menu when `sgd` is chosen (the run is not read yet). */
export const OPEN_SGD_NOTE = `sgd needs SGD schema/service data: give the SGD gold folder (dialogues_*.json, schema.json) as Gold; without the gold's service frames it equals exact. The official SGD evaluator's own numbers are CLI-only: ${SGD_OFFICIAL_COMMAND}`;
