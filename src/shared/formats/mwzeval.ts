// Layer: shared (pure TS). Loader for mwzeval predictions (the input of
// github.com/Tomiinek/MultiWOZ_Evaluation, evaluate.py / Evaluator):
//   { "sng01856": [ {"response": "…", "state": {"hotel": {"area": "centre", "people": "2"}},
//                    "active_domains": ["hotel"]}, … ] }
// Ids are lower case without ".json"; item t is user turn t. The file has no
// gold: it needs a gold source (--gold data.json or MultiWOZ 2.2 dialogues).
// Free-form slot names (`leave`, `arrive`, `people`, `price`) are made canonical.

import { JsonScanner } from './json-scanner';
import { collectTurns } from './collect';
import { ElementContext, forEachElement, forEachMember, IdSet, pathPush, UniqueKeys } from './json-walk';
import { missingKey } from './field-policy';
import { StateReader } from './state-reader';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';
import { plural } from '../plural';
import { MWZEVAL_KEYS, mwzevalSniffer } from './sniffers';

export const mwzevalLoader: FormatLoader = { ...mwzevalSniffer, load: loadMwzeval };

export function loadMwzeval(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  const { corpus, warnings, scoreNotes } = collectTurns(bytes, opts.file, (col) => {
    const sc = new JsonScanner(bytes, opts.file);
    const states = new StateReader(col, sc);
    const keys = new UniqueKeys(sc);
    let withoutState = 0;
    const ids = new IdSet(bytes, opts.file);
    const ctx = new ElementContext(bytes, opts.file, 0);
    forEachMember(sc, '$', 'an object of dialogues {id: [turn, …]} (mwzeval layout)', (id, at) => {
      const path = pathPush('$', id);
      ctx.at = at;
      ctx.dialogueId(id, path);
      ids.add(id, at, path);
      forEachElement(sc, path, 'a list of turns {"response", "state"}', (t, tAt) => {
        const p = pathPush(path, t);
        sc.openObject(p, 'a turn object {"response", "state"}');
        let pred: number[] | undefined;
        let unknown = false;
        keys.reset();
        for (let first = true; sc.nextKey(first); first = false) {
          keys.add(p);
          if (sc.keyIs('state')) pred = states.object(pathPush(p, 'state'), { lists: 'first' });
          else {
            if (!sc.keyIs('response') && !sc.keyIs('active_domains')) unknown = true;
            sc.skipValue();
          }
        }
        // A turn without "state" counts as an empty prediction (mwzeval scores responses too), unless it has
        // a key mwzeval does not know ("stat"): then the state is most likely misspelt, and that is an error.
        if (!pred && unknown) {
          ctx.at = tAt;
          throw ctx.error(p, missingKey('state', 'the predicted state', keys.names(), MWZEVAL_KEYS));
        }
        if (!pred) withoutState++;
        col.turn(id, t, [], pred ?? [], tAt);
      });
    });
    sc.end();
    if (withoutState > 0)
      col.scoreNotes.push(
        `${plural(withoutState, 'turn')} ${withoutState === 1 ? 'has' : 'have'} no "state"; ${withoutState === 1 ? 'it counts as an empty prediction' : 'they count as empty predictions'}`,
      );
  });
  return { corpus, format: mwzevalLoader.id, warnings, scoreNotes, needsGold: 'mwzeval predictions carry no gold states' };
}
