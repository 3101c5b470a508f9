// Layer: shared (pure TS). The gold of a dataset file (MultiWOZ 2.1 data.json,
// TRADE test_dials.json, MultiWOZ 2.2 / SGD dialogues) as a corpus of its own,
// with empty predictions: every dialogue with a state, and of each dialogue the
// turns that have a state — exactly the turns joinGold (join.ts) gives a run
// scored with `--gold`, so a gold diff made on it applies to such runs.

import { CorpusBuilder } from '../model/builder';
import type { Corpus } from '../model/corpus';
import { LoadError } from './errors';
import { refError, type Reference } from './reference';

export function referenceGoldCorpus(ref: Reference): Corpus {
  if (!ref.hasState)
    throw new LoadError(
      ref.files.length <= 3 ? ref.files.join(', ') : `${ref.files.slice(0, 3).join(', ')} and ${ref.files.length - 3} more`,
      'this dialogue source has no dialogue states, so it holds no gold',
    );
  const b = new CorpusBuilder();
  const gold: number[] = [];
  for (const r of ref.dialogues.values()) {
    if (!r.turns.some((t) => t.state)) continue;
    b.beginDialogue(r.id); // ids are unique: addRefDialogue kept the first of each key
    for (const t of r.turns) {
      if (!t.state) continue;
      gold.length = 0;
      for (const [s, v] of t.state) gold.push(b.slots.intern(s), b.values.intern(v));
      const problem = b.addTurn(t.index, gold, []);
      if (problem) throw refError(ref, r, t, `dialogue ${JSON.stringify(r.id)} turn ${t.index}: ${problem}`);
    }
    const problem = b.endDialogue();
    if (problem) throw refError(ref, r, undefined, `dialogue ${JSON.stringify(r.id)}: ${problem}`);
  }
  return b.build();
}
