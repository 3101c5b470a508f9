// Layer: shared (pure TS). Reads one dialogue of the MultiWOZ 2.2 / SGD layout
// (github.com/google-research-datasets/dstc8-schema-guided-dialogue;
// MultiWOZ 2.2 data/MultiWOZ_2.2/<split>/dialogues_*.json):
//   { "dialogue_id": "1_00000" | "PMUL4398.json", "services": [...],
//     "turns": [ { "speaker": "USER", "utterance": "…",
//                  "frames": [ { "service": "Hotels_1" | "hotel",
//                                "state": { "slot_values": { "number_of_beds": ["2"] } } } ] },
//                { "speaker": "SYSTEM", "utterance": "…", "frames": [...] } ] }
// Turn t is the t-th USER turn. MultiWOZ 2.2 prefixes slot keys with the
// service ("hotel-bookday"); SGD does not. SGD lists frames only for the
// services active in a turn, so each service's last state is carried over;
// the turn's state is the union over services. Values are lists of
// acceptable alternatives. States follow the reading rule of state-policy.ts
// (no empty names, each slot once — also two keys that are one slot, such as
// MultiWOZ 2.2's "hotel-bookday" and "bookday" — one frame per service and
// turn); the element was parsed with repeated keys refused (json-walk.ts).

import { canonicalSlot } from './slot-names';
import { ElementContext, pathPush } from './json-walk';
import { missingKey, nearMiss } from './field-policy';
import { checkNamesAt, EMPTY_LIST, NameTable } from './state-policy';
import { pushAll } from '../arrays';

/** Canonical slot names of every SGD / MultiWOZ 2.2 file read (ids for the reading rule's bookkeeping). */
const names = new NameTable(canonicalSlot);

/** The keys of a frame and of its state in SGD and MultiWOZ 2.2. */
const FRAME_KEYS = ['service', 'state', 'slots', 'actions', 'service_call', 'service_results'];
const STATE_KEYS = ['active_intent', 'requested_slots', 'slot_values'];

export interface SgdTurn {
  index: number;
  state: [string, string[]][];
  system?: string;
  user?: string;
  /** Position of the USER turn in the dialogue's "turns" list. */
  pos: number;
  /** Services (lower case) with a frame in this turn; the others' pairs in `state` are carried over. */
  present: Set<string>;
}

export function readSgdDialogue(ctx: ElementContext, d: unknown, path: string): { id: string; turns: SgdTurn[] } {
  const obj = ctx.object(d, path, 'a dialogue object with "dialogue_id" and "turns"');
  const idPath = pathPush(path, 'dialogue_id');
  const id = ctx.dialogueId(ctx.string(ctx.field(obj, 'dialogue_id', path, 'the dialogue id'), idPath, 'a dialogue id string'), idPath);
  const tPath = pathPush(path, 'turns');
  const turns = ctx.array(ctx.field(obj, 'turns', path, 'the list of turns'), tPath, 'a list of turns');
  const carried = new Map<string, [string, string[]][]>();
  const out: SgdTurn[] = [];
  const loc = ctx.loc;
  let system: string | undefined;
  turns.forEach((turn, k) => {
    const p = pathPush(tPath, k);
    const t = ctx.object(turn, p, 'a turn object with "speaker", "utterance" and "frames"');
    const speaker = ctx.string(ctx.field(t, 'speaker', p, 'USER or SYSTEM'), pathPush(p, 'speaker'), '"USER" or "SYSTEM"').toUpperCase();
    // Turn t is the t-th USER turn: any other speaker (a typo such as "USR") would shift every later turn.
    if (speaker !== 'USER' && speaker !== 'SYSTEM') throw ctx.expected(pathPush(p, 'speaker'), '"USER" or "SYSTEM"', t.speaker);
    const utterance = t.utterance === undefined ? undefined : ctx.string(t.utterance, pathPush(p, 'utterance'), 'an utterance string');
    if (speaker !== 'USER') {
      system = utterance;
      return;
    }
    const fPath = pathPush(p, 'frames');
    const frames = ctx.array(ctx.field(t, 'frames', p, 'the frames with states'), fPath, 'a list of frames');
    const services = new Set<string>();
    const present = new Set<string>();
    frames.forEach((frame, j) => {
      const fp = pathPush(fPath, j);
      const f = ctx.object(frame, fp, 'a frame object with "service" and "state"');
      if (f.state === undefined) {
        // System frames carry no state; a user frame without one is skipped, unless its "state" is misspelt.
        if (
          nearMiss(
            'state',
            Object.keys(f).filter((k) => !FRAME_KEYS.includes(k)),
          ) !== undefined
        )
          throw ctx.error(fp, missingKey('state', 'the dialogue state', Object.keys(f), FRAME_KEYS));
        return;
      }
      const stPath = pathPush(fp, 'state');
      const state = ctx.object(f.state, stPath, 'a state object {"slot_values": …}');
      const service = ctx.string(ctx.field(f, 'service', fp, 'the service name'), pathPush(fp, 'service'), 'a service name');
      const sPlace = { path: pathPush(fp, 'service'), at: ctx.at };
      if (service.trim() === '') throw loc.error(sPlace, 'the service name is empty');
      if (services.has(service.trim().toLowerCase()))
        throw loc.error(
          sPlace,
          `service ${JSON.stringify(service)} has two frames with a state in this turn; a turn has one state per service`,
        );
      services.add(service.trim().toLowerCase());
      const svPath = pathPush(stPath, 'slot_values');
      // Every SGD / MultiWOZ 2.2 state has "slot_values" ({} when no slot is active): without it the state is not read as empty.
      if (state.slot_values === undefined)
        throw ctx.error(stPath, missingKey('slot_values', 'the slots and their values', Object.keys(state), STATE_KEYS));
      const sv = ctx.object(state.slot_values, svPath, 'an object of slot → list of values');
      const pairs: [string, string[]][] = [];
      const claims = ctx.builder(names);
      claims.next();
      const prefix = `${service.toLowerCase()}-`;
      for (const [key, v] of Object.entries(sv)) {
        const vp = pathPush(svPath, key);
        const values =
          typeof v === 'string'
            ? [v]
            : ctx.array(v, vp, 'a list of values').map((x, i) => ctx.string(x, pathPush(vp, i), 'a string value'));
        if (values.length === 0) throw ctx.error(vp, EMPTY_LIST);
        const slot = key.toLowerCase().startsWith(prefix) ? key.slice(prefix.length) : key;
        checkNamesAt(loc, service, slot, ctx.at, svPath, key);
        const canonical = canonicalSlot(service, slot);
        claims.claim(names.intern(canonical), key, ctx.at, svPath, key);
        pairs.push([canonical, values]);
      }
      carried.set(service.toLowerCase(), pairs);
      present.add(service.toLowerCase());
    });
    const state: [string, string[]][] = [];
    for (const pairs of carried.values()) pushAll(state, pairs);
    out.push({ index: out.length, state, system, user: utterance, pos: k, present });
    system = undefined;
  });
  return { id, turns: out };
}
