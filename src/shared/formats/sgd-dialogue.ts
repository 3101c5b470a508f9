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
// acceptable alternatives.

import { canonicalSlot } from './slot-names';
import { ElementContext, isObject, pathPush } from './json-walk';

export interface SgdTurn {
  index: number;
  state: [string, string[]][];
  system?: string;
  user?: string;
}

export function readSgdDialogue(ctx: ElementContext, d: unknown, path: string): { id: string; turns: SgdTurn[] } {
  const obj = ctx.object(d, path, 'a dialogue object with "dialogue_id" and "turns"');
  const id = ctx.string(ctx.field(obj, 'dialogue_id', path, 'the dialogue id'), pathPush(path, 'dialogue_id'), 'a dialogue id string');
  const tPath = pathPush(path, 'turns');
  const turns = ctx.array(ctx.field(obj, 'turns', path, 'the list of turns'), tPath, 'a list of turns');
  const carried = new Map<string, [string, string[]][]>();
  const out: SgdTurn[] = [];
  let system: string | undefined;
  turns.forEach((turn, k) => {
    const p = pathPush(tPath, k);
    const t = ctx.object(turn, p, 'a turn object with "speaker", "utterance" and "frames"');
    const speaker = ctx.string(ctx.field(t, 'speaker', p, 'USER or SYSTEM'), pathPush(p, 'speaker'), '"USER" or "SYSTEM"').toUpperCase();
    const utterance = typeof t.utterance === 'string' ? t.utterance : undefined;
    if (speaker !== 'USER') {
      system = utterance;
      return;
    }
    const fPath = pathPush(p, 'frames');
    const frames = ctx.array(ctx.field(t, 'frames', p, 'the frames with states'), fPath, 'a list of frames');
    frames.forEach((frame, j) => {
      const fp = pathPush(fPath, j);
      const f = ctx.object(frame, fp, 'a frame object with "service" and "state"');
      if (!isObject(f.state)) return;
      const service = ctx.string(ctx.field(f, 'service', fp, 'the service name'), pathPush(fp, 'service'), 'a service name');
      const svPath = pathPush(pathPush(fp, 'state'), 'slot_values');
      const sv = ctx.object(f.state.slot_values ?? {}, svPath, 'an object of slot → list of values');
      const pairs: [string, string[]][] = [];
      const prefix = `${service.toLowerCase()}-`;
      for (const [key, v] of Object.entries(sv)) {
        const vp = pathPush(svPath, key);
        const values = typeof v === 'string' ? [v] : ctx.array(v, vp, 'a list of values').map((x, i) => ctx.string(x, pathPush(vp, i), 'a string value'));
        if (values.length === 0) continue;
        const slot = key.toLowerCase().startsWith(prefix) ? key.slice(prefix.length) : key;
        pairs.push([canonicalSlot(service, slot), values]);
      }
      carried.set(service.toLowerCase(), pairs);
    });
    const state: [string, string[]][] = [];
    for (const pairs of carried.values()) state.push(...pairs);
    out.push({ index: out.length, state, system, user: utterance });
    system = undefined;
  });
  return { id, turns: out };
}
