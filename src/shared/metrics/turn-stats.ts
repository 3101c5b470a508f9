// Layer: shared (pure TS). The one pass over a corpus: per turn, the numbers
// every metric is computed from, independent of λ and K (spec 2-7):
// belief-level slot counts, the FGA code, and GCA's count deltas, and the
// facts metrics declare themselves (contract.ts TurnFact, one column each).
// Stored columnar (nine Int32 per turn, plus one per declared fact) so a
// million turns stay small.

import type { Corpus } from '../model/corpus';
import { compareBelief, type BeliefComparison } from './belief-compare';
import { changesRightSorted, FgaWalker } from './defs/fga';
import { GcaWalker, zeroCounts, type GcaCounts } from './defs/gca';
import { FACTS } from './registry';

/** The column of a declared fact in TurnStats. */
export type FactColumn = `fact:${string}`;
export const factColumn = (name: string): FactColumn => `fact:${name}`;
const FACT_COLUMNS = FACTS.map(([name, f]) => [factColumn(name), f] as const);

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
  /** Each fact a metric declares (registry.ts FACTS), by factColumn(name). */
  [fact: FactColumn]: Int32Array;
}

/** Scratch state reused across dialogues. */
export class TurnAnalyser {
  private readonly cmp: BeliefComparison = { correct: 0, wrong: 0, missed: 0, overshot: 0 };
  private readonly gcaOut: GcaCounts = zeroCounts();
  private readonly fga = new FgaWalker();
  private readonly gca = new GcaWalker();

  constructor(private readonly corpus: Corpus) {}

  /**
   * Analyses turns of dialogue d into `out` at position (global turn - base).
   * With `changed`, pushes each turn's list of slots in GCA's Δg ∪ Δp.
   */
  dialogue(d: number, out: TurnStats, changed?: number[][], base = 0): void {
    const c = this.corpus;
    const gp = c.goldPairs;
    const pp = c.predPairs;
    const fga = this.fga;
    const gca = this.gca;
    const cmp = this.cmp;
    const gcaOut = this.gcaOut;
    fga.reset();
    gca.reset();
    const first = c.dialogueStart[d];
    const last = c.dialogueStart[d + 1];
    for (let i = first; i < last; i++) {
      const o = i - base;
      const gs = c.goldStart[i];
      const gl = c.goldLen[i];
      const ps = c.predStart[i];
      const pl = c.predLen[i];
      compareBelief(gp, gs, gl, pp, ps, pl, cmp);
      out.correct[o] = cmp.correct;
      out.wrong[o] = cmp.wrong;
      out.missed[o] = cmp.missed;
      out.overshot[o] = cmp.overshot;
      const exact = cmp.wrong + cmp.missed + cmp.overshot === 0;
      // Step 4 compares with the previous turn of the dialogue (i - 1; never asked on its first turn).
      const right =
        fga.needsRight(exact) &&
        changesRightSorted(gp, gs, gl, pp, ps, pl, c.goldStart[i - 1], c.goldLen[i - 1], c.predStart[i - 1], c.predLen[i - 1]);
      out.fga[o] = fga.nextKnown(c.turnIndex[i], exact, right);
      if (changed) {
        const ch: number[] = [];
        gca.turn(gp, gs, gl, pp, ps, pl, gcaOut, ch);
        changed.push(ch);
      } else if (
        i > first &&
        sameRange(gp, gs, gl, c.goldStart[i - 1], c.goldLen[i - 1]) &&
        sameRange(pp, ps, pl, c.predStart[i - 1], c.predLen[i - 1])
      ) {
        gca.repeatTurn(gcaOut);
      } else gca.turn(gp, gs, gl, pp, ps, pl, gcaOut);
      out.gcaC[o] = gcaOut.C;
      out.gcaW[o] = gcaOut.W;
      out.gcaM[o] = gcaOut.M;
      out.gcaO[o] = gcaOut.O;
      for (const [col, f] of FACT_COLUMNS) out[col][o] = f(c, i);
    }
  }
}

/** Whether pair ranges [a, a + n) and [b, b + m) hold the same pairs. */
function sameRange(pairs: Int32Array, a: number, n: number, b: number, m: number): boolean {
  if (n !== m) return false;
  if (a === b) return true;
  for (let k = 2 * a, j = 2 * b, e = 2 * (a + n); k < e; k++, j++) if (pairs[k] !== pairs[j]) return false;
  return true;
}

export function allocTurnStats(turns: number): TurnStats {
  const out: TurnStats = {
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
  for (const [col] of FACT_COLUMNS) out[col] = new Int32Array(turns);
  return out;
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
