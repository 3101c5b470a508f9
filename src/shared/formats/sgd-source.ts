// Layer: shared (pure TS). Gold and utterance source: MultiWOZ 2.2 / SGD
// dialogue files (a list of dialogues, see sgd-dialogue.ts), and SGD's
// schema.json (a list of services with their slots; it gives K for SA).
// Alternatives of a gold value are joined with "|".

import { JsonScanner } from './json-scanner';
import { addRefDialogue, dialogueKey, emptyReference, type ReferenceLoader, type Reference, type ReferenceLoadOptions } from './reference';
import { readSgdDialogue } from './sgd-dialogue';
import { canonicalSlot } from './slot-names';
import { domainOf } from '../model/corpus';
import { ElementContext, forEachElement, isObject, parseValueHere, pathPush } from './json-walk';
import { sniffSgdDialogues } from './sniffers';

export const sgdSource: ReferenceLoader = {
  id: 'sgd',
  label: 'MultiWOZ 2.2 / SGD dialogues',
  sniff: sniffSgdDialogues,
  load(bytes: Uint8Array, opts: ReferenceLoadOptions): Reference {
    const sc = new JsonScanner(bytes, opts.file);
    const ref = emptyReference(sgdSource.id, opts.file);
    ref.valueLists = new Map(); // values are lists here: one not in the map is one value, even with a "|" in it
    const ctx = new ElementContext(bytes, opts.file, 0);
    forEachElement(sc, '$', 'a list of dialogues (MultiWOZ 2.2 / SGD layout)', (i, at) => {
      ctx.at = at;
      const path = pathPush('$', i);
      const { id, turns } = readSgdDialogue(ctx, parseValueHere(sc, path), path);
      if (opts.wanted && !opts.wanted.has(dialogueKey(id))) return;
      addRefDialogue(ref, {
        id,
        turns: turns.map((t) => ({
          index: t.index,
          system: t.system,
          user: t.user,
          state: t.state.map(([s, v]) => [s, joinList(ref, v)]),
          pos: t.pos,
          carried: t.state.filter(([s]) => !t.present.has(domainOf(s))).map(([s]) => s),
        })),
        place: { file: opts.file, at, path, turnsKey: 'turns' },
      });
    });
    sc.end();
    return ref;
  },
};

/** A list of acceptable values as the state holds it ("a|b"), remembering the list itself. */
function joinList(ref: Reference, v: string[]): string {
  const joined = v.join('|');
  if (v.length > 1) ref.valueLists!.set(joined, v);
  return joined;
}

export const sgdSchemaSource: ReferenceLoader = {
  id: 'sgd-schema',
  label: 'SGD schema.json',
  sniff(head) {
    if (!/^\uFEFF?\s*\[\s*\{/.test(head) || !/"service_name"\s*:/.test(head)) return 'no';
    if (/"slots"\s*:\s*\[/.test(head)) return 'yes';
    return { near: 'services have "service_name" but no "slots" list' };
  },
  load(bytes: Uint8Array, opts: ReferenceLoadOptions): Reference {
    const sc = new JsonScanner(bytes, opts.file);
    const ref = emptyReference(sgdSchemaSource.id, opts.file);
    const ctx = new ElementContext(bytes, opts.file, 0);
    const slots: string[] = [];
    forEachElement(sc, '$', 'a list of services (SGD schema.json)', (i, at) => {
      ctx.at = at;
      const path = pathPush('$', i);
      const s = ctx.object(parseValueHere(sc, path), path, 'a service object with "service_name" and "slots"');
      const name = ctx.string(ctx.field(s, 'service_name', path, 'the service name'), pathPush(path, 'service_name'), 'a service name');
      const list = ctx.array(ctx.field(s, 'slots', path, 'the slots'), pathPush(path, 'slots'), 'a list of slots');
      list.forEach((slot, k) => {
        const p = pathPush(pathPush(path, 'slots'), k);
        const n = isObject(slot) ? slot.name : slot;
        slots.push(canonicalSlot(name, ctx.string(n, p, 'a slot {"name": …}')));
      });
    });
    sc.end();
    ref.schemaSlots = [...new Set(slots)];
    return ref;
  },
};
