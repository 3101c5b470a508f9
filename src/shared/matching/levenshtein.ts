// Layer: shared (pure TS). Ports of the python-Levenshtein 0.12.2 functions
// fuzzywuzzy 0.18's StringMatcher backend calls (the C extension
// Levenshtein/_levenshtein.c): `ratio` (distance with substitution cost 2),
// `editops` (the edit path lev_u_editops_find picks, which decides the
// blocks) and `matching_blocks(opcodes(s1, s2), s1, s2)` — exactly as the
// research notes (§7) define them after checking them against the C library.
// Sequences are code points, as Python's str.

import { toCodePoints, type CodePoints } from './python';
import type { MatchingBlock } from './difflib';

type Seq = string | CodePoints;
const cps = (s: Seq): CodePoints => (typeof s === 'string' ? toCodePoints(s) : s);

/** Longest common subsequence length of a and b (one DP row, O(len(a)·len(b))). */
export function lcsLength(a: Seq, b: Seq): number {
  let x = cps(a);
  let y = cps(b);
  if (x.length < y.length) [x, y] = [y, x]; // the row runs over the shorter one
  const m = y.length;
  if (m === 0) return 0;
  const row = new Int32Array(m + 1);
  for (let i = 0; i < x.length; i++) {
    const xi = x[i];
    let diag = 0; // row[j - 1] of the previous i
    for (let j = 1; j <= m; j++) {
      const up = row[j];
      row[j] = xi === y[j - 1] ? diag + 1 : up > row[j - 1] ? up : row[j - 1];
      diag = up;
    }
  }
  return row[m];
}

/**
 * `Levenshtein.distance(a, b)` with substitution cost 2 (what `ratio` uses,
 * `lev_u_distance(..., xcost=1)`): insertions and deletions only, = len(a) + len(b) − 2·LCS.
 */
export function indelDistance(a: Seq, b: Seq): number {
  const x = cps(a);
  const y = cps(b);
  return x.length + y.length - 2 * lcsLength(x, y);
}

/** `Levenshtein.distance(a, b)`: unit-cost Levenshtein distance. */
export function levenshteinDistance(a: Seq, b: Seq): number {
  let x = cps(a);
  let y = cps(b);
  if (x.length < y.length) [x, y] = [y, x];
  const m = y.length;
  const row = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) row[j] = j;
  for (let i = 1; i <= x.length; i++) {
    let diag = row[0];
    row[0] = i;
    const xi = x[i - 1];
    for (let j = 1; j <= m; j++) {
      const up = row[j];
      const sub = diag + (xi === y[j - 1] ? 0 : 1);
      const ins = row[j - 1] + 1;
      const del = up + 1;
      row[j] = sub < ins ? (sub < del ? sub : del) : ins < del ? ins : del;
      diag = up;
    }
  }
  return row[m];
}

/**
 * `Levenshtein.ratio(a, b)` of python-Levenshtein 0.12.2: (T − d) / T with
 * T = len(a) + len(b) and d the distance with substitution cost 2, computed as
 * the C double `(double)(lensum - ldist) / lensum`; 1.0 when both are empty.
 */
export function levRatio(a: Seq, b: Seq): number {
  const x = cps(a);
  const y = cps(b);
  const t = x.length + y.length;
  if (t === 0) return 1.0;
  return (2 * lcsLength(x, y)) / t; // T − d = 2·LCS, an exact integer, as in C
}

/** One edit operation of `Levenshtein.editops`: apply at position `src` of s1 / `dst` of s2. */
export interface EditOp {
  op: 'replace' | 'insert' | 'delete';
  src: number;
  dst: number;
}

/**
 * `Levenshtein.editops(s1, s2)`: the edit path python-Levenshtein 0.12.2
 * chooses (lev_u_editops_find + ueditops_from_cost_matrix in
 * _levenshtein.c): common prefix and suffix removed, unit-cost matrix, then a
 * walk back from the end that keeps going in the direction of the last
 * insert/delete, prefers a free diagonal step, then a replacement, then an
 * insertion, then a deletion.
 */
