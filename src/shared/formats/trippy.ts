// Layer: shared (pure TS). Loader for TripPy's `pred_res.<split>.<step>.json`,
// written by TripPy's run_dst.py (gitlab.cs.uni-duesseldorf.de/general/dsml/trippy-public,
// predict_and_format):
//   [ { "guid": ["test", "MUL0001.json", "3"],
//       "slot_prediction_hotel-book_people": "2", "slot_groundtruth_hotel-book_people": "2", … } ]
// Quirks: every slot is listed, "none" meaning inactive (so it is dropped);
// values copied from system informs are prefixed with "§§", which is removed;
// slot names like `taxi-leaveAt` and `hotel-book_people` are made canonical.
// The fields are read with the reading rule of state-policy.ts: a slot listed
// twice (the same field, or two spellings of one slot) is an error.

import { JsonScanner } from './json-scanner';
import { collectTurns } from './collect';
import { ElementContext, forEachElement, parseValueHere, pathPush, UniqueKeys } from './json-walk';
import { Locator, splitFlat, StateBuilder } from './state-policy';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';

const PRED = 'slot_prediction_';
const GOLD = 'slot_groundtruth_';

export const trippyLoader: FormatLoader = {
  id: 'trippy',
  label: 'TripPy pred_res JSON',
  sniff(head) {
    if (!/^\uFEFF?\s*\[\s*\{/.test(head)) return 'no';
    const hasGuid = /"guid"\s*:/.test(head);
    const hasPred = /"slot_prediction_/.test(head);
    if (hasGuid && hasPred) return 'yes';
    if (hasPred) return { near: 'entries have "slot_prediction_…" but no "guid"' };
    if (hasGuid && /"slot_groundtruth_/.test(head)) return { near: 'entries have "slot_groundtruth_…" but no "slot_prediction_…"' };
    return 'no';
  },
  load: loadTrippy,
};

/** TripPy's value: "none" (or empty) is inactive (null); a "§§" prefix is dropped. */
export function trippyValue(v: string): string | null {
  const s = v.startsWith('§§') ? v.slice(2) : v;
  return s === 'none' || s === '' ? null : s;
}

export function loadTrippy(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  const { corpus, warnings } = collectTurns(bytes, opts.file, (col) => {
    const sc = new JsonScanner(bytes, opts.file);
    const ctx = new ElementContext(bytes, opts.file, 0);
    const loc = new Locator(bytes, opts.file);
    const keys = new UniqueKeys(sc);
    forEachElement(sc, '$', 'a list of TripPy turn predictions', (i, at) => {
      ctx.at = at;
      const path = pathPush('$', i);
      sc.openObject(path, 'a turn object with "guid" and "slot_prediction_…" fields');
      const gold = new StateBuilder(loc, col);
      const pred = new StateBuilder(loc, col);
      let g: unknown;
      let guidAt = at;
      let slots = 0;
      keys.reset();
      for (let first = true; sc.nextKey(first); first = false) {
        keys.add(path);
        const keyAt = sc.keyStart - 1;
        if (sc.keyIs('guid')) {
          sc.peek();
          guidAt = sc.pos;
          g = parseValueHere(sc, pathPush(path, 'guid'));
          continue;
        }
        const k = sc.key();
        const isPred = k.startsWith(PRED);
        if (!isPred && !k.startsWith(GOLD)) {
          sc.skipValue();
          continue;
        }
        slots++;
        const place = { path: pathPush(path, k), at: keyAt };
        if (!sc.isString()) sc.wrongType(place.path, 'a string value');
        const value = trippyValue(sc.readString());
        const name = k.slice(isPred ? PRED.length : GOLD.length);
        splitFlat(loc, name, place);
        (isPred ? pred : gold).add(col.flatSlot(name), value === null ? null : col.value(value), k, place);
      }
      const guidPath = pathPush(path, 'guid');
      if (g === undefined) throw ctx.error(path, 'lacks "guid" (which dialogue and turn)');
      const gctx = new ElementContext(bytes, opts.file, guidAt);
      const guid = typeof g === 'string' ? g.split('-') : g;
      if (!Array.isArray(guid) || guid.length < 3) throw gctx.expected(guidPath, 'a list [split, dialogue id, turn]', g);
      const dialogue = gctx.string(guid.slice(1, -1).join('-'), guidPath, 'a dialogue id');
      const index = gctx.turnIndex(guid[guid.length - 1], pathPush(guidPath, guid.length - 1));
      if (slots === 0) throw ctx.error(path, 'this entry has no "slot_prediction_…" or "slot_groundtruth_…" fields');
      col.turn(dialogue, index, gold.pairs, pred.pairs, at);
      if ((i & 0xfff) === 0) opts.onProgress?.(sc.pos / bytes.length);
    });
    sc.end();
  });
  return { corpus, format: trippyLoader.id, warnings };
}
