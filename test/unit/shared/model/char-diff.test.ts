// charDiff: table-driven cases (an inserted edge space, a swapped pair, case,
// unicode by code point), properties (the parts give both values back; the
// kept characters are a longest common subsequence, checked against an
// independent recursive LCS on short strings), the wholesale fallback above
// MAX_CELLS; diffMarks: per-character marks, and no marks for unlike values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { charDiff, diffMarks, keptLength, MAX_CELLS, type DiffPart } from '../../../../src/shared/model/char-diff';

const side = (parts: DiffPart[], drop: 'ins' | 'del') =>
  parts
    .filter((p) => p.op !== drop)
    .map((p) => p.text)
    .join('');

/** Independent LCS length (memoised recursion over code points), for short strings. */
function lcs(a: string[], b: string[]): number {
  const memo = new Map<number, number>();
  const go = (i: number, j: number): number => {
    if (i === a.length || j === b.length) return 0;
    const k = i * (b.length + 1) + j;
    let r = memo.get(k);
    if (r === undefined) {
      r = a[i] === b[j] ? 1 + go(i + 1, j + 1) : Math.max(go(i + 1, j), go(i, j + 1));
      memo.set(k, r);
    }
    return r;
  };
  return go(0, 0);
}

describe('charDiff', () => {
  it.each([
    [
      'centre',
      ' centre',
      [
        { op: 'ins', text: ' ' },
        { op: 'same', text: 'centre' },
      ],
    ],
    [
      '2',
      '2 ',
      [
        { op: 'same', text: '2' },
        { op: 'ins', text: ' ' },
      ],
    ],
    [
      'centre',
      'center',
      [
        { op: 'same', text: 'cent' },
        { op: 'del', text: 'r' },
        { op: 'same', text: 'e' },
        { op: 'ins', text: 'r' },
      ],
    ],
    [
      '11:15',
      '1115',
      [
        { op: 'same', text: '11' },
        { op: 'del', text: ':' },
        { op: 'same', text: '15' },
      ],
    ],
    [
      'Cheap',
      'cheap',
      [
        { op: 'del', text: 'C' },
        { op: 'ins', text: 'c' },
        { op: 'same', text: 'heap' },
      ],
    ],
    [
      'a',
      'b',
      [
        { op: 'del', text: 'a' },
        { op: 'ins', text: 'b' },
      ],
    ],
    ['', 'x', [{ op: 'ins', text: 'x' }]],
    ['same', 'same', [{ op: 'same', text: 'same' }]],
    // Astral characters are one unit, never split into surrogates.
    [
      'a😀b',
      'a😁b',
      [
        { op: 'same', text: 'a' },
        { op: 'del', text: '😀' },
        { op: 'ins', text: '😁' },
        { op: 'same', text: 'b' },
      ],
    ],
  ] as const)('%j → %j', (a, b, want) => {
    expect(charDiff(a, b)).toEqual(want);
  });

  it('gives both values back and keeps a longest common subsequence (property)', () => {
    const str = fc.array(fc.constantFrom('a', 'b', 'c', ' ', 'é', '😀'), { maxLength: 12 }).map((x) => x.join(''));
    fc.assert(
      fc.property(str, str, (a, b) => {
        const parts = charDiff(a, b);
        expect(side(parts, 'ins')).toBe(a);
        expect(side(parts, 'del')).toBe(b);
        expect(keptLength(parts)).toBe(lcs([...a], [...b]));
        // Parts are maximal runs.
        parts.forEach((p, i) => i > 0 && expect(p.op).not.toBe(parts[i - 1].op));
      }),
      { seed: 15, numRuns: 500 },
    );
  });

  it('marks a middle beyond MAX_CELLS wholesale, keeping the common prefix and suffix', () => {
    const n = Math.ceil(Math.sqrt(MAX_CELLS)) + 10;
    const a = `<${'a'.repeat(n)}>`;
    const b = `<${'b'.repeat(n)}>`;
    const parts = charDiff(a, b);
    expect(parts).toEqual([
      { op: 'same', text: '<' },
      { op: 'del', text: 'a'.repeat(n) },
      { op: 'ins', text: 'b'.repeat(n) },
      { op: 'same', text: '>' },
    ]);
  });
});

describe('diffMarks', () => {
  it('marks the inserted leading space of the prediction and nothing of the gold', () => {
    expect(diffMarks('centre', ' centre')).toEqual({
      gold: [false, false, false, false, false, false],
      pred: [true, false, false, false, false, false, false],
    });
  });

  it('marks per code point', () => {
    expect(diffMarks('a😀', 'a😁')).toEqual({ gold: [false, true], pred: [false, true] });
  });

  it('gives no marks for equal values or values with less than half in common', () => {
    expect(diffMarks('x', 'x')).toBeNull();
    expect(diffMarks('cheap', 'expensive')).toBeNull();
    expect(diffMarks('north', 'south')).not.toBeNull();
    expect(diffMarks('1', ' 1')).not.toBeNull();
  });
});
