// Layer: shared (pure TS). Correlation matrices of the metrics, as in the RSA
// paper's Figure 3: at turn level (every per-turn metric over all turns; AGA
// and IAGA exist only on turns with non-empty gold, so each pair uses the
// turns where both are defined) and at dialogue level (every metric of each
// dialogue, GCA included, pairwise as well; a dialogue without any change has
// no GCA and is left out of GCA's pairs). Pearson's r, or Spearman's ρ
// (Pearson's r of the ranks, ties given their average rank, ranked within
// each pair's complete cases). Cells are null where a variable is constant
// or fewer than two cases remain; `n` holds each pair's number of cases.

import type { Evaluation } from '../metrics/evaluate';
import { METRICS } from '../metrics/registry';
import { extendSignature, type Signature } from '../metrics/signature';
import { factsAt, TURNS_SLOT } from '../metrics/state';
import { noChangesAt } from '../metrics/values';
import { pairedPearson } from '../metrics/stats';
import { metricColumns } from '../report/rows';

export type CorrelationLevel = 'turn' | 'dialogue';
export type CorrelationMethod = 'pearson' | 'spearman';
export const CORRELATION_LEVELS: readonly CorrelationLevel[] = ['turn', 'dialogue'];
export const CORRELATION_METHODS: readonly CorrelationMethod[] = ['pearson', 'spearman'];

export interface CorrelationMatrix {
  level: CorrelationLevel;
  method: CorrelationMethod;
  /** Column keys: JGA, SA, AGA, IAGA, F1, RSA, FGA_<λ> (and GCA at dialogue level). */
  metrics: string[];
  matrix: (number | null)[][];
  n: number[][];
  signature: Signature;
}

/** The variables of a level: one column of values (NaN where undefined) per metric and variant. */
export function correlationVariables(ev: Evaluation, level: CorrelationLevel): { keys: string[]; values: Float64Array[] } {
  const { config } = ev;
  const cols = metricColumns(config).filter((c) => level === 'dialogue' || METRICS[c.index].perTurn);
  const keys = cols.map((c) => c.key);
  if (level === 'turn') {
    const T = ev.source.turnIndex.length;
    const values = cols.map(() => new Float64Array(T));
    const which = cols.map((c) => ({ m: METRICS[c.index], v: c.variantIndex }));
    for (let i = 0; i < T; i++) {
      const f = factsAt(ev.stats, i);
      for (let k = 0; k < which.length; k++) values[k][i] = which[k].m.turn(f, config, which[k].v) ?? Number.NaN;
    }
    return { keys, values };
  }
  // Straight from each dialogue's state row (the same numbers scoresOf reports, without building its objects).
  // A dialogue without any change has no GCA (its reported 0 is a convention): NaN, left out of GCA's pairs.
  const D = ev.source.dialogueIds.length;
  const { layout, states } = ev;
  const values = cols.map(() => new Float64Array(D));
  const which = cols.map((c) => ({ m: METRICS[c.index], offset: layout.offsets[c.index], v: c.variantIndex, gca: c.metric === 'GCA' }));
  const ref = { s: states, at: 0 };
  const ctx = { turns: 0, config };
  for (let d = 0; d < D; d++) {
    const row = d * layout.width;
    ctx.turns = states[row + TURNS_SLOT];
    for (let k = 0; k < which.length; k++) {
      ref.at = row + which[k].offset;
      values[k][d] = which[k].gca && noChangesAt(states, ref.at) ? Number.NaN : (which[k].m.score(ref, ctx, which[k].v) ?? Number.NaN);
    }
  }
  return { keys, values };
}

/** Distinct finite values of x ascending, and each case's position among them (-1 for NaN). */
export function distinctIds(x: Float64Array): { ids: Int32Array; count: number } {
  const seen = new Map<number, number>();
  const ids = new Int32Array(x.length);
  for (let i = 0; i < x.length; i++) {
    const v = x[i];
    if (v !== v) {
      ids[i] = -1;
      continue;
    }
    let id = seen.get(v);
    if (id === undefined) seen.set(v, (id = seen.size));
    ids[i] = id;
  }
  const sorted = [...seen.keys()].sort((a, b) => a - b);
  const rankOf = new Int32Array(seen.size);
  sorted.forEach((v, r) => (rankOf[seen.get(v)!] = r));
  for (let i = 0; i < ids.length; i++) if (ids[i] >= 0) ids[i] = rankOf[ids[i]];
  return { ids, count: sorted.length };
}

/** Average ranks (1-based, ties averaged) of the cases where `mask` is set, from distinct ids. */
function ranksWithin(ids: Int32Array, count: number, mask: Uint8Array, out: Float64Array): void {
  const freq = new Float64Array(count);
  for (let i = 0; i < ids.length; i++) if (mask[i]) freq[ids[i]]++;
  const avg = new Float64Array(count);
  let below = 0;
  for (let u = 0; u < count; u++) {
    avg[u] = below + (freq[u] + 1) / 2;
    below += freq[u];
  }
  for (let i = 0; i < ids.length; i++) out[i] = mask[i] ? avg[ids[i]] : Number.NaN;
}

export function correlationMatrix(ev: Evaluation, level: CorrelationLevel, method: CorrelationMethod): CorrelationMatrix {
  const { keys, values } = correlationVariables(ev, level);
  const k = keys.length;
  const matrix: (number | null)[][] = keys.map(() => new Array<number | null>(k).fill(null));
  const n: number[][] = keys.map(() => new Array<number>(k).fill(0));
  const distinct = method === 'spearman' ? values.map(distinctIds) : [];
  const len = values[0]?.length ?? 0;
  const mask = new Uint8Array(len);
  const ra = new Float64Array(len);
  const rb = new Float64Array(len);
  for (let a = 0; a < k; a++) {
    for (let b = a; b < k; b++) {
      let res: { r: number | null; n: number };
      if (method === 'pearson') res = pairedPearson(values[a], values[b]);
      else {
        const x = values[a];
        const y = values[b];
        for (let i = 0; i < len; i++) mask[i] = x[i] === x[i] && y[i] === y[i] ? 1 : 0;
        ranksWithin(distinct[a].ids, distinct[a].count, mask, ra);
        ranksWithin(distinct[b].ids, distinct[b].count, mask, rb);
        res = pairedPearson(ra, rb);
      }
      matrix[a][b] = matrix[b][a] = res.r;
      n[a][b] = n[b][a] = res.n;
    }
  }
  const signature = extendSignature(ev.signature, [{ key: 'turns', text: `correlation=${method} level=${level} pairwise` }]);
  return { level, method, metrics: keys, matrix, n, signature };
}
