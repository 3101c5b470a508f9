// Layer: shared (pure TS). A prediction file that carries gold states, used as
// a gold source (issue 18: "--gold in any layout we read that carries gold
// states, the FGA/GCA per-turn layout included"): its gold states (and any
// utterances) become a Reference, so a prediction-only file (mwzeval, LDST,
// Sun et al.'s CSV, …) can be scored against any gold at hand. Slot names are
// canonical; values stay verbatim, as in every gold source.

import { canonicaliseSlots } from './canonical';
import { LoadError } from './errors';
import { addRefDialogue, type Reference, type RefTurn } from './reference';
import type { FormatLoader } from './types';

export function predictionGold(bytes: Uint8Array, file: string, loader: FormatLoader): Reference {
  const loaded = loader.load(bytes, { file });
  if (loaded.needsGold)
    throw new LoadError(file, `${loaded.needsGold}, so this ${loader.label} file cannot give the gold; give a file that holds gold states`);
  const c = canonicaliseSlots(loaded.corpus, file);
  const ref: Reference = {
    format: loader.id,
    files: [file],
    dialogues: new Map(),
    hasState: true,
    hasText: !!c.utterances,
    warnings: [`gold read from the gold states of a prediction file (${loader.label}); its predictions are not used`],
  };
  for (let d = 0; d < c.dialogueIds.length; d++) {
    const turns: RefTurn[] = [];
    for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++) {
      const state: [string, string][] = [];
      for (let k = c.goldStart[i]; k < c.goldStart[i] + c.goldLen[i]; k++)
        state.push([c.slots.name(c.goldPairs[2 * k]), c.values.name(c.goldPairs[2 * k + 1])]);
      const t: RefTurn = { index: c.turnIndex[i], state };
      if (c.utterances?.system[i] !== undefined) t.system = c.utterances.system[i];
      if (c.utterances?.user[i] !== undefined) t.user = c.utterances.user[i];
      turns.push(t);
    }
    addRefDialogue(ref, { id: c.dialogueIds[d], turns });
  }
  return ref;
}
