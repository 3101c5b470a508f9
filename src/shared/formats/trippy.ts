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

import { nearMiss } from './field-policy';
import { JsonScanner } from './json-scanner';
import { collectTurns } from './collect';
import { ElementContext, forEachElement, pathPush, UniqueKeys } from './json-walk';
import { Interner } from '../model/interner';
import { ByteInterner } from './byte-interner';
import { splitFlat, StateBuilder } from './state-policy';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';
import { trippySniffer } from './sniffers';

const PRED = 'slot_prediction_';
const GOLD = 'slot_groundtruth_';

export const trippyLoader: FormatLoader = { ...trippySniffer, load: loadTrippy };

/** TripPy's value: "none" (or empty) is inactive (null); a "§§" prefix is dropped. */
export function trippyValue(v: string): string | null {
  const s = v.startsWith('§§') ? v.slice(2) : v;
  return s === 'none' || s === '' ? null : s;
}

/** Error path: "; it has "slot_predicton_x", a misspelling?" when a key of the entry looks like the missing field. */
function nearField(missing: string, keys: readonly string[]): string {
  const near = nearMiss(missing, keys);
  return near === undefined ? '' : `; it has ${JSON.stringify(near)}: a misspelling of ${JSON.stringify(missing)}?`;
}

/** What a field name of a TripPy entry is: 0 another field, 1 a prediction, 2 a ground truth; with its slot. */
interface FieldKind {
  kind: 0 | 1 | 2;
  slot: number;
}

export function loadTrippy(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  const { corpus, warnings } = collectTurns(bytes, opts.file, (col) => {
    const sc = new JsonScanner(bytes, opts.file);
    const ctx = new ElementContext(bytes, opts.file, 0);
    const loc = ctx.loc;
    const keys = new UniqueKeys(sc);
    // Field names repeat in every entry: each is decoded and classified once.
    const names = new ByteInterner(new Interner());
    const kinds: FieldKind[] = [];
    // Raw values ("none", "§§cheap") are interned apart; each maps once to a corpus value, or -1 (inactive).
    const raw = new ByteInterner(new Interner());
    const valueOf: number[] = [];
    const gold = new StateBuilder(loc, col);
    const pred = new StateBuilder(loc, col);
    // TripPy writes both fields for every slot: per slot, the entry that last had each side, and the field read.
    const hadPred: number[] = [];
    const hadGold: number[] = [];
    const fieldOf: number[] = [];
    const entrySlots: number[] = [];
    const gctx = new ElementContext(bytes, opts.file, 0);
    forEachElement(sc, '$', 'a list of TripPy turn predictions', (i, at) => {
      ctx.at = at;
      const path = pathPush('$', i);
      sc.openObject(path, 'a turn object with "guid" and "slot_prediction_…" fields');
      gold.next();
      pred.next();
      let g: unknown;
      let guidAt = at;
      let slots = 0;
      const gen = i + 1;
      entrySlots.length = 0;
      keys.reset();
      for (let first = true; sc.nextKey(first); first = false) {
        keys.add(path);
        const keyAt = sc.keyStart - 1;
        const id = sc.internKey(names);
        let f = kinds[id];
        if (f === undefined) {
          const k = names.target.name(id);
          if (k === 'guid') f = { kind: 0, slot: -2 };
          else if (k.startsWith(PRED) || k.startsWith(GOLD)) {
            const name = k.slice(k.startsWith(PRED) ? PRED.length : GOLD.length);
            splitFlat(loc, name, { path: pathPush(path, k), at: keyAt });
            f = { kind: k.startsWith(PRED) ? 1 : 2, slot: col.flatSlot(name) };
          } else f = { kind: 0, slot: -1 };
          kinds[id] = f;
        }
        if (f.kind === 0) {
          if (f.slot === -2) {
            sc.peek();
            guidAt = sc.pos;
            gctx.at = guidAt;
            g = gctx.parse(sc, pathPush(path, 'guid'));
          } else sc.skipValue();
          continue;
        }
        slots++;
        if (!sc.isString()) sc.wrongType(pathPush(path, names.target.name(id)), 'a string value');
        const r = sc.readStringId(raw);
        let v = valueOf[r];
        if (v === undefined) {
          const value = trippyValue(raw.target.name(r));
          v = valueOf[r] = value === null ? -1 : col.value(value);
        }
        (f.kind === 1 ? pred : gold).add(f.slot, v < 0 ? null : v, names.target.name(id), keyAt, path, names.target.name(id));
        const had = f.kind === 1 ? hadPred : hadGold;
        had[f.slot] = gen;
        if ((f.kind === 1 ? hadGold : hadPred)[f.slot] !== gen) {
          entrySlots.push(f.slot);
          fieldOf[f.slot] = id;
        }
      }
      for (const slot of entrySlots) {
        if (hadPred[slot] === gen && hadGold[slot] === gen) continue;
        const present = names.target.name(fieldOf[slot]);
        const [have, lack] = present.startsWith(PRED) ? [PRED, GOLD] : [GOLD, PRED];
        const missing = lack + present.slice(have.length);
        throw ctx.error(
          path,
          `has ${JSON.stringify(present)} but no ${JSON.stringify(missing)}${nearField(missing, keys.names())} (TripPy writes both fields for every slot; a slot with one side would count as ${lack === PRED ? 'missed' : 'overshot'})`,
        );
      }
      const guidPath = pathPush(path, 'guid');
      if (g === undefined) throw ctx.error(path, 'lacks "guid" (which dialogue and turn)');
      gctx.at = guidAt;
      const guid = typeof g === 'string' ? g.split('-') : g;
      if (!Array.isArray(guid) || guid.length < 3) throw gctx.expected(guidPath, 'a list [split, dialogue id, turn]', g);
      // A dialogue id that is a number or true in the list is refused, not turned into "5" or "true".
      for (let k = 0; k < guid.length - 1; k++)
        gctx.string(
          guid[k],
          typeof g === 'string' ? guidPath : pathPush(guidPath, k),
          k === 0 ? 'the split name (a string)' : 'a dialogue id string',
        );
      const dialogue = gctx.dialogueId(guid.slice(1, -1).join('-'), guidPath);
      const index = gctx.turnIndex(guid[guid.length - 1], typeof g === 'string' ? guidPath : pathPush(guidPath, guid.length - 1));
      if (slots === 0) throw ctx.error(path, 'this entry has no "slot_prediction_…" or "slot_groundtruth_…" fields');
      col.turn(dialogue, index, gold.pairs, pred.pairs, at);
      if ((i & 0xfff) === 0) opts.onProgress?.(sc.pos / bytes.length);
    });
    sc.end();
  });
  return { corpus, format: trippyLoader.id, warnings };
}
