// Layer: shared (pure TS). GCA, granular change accuracy (spec section 7,
// reference behaviour throughout). Works on raw states: an explicit "none" is
// a value. Per dialogue it tracks the slots ever seen on each side, completes
// each turn's maps with "none", and counts how each change was predicted.
// Its state is the four counts; the score is their weighted harmonic mean.

import { NONE_ID } from '../../model/corpus';
import { ABSENT, SlotMap } from '../../model/slot-map';
import type { Metric, StateRef } from '../contract';
import type { TurnRecord } from '../evaluate';

/** A type (not an interface) so that it fits a Record<string, number>. */
export type GcaCounts = {
  C: number;
  W: number;
  M: number;
  O: number;
};

/** Value accuracies weigh ten times the label accuracies. */
export const GCA_ALPHA = 10 / 11;

export function zeroCounts(): GcaCounts {
  return { C: 0, W: 0, M: 0, O: 0 };
}

export interface GcaRates {
  VP: number | null;
  VR: number | null;
  LP: number | null;
  LR: number | null;
}

export function gcaRates(c: GcaCounts): GcaRates {
  const p = c.C + c.W + c.O;
  const g = c.C + c.W + c.M;
  return {
    VP: p === 0 ? null : c.C / p,
    VR: g === 0 ? null : c.C / g,
    LP: p === 0 ? null : (c.C + c.W) / p,
    LR: g === 0 ? null : (c.C + c.W) / g,
  };
}

export function gcaScore(c: GcaCounts, alpha: number = GCA_ALPHA): number {
  const p = c.C + c.W + c.O;
  const g = c.C + c.W + c.M;
  const { VP, VR, LP, LR } = gcaRates(c);
  if (!VP || !VR || !LP || !LR) return 0;
  const num = alpha * p + alpha * g + (1 - alpha) * p + (1 - alpha) * g;
  const den = (alpha * p) / VP + (alpha * g) / VR + ((1 - alpha) * p) / LP + ((1 - alpha) * g) / LR;
  return num / den;
}

export class GcaWalker {
  private readonly ag: number[] = [];
  private readonly ap: number[] = [];
  private readonly inAg = new SlotMap();
  private readonly inAp = new SlotMap();
  private g = new SlotMap();
  private p = new SlotMap();
  private gPrev = new SlotMap();
  private pPrev = new SlotMap();
  private readonly correctMark = new SlotMap();
  private readonly wrongMark = new SlotMap();

  reset(): void {
    this.ag.length = 0;
    this.ap.length = 0;
    this.inAg.clear();
    this.inAp.clear();
    this.g.clear();
    this.p.clear();
    this.gPrev.clear();
    this.pPrev.clear();
  }

  /**
   * The next turn has exactly the previous turn's gold and predicted states
   * (same pairs): nothing changed, so GCA counts nothing. Equivalent to turn()
   * on such a turn (the maps already hold these states; A_g and A_p gain no slot).
   */
  repeatTurn(out: GcaCounts): void {
    out.C = 0;
    out.W = 0;
    out.M = 0;
    out.O = 0;
  }

