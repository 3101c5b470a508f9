// Layer: shared (pure TS). Loader for mwzeval predictions (the input of
// github.com/Tomiinek/MultiWOZ_Evaluation, evaluate.py / Evaluator):
//   { "sng01856": [ {"response": "…", "state": {"hotel": {"area": "centre", "people": "2"}},
//                    "active_domains": ["hotel"]}, … ] }
// Ids are lower case without ".json"; item t is user turn t. The file has no
// gold: it needs a gold source (--gold data.json or MultiWOZ 2.2 dialogues).
// Free-form slot names (`leave`, `arrive`, `people`, `price`) are made canonical.

import { JsonScanner } from './json-scanner';
import { collectTurns } from './collect';
import { forEachElement, forEachMember, IdSet, pathPush, UniqueKeys } from './json-walk';
import { StateReader } from './state-reader';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';
import { plural } from '../plural';

export const mwzevalLoader: FormatLoader = {
  id: 'mwzeval',
  label: 'mwzeval predictions JSON',
  sniff(head) {
    const m = /^\uFEFF?\s*\{\s*"(?:[^"\\]|\\.)*"\s*:\s*\[\s*(\{\s*"([^"]*)"|\])/.exec(head);
    if (!m) return 'no';
    if (/"state"\s*:\s*\{/.test(head)) return 'yes';
    if (m[2] === 'response' || m[2] === 'active_domains')
      return { near: 'turns have "response" but no "state" (response-only predictions have nothing to score)' };
    return 'no';
  },
  load: loadMwzeval,
};

export function loadMwzeval(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  const { corpus, warnings } = collectTurns(bytes, opts.file, (col) => {
    const sc = new JsonScanner(bytes, opts.file);
    const states = new StateReader(col, sc);
    const keys = new UniqueKeys(sc);
    let withoutState = 0;
    const ids = new IdSet(bytes, opts.file);
    forEachMember(sc, '$', 'an object of dialogues {id: [turn, …]} (mwzeval layout)', (id, at) => {
      const path = pathPush('$', id);
      ids.add(id, at, path);
      forEachElement(sc, path, 'a list of turns {"response", "state"}', (t, tAt) => {
        const p = pathPush(path, t);
        sc.openObject(p, 'a turn object {"response", "state"}');
        let pred: number[] | undefined;
        keys.reset();
        for (let first = true; sc.nextKey(first); first = false) {
          keys.add(p);
          if (sc.keyIs('state')) pred = states.object(pathPush(p, 'state'), { lists: 'first' });
          else sc.skipValue();
        }
        if (!pred) withoutState++;
        col.turn(id, t, [], pred ?? [], tAt);
      });
    });
    sc.end();
    if (withoutState > 0)
      col.warnings.push(
        `${plural(withoutState, 'turn')} ${withoutState === 1 ? 'has' : 'have'} no "state"; ${withoutState === 1 ? 'it counts as an empty prediction' : 'they count as empty predictions'}`,
      );
  });
  return { corpus, format: mwzevalLoader.id, warnings, needsGold: 'mwzeval predictions carry no gold states' };
}
