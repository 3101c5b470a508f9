// Layer: renderer (pure module). Two runs' records of one dialogue put side
// by side (and any number of runs': manyTurns): turns matched by their index
// (a turn one run lacks shows on its own), and per turn every slot any run
// shows, with each run's class (null where the slot is neither in the gold
// state nor predicted by that run).

import type { DialogueDetail, TurnText } from '../../../../shared/api';
import type { SlotClass, SlotRecord, TurnRecord } from '../../../../shared/metrics/evaluate';

export interface PairSlot {
  slot: string;
  gold: string | null;
  a: SlotRecord | null;
  b: SlotRecord | null;
}

export interface PairTurn {
  turn: number;
  a: TurnRecord | null;
  b: TurnRecord | null;
  text?: TurnText;
  slots: PairSlot[];
}

export function pairSlots(a: readonly SlotRecord[], b: readonly SlotRecord[]): PairSlot[] {
  const by = new Map<string, PairSlot>();
  for (const s of a) by.set(s.slot, { slot: s.slot, gold: s.gold, a: s, b: null });
  for (const s of b) {
    const e = by.get(s.slot);
    if (e) {
      e.b = s;
      e.gold ??= s.gold;
    } else by.set(s.slot, { slot: s.slot, gold: s.gold, a: null, b: s });
  }
  return [...by.values()].sort((x, y) => (x.slot < y.slot ? -1 : x.slot > y.slot ? 1 : 0));
}

/** The turns of both runs, by turn index. */
export function pairTurns(a: DialogueDetail, b: DialogueDetail): PairTurn[] {
  const turns = new Map<number, PairTurn>();
  (a.perTurn ?? []).forEach((t, i) => turns.set(t.turn, { turn: t.turn, a: t, b: null, text: a.utterances?.[i], slots: [] }));
  (b.perTurn ?? []).forEach((t, i) => {
    const e = turns.get(t.turn);
    if (e) {
      e.b = t;
      e.text ??= b.utterances?.[i];
    } else turns.set(t.turn, { turn: t.turn, a: null, b: t, text: b.utterances?.[i], slots: [] });
  });
  const out = [...turns.values()].sort((x, y) => x.turn - y.turn);
  for (const t of out) t.slots = pairSlots(t.a?.slots ?? [], t.b?.slots ?? []);
  return out;
}

/** A slot whose class differs between the runs. */
export function differs(s: PairSlot): boolean {
  return classOf(s.a) !== classOf(s.b) || (s.a?.pred ?? null) !== (s.b?.pred ?? null);
}

export function classOf(r: SlotRecord | null): SlotClass | 'none' {
  return r ? r.class : 'none';
}

/** One turn of several runs: each run's record of the turn (null where it lacks it) and every slot any run shows. */
export interface ManyTurn {
  turn: number;
  runs: (TurnRecord | null)[];
  text?: TurnText;
  slots: { slot: string; gold: string | null; runs: (SlotRecord | null)[] }[];
}

/** The turns of several runs' records of one dialogue, by turn index (pairTurns for any number of runs). */
export function manyTurns(ds: readonly DialogueDetail[]): ManyTurn[] {
  const turns = new Map<number, ManyTurn>();
  ds.forEach((d, k) =>
    (d.perTurn ?? []).forEach((t, i) => {
      let e = turns.get(t.turn);
      if (!e) turns.set(t.turn, (e = { turn: t.turn, runs: ds.map(() => null), text: d.utterances?.[i], slots: [] }));
      e.runs[k] = t;
      e.text ??= d.utterances?.[i];
    }),
  );
  const out = [...turns.values()].sort((x, y) => x.turn - y.turn);
  for (const t of out) {
    const by = new Map<string, ManyTurn['slots'][number]>();
    t.runs.forEach((r, k) =>
      (r?.slots ?? []).forEach((s) => {
        let e = by.get(s.slot);
        if (!e) by.set(s.slot, (e = { slot: s.slot, gold: s.gold, runs: ds.map(() => null) }));
        e.runs[k] = s;
        e.gold ??= s.gold;
      }),
    );
    t.slots = [...by.values()].sort((x, y) => (x.slot < y.slot ? -1 : x.slot > y.slot ? 1 : 0));
  }
  return out;
}

/** A slot on which the runs do not all agree (class or predicted value). */
export function differsMany(s: { runs: readonly (SlotRecord | null)[] }): boolean {
  const key = (r: SlotRecord | null) => `${classOf(r)}\u0000${r?.pred ?? ''}`;
  return s.runs.some((r) => key(r) !== key(s.runs[0]));
}
