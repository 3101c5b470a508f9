// Layer: shared (pure TS). Gold and utterance source: TRADE's `test_dials.json`
// (made by TRADE's create_data.py, read by TRADE and SOM-DST):
//   [ { "dialogue_idx": "PMUL1635.json", "domains": [...],
//       "dialogue": [ { "turn_idx": 0, "system_transcript": "", "transcript": "user text",
//                       "belief_state": [ {"slots": [["hotel-book day", "sunday"]], "act": "inform"} ] } ] } ]
// States follow the reading rule of state-policy.ts (no empty names, each slot once).
// A "turn_idx" written twice in one dialogue is an error at the second turn,
// naming the first (TRADE's create_data.py numbers the turns 0, 1, 2, …).

import { JsonScanner } from './json-scanner';
import {
  addRefDialogue,
  dialogueKey,
  emptyReference,
  repeatedRefTurn,
  type RefPlace,
  type RefTurn,
  type ReferenceLoader,
  type Reference,
  type ReferenceLoadOptions,
} from './reference';
import { canonicalFlatSlot, canonicalSlot } from './slot-names';
import { ElementContext, forEachElement, isObject, pathPush } from './json-walk';
import { missingKey, nearMiss } from './field-policy';
import { NameTable, splitFlat } from './state-policy';

export const tradeDialsSource: ReferenceLoader = {
  id: 'trade-dials',
  label: 'TRADE test_dials.json',
  sniff(head) {
    if (!/^\uFEFF?\s*\[\s*\{/.test(head) || !/"dialogue_idx"\s*:/.test(head)) return 'no';
    if (/"dialogue"\s*:\s*\[/.test(head)) return 'yes';
    return { near: 'entries have "dialogue_idx" but no "dialogue" list' };
  },
  load: loadTradeDials,
};

/** The keys of a turn in TRADE's test_dials.json (create_data.py). */
const TURN_KEYS = ['turn_idx', 'system_transcript', 'transcript', 'belief_state', 'turn_label', 'system_acts', 'domain', 'turn_domain'];

export function loadTradeDials(bytes: Uint8Array, opts: ReferenceLoadOptions): Reference {
  const sc = new JsonScanner(bytes, opts.file);
  const ref = emptyReference(tradeDialsSource.id, opts.file);
  const ctx = new ElementContext(bytes, opts.file, 0);
  const names = new NameTable(canonicalSlot);
  forEachElement(sc, '$', 'a list of dialogues (TRADE test_dials.json)', (i, at) => {
    ctx.at = at;
    const path = pathPush('$', i);
    const d = ctx.object(ctx.parse(sc, path), path, 'a dialogue object with "dialogue_idx" and "dialogue"');
    const idPath = pathPush(path, 'dialogue_idx');
    const id = ctx.dialogueId(ctx.string(ctx.field(d, 'dialogue_idx', path, 'the dialogue id'), idPath, 'a dialogue id string'), idPath);
    if (opts.wanted && !opts.wanted.has(dialogueKey(id))) return;
    const dPath = pathPush(path, 'dialogue');
    const list = ctx.array(ctx.field(d, 'dialogue', path, 'the list of turns'), dPath, 'a list of turns');
    let last = -1;
    let increasing = true;
    const turns: RefTurn[] = list.map((turn, k) => {
      const p = pathPush(dPath, k);
      const t = ctx.object(turn, p, 'a turn object');
      const index = ctx.turnIndex(ctx.field(t, 'turn_idx', p, 'the turn index'), pathPush(p, 'turn_idx'));
      if (index <= last) increasing = false;
      last = index;
      // A turn without "belief_state" has no gold state here (not an empty one); a misspelt key is an error.
      if (
        t.belief_state === undefined &&
        nearMiss(
          'belief_state',
          Object.keys(t).filter((k) => !TURN_KEYS.includes(k)),
        ) !== undefined
      )
        throw ctx.error(p, missingKey('belief_state', 'the gold state', Object.keys(t), TURN_KEYS));
      const state: [string, string][] | undefined = t.belief_state === undefined ? undefined : [];
      const claims = ctx.builder(names);
      claims.next();
      const bs =
        t.belief_state === undefined ? [] : ctx.array(t.belief_state, pathPush(p, 'belief_state'), 'a list of {"slots": [[slot, value]]}');
      bs.forEach((b, j) => {
        const bp = pathPush(pathPush(p, 'belief_state'), j);
        const slots = isObject(b) && Array.isArray(b.slots) ? b.slots : null;
        if (!slots) throw ctx.expected(bp, 'an object {"slots": [[slot, value]], "act": …}', b);
        slots.forEach((sv, m) => {
          const sPath = pathPush(bp, 'slots');
          if (!Array.isArray(sv) || typeof sv[0] !== 'string' || typeof sv[1] !== 'string')
            throw ctx.expected(pathPush(sPath, m), 'a [slot, value] pair of strings', sv);
          const [domain, slot] = splitFlat(ctx.loc, sv[0], { path: pathPush(sPath, m), at: ctx.at });
          claims.claim(names.slot(domain, slot), sv[0], ctx.at, sPath, m);
          state!.push([canonicalFlatSlot(sv[0]), sv[1]]);
        });
      });
      const text = (v: unknown, key: string) => (v === undefined ? undefined : ctx.string(v, pathPush(p, key), 'an utterance string'));
      const system = text(t.system_transcript, 'system_transcript');
      return { index, state, system: index > 0 ? system : system || undefined, user: text(t.transcript, 'transcript'), pos: k };
    });
    const place: RefPlace = { file: opts.file, at, path, turnsKey: 'dialogue' };
    // Only when the indices are not 0, 1, 2, … in file order: is one written twice?
    if (!increasing) repeatedRefTurn(bytes, place, id, turns, (k) => (list[k] as Record<string, unknown>).turn_idx);
    addRefDialogue(ref, { id, turns, place });
  });
  sc.end();
  return ref;
}
