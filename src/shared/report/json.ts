// Layer: shared (pure TS). The JSON report (fractions, not percent), written as
// a sequence of chunks so that a per-turn report of a million turns is never
// one giant string. Metric values are flat keys beside "dialogues" and
// "turns" (corpus), "id" (dialogue) and "turn" (per-turn record). Every JSON
// document the CLI writes (score, compare, analyze) starts with
// "schemaVersion" (docs/reference/json-output.md says what a bump means).

import { dialogueResults, type DialogueResult, type Evaluation, type TurnRecord } from '../metrics/evaluate';
import { renderSignature } from '../metrics/signature';
import { hasNoChanges } from '../metrics/values';
import type { Scores } from '../metrics/state';

/**
 * The version of the JSON outputs' schema (docs/reference/json-output.md):
 * raised only when a field is removed, renamed or changes meaning; new fields
 * do not raise it.
 */
export const JSON_SCHEMA_VERSION = 1;

/** A JSON document as the CLI writes it: "schemaVersion" first, then its own fields; an array: each of its objects. */
export function versioned(doc: unknown): unknown {
  if (Array.isArray(doc)) return doc.map(versioned);
  if (doc !== null && typeof doc === 'object') return { schemaVersion: JSON_SCHEMA_VERSION, ...(doc as Record<string, unknown>) };
  return doc;
}

export interface JsonOptions {
  perDialogue: boolean;
  perTurn: boolean;
  /** Added as "file" when several files are reported together. */
  file?: string;
  /** The dialogues to write, by index, in this order (default: all, in file order). */
  order?: readonly number[];
  /** Further top-level objects after "corpus" (an evaluator preset's own numbers, e.g. "mwzeval"). */
  extra?: Record<string, unknown>;
}

export function flatScores(s: Scores): Record<string, unknown> {
  return { dialogues: s.dialogues, turns: s.turns, ...s.values };
}

export function flatTurn(t: TurnRecord): Record<string, unknown> {
  const { turn, values, ...rest } = t;
  return { turn, ...values, ...rest };
}

/**
 * A dialogue's JSON object. "noChanges": true marks a dialogue without any
 * change (every state empty): its "GCA" is the reference behaviour's 0, but
 * GCA is undefined there (VP, VR, LP and LR are null).
 */
export function flatDialogue(d: DialogueResult): Record<string, unknown> {
  const { id, turns, values, TO, NU, perTurn } = d;
  const out: Record<string, unknown> = { id, turns, ...values, TO, NU, noChanges: hasNoChanges(values) };
  if (perTurn) out.perTurn = perTurn.map(flatTurn);
  return out;
}

export function* jsonChunks(ev: Evaluation, opts: JsonOptions): Generator<string> {
  const head: Record<string, unknown> = { schemaVersion: JSON_SCHEMA_VERSION, signature: renderSignature(ev.signature) };
  if (opts.file !== undefined) head.file = opts.file;
  head.corpus = flatScores(ev.corpus);
  if (opts.extra) Object.assign(head, opts.extra);
  const headText = JSON.stringify(head, null, 1);
  if (!opts.perDialogue && !opts.perTurn) {
    yield headText + '\n';
    return;
  }
  yield headText.slice(0, -2) + ',\n "dialogues": [\n';
  let first = true;
  for (const d of dialogueResults(ev, opts.perTurn, opts.order)) {
    yield (first ? '  ' : ',\n  ') + JSON.stringify(flatDialogue(d));
    first = false;
  }
  yield '\n ]\n}\n';
}
