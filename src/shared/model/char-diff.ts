// Layer: shared (pure TS). A character-level diff of a gold and a predicted
// value (by code point): the longest common subsequence, so that the fewest
// characters are marked — gold "centre" vs predicted " centre" marks the
// inserted leading space and nothing else. Values are short (a slot value),
// so the textbook dynamic programme over the part between the common prefix
// and suffix is exact and small; a pair whose middle would take more than
// MAX_CELLS cells is marked wholesale instead (still a correct diff, just not
// a minimal one). visible-text.ts draws the marks.

export type DiffOp = 'same' | 'del' | 'ins';

export interface DiffPart {
  op: DiffOp;
  text: string;
}

/** Above this many table cells (middle lengths multiplied) the middle is one deletion and one insertion. */
export const MAX_CELLS = 250_000;

/**
 * The edit script from `a` to `b`: runs of kept, deleted (in `a` only) and
 * inserted (in `b` only) characters. Joining the same+del parts gives `a`,
 * the same+ins parts `b`; the kept characters are a longest common
 * subsequence (for middles within MAX_CELLS). Where several are longest,
 * deletions come before insertions and the earliest match is kept.
 */
export function charDiff(a: string, b: string): DiffPart[] {
  const x = [...a];
  const y = [...b];
  let pre = 0;
  while (pre < x.length && pre < y.length && x[pre] === y[pre]) pre++;
  let suf = 0;
  while (suf < x.length - pre && suf < y.length - pre && x[x.length - 1 - suf] === y[y.length - 1 - suf]) suf++;
  const xm = x.slice(pre, x.length - suf);
  const ym = y.slice(pre, y.length - suf);
  const ops: DiffOp[] = [];
  const chars: string[] = [];
  const push = (op: DiffOp, ch: string) => {
    ops.push(op);
    chars.push(ch);
  };
  for (let i = 0; i < pre; i++) push('same', x[i]);
  if (xm.length * ym.length > MAX_CELLS) {
    for (const ch of xm) push('del', ch);
    for (const ch of ym) push('ins', ch);
  } else middle(xm, ym, push);
  for (let i = x.length - suf; i < x.length; i++) push('same', x[i]);
  const out: DiffPart[] = [];
  for (let k = 0; k < ops.length; k++) {
    const last = out[out.length - 1];
    if (last && last.op === ops[k]) last.text += chars[k];
    else out.push({ op: ops[k], text: chars[k] });
  }
  return out;
}

/** The LCS table of the middles (suffix lengths), then one walk from the start. */
function middle(x: string[], y: string[], push: (op: DiffOp, ch: string) => void): void {
  const n = x.length;
  const m = y.length;
  const w = m + 1;
  // L[i * w + j]: LCS length of x[i..] and y[j..].
  const L = new Int32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      L[i * w + j] = x[i] === y[j] ? L[(i + 1) * w + j + 1] + 1 : Math.max(L[(i + 1) * w + j], L[i * w + j + 1]);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (x[i] === y[j] && L[i * w + j] === L[(i + 1) * w + j + 1] + 1) {
      push('same', x[i++]);
      j++;
    } else if (L[(i + 1) * w + j] >= L[i * w + j + 1]) push('del', x[i++]);
    else push('ins', y[j++]);
  }
  while (i < n) push('del', x[i++]);
  while (j < m) push('ins', y[j++]);
}

/** Length in code points of the kept characters of a diff. */
export function keptLength(parts: readonly DiffPart[]): number {
  let k = 0;
  for (const p of parts) if (p.op === 'same') k += [...p.text].length;
  return k;
}

/**
 * Per code point of `gold` and of `pred`: whether the diff marks it (deleted
 * from gold, inserted in the prediction) — for visibleSegments — or null when
 * the two values are not alike enough for a diff to help (fewer than half of
 * the longer value's characters kept: "cheap" vs "expensive" is simply
 * different), or equal.
 */
export function diffMarks(gold: string, pred: string): { gold: boolean[]; pred: boolean[] } | null {
  if (gold === pred) return null;
  const parts = charDiff(gold, pred);
  const longer = Math.max([...gold].length, [...pred].length);
  if (keptLength(parts) * 2 < longer) return null;
  const g: boolean[] = [];
  const p: boolean[] = [];
  for (const part of parts) {
    for (const _ of part.text) {
      if (part.op !== 'ins') g.push(part.op === 'del');
      if (part.op !== 'del') p.push(part.op === 'ins');
    }
  }
  return { gold: g, pred: p };
}
