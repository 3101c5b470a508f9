// Layer: shared (pure TS). Gold source: one cumulative state per user turn,
// per dialogue — the `gold_states.json` Sun et al. 2024 score their CSVs with
// (jennycs0830/Confidence_Score_DST, built by mwzeval/utils.py
// load_multiwoz22: MultiWOZ 2.2 frames, dontcare left out, first value of
// each list, slot names after the domain):
//   {"mul0371": [{"train": {"arriveby": "16:30", "day": "saturday"}}, {…}, …], …}
// Turn t of a dialogue is the t-th element. Slot names are made canonical
// (arriveby, bookday, … → TRADE's); values are kept verbatim. A value that is
// a list keeps its first element, as load_multiwoz22 does.

import { JsonScanner } from './json-scanner';
import { ElementContext, forEachMember, pathPush } from './json-walk';
import {
  addRefDialogue,
  dialogueKey,
  emptyReference,
  type RefTurn,
  type Reference,
  type ReferenceLoader,
  type ReferenceLoadOptions,
} from './reference';
import { MULTIWOZ_DOMAINS, canonicalSlot } from './slot-names';

const DOMAIN_LIST = /^\uFEFF?\s*\{\s*"(?:[^"\\]|\\.)*"\s*:\s*\[\s*(?:\{\s*\}\s*,\s*)*\{\s*"([^"\\]*)"\s*:\s*\{/;

export const stateListGoldSource: ReferenceLoader = {
  id: 'state-list',
  label: 'gold states per turn {dialogue: [{domain: {slot: value}}, …]} (Sun et al. gold_states.json)',
  sniff(head) {
    const m = DOMAIN_LIST.exec(head);
    if (m && MULTIWOZ_DOMAINS.has(m[1])) return 'yes';
    return 'no';
  },
  load: loadStateList,
};

export function loadStateList(bytes: Uint8Array, opts: ReferenceLoadOptions): Reference {
  const sc = new JsonScanner(bytes, opts.file);
  const ref = emptyReference(stateListGoldSource.id, opts.file);
  const ctx = new ElementContext(bytes, opts.file, 0);
  forEachMember(sc, '$', 'an object {dialogue id: [state per user turn]}', (id, at) => {
    ctx.at = at;
    const path = pathPush('$', id);
    const list = ctx.array(ctx.parse(sc, path), path, 'a list of states, one per user turn');
    if (opts.wanted && !opts.wanted.has(dialogueKey(id))) return;
    const turns: RefTurn[] = list.map((st, t) => {
      const p = pathPush(path, t);
      const state: [string, string][] = [];
      for (const [domain, slots] of Object.entries(ctx.object(st, p, 'a state {domain: {slot: value}}'))) {
        const dPath = pathPush(p, domain);
        for (const [slot, v] of Object.entries(ctx.object(slots, dPath, 'an object {slot: value}'))) {
          const value = Array.isArray(v) ? v[0] : v;
          state.push([canonicalSlot(domain, slot), ctx.string(value, pathPush(dPath, slot), 'a value string (or a list of them)')]);
        }
      }
      return { index: t, state };
    });
    addRefDialogue(ref, { id: ctx.dialogueId(id, path), turns, place: { file: opts.file, at, path, turnsKey: '' } });
  });
  sc.end();
  ref.hasState = true;
  return ref;
}
