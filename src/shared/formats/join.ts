// Layer: shared (pure TS). Joins a predictions corpus with a gold or utterance
// source (Reference). Dialogue ids match case-insensitively, with or without
// ".json" (dialogueKey); turns match by turn index. Both functions are pure:
// they return a new corpus and a JoinSummary saying what matched and what is
// missing on either side. The CLI and the app's backend both call them.

import { CorpusBuilder } from '../model/builder';
import type { Corpus } from '../model/corpus';
import { selectGeneration } from '../model/generation';
import { LoadError } from './errors';
import { dialogueKey, refError, type Reference, type RefTurn } from './reference';
import type { JoinSummary, LoadedCorpus } from './types';
import { plural } from '../plural';

function sourceName(ref: Reference): string {
  return ref.files.length <= 3 ? ref.files.join(', ') : `${ref.files.slice(0, 3).join(', ')} and ${ref.files.length - 3} more`;
}

function missingOnBothSides(
  corpus: Corpus,
  ref: Reference,
  found: Set<string>,
): Pick<JoinSummary, 'missingInSource' | 'missingInPredictions'> {
  const missingInSource = corpus.dialogueIds.filter((id) => !found.has(dialogueKey(id)));
  const missingInPredictions: string[] = [];
  for (const [key, d] of ref.dialogues) if (!found.has(key)) missingInPredictions.push(d.id);
  return { missingInSource, missingInPredictions };
}

/** One line for messages: "98 of 100 dialogues matched; missing in data.json: a, b". */
export function describeJoin(s: JoinSummary): string {
  const some = (ids: string[]) =>
    ids
      .slice(0, 5)
      .map((x) => JSON.stringify(x))
      .join(', ') + (ids.length > 5 ? ` and ${ids.length - 5} more` : '');
  const parts = [`${s.role}: ${plural(s.matched, 'dialogue')} matched in ${s.source}`];
  if (s.missingInSource.length > 0)
    parts.push(`${plural(s.missingInSource.length, 'prediction dialogue')} not in the source: ${some(s.missingInSource)}`);
  if (s.missingInPredictions.length > 0)
    parts.push(`${plural(s.missingInPredictions.length, 'source dialogue')} not in the predictions: ${some(s.missingInPredictions)}`);
  if (s.turnsUnmatched > 0) parts.push(`${plural(s.turnsUnmatched, 'turn')} unmatched`);
  return parts.join('; ');
}

/**
 * Attaches the source's utterances to a corpus: `utterances.system[i]` and
 * `utterances.user[i]` for every global turn i whose dialogue and turn index
 * are in the source. Existing utterances are kept where the source has none.
 */
export function attachUtterances(corpus: Corpus, ref: Reference): { corpus: Corpus; summary: JoinSummary } {
  const source = sourceName(ref);
  if (!ref.hasText) throw new LoadError(source, 'this dialogue source has no utterances');
  const n = corpus.turnIndex.length;
  const system: (string | undefined)[] = corpus.utterances
    ? [...corpus.utterances.system]
    : new Array<string | undefined>(n).fill(undefined);
  const user: (string | undefined)[] = corpus.utterances ? [...corpus.utterances.user] : new Array<string | undefined>(n).fill(undefined);
  const found = new Set<string>();
  let turnsUnmatched = 0;
  for (let d = 0; d < corpus.dialogueIds.length; d++) {
    const key = dialogueKey(corpus.dialogueIds[d]);
    const r = ref.dialogues.get(key);
    if (!r) continue;
    found.add(key);
    const byIndex = new Map<number, RefTurn>(r.turns.map((t) => [t.index, t]));
    for (let i = corpus.dialogueStart[d]; i < corpus.dialogueStart[d + 1]; i++) {
      const t = byIndex.get(corpus.turnIndex[i]);
      if (!t || (t.user === undefined && t.system === undefined)) {
        turnsUnmatched++;
        continue;
      }
      system[i] = t.system ?? system[i];
      user[i] = t.user ?? user[i];
    }
  }
  const summary: JoinSummary = {
    role: 'dialogues',
    source,
    matched: found.size,
    turnsUnmatched,
    ...missingOnBothSides(corpus, ref, found),
  };
  return { corpus: { ...corpus, utterances: { system, user } }, summary };
}

/**
 * Replaces (or fills in) the gold states of a corpus from a source. Only
 * dialogues found in the source are kept; their turns are the source's turns
 * (a turn the predictions lack gets an empty prediction; a predicted turn the
 * source lacks is dropped, both counted in `turnsUnmatched`). The source's
 * utterances come along.
 */
