// Layer: shared (pure TS). The GCA paper's spurious-trait analysis (spec
// section 9): do FGA and GCA correlate with where mistakes fall (TO) and how
// unevenly they spread (NU)? Drops dialogues where FGA and GCA are both 100
// (and those without any change, whose GCA is undefined — with the paper's
// TO/NU they have no mistakes and are dropped anyway; the notebook variant's
// TO = NU = 0 would otherwise let a GCA "0" that is no score into the analysis),
// z-scores TO, NU, FGA and GCA, keeps dialogues with |FGA_z − GCA_z| ≥ 0.1,
// then reports Pearson's r of each trait with each metric and Zou's 95%
// interval for the difference between the two dependent correlations.

import { pearson, zouOverlapInterval, zScores, type ZouResult } from './stats';

export interface TraitInput {
  FGA: number;
  GCA: number;
  TO: number | null;
  NU: number | null;
  /** The dialogue has no change at all: its GCA is undefined (reported as 0), so it is left out. */
  noChanges?: boolean;
}

export interface TraitCorrelation {
  trait: 'TO' | 'NU';
  withFGA: number | null;
  withGCA: number | null;
  /** Zou's interval for r(trait, FGA) − r(trait, GCA); null when undefined. */
  difference: ZouResult | null;
}

export interface TraitAnalysis {
  /** Dialogues given, dropped (both 100, trait undefined or no changes), kept after the disagreement filter. */
  dialogues: number;
  dropped: number;
  /** Of the dropped: dialogues without any change (GCA undefined, not a GCA of 0). */
  droppedNoChanges: number;
  kept: number;
  correlations: TraitCorrelation[];
  /** r(FGA, GCA) over the kept dialogues. */
  fgaGca: number | null;
}

export const DISAGREEMENT_THRESHOLD = 0.1;

/** The dialogues the analysis uses (both 100, a trait undefined or no change dropped) and their z-scores. */
export function traitZScores<R extends TraitInput>(rows: readonly R[]): { usable: R[]; z: Record<'TO' | 'NU' | 'FGA' | 'GCA', number[]> } {
  // A dialogue without changes has no GCA (the reported 0 is a convention): it says nothing about GCA's traits.
  const usable = rows.filter((r) => !r.noChanges && !(r.FGA === 1 && r.GCA === 1) && r.TO !== null && r.NU !== null);
  const z = {
    TO: zScores(usable.map((r) => r.TO as number)),
    NU: zScores(usable.map((r) => r.NU as number)),
    FGA: zScores(usable.map((r) => r.FGA)),
    GCA: zScores(usable.map((r) => r.GCA)),
  };
  return { usable, z };
}

export function analyseTraits(rows: readonly TraitInput[], level = 0.95): TraitAnalysis {
  const { usable, z } = traitZScores(rows);
  const keep = usable.map((_, i) => Math.abs(z.FGA[i] - z.GCA[i]) >= DISAGREEMENT_THRESHOLD);
  const pick = (xs: number[]) => xs.filter((_, i) => keep[i]);
  const fga = pick(z.FGA);
  const gca = pick(z.GCA);
  const n = fga.length;
  const fgaGca = n >= 2 ? pearson(fga, gca) : null;
  const correlations = (['TO', 'NU'] as const).map((trait): TraitCorrelation => {
    const t = pick(z[trait]);
    const withFGA = n >= 2 ? pearson(t, fga) : null;
    const withGCA = n >= 2 ? pearson(t, gca) : null;
    const ok =
      withFGA !== null &&
      withGCA !== null &&
      fgaGca !== null &&
      n > 3 &&
      Math.abs(withFGA) < 1 &&
      Math.abs(withGCA) < 1 &&
      Math.abs(fgaGca) < 1;
    return { trait, withFGA, withGCA, difference: ok ? zouOverlapInterval(withFGA, withGCA, fgaGca, n, level) : null };
  });
  return {
    dialogues: rows.length,
    dropped: rows.length - usable.length,
    droppedNoChanges: rows.filter((r) => r.noChanges).length,
    kept: n,
    correlations,
    fgaGca,
  };
}