export function levEditops(s1: Seq, s2: Seq): EditOp[] {
  const x = cps(s1);
  const y = cps(s2);
  let p = 0;
  while (p < x.length && p < y.length && x[p] === y[p]) p++;
  let ea = x.length;
  let eb = y.length;
  while (ea > p && eb > p && x[ea - 1] === y[eb - 1]) {
    ea--;
    eb--;
  }
  const a = x.subarray(p, ea);
  const b = y.subarray(p, eb);
  const n1 = a.length + 1;
  const n2 = b.length + 1;
  const M = new Int32Array(n1 * n2);
  for (let j = 0; j < n2; j++) M[j] = j;
  for (let i = 1; i < n1; i++) {
    const r = i * n2;
    M[r] = i;
    const ai = a[i - 1];
    for (let j = 1; j < n2; j++) {
      const sub = M[r - n2 + j - 1] + (ai === b[j - 1] ? 0 : 1);
      const ins = M[r + j - 1] + 1;
      const del = M[r - n2 + j] + 1;
      M[r + j] = sub < ins ? (sub < del ? sub : del) : ins < del ? ins : del;
    }
  }
  const ops: EditOp[] = [];
  let i = n1 - 1;
  let j = n2 - 1;
  let dir = 0;
  while (i || j) {
    const here = M[i * n2 + j];
    if (dir < 0 && j && here === M[i * n2 + j - 1] + 1) {
      j--;
      ops.push({ op: 'insert', src: i + p, dst: j + p });
      continue;
    }
    if (dir > 0 && i && here === M[(i - 1) * n2 + j] + 1) {
      i--;
      ops.push({ op: 'delete', src: i + p, dst: j + p });
      continue;
    }
    if (i && j && here === M[(i - 1) * n2 + j - 1] && a[i - 1] === b[j - 1]) {
      i--;
      j--;
      dir = 0;
      continue;
    }
    if (i && j && here === M[(i - 1) * n2 + j - 1] + 1) {
      i--;
      j--;
      ops.push({ op: 'replace', src: i + p, dst: j + p });
      dir = 0;
      continue;
    }
    if (dir === 0 && j && here === M[i * n2 + j - 1] + 1) {
      j--;
      ops.push({ op: 'insert', src: i + p, dst: j + p });
      dir = -1;
      continue;
    }
    if (dir === 0 && i && here === M[(i - 1) * n2 + j] + 1) {
      i--;
      ops.push({ op: 'delete', src: i + p, dst: j + p });
      dir = 1;
      continue;
    }
    // Unreachable for a valid matrix: the C code asserts the same.
    throw new Error('levEditops: no step from a matrix cell (internal error)');
  }
  ops.reverse();
  return ops;
}

/**
 * `Levenshtein.matching_blocks(Levenshtein.opcodes(s1, s2), s1, s2)` — what
 * fuzzywuzzy's StringMatcher.get_matching_blocks() returns: the equal runs
 * between the edit operations of {@link levEditops}, then the sentinel
 * (len(s1), len(s2), 0). Unlike difflib's, these blocks follow one optimal
 * edit path, so they can miss an exact occurrence of s1 inside s2.
 */
export function levMatchingBlocks(s1: Seq, s2: Seq): MatchingBlock[] {
  const x = cps(s1);
  const y = cps(s2);
  const blocks: MatchingBlock[] = [];
  let sp = 0;
  let dp = 0;
  for (const { op, src, dst } of levEditops(x, y)) {
    if (sp < src || dp < dst) {
      blocks.push({ a: sp, b: dp, size: src - sp });
      sp = src;
      dp = dst;
    }
    if (op === 'replace') {
      sp++;
      dp++;
    } else if (op === 'delete') sp++;
    else dp++;
  }
  if (sp < x.length || dp < y.length) blocks.push({ a: sp, b: dp, size: x.length - sp });
  blocks.push({ a: x.length, b: y.length, size: 0 });
  return blocks;
}
