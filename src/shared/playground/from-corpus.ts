// Layer: shared (pure TS). "Open in playground": one dialogue of a loaded
// corpus written as the playground's text — its turns in the FGA/GCA
// per-turn layout ({"<turn>": {"gt": {domain: {slot: value}}, "pr": …}}),
// canonical slot names split at the first '-', explicit "none" values kept,
// and the turn's utterances as extra "system"/"user" keys when the corpus has
// them (the FGA loader skips keys other than "gt" and "pr", so the text
// scores exactly as the dialogue did).

import { domainOf, type Corpus } from '../model/corpus';

type State = Record<string, Record<string, string>>;

function stateOf(corpus: Corpus, pairs: Int32Array, start: number, len: number): State {
  const out: State = {};
  for (let k = start; k < start + len; k++) {
    const slot = corpus.slots.name(pairs[2 * k]);
    const domain = domainOf(slot);
    (out[domain] ??= {})[slot.slice(domain.length + 1)] = corpus.values.name(pairs[2 * k + 1]);
  }
  return out;
}

/** Dialogue d of the corpus as the playground's JSON text (2-space indentation, a final newline). */
export function playgroundText(corpus: Corpus, d: number): string {
  const turns: Record<string, unknown> = {};
  for (let i = corpus.dialogueStart[d]; i < corpus.dialogueStart[d + 1]; i++) {
    // "gt" and "pr" first: layout detection reads the first keys of the first turn.
    const turn: Record<string, unknown> = {
      gt: stateOf(corpus, corpus.goldPairs, corpus.goldStart[i], corpus.goldLen[i]),
      pr: stateOf(corpus, corpus.predPairs, corpus.predStart[i], corpus.predLen[i]),
    };
    const system = corpus.utterances?.system[i];
    const user = corpus.utterances?.user[i];
    if (system !== undefined && system !== '') turn.system = system;
    if (user !== undefined && user !== '') turn.user = user;
    turns[String(corpus.turnIndex[i])] = turn;
  }
  return JSON.stringify(turns, null, 2) + '\n';
}

/** A file's text (FGA/GCA layout, one dialogue) as the playground's text: the dialogue's id and its turns. */
export function playgroundDialogueOf(fileText: string): { id: string; text: string } {
  const obj = JSON.parse(fileText) as Record<string, unknown>;
  const ids = Object.keys(obj);
  if (ids.length !== 1) throw new Error(`expected one dialogue, found ${ids.length}`);
  return { id: ids[0], text: JSON.stringify(obj[ids[0]], null, 2) + '\n' };
}

/** The playground's dialogue as a file in the FGA/GCA per-turn layout (what "Save" writes; the CLI reads it as is). */
export function playgroundFile(id: string, text: string): string {
  const body = text.replace(/\s+$/, '');
  const indented = body.replace(/\n/g, '\n  ');
  return `{\n  ${JSON.stringify(id)}: ${indented}\n}\n`;
}
