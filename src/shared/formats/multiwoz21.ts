// Layer: shared (pure TS). Gold and utterance source: MultiWOZ 2.1 `data.json`
// (github.com/budzianowski/multiwoz, data/MultiWOZ_2.1):
//   { "SNG01856.json": { "goal": {...}, "log": [ {"text": "user turn 0", "metadata": {}},
//       {"text": "system", "metadata": {"hotel": {"book": {"booked": [], "day": "sunday"},
//                                                "semi": {"area": "", "pricerange": "not mentioned"}}}}, … ] } }
// User turn t is log[2t]; the system turn before it is log[2t-1]; the state
// after user turn t is log[2t+1].metadata. "" and "not mentioned" mean
// inactive (every slot is listed); "booked" is not a slot. Slot spellings
// (`leaveAt`, `arriveBy`, plain book keys) are made canonical. States follow
// the reading rule of state-policy.ts (no empty names; each active slot once,
// also across "semi" and "book"); a "metadata" that is not an object is an error.

import { JsonScanner } from './json-scanner';
import {
  addRefDialogue,
  dialogueKey,
  emptyReference,
  type RefTurn,
  type ReferenceLoader,
  type Reference,
  type ReferenceLoadOptions,
} from './reference';
import { canonicalSlot } from './slot-names';
import { ElementContext, forEachMember, isObject, parseValueHere, pathPush } from './json-walk';
import { missingKey, nearMiss } from './field-policy';
import { checkNamesAt, NameTable } from './state-policy';

export const multiwoz21Source: ReferenceLoader = {
  id: 'multiwoz21',
  label: 'MultiWOZ 2.1 data.json',
  sniff(head) {
    if (!/^\uFEFF?\s*\{\s*"(?:[^"\\]|\\.)*"\s*:\s*\{/.test(head)) return 'no';
    if (/"log"\s*:\s*\[/.test(head)) return 'yes';
    if (/"goal"\s*:/.test(head)) return { near: 'dialogues have "goal" but no "log" list' };
    return 'no';
  },
  load: loadMultiwoz21,
};

const EMPTY = new Set(['', 'not mentioned']);
/** The keys of a log entry in MultiWOZ 2.1's data.json. */
const LOG_KEYS = ['text', 'metadata', 'dialog_act', 'span_info', 'turn_id'];

/** The utterance of a log entry; an entry whose "text" is not a string is an error, not a silent gap. */
function textOf(ctx: ElementContext, entry: unknown, path: string): string | undefined {
  if (entry === undefined) return undefined;
  const e = ctx.object(entry, path, 'a log entry object with "text"');
  if (e.text === undefined) return undefined;
  if (typeof e.text !== 'string') throw ctx.expected(pathPush(path, 'text'), 'a string', e.text);
  return e.text;
}

const names = new NameTable(canonicalSlot);

function stateOf(ctx: ElementContext, entry: unknown, path: string): [string, string][] | undefined {
  if (entry === undefined) return undefined;
  const e = ctx.object(entry, path, 'a log entry object with "text" and "metadata"');
  if (e.metadata === undefined) {
    // A system entry without "metadata" gives its turn no gold state; a misspelt one ("metadta") is an error.
    if (
      nearMiss(
        'metadata',
        Object.keys(e).filter((k) => !LOG_KEYS.includes(k)),
      ) !== undefined
    )
      throw ctx.error(path, missingKey('metadata', 'the dialogue state', Object.keys(e), LOG_KEYS));
    return undefined;
  }
  const mPath = pathPush(path, 'metadata');
  const metadata = ctx.object(e.metadata, mPath, 'an object of domains {"semi": …, "book": …}');
  if (Object.keys(metadata).length === 0) return undefined;
  const out: [string, string][] = [];
  const claims = ctx.builder(names);
  claims.next();
  for (const [domain, parts] of Object.entries(metadata)) {
    if (!isObject(parts)) throw ctx.expected(pathPush(mPath, domain), 'an object with "semi" and "book"', parts);
    const other = Object.keys(parts).filter((k) => k !== 'semi' && k !== 'book');
    for (const part of ['semi', 'book'])
      if (parts[part] === undefined && nearMiss(part, other) !== undefined)
        throw ctx.error(
          pathPush(mPath, domain),
          missingKey(part, part === 'semi' ? 'the informable slots' : 'the booking slots', Object.keys(parts), ['semi', 'book']),
        );
    for (const part of ['semi', 'book']) {
      const slots = parts[part];
      if (slots === undefined) continue;
      const pPath = pathPush(pathPush(mPath, domain), part);
      for (const [slot, v] of Object.entries(ctx.object(slots, pPath, 'an object of slot → value'))) {
        if (slot === 'booked') continue;
        if (typeof v !== 'string') throw ctx.expected(pathPush(pPath, slot), 'a string value', v);
        // Every slot is listed, most of them inactive: only active ones are slots of the state
        // (a key written twice was refused when the dialogue was parsed).
        if (EMPTY.has(v)) continue;
        checkNamesAt(ctx.loc, domain, slot, ctx.at, pPath, slot);
        const id = names.slot(domain, slot);
        claims.claim(id, `${domain}.${part}.${slot}`, ctx.at, pPath, slot);
        out.push([names.slotName(id), v]);
      }
    }
  }
  return out;
}

export function loadMultiwoz21(bytes: Uint8Array, opts: ReferenceLoadOptions): Reference {
  const sc = new JsonScanner(bytes, opts.file);
  const ref = emptyReference(multiwoz21Source.id, opts.file);
  const ctx = new ElementContext(bytes, opts.file, 0);
  forEachMember(sc, '$', 'an object of dialogues {id: {log: [...]}} (MultiWOZ 2.1 data.json)', (id, at) => {
    if (opts.wanted && !opts.wanted.has(dialogueKey(id))) {
      sc.skipValue();
      return;
    }
    ctx.at = at;
    const path = pathPush('$', id);
    ctx.dialogueId(id, path);
    const d = ctx.object(parseValueHere(sc, path), path, 'a dialogue object with a "log" list');
    const log = ctx.array(ctx.field(d, 'log', path, 'the list of utterances'), pathPush(path, 'log'), 'a list of utterances');
    const turns: RefTurn[] = [];
    for (let t = 0; 2 * t < log.length; t++) {
      const state = stateOf(ctx, log[2 * t + 1], pathPush(pathPush(path, 'log'), 2 * t + 1));
      const logPath = pathPush(path, 'log');
      // pos: the entry with the turn's state (log[2t+1]), else the user's entry.
      turns.push({
        index: t,
        state,
        user: textOf(ctx, log[2 * t], pathPush(logPath, 2 * t)),
        system: t > 0 ? textOf(ctx, log[2 * t - 1], pathPush(logPath, 2 * t - 1)) : undefined,
        pos: 2 * t + 1 < log.length ? 2 * t + 1 : 2 * t,
      });
    }
    addRefDialogue(ref, { id, turns, place: { file: opts.file, at, path, turnsKey: 'log' } });
  });
  sc.end();
  return ref;
}
