// Layer: shared (pure TS). Writes a corpus in the FGA/GCA per-turn layout
// (read back by fga.ts): {dialogue: {turn: {"gt": {domain: {slot: value}}, "pr": {…}}}}.
// The domain is the canonical slot name up to its first '-'. Utterances are not
// part of this layout and are not written. Yields one chunk per dialogue.

import type { Corpus } from '../model/corpus';

function nested(c: Corpus, pairs: Int32Array, start: number, len: number): Record<string, Record<string, string>> {
  // Null-prototype objects: a slot or domain named "__proto__" stays an ordinary key.
  const out: Record<string, Record<string, string>> = Object.create(null);
  for (let k = start; k < start + len; k++) {
    const name = c.slots.name(pairs[2 * k]);
    const cut = name.indexOf('-');
    const domain = cut < 0 ? name : name.slice(0, cut);
    const slot = cut < 0 ? '' : name.slice(cut + 1);
    (out[domain] ??= Object.create(null))[slot] = c.values.name(pairs[2 * k + 1]);
  }
  return out;
}

export function* writeFga(c: Corpus): Generator<string> {
  yield '{';
  for (let d = 0; d < c.dialogueIds.length; d++) {
    const turns: string[] = [];
    for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++) {
      const gt = nested(c, c.goldPairs, c.goldStart[i], c.goldLen[i]);
      const pr = nested(c, c.predPairs, c.predStart[i], c.predLen[i]);
      turns.push(`\n  ${JSON.stringify(String(c.turnIndex[i]))}: ${JSON.stringify({ gt, pr })}`);
    }
    yield `${d > 0 ? ',' : ''}\n ${JSON.stringify(c.dialogueIds[d])}: {${turns.join(',')}\n }`;
  }
  yield '\n}\n';
}
