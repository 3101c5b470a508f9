// Layer: shared (pure TS). A port of CPython 3.11's difflib.SequenceMatcher
// (Lib/difflib.py: __chain_b, find_longest_match, get_matching_blocks, ratio)
// for the one way fuzzywuzzy 0.18 constructs it, `SequenceMatcher(None, a, b)`:
// no junk function, autojunk=True — when len(b) >= 200, every element that
// occurs more than len(b) // 100 + 1 times in b is "popular" and cannot start
// a match (it can still extend one). Sequences are code points, as Python's str.

import { toCodePoints, type CodePoints } from './python';

/** One matching block: a[a : a + size] == b[b : b + size] (difflib's Match(a, b, size)). */
export interface MatchingBlock {
  a: number;
  b: number;
  size: number;
}

const NOTHING: readonly number[] = [];
// The j2len rows of find_longest_match, shared by all matchers (each call leaves them all zero): indexed j + 1, so
// Python's j2len.get(j - 1, 0) is row[j]; a dict emptied per row becomes the cells touched in that row, reset after.
let scratchA = new Int32Array(256);
let scratchB = new Int32Array(256);

export class SequenceMatcher {
  readonly a: CodePoints;
  readonly b: CodePoints;
  /** b2j: for each element of b that is not popular, its indices in b, ascending. */
  private readonly b2j = new Map<number, number[]>();
  /** Elements of b dropped as popular by the autojunk heuristic (empty when len(b) < 200). */
  readonly bpopular = new Set<number>();
  private blocks: MatchingBlock[] | null = null;

  /** `SequenceMatcher(None, a, b)` with autojunk=True (Python's default), or autojunk as given. */
  constructor(a: string | CodePoints, b: string | CodePoints, autojunk = true) {
    this.a = typeof a === 'string' ? toCodePoints(a) : a;
    this.b = typeof b === 'string' ? toCodePoints(b) : b;
    const b2j = this.b2j;
    const bb = this.b;
    for (let i = 0; i < bb.length; i++) {
      const idx = b2j.get(bb[i]);
      if (idx) idx.push(i);
      else b2j.set(bb[i], [i]);
    }
    // No isjunk, so bjunk is empty. Popular elements (difflib.py __chain_b):
    const n = bb.length;
    if (autojunk && n >= 200) {
      const ntest = Math.floor(n / 100) + 1;
      for (const [elt, idxs] of b2j) if (idxs.length > ntest) this.bpopular.add(elt);
      for (const elt of this.bpopular) b2j.delete(elt);
    }
  }

  /**
   * Longest matching block in a[alo:ahi] and b[blo:bhi] (difflib's
   * find_longest_match): the earliest in a, then in b, among the longest
   * matches free of popular elements, then extended at both ends by equal
   * elements (popular ones included: bjunk is empty). Size 0 when none.
   */
  findLongestMatch(alo = 0, ahi = this.a.length, blo = 0, bhi = this.b.length): MatchingBlock {
    const { a, b, b2j } = this;
    let besti = alo;
    let bestj = blo;
    let bestsize = 0;
    if (scratchA.length <= b.length) {
      scratchA = new Int32Array(2 * b.length + 1);
      scratchB = new Int32Array(2 * b.length + 1);
    }
    let prev = scratchA;
    let cur = scratchB;
    let prevTouched: number[] = [];
    let curTouched: number[] = [];
    for (let i = alo; i < ahi; i++) {
      const idxs = b2j.get(a[i]) ?? NOTHING;
      for (let t = 0; t < idxs.length; t++) {
        const j = idxs[t];
        if (j < blo) continue;
        if (j >= bhi) break;
        const k = prev[j] + 1; // j2len.get(j - 1, 0) + 1
        cur[j + 1] = k;
        curTouched.push(j + 1);
        if (k > bestsize) {
          besti = i - k + 1;
          bestj = j - k + 1;
          bestsize = k;
        }
      }
      // j2len = newj2len: forget the old row, the new one becomes current.
      for (let t = 0; t < prevTouched.length; t++) prev[prevTouched[t]] = 0;
      const r = prev;
      prev = cur;
      cur = r;
      const tt = prevTouched;
      prevTouched = curTouched;
      curTouched = tt;
      curTouched.length = 0;
    }
    for (let t = 0; t < prevTouched.length; t++) prev[prevTouched[t]] = 0; // both rows all zero again
    // Extend by equal non-junk elements (every element: bjunk is empty), first backwards, then forwards.
    while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) {
      besti--;
      bestj--;
      bestsize++;
    }
    while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === b[bestj + bestsize]) bestsize++;
    // (difflib's second pair of loops extends by junk elements; with no isjunk there are none.)
    return { a: besti, b: bestj, size: bestsize };
  }

  /** difflib's get_matching_blocks(): non-adjacent blocks in increasing order, then the sentinel (len(a), len(b), 0). */
  getMatchingBlocks(): MatchingBlock[] {
    if (this.blocks) return this.blocks;
    const la = this.a.length;
    const lb = this.b.length;
    const queue: [number, number, number, number][] = [[0, la, 0, lb]];
    const found: MatchingBlock[] = [];
    while (queue.length > 0) {
      const [alo, ahi, blo, bhi] = queue.pop() as [number, number, number, number];
      const x = this.findLongestMatch(alo, ahi, blo, bhi);
      const { a: i, b: j, size: k } = x;
      if (k) {
        found.push(x);
        if (alo < i && blo < j) queue.push([alo, i, blo, j]);
        if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
      }
    }
    found.sort((x, y) => x.a - y.a || x.b - y.b || x.size - y.size);
    const out: MatchingBlock[] = [];
    let i1 = 0;
    let j1 = 0;
    let k1 = 0;
    for (const { a: i2, b: j2, size: k2 } of found) {
      if (i1 + k1 === i2 && j1 + k1 === j2) k1 += k2;
      else {
        if (k1) out.push({ a: i1, b: j1, size: k1 });
        i1 = i2;
        j1 = j2;
        k1 = k2;
      }
    }
    if (k1) out.push({ a: i1, b: j1, size: k1 });
    out.push({ a: la, b: lb, size: 0 });
    this.blocks = out;
    return out;
  }

  /** difflib's ratio(): 2.0 * M / T with M the matched elements and T = len(a) + len(b); 1.0 when both are empty. */
  ratio(): number {
    let m = 0;
    for (const blk of this.getMatchingBlocks()) m += blk.size;
    const t = this.a.length + this.b.length;
    return t ? (2.0 * m) / t : 1.0;
  }
}

/** difflib.SequenceMatcher(None, a, b).ratio(). */
export function difflibRatio(a: string | CodePoints, b: string | CodePoints): number {
  return new SequenceMatcher(a, b).ratio();
}

/** difflib.SequenceMatcher(None, a, b).get_matching_blocks(). */
export function difflibMatchingBlocks(a: string | CodePoints, b: string | CodePoints): MatchingBlock[] {
  return new SequenceMatcher(a, b).getMatchingBlocks();
}
