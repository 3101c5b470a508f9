// Layer: shared (pure TS). The one pass over a corpus: per turn, the numbers
// every metric is computed from, independent of λ and K (spec 2-7):
// belief-level slot counts, the FGA code, and GCA's count deltas.
// Stored columnar (nine Int32 per turn) so a million turns stay small.

import type { Corpus } from '../model/corpus';
import { SlotMap } from '../model/slot-map';
import { compareBelief, type BeliefComparison } from './compare';
import { changesRight, FgaWalker } from './fga';
import { GcaWalker, zeroCounts, type GcaCounts } from './gca';

export interface TurnStats {
  /** Belief-level comparison per turn. */
  correct: Int32Array;
  wrong: Int32Array;
  missed: Int32Array;
  overshot: Int32Array;
  /** 0 exact, -1 type-1, d > 0 type-2 distance. */
  fga: Int32Array;
  /** GCA counts added by the turn. */
  gcaC: Int32Array;
  gcaW: Int32Array;
  gcaM: Int32Array;
  gcaO: Int32Array;
}

/** Scratch state reused across dialogues (maps sized to the slot table). */
export class TurnAnalyser {
  private readonly cmp: BeliefComparison = { correct: 0, wrong: 0, missed: 0, overshot: 0 };
  private readonly gcaOut: GcaCounts = zeroCounts();
  private gold = new SlotMap();
  private pred = new SlotMap();
  private prevGold = new SlotMap();
  private prevPred = new SlotMap();
  private readonly fga = new FgaWalker();
  private readonly gca = new GcaWalker();

  constructor(private readonly corpus: Corpus) {}

  /**
   * Analyses turns of dialogue d into `out` at position (global turn - base).
   * With `changed`, pushes each turn's list of slots in GCA's Δg ∪ Δp.
   */
  dialogue(d: number, out: TurnStats, changed?: number[][], base = 0): void {
    const c = this.corpus;
    const pairs = c.pairs;
    this.fga.reset();
    this.gca.reset();
    this.gold.clear();
    this.pred.clear();
    for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++) {
      const o = i - base;
      const gs = c.goldStart[i];
      const gl = c.goldLen[i];
      const ps = c.predStart[i];
      const pl = c.predLen[i];
      [this.prevGold, this.gold] = [this.gold, this.prevGold];
      [this.prevPred, this.pred] = [this.pred, this.prevPred];
      this.gold.clear();
      this.pred.clear();
      for (let k = gs; k < gs + gl; k++) this.gold.set(pairs[2 * k], pairs[2 * k + 1]);
      for (let k = ps; k < ps + pl; k++) this.pred.set(pairs[2 * k], pairs[2 * k + 1]);

      const cmp = compareBelief(pairs, gs, gl, ps, pl, this.cmp);
      out.correct[o] = cmp.correct;
      out.wrong[o] = cmp.wrong;
      out.missed[o] = cmp.missed;
      out.overshot[o] = cmp.overshot;
      const exact = cmp.wrong + cmp.missed + cmp.overshot === 0;
      out.fga[o] = this.fga.next(c.turnIndex[i], exact, () =>
        changesRight(pairs, gs, gl, ps, pl, this.prevGold, this.prevPred, this.gold, this.pred),
      );
      const ch = changed ? [] : undefined;
      this.gca.turn(pairs, gs, gl, ps, pl, this.gcaOut, ch);
      if (changed && ch) changed.push(ch);
      out.gcaC[o] = this.gcaOut.C;
      out.gcaW[o] = this.gcaOut.W;
      out.gcaM[o] = this.gcaOut.M;
      out.gcaO[o] = this.gcaOut.O;
    }
  }
}

export function allocTurnStats(turns: number): TurnStats {
  return {
    correct: new Int32Array(turns),
    wrong: new Int32Array(turns),
    missed: new Int32Array(turns),
    overshot: new Int32Array(turns),
    fga: new Int32Array(turns),
    gcaC: new Int32Array(turns),
    gcaW: new Int32Array(turns),
    gcaM: new Int32Array(turns),
    gcaO: new Int32Array(turns),
  };
}

/** Analyses every dialogue; `onProgress` gets the fraction of turns done. */
export function analyseCorpus(corpus: Corpus, onProgress?: (done: number) => void): TurnStats {
  const n = corpus.turnIndex.length;
  const out = allocTurnStats(n);
  const a = new TurnAnalyser(corpus);
  const dialogues = corpus.dialogueIds.length;
  const every = Math.max(1, Math.floor(dialogues / 100));
  for (let d = 0; d < dialogues; d++) {
    a.dialogue(d, out);
    if (onProgress && d % every === 0) onProgress(corpus.dialogueStart[d + 1] / Math.max(1, n));
  }
  onProgress?.(1);
  return out;
}
