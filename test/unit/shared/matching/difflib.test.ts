// The port of CPython 3.11's difflib.SequenceMatcher(None, a, b) (Lib/difflib.py:
// __chain_b with autojunk, find_longest_match, get_matching_blocks, ratio),
// checked block for block and bit for bit against the real library's output on
// the extra reference pairs (long strings, Unicode), plus difflib's own doctests.
import { describe, expect, it } from 'vitest';
import { SequenceMatcher, difflibMatchingBlocks, difflibRatio } from '../../../../src/shared/matching/difflib';
import { extraPairs } from '../../../helpers/fuzzy-fixtures';

const triples = (blocks: { a: number; b: number; size: number }[]) => blocks.map((x) => [x.a, x.b, x.size]);

describe('SequenceMatcher against difflib', () => {
  const pairs = extraPairs();

  it('get_matching_blocks() and ratio() equal difflib on every extra pair (ratio to the bit)', () => {
    const bad: string[] = [];
    for (const p of pairs) {
      const sm = new SequenceMatcher(p.a, p.b);
      const blocks = triples(sm.getMatchingBlocks());
      if (JSON.stringify(blocks) !== JSON.stringify(p.difflib_blocks)) bad.push(`blocks ${p.kind}: ${JSON.stringify([p.a, p.b])}`);
      if (!Object.is(sm.ratio(), p.difflib_ratio)) bad.push(`ratio ${p.kind}: ${sm.ratio()} vs ${p.difflib_ratio}`);
    }
    expect(bad.slice(0, 10)).toEqual([]);
  });

  it('the autojunk heuristic decides blocks on some long pairs (so the fixture exercises it)', () => {
    let decides = 0;
    for (const p of pairs) {
      const withJunk = triples(new SequenceMatcher(p.a, p.b).getMatchingBlocks());
      const without = triples(new SequenceMatcher(p.a, p.b, false).getMatchingBlocks());
      if (JSON.stringify(withJunk) !== JSON.stringify(without)) decides++;
    }
    expect(decides).toBeGreaterThan(50);
  });
});

describe('autojunk: popular elements of b when len(b) >= 200', () => {
  it('an element occurring more than len(b) // 100 + 1 times is popular; below 200 nothing is', () => {
    const b200 = 'x'.repeat(3) + 'y'.repeat(197); // ntest = 3: 'y' (197) is popular, 'x' (3) is not
    expect([...new SequenceMatcher('x', b200).bpopular]).toEqual(['y'.codePointAt(0)]);
    expect(new SequenceMatcher('x', 'y'.repeat(199)).bpopular.size).toBe(0);
    expect(new SequenceMatcher('x', 'x'.repeat(4) + 'z'.repeat(196)).bpopular.size).toBe(2);
  });
  it('a popular element cannot start a match but extends one', () => {
    // b has 200 'a's, all popular: 'baaa' finds nothing in it (199 'a's are not popular: 'aaa' matches) ...
    expect(difflibRatio('baaa', 'a'.repeat(200))).toBe(0);
    expect(difflibRatio('baaa', 'a'.repeat(199))).toBe(6 / 203);
    // ... except by extension of the empty match at (alo, blo): difflib extends it forward too.
    expect(difflibRatio('aaa', 'a'.repeat(200))).toBe(6 / 203);
    // ... while a non-popular 'b' starts the match and the popular 'a's around it extend it.
    const b = 'a'.repeat(100) + 'b' + 'a'.repeat(100);
    expect(triples(difflibMatchingBlocks('aabaa', b))).toEqual([
      [0, 98, 5],
      [5, 201, 0],
    ]);
  });
  it('only b is tested: a long a with a short b keeps every element', () => {
    expect(difflibRatio('a'.repeat(300), 'aaa')).toBe(6 / 303);
  });
});

describe("difflib's doctests", () => {
  it('get_matching_blocks', () => {
    expect(triples(difflibMatchingBlocks('abxcd', 'abcd'))).toEqual([
      [0, 0, 2],
      [3, 2, 2],
      [5, 4, 0],
    ]);
  });
  it('find_longest_match', () => {
    const sm = new SequenceMatcher(' abcd', 'abcd abcd');
    expect(sm.findLongestMatch(0, 5, 0, 9)).toEqual({ a: 0, b: 4, size: 5 });
    expect(new SequenceMatcher('ab', 'c').findLongestMatch(0, 2, 0, 1)).toEqual({ a: 0, b: 0, size: 0 });
  });
  it('ratio', () => {
    expect(difflibRatio('abcd', 'bcde')).toBe(0.75);
    expect(difflibRatio('', '')).toBe(1.0);
    expect(difflibRatio('', 'a')).toBe(0);
  });
  it('is not symmetric: blocks depend on which side is b', () => {
    expect(difflibRatio('tide', 'diet')).toBe(0.25);
    expect(difflibRatio('diet', 'tide')).toBe(0.5);
  });
});
