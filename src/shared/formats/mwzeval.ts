// Layer: shared (pure TS). Loader for mwzeval predictions (the input of
// github.com/Tomiinek/MultiWOZ_Evaluation, evaluate.py / Evaluator):
//   { "sng01856": [ {"response": "…", "state": {"hotel": {"area": "centre", "people": "2"}},
//                    "active_domains": ["hotel"]}, … ] }
// Ids are lower case without ".json"; item t is user turn t. The file has no
// gold: it needs a gold source (--gold data.json or MultiWOZ 2.2 dialogues).
// Free-form slot names (`leave`, `arrive`, `people`, `price`) are made canonical.

import { JsonScanner } from './json-scanner';
import { collectTurns } from './collect';
import { readState } from './nested-state';
import { ElementContext, forEachMember, IdSet, isObject, parseValueHere, pathPush } from './json-walk';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';

export const mwzevalLoader: FormatLoader = {
  id: 'mwzeval',
  label: 'mwzeval predictions JSON',
  sniff(head) {
    const m = /^\uFEFF?\s*\{\s*"(?:[^"\\]|\\.)*"\s*:\s*\[\s*(\{\s*"([^"]*)"|\])/.exec(head);
    if (!m) return 'no';
    if (/"state"\s*:\s*\{/.test(head)) return 'yes';
    if (m[2] === 'response' || m[2] === 'active_domains') return { near: 'turns have "response" but no "state" (response-only predictions have nothing to score)' };
    return 'no';
  },
  load: loadMwzeval,
};

export function loadMwzeval(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  const { corpus, warnings } = collectTurns(bytes, opts.file, (col) => {
    const sc = new JsonScanner(bytes, opts.file);
    const ctx = new ElementContext(bytes, opts.file, 0);
    let withoutState = 0;
    const ids = new IdSet(bytes, opts.file);
    forEachMember(sc, '$', 'an object of dialogues {id: [turn, …]} (mwzeval layout)', (id, at) => {
      ctx.at = at;
      const path = pathPush('$', id);
      ids.add(id, at, path);
      const turns = ctx.array(parseValueHere(sc), path, 'a list of turns {"response", "state"}');
      turns.forEach((turn, t) => {
        const p = pathPush(path, t);
        const obj = ctx.object(turn, p, 'a turn object {"response", "state"}');
        if (!isObject(obj.state)) withoutState++;
        const pred = obj.state === undefined ? [] : readState(col, ctx, obj.state, pathPush(p, 'state'), { lists: 'first' });
        col.turn(id, t, [], pred, at);
      });
    });
    sc.end();
    if (withoutState > 0) col.warnings.push(`${withoutState} turn(s) have no "state"; they count as empty predictions`);
  });
  return { corpus, format: mwzevalLoader.id, warnings, needsGold: 'mwzeval predictions carry no gold states' };
}
