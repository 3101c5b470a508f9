// Test helper: writes the same dialogues in every layout DST Inspector reads,
// following each layout as the public code that produces it writes it (see
// the header of each loader in src/shared/formats/ for the source), with the
// layout's own slot spellings and quirks: TRADE's unsorted turns, SOM-DST's
// [pred, gold] order, TripPy's "none" for inactive and "§§" copies, ConvLab-3
// states listing every slot with "", mwzeval's lower-case ids, MultiWOZ 2.1's
// metadata with "not mentioned", MultiWOZ 2.2's per-service frames.

import type { Corpus } from '../../../../src/shared/model/corpus';

export interface TestTurn {
  index: number;
  gold: Record<string, string>;
  pred: Record<string, string>;
}
export interface TestDialogue {
  id: string;
  turns: TestTurn[];
}

export function dialoguesOf(c: Corpus): TestDialogue[] {
  const state = (pairs: Int32Array, s: number, n: number) => {
    const o: Record<string, string> = {};
    for (let k = s; k < s + n; k++) o[c.slots.name(pairs[2 * k])] = c.values.name(pairs[2 * k + 1]);
    return o;
  };
  return c.dialogueIds.map((id, d) => {
    const turns: TestTurn[] = [];
    for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++)
      turns.push({
        index: c.turnIndex[i],
        gold: state(c.goldPairs, c.goldStart[i], c.goldLen[i]),
        pred: state(c.predPairs, c.predStart[i], c.predLen[i]),
      });
    return { id, turns };
  });
}