  /**
   * Processes the next turn; writes the counts it added to `out`. When `changed`
   * is given, the ids of slots in Δg ∪ Δp are pushed to it. When `perSlot` is
   * given, each count is also added to the slot of the change that produced it
   * (perSlot[4·slot + k], k = 0 C, 1 W, 2 M, 3 O; the per-slot breakdown).
   */
  turn(
    gp: Int32Array,
    gs: number,
    gl: number,
    pp: Int32Array,
    ps: number,
    pl: number,
    out: GcaCounts,
    changed?: number[],
    perSlot?: Int32Array,
  ): void {
    // Steps 1-2: new slots join A_g / A_p; complete the maps over them.
    const g = this.gPrev;
    const p = this.pPrev;
    this.gPrev = this.g;
    this.pPrev = this.p;
    this.g = g;
    this.p = p;
    g.clear();
    p.clear();
    for (let k = gs; k < gs + gl; k++) {
      const s = gp[2 * k];
      if (!this.inAg.has(s)) {
        this.inAg.set(s, 1);
        this.ag.push(s);
      }
      g.set(s, gp[2 * k + 1]);
    }
    for (let k = ps; k < ps + pl; k++) {
      const s = pp[2 * k];
      if (!this.inAp.has(s)) {
        this.inAp.set(s, 1);
        this.ap.push(s);
      }
      p.set(s, pp[2 * k + 1]);
    }
    for (const s of this.ag) if (!g.has(s)) g.set(s, NONE_ID);
    for (const s of this.ap) if (!p.has(s)) p.set(s, NONE_ID);

    let C = 0;
    let W = 0;
    let M = 0;
    let O = 0;
    this.correctMark.clear();
    this.wrongMark.clear();
    // Step 4: gold changes.
    for (const s of this.ag) {
      const v = g.get(s);
      if (this.gPrev.get(s) === v) continue;
      changed?.push(s);
      const pv = p.get(s);
      let k: number;
      if (pv === ABSENT) {
        if (v !== NONE_ID) k = 2;
        else {
          k = 0;
          this.correctMark.set(s, 1);
        }
      } else if (pv === v) {
        k = 0;
        this.correctMark.set(s, 1);
      } else if (v === NONE_ID) k = 3;
      else {
        k = 1;
        this.wrongMark.set(s, 1);
      }
      if (k === 0) C++;
      else if (k === 1) W++;
      else if (k === 2) M++;
      else O++;
      if (perSlot) perSlot[4 * s + k]++;
    }
    // Step 5: predicted changes.
    for (const s of this.ap) {
      const v = p.get(s);
      if (this.pPrev.get(s) === v) continue;
      if (changed && this.gPrev.get(s) === g.get(s)) changed.push(s);
      const gv = g.get(s);
      let k = -1;
      if (gv === ABSENT) k = v !== NONE_ID ? 3 : 0;
      else if (v === gv && !this.correctMark.has(s)) k = 0;
      else if (v === NONE_ID) k = 2;
      else if (v !== gv && !this.wrongMark.has(s)) k = 1;
      if (k === 0) C++;
      else if (k === 1) W++;
      else if (k === 2) M++;
      else if (k === 3) O++;
      if (perSlot && k >= 0) perSlot[4 * s + k]++;
    }
    out.C = C;
    out.W = W;
    out.M = M;
    out.O = O;
  }
}

/**
 * Each turn's running GCA for display, or null before the dialogue's first
 * change: GCA counts nothing there and is undefined (the record keeps the
 * reference implementation's 0).
 */
export function runningGca(turns: readonly TurnRecord[]): (number | null)[] {
  let changed = false;
  return turns.map((t) => {
    changed ||= t.gca.C + t.gca.W + t.gca.M + t.gca.O > 0;
    return changed ? t.gcaRunning : null;
  });
}

function countsAt(r: StateRef): GcaCounts {
  return { C: r.s[r.at], W: r.s[r.at + 1], M: r.s[r.at + 2], O: r.s[r.at + 3] };
}

export const metric: Metric = {
  id: 'GCA',
  order: 60,
  about: {
    name: 'Granular change accuracy',
    definition:
      'Counts how each change of state was predicted (Correct, Wrong, Missed, Overshot) and combines value and label precision and recall from the summed counts (α = 10/11).',
    readme: '#the-metrics',
    spec: '7',
  },
  perTurn: false,
  headline: { rank: 40, running: { at: (rec) => rec.gcaRunning, shown: runningGca } },
  variants: () => null,
  slots: () => ['count', 'count', 'count', 'count'],
  add: (r, t) => {
    r.s[r.at] += t.C;
    r.s[r.at + 1] += t.W;
    r.s[r.at + 2] += t.M;
    r.s[r.at + 3] += t.O;
  },
  // A turn's own GCA is not defined on its own; the per-turn record carries its counts and the running value.
  turn: () => null,
  score: (r) => gcaScore(countsAt(r)),
  details: (r) => ({ ...gcaRates(countsAt(r)), counts: countsAt(r) }),
  signature: () => 'GCA alpha=10/11',
};