export function joinGold(loaded: LoadedCorpus, ref: Reference): LoadedCorpus {
  const source = sourceName(ref);
  if (!ref.hasState)
    throw new LoadError(
      source,
      'this dialogue source has no dialogue states, so it cannot give the gold (it can give utterances, as dialogues: --dialogues, or the Dialogues field of the Open dialog)',
    );
  const c = loaded.corpus;
  const b = new CorpusBuilder();
  const found = new Set<string>();
  // Which prediction dialogue took each gold dialogue: two that match one gold would score it twice.
  const takenBy = new Map<string, string>();
  let turnsUnmatched = 0;
  const predicted: number[] = [];
  const carriedGold = new Map<number, number[]>();
  const slotIds = c.slots.names.map((s) => b.slots.intern(s));
  const valueIds = c.values.names.map((v) => b.values.intern(v));
  // For each turn of the joined corpus, the predictions' turn it took its prediction from (-1: none).
  const from: number[] = [];
  for (let d = 0; d < c.dialogueIds.length; d++) {
    const key = dialogueKey(c.dialogueIds[d]);
    const r = ref.dialogues.get(key);
    if (!r || !r.turns.some((t) => t.state)) continue;
    const first = takenBy.get(key);
    if (first !== undefined) {
      throw refError(
        ref,
        r,
        undefined,
        `the predictions' dialogues ${JSON.stringify(first)} and ${JSON.stringify(c.dialogueIds[d])} both match gold dialogue ${JSON.stringify(r.id)} (ids match case-insensitively, with or without .json), so its turns would count twice; rename or remove one`,
      );
    }
    takenBy.set(key, c.dialogueIds[d]);
    found.add(key);
    const predTurn = new Map<number, number>();
    for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++) predTurn.set(c.turnIndex[i], i);
    b.beginDialogue(c.dialogueIds[d]);
    for (const t of r.turns) {
      if (!t.state) continue;
      const gold: number[] = [];
      for (const [s, v] of t.state) gold.push(b.slots.intern(s), b.values.intern(v));
      const pred: number[] = [];
      const i = predTurn.get(t.index);
      if (t.carried && t.carried.length > 0)
        carriedGold.set(
          predicted.length,
          t.carried.map((x) => b.slots.intern(x)),
        );
      predicted.push(i === undefined ? 0 : 1);
      if (i === undefined) turnsUnmatched++;
      else {
        predTurn.delete(t.index);
        for (let k = c.predStart[i]; k < c.predStart[i] + c.predLen[i]; k++)
          pred.push(slotIds[c.predPairs[2 * k]], valueIds[c.predPairs[2 * k + 1]]);
      }
      const sys = t.system ?? (i !== undefined ? c.utterances?.system[i] : undefined);
      const usr = t.user ?? (i !== undefined ? c.utterances?.user[i] : undefined);
      const problem = b.addTurn(t.index, gold, pred, sys, usr);
      if (problem) throw refError(ref, r, t, `dialogue ${JSON.stringify(r.id)} turn ${t.index}: ${problem}`);
      from.push(i ?? -1);
    }
    turnsUnmatched += predTurn.size;
    const problem = b.endDialogue();
    if (problem) throw refError(ref, r, undefined, `dialogue ${JSON.stringify(r.id)}: ${problem}`);
  }
  const summary: JoinSummary = { role: 'gold', source, matched: found.size, turnsUnmatched, ...missingOnBothSides(c, ref, found) };
  if (found.size === 0) {
    throw new LoadError(
      source,
      `none of the ${plural(c.dialogueIds.length, 'prediction dialogue')} (e.g. ${JSON.stringify(c.dialogueIds[0])}) appears in this gold source (ids are matched case-insensitively, with or without ".json")`,
    );
  }
  const warnings = loaded.warnings.filter((w) => !w.startsWith('gold value'));
  warnings.push(describeJoin(summary));
  const lists = ref.valueLists ?? c.valueLists;
  const joined = b.build();
  const generation = selectGeneration(c.generation, from, slotIds);
  const corpus = {
    ...joined,
    predicted: Uint8Array.from(predicted),
    ...(lists ? { valueLists: lists } : {}),
    ...(carriedGold.size > 0 ? { carriedGold } : {}),
    ...(generation ? { generation } : {}),
  };
  return { ...loaded, corpus, warnings, needsGold: undefined, joins: [...(loaded.joins ?? []), summary] };
}