const enc = (s: string) => new TextEncoder().encode(s);
const split = (name: string) => {
  const i = name.indexOf('-');
  return [name.slice(0, i), name.slice(i + 1)] as const;
};
/** Deterministic shuffle (TRADE writes turns in batch order). */
function shuffled<T>(xs: T[], seed: number): T[] {
  const a = [...xs];
  let s = seed || 1;
  for (let i = a.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const j = s % (i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}
const triples = (st: Record<string, string>) => Object.entries(st).map(([k, v]) => `${k}-${v}`);

export function writeFgaLayout(ds: TestDialogue[]): Uint8Array {
  const nest = (st: Record<string, string>) => {
    const o: Record<string, Record<string, string>> = {};
    for (const [k, v] of Object.entries(st)) {
      const [d, s] = split(k);
      (o[d] ??= {})[s] = v;
    }
    return o;
  };
  const out: Record<string, Record<string, unknown>> = {};
  for (const d of ds) {
    out[d.id] = {};
    for (const t of d.turns) out[d.id][String(t.index)] = { gt: nest(t.gold), pr: nest(t.pred) };
  }
  return enc(JSON.stringify(out));
}

export function writeTrade(ds: TestDialogue[]): Uint8Array {
  const parts = ds.map((d, n) => {
    const turns = shuffled(d.turns, n + 7).map(
      (t) => `${JSON.stringify(String(t.index))}: ${JSON.stringify({ turn_belief: triples(t.gold), pred_bs_ptr: triples(t.pred) })}`,
    );
    return `${JSON.stringify(d.id)}: {${turns.join(', ')}}`;
  });
  return enc(`{\n${parts.join(',\n')}\n}`);
}

export function writeSomdst(ds: TestDialogue[]): Uint8Array {
  const entries: string[] = [];
  for (const d of ds)
    for (const t of d.turns) entries.push(`${JSON.stringify(`${d.id}_${t.index}`)}: ${JSON.stringify([triples(t.pred), triples(t.gold)])}`);
  return enc(`{${shuffled(entries, 3).join(', ')}}`);
}

const MWZ30 = [
  'taxi-leaveAt', 'taxi-destination', 'taxi-departure', 'taxi-arriveBy', 'restaurant-book_people', 'restaurant-book_day', 'restaurant-book_time',
  'restaurant-food', 'restaurant-pricerange', 'restaurant-name', 'restaurant-area', 'hotel-book_people', 'hotel-book_day', 'hotel-book_stay',
  'hotel-name', 'hotel-area', 'hotel-parking', 'hotel-pricerange', 'hotel-stars', 'hotel-internet', 'hotel-type', 'attraction-type',
  'attraction-name', 'attraction-area', 'train-book_people', 'train-leaveAt', 'train-destination', 'train-day', 'train-arriveBy', 'train-departure',
]; // prettier-ignore
const trippyName = (c: string) => c.replace(/ /g, '_').replace('leaveat', 'leaveAt').replace('arriveby', 'arriveBy');

/** TripPy: every slot listed, "none" = inactive, some predictions copied with "§§". */
export function writeTrippy(ds: TestDialogue[]): Uint8Array {
  const list: Record<string, unknown>[] = [];
  for (const d of ds) {
    for (const t of d.turns) {
      const e: Record<string, unknown> = { guid: ['test', d.id, String(t.index)] };
      const names = new Set([...MWZ30, ...Object.keys(t.gold).map(trippyName), ...Object.keys(t.pred).map(trippyName)]);
      for (const n of names) {
        const canon = Object.keys({ ...t.gold, ...t.pred }).find((k) => trippyName(k) === n);
        const g = canon ? t.gold[canon] : undefined;
        const p = canon ? t.pred[canon] : undefined;
        e[`slot_prediction_${n}`] = p === undefined ? 'none' : t.index % 2 === 1 ? `§§${p}` : p;
        e[`slot_groundtruth_${n}`] = g ?? 'none';
        e[`class_prediction_${n}`] = p === undefined ? 0 : 2;
      }
      list.push(e);
    }
  }
  return enc(JSON.stringify(list, null, 1));
}

const convlabSlot = (s: string) => ({ pricerange: 'price range', leaveat: 'leave at', arriveby: 'arrive by' })[s] ?? s;
/** ConvLab-3: states list every slot of the dialogue's domains, "" when empty. */
export function writeConvlab(ds: TestDialogue[], withIds: boolean): Uint8Array {
  const list: Record<string, unknown>[] = [];
  ds.forEach((d, n) => {
    const all = new Set<string>();
    for (const t of d.turns) for (const k of [...Object.keys(t.gold), ...Object.keys(t.pred)]) all.add(k);
    const state = (st: Record<string, string>) => {
      const o: Record<string, Record<string, string>> = {};
      for (const k of all) {
        const [dom, s] = split(k);
        (o[dom] ??= {})[convlabSlot(s)] = st[k] ?? '';
      }
      return o;
    };
    const context: Record<string, unknown>[] = [];
    for (const t of d.turns) {
      const sample: Record<string, unknown> = {
        speaker: 'user',
        utterance: `user ${t.index}`,
        utt_idx: 2 * t.index,
        context: [...context],
        state: state(t.gold),
        predictions: { state: state(t.pred) },
      };
      if (withIds) Object.assign(sample, { dataset: 'multiwoz21', dialogue_id: `multiwoz21-test-${n}`, original_id: d.id });
      list.push(sample);
      context.push(
        { speaker: 'user', utterance: `user ${t.index}`, utt_idx: 2 * t.index },
        { speaker: 'system', utterance: `system ${t.index}`, utt_idx: 2 * t.index + 1 },
      );
    }
  });
  return enc(JSON.stringify(list, null, 2));
}

export function writeIcdst(ds: TestDialogue[]): Uint8Array {
  const list: Record<string, unknown>[] = [];
  for (const d of ds)
    for (const t of d.turns)
      list.push({
        ID: d.id,
        turn_id: t.index,
        domains: [],
        dialog: { sys: ['', `system ${t.index}`], usr: [`user ${t.index}`] },
        slot_values: t.gold,
        pred: t.pred,
        completion: '',
      });
  return enc(JSON.stringify(list, null, 2));
}

export function writeJsonlLayout(ds: TestDialogue[], nested: boolean): Uint8Array {
  const nest = (st: Record<string, string>) => {
    if (!nested) return st;
    const o: Record<string, Record<string, string>> = {};
    for (const [k, v] of Object.entries(st)) {
      const [d, s] = split(k);
      (o[d] ??= {})[s] = v;
    }
    return o;
  };
  return enc(
    ds
      .flatMap((d) => d.turns.map((t) => JSON.stringify({ dialogue_id: d.id, turn: t.index, gold: nest(t.gold), pred: nest(t.pred) })))
      .join('\n') + '\n',
  );
}

const mwzevalSlot = (s: string) => ({ leaveat: 'leave', arriveby: 'arrive', pricerange: 'price' })[s] ?? s.replace(/^book /, '');
/** mwzeval: lower-case ids without ".json", one item per turn, free-form slot names. */
export function writeMwzeval(ds: TestDialogue[]): Uint8Array {
  const out: Record<string, unknown[]> = {};
  for (const d of ds) {
    out[d.id.toLowerCase().replace(/\.json$/, '')] = d.turns.map((t) => {
      const st: Record<string, Record<string, string>> = {};
      for (const [k, v] of Object.entries(t.pred)) {
        const [dom, s] = split(k);
        (st[dom] ??= {})[mwzevalSlot(s)] = v;
      }
      return { response: `response ${t.index}`, state: st, active_domains: Object.keys(st) };
    });
  }
  return enc(JSON.stringify(out));
}

const SEMI: Record<string, string[]> = {
  taxi: ['leaveAt', 'destination', 'departure', 'arriveBy'],
  restaurant: ['food', 'pricerange', 'name', 'area'],
  hotel: ['name', 'area', 'parking', 'pricerange', 'stars', 'internet', 'type'],
  attraction: ['type', 'name', 'area'],
  train: ['leaveAt', 'destination', 'day', 'arriveBy', 'departure'],
};
const BOOK: Record<string, string[]> = {
  taxi: [],
  restaurant: ['time', 'day', 'people'],
  hotel: ['stay', 'day', 'people'],
  attraction: [],
  train: ['people'],
};
/** MultiWOZ 2.1 data.json from the gold states: every slot listed, "" / "not mentioned" when empty. */
export function writeMultiwoz21(ds: TestDialogue[], side: 'gold' | 'pred' = 'gold'): Uint8Array {
  const out: Record<string, unknown> = {};
  for (const d of ds) {
    const log: unknown[] = [];
    for (const t of d.turns) {
      const st = t[side];
      const metadata: Record<string, unknown> = {};
      for (const dom of Object.keys(SEMI)) {
        const semi: Record<string, string> = {};
        for (const s of SEMI[dom]) semi[s] = st[`${dom}-${s.toLowerCase()}`] ?? (t.index % 2 ? '' : 'not mentioned');
        const book: Record<string, unknown> = { booked: [] };
        for (const s of BOOK[dom]) book[s] = st[`${dom}-book ${s}`] ?? '';
        metadata[dom] = { book, semi };
      }
      log.push({ text: `user ${t.index}`, metadata: {}, dialog_act: {} }, { text: `system ${t.index}`, metadata, dialog_act: {} });
    }
    out[d.id] = { goal: {}, log };
  }
  return enc(JSON.stringify(out));
}

/** TRADE test_dials.json from the gold states. */
export function writeTradeDials(ds: TestDialogue[]): Uint8Array {
  return enc(
    JSON.stringify(
      ds.map((d) => ({
        dialogue_idx: d.id,
        domains: [],
        dialogue: d.turns.map((t) => ({
          turn_idx: t.index,
          system_transcript: t.index === 0 ? '' : `system ${t.index - 1}`,
          transcript: `user ${t.index}`,
          belief_state: Object.entries(t.gold).map(([k, v]) => ({ slots: [[k, v]], act: 'inform' })),
          turn_label: [],
        })),
      })),
    ),
  );
}

const mwz22Key = (k: string) => k.replace(/ /g, '');
/** MultiWOZ 2.2: USER/SYSTEM turns, a frame per service in every user turn, value lists. */
export function writeMultiwoz22(ds: TestDialogue[], side: 'gold' | 'pred', alternatives = false): Uint8Array {
  return enc(
    JSON.stringify(
      ds.map((d) => {
        const services = [
          ...new Set(d.turns.flatMap((t) => [...Object.keys(t.gold), ...Object.keys(t.pred)]).map((k) => split(k)[0])),
        ].sort();
        const turns: unknown[] = [];
        for (const t of d.turns) {
          const st = t[side];
          const frames = services.map((svc) => {
            const sv: Record<string, string[]> = {};
            for (const [k, v] of Object.entries(st))
              if (split(k)[0] === svc) sv[mwz22Key(k)] = alternatives && side === 'gold' ? [v, `${v} alt`] : [v];
            return { service: svc, actions: [], slots: [], state: { active_intent: 'NONE', requested_slots: [], slot_values: sv } };
          });
          turns.push({ speaker: 'USER', turn_id: String(2 * t.index), utterance: `user ${t.index}`, frames });
          turns.push({ speaker: 'SYSTEM', turn_id: String(2 * t.index + 1), utterance: `system ${t.index}`, frames: [] });
        }
        return { dialogue_id: d.id, services, turns };
      }),
    ),
  );
}
