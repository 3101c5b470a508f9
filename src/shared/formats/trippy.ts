// Layer: shared (pure TS). Loader for TripPy's `pred_res.<split>.<step>.json`,
// written by TripPy's run_dst.py (gitlab.cs.uni-duesseldorf.de/general/dsml/trippy-public,
// predict_and_format):
//   [ { "guid": ["test", "MUL0001.json", "3"],
//       "slot_prediction_hotel-book_people": "2", "slot_groundtruth_hotel-book_people": "2", … } ]
// Quirks: every slot is listed, "none" meaning inactive (so it is dropped);
// values copied from system informs are prefixed with "§§", which is removed;
// slot names like `taxi-leaveAt` and `hotel-book_people` are made canonical.

import { JsonScanner } from './json-scanner';
import { collectTurns } from './collect';
import { ElementContext, forEachElement, parseValueHere, pathPush } from './json-walk';
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
    forEachElement(sc, '$', 'a list of TripPy turn predictions', (i, at) => {
      ctx.at = at;
      const path = pathPush('$', i);
      const e = ctx.object(parseValueHere(sc), path, 'a turn object with "guid" and "slot_prediction_…" fields');
      const guidPath = pathPush(path, 'guid');
      const g = ctx.field(e, 'guid', path, 'which dialogue and turn');
      const guid = typeof g === 'string' ? g.split('-') : g;
      if (!Array.isArray(guid) || guid.length < 3) throw ctx.expected(guidPath, 'a list [split, dialogue id, turn]', g);
      const dialogue = ctx.string(guid.slice(1, -1).join('-'), guidPath, 'a dialogue id');
      const index = ctx.turnIndex(guid[guid.length - 1], pathPush(guidPath, guid.length - 1));
      const gold: number[] = [];
      const pred: number[] = [];
      let slots = 0;
      for (const [k, v] of Object.entries(e)) {
        const isPred = k.startsWith(PRED);
        if (!isPred && !k.startsWith(GOLD)) continue;
        slots++;
        const value = trippyValue(ctx.string(v, pathPush(path, k), 'a string value'));
        if (value === null) continue;
        const name = k.slice(isPred ? PRED.length : GOLD.length);
        const problem = col.put(isPred ? pred : gold, col.flatSlot(name), col.value(value));
        if (problem) throw ctx.error(path, `the ${isPred ? 'predicted' : 'gold'} state ${problem}`);
      }
      if (slots === 0) throw ctx.error(path, 'this entry has no "slot_prediction_…" or "slot_groundtruth_…" fields');
      col.turn(dialogue, index, gold, pred, at);
      if ((i & 0xfff) === 0) opts.onProgress?.(sc.pos / bytes.length);
    });
    sc.end();
  });
  return { corpus, format: trippyLoader.id, warnings };
}
