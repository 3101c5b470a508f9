// Test helper: plants label errors in a copy of the 100-dialogue SOM-DST
// fixture — gold values changed, removed and added where the prediction was
// right — and says where each one starts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalSlot } from '../../src/shared/formats/slot-names';
import { FIXTURES } from './fixtures';

type State = Record<string, Record<string, string>>;
type Fga = Record<string, Record<string, { gt: State; pr: State }>>;

export interface Planted {
  kind: 'changed' | 'removed' | 'added';
  dialogue: string;
  turn: number;
  slot: string;
  from: string | null;
  to: string | null;
}

export const SOM = join(FIXTURES, 'multiwoz-somdst-100');
const UNSAID = new Set(['dontcare', 'yes', 'no', 'none']);
/** Slots to add per domain, with values that are plausible but not in the dialogue. */
const ADD: Record<string, [string, string[]][]> = {
  hotel: [
    ['stars', ['3', '2']],
    ['area', ['west', 'south']],
    ['parking', ['yes']],
  ],
  restaurant: [
    ['area', ['north', 'south']],
    ['food', ['korean', 'turkish']],
  ],
  train: [
    ['day', ['sunday', 'saturday']],
    ['people', ['6', '7']],
  ],
  attraction: [
    ['area', ['east', 'west']],
    ['type', ['theatre', 'boat']],
  ],
  taxi: [
    ['leaveat', ['13:45', '09:15']],
    ['arriveby', ['11:30', '14:45']],
  ],
};

function texts(): Map<string, string> {
  const data = JSON.parse(readFileSync(join(SOM, 'dialogues.json'), 'utf8')) as Record<string, { log: { text: string }[] }>;
  return new Map(
    Object.entries(data).map(([id, d]) => [
      id,
      d.log
        .map((l) => l.text)
        .join(' ')
        .toLowerCase(),
    ]),
  );
}

/** The fixture with one planted error in every `every`-th dialogue, cycling changed, removed, added. */
export function plantErrors(every = 4): { json: Fga; planted: Planted[] } {
  const json = JSON.parse(readFileSync(join(SOM, 'predictions.json'), 'utf8')) as Fga;
  const text = texts();
  const ids = Object.keys(json);
  const valuesOf = new Map<string, Set<string>>();
  for (const d of Object.values(json))
    for (const t of Object.values(d))
      for (const [dom, slots] of Object.entries(t.gt))
        for (const [s, v] of Object.entries(slots)) {
          const k = `${dom}/${s}`;
          if (!valuesOf.has(k)) valuesOf.set(k, new Set());
          valuesOf.get(k)!.add(v);
        }
  const planted: Planted[] = [];
  const kinds = ['changed', 'removed', 'added'] as const;
  for (let n = 0; n * every < ids.length; n++) {
    const id = ids[n * every];
    const dlg = json[id];
    const said = text.get(id) ?? '';
    const turns = Object.keys(dlg)
      .map(Number)
      .sort((a, b) => a - b);
    const kind = kinds[planted.length % 3];
    if (kind === 'added') {
      const t0 = turns[Math.floor(turns.length / 2)];
      const dom = Object.keys(dlg[t0].gt)[0];
      const pick = (ADD[dom] ?? []).find(
        ([s, vals]) => turns.every((t) => !dlg[t].gt[dom]?.[s] && !dlg[t].pr[dom]?.[s]) && vals.some((v) => !said.includes(v)),
      );
      if (!pick) continue;
      const value = pick[1].find((v) => !said.includes(v))!;
      for (const t of turns) if (t >= t0) dlg[t].gt[dom] = { ...dlg[t].gt[dom], [pick[0]]: value };
      planted.push({ kind, dialogue: id, turn: t0, slot: canonicalSlot(dom, pick[0]), from: null, to: value });
      continue;
    }
    let done = false;
    for (let k = 0; k < turns.length && !done; k++) {
      const t = turns[k];
      for (const [dom, slots] of Object.entries(dlg[t].gt)) {
        for (const [s, v] of Object.entries(slots)) {
          const before = k > 0 ? dlg[turns[k - 1]].gt[dom]?.[s] : undefined;
          if (before !== undefined || dlg[t].pr[dom]?.[s] !== v || UNSAID.has(v) || !said.includes(v)) continue;
          const other = [...(valuesOf.get(`${dom}/${s}`) ?? [])].find((x) => !said.includes(x) && !UNSAID.has(x));
          if (kind === 'changed' && !other) continue;
          for (const u of turns.slice(k)) {
            if (dlg[u].gt[dom]?.[s] !== v) break;
            if (kind === 'changed') dlg[u].gt[dom][s] = other!;
            else delete dlg[u].gt[dom][s];
          }
          planted.push({ kind, dialogue: id, turn: t, slot: canonicalSlot(dom, s), from: v, to: kind === 'changed' ? other! : null });
          done = true;
          break;
        }
        if (done) break;
      }
    }
  }
  return { json, planted };
}
