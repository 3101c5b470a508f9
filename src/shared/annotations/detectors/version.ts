// Layer: shared (pure TS). Runs that follow another gold version than the
// one they are scored against (trained on MultiWOZ 2.2 or 2.4 and scored on
// 2.1, or on another preprocessing) disagree with it in a pattern of their
// own, which a model's errors do not have:
//   - a renaming: wherever the gold has value A in a slot, the run writes B
//     (in at least 80% of the turns where it writes something else than A,
//     in at least 3 dialogues) and never writes A there at all — a model
//     that learned A would write it sometimes;
//   - a slot convention: a slot the gold has in at least 5 dialogues that the
//     run never predicts, or one the run predicts in at least 5 dialogues
//     that the gold never has.
// A run is flagged when these account for at least 20 of its predictions and
// 10% of its disagreements with the gold; the queue's header says so, with
// examples, and that run's votes on those places are left out (counted in
// the format note as "convention"), so another version's conventions do not
// fill the queue. A run that is not flagged keeps every vote.

export const VERSION = {
  renameShare: 0.8,
  renameDialogues: 3,
  slotDialogues: 5,
  flagCount: 20,
  flagShare: 0.1,
} as const;

interface Pair {
  n: number;
  dialogues: number;
  lastDialogue: number;
}

export interface VersionFlag {
  run: string;
  /** Disagreements with the gold explained by the conventions below. */
  conventions: number;
  /** Of all the run's disagreements with the gold (format-only ones left out). */
  disagreements: number;
  renamings: { slot: string; gold: string; pred: string; turns: number; dialogues: number }[];
  /** Slots the gold has that the run never predicts (missing), or the other way round (extra). */
  slots: { slot: string; kind: 'missing' | 'extra'; dialogues: number }[];
  reason: string;
}

/** One run's disagreement pattern, counted cell by cell (ids: the ranking's unified slot and value ids). */
export class VersionTally {
  /** (slot, gold value) → (pred value → count) over cells where the run writes another value than the gold's. */
  private readonly wrong = new Map<number, Map<number, Pair>>();
  /** Per value id: 1 when the run writes the gold's value right somewhere (any slot). */
  private readonly right: Uint8Array;
  private readonly goldDialogues: Int32Array;
  private readonly predDialogues: Int32Array;
  private readonly goldLast: Int32Array;
  private readonly predLast: Int32Array;
  /** Per slot: cells where the run predicts a value and the gold has none. */
  private readonly predOnly: Int32Array;
  /** Disagreements (format-only ones left out). */
  disagreements = 0;

  constructor(
    readonly label: string,
    private readonly slotCount: number,
    valueCount: number,
  ) {
    this.right = new Uint8Array(valueCount);
    this.goldDialogues = new Int32Array(slotCount);
    this.predDialogues = new Int32Array(slotCount);
    this.goldLast = new Int32Array(slotCount).fill(-1);
    this.predLast = new Int32Array(slotCount).fill(-1);
    this.predOnly = new Int32Array(slotCount);
  }

  /** One slot of one turn: gold and prediction value ids (-1: absent), the dialogue index. */
  cell(d: number, slot: number, gold: number, pred: number): void {
    if (gold >= 0 && this.goldLast[slot] !== d) {
      this.goldLast[slot] = d;
      this.goldDialogues[slot]++;
    }
    if (pred >= 0 && this.predLast[slot] !== d) {
      this.predLast[slot] = d;
      this.predDialogues[slot]++;
    }
    if (gold === pred) {
      if (gold >= 0) this.right[gold] = 1;
      return;
    }
    this.disagreements++;
    if (gold < 0) {
      this.predOnly[slot]++;
      return;
    }
    const key = slot * this.right.length + gold;
    let m = this.wrong.get(key);
    if (!m) this.wrong.set(key, (m = new Map()));
    let c = m.get(pred);
    if (!c) m.set(pred, (c = { n: 0, dialogues: 0, lastDialogue: -1 }));
    c.n++;
    if (c.lastDialogue !== d) {
      c.lastDialogue = d;
      c.dialogues++;
    }
  }

