// Layer: renderer (pure module). Two runs' records of one dialogue put side
// by side: turns matched by their index (a turn one run lacks shows on its
// own), and per turn every slot either run shows, with each run's class (null
// where the slot is neither in the gold state nor predicted by that run).

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