  /**
   * The run's conventions: renamed (slot, gold value) → its value, and
   * conventional slots; a flag when they explain enough of its disagreements.
   */
  decide(
    slotName: (s: number) => string,
    valueName: (v: number) => string,
  ): { flag: VersionFlag | null; renames: Map<number, number>; slots: Set<number> } {
    const renames = new Map<number, number>();
    const renamings: VersionFlag['renamings'] = [];
    let conventions = 0;
    const V = this.right.length;
    for (const [key, m] of this.wrong) {
      const gold = key % V;
      if (this.right[gold]) continue;
      let all = 0;
      let best: [number, Pair] | null = null;
      for (const [pred, c] of m) {
        all += c.n;
        if (pred >= 0 && (!best || c.n > best[1].n)) best = [pred, c];
      }
      if (!best || best[1].dialogues < VERSION.renameDialogues || best[1].n < VERSION.renameShare * all) continue;
      renames.set(key, best[0]);
      conventions += best[1].n;
      renamings.push({
        slot: slotName(Math.floor(key / V)),
        gold: valueName(gold),
        pred: valueName(best[0]),
        turns: best[1].n,
        dialogues: best[1].dialogues,
      });
    }
    const slots = new Set<number>();
    const slotList: VersionFlag['slots'] = [];
    for (let s = 0; s < this.slotCount; s++) {
      const missing = this.predDialogues[s] === 0 && this.goldDialogues[s] >= VERSION.slotDialogues;
      const extra = this.goldDialogues[s] === 0 && this.predDialogues[s] >= VERSION.slotDialogues;
      if (!missing && !extra) continue;
      slots.add(s);
      slotList.push({
        slot: slotName(s),
        kind: missing ? 'missing' : 'extra',
        dialogues: missing ? this.goldDialogues[s] : this.predDialogues[s],
      });
    }
    // The disagreements on conventional slots: the gold's values the run leaves out, or the run's values on a slot the gold never has.
    for (const [key, m] of this.wrong) if (slots.has(Math.floor(key / V))) for (const c of m.values()) conventions += c.n;
    for (const s of slots) if (this.goldDialogues[s] === 0) conventions += this.predOnly[s];
    renamings.sort((a, b) => b.turns - a.turns || (a.slot < b.slot ? -1 : a.slot > b.slot ? 1 : 0));
    const flagged = conventions >= VERSION.flagCount && conventions >= VERSION.flagShare * this.disagreements;
    if (!flagged) return { flag: null, renames: new Map(), slots: new Set() };
    const total = conventions;
    const parts: string[] = [];
    if (renamings.length)
      parts.push(
        `renames ${renamings.length} gold value${renamings.length === 1 ? '' : 's'} consistently (${renamings
          .slice(0, 3)
          .map((r) => `${r.slot} ${JSON.stringify(r.gold)} → ${JSON.stringify(r.pred)} in ${r.dialogues} dialogues`)
          .join('; ')}${renamings.length > 3 ? '; …' : ''})`,
      );
    const missing = slotList.filter((s) => s.kind === 'missing');
    const extra = slotList.filter((s) => s.kind === 'extra');
    if (missing.length) parts.push(`never predicts ${missing.map((s) => `${s.slot} (in ${s.dialogues} gold dialogues)`).join(', ')}`);
    if (extra.length)
      parts.push(`predicts ${extra.map((s) => `${s.slot} (in ${s.dialogues} dialogues)`).join(', ')}, which the gold never has`);
    const pct = Math.round((100 * total) / Math.max(1, this.disagreements));
    return {
      flag: {
        run: this.label,
        conventions: total,
        disagreements: this.disagreements,
        renamings,
        slots: slotList,
        reason: `run ${JSON.stringify(this.label)} may follow another gold version (another MultiWOZ release or preprocessing): ${pct}% of its disagreements with the gold are conventions — it ${parts.join('; it ')}. Its votes there are left out of the ranking.`,
      },
      renames,
      slots,
    };
  }
}
