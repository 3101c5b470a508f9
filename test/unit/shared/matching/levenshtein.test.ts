// The ports of python-Levenshtein 0.12.2 (Levenshtein/_levenshtein.c: ratio,
// distance, editops = lev_u_editops_find, matching_blocks of the opcodes) that
// fuzzywuzzy's StringMatcher backend calls, checked against the C library's
// output on the extra reference pairs and on hand-verified examples.
import { describe, expect, it } from 'vitest';
import {
  indelDistance,
  lcsLength,
  levEditops,
  levMatchingBlocks,
  levRatio,
  levenshteinDistance,
} from '../../../../src/shared/matching/levenshtein';
import { extraPairs } from '../../../helpers/fuzzy-fixtures';

const triples = (blocks: { a: number; b: number; size: number }[]) => blocks.map((x) => [x.a, x.b, x.size]);

describe('against python-Levenshtein 0.12.2', () => {
  const pairs = extraPairs();

  it('ratio (to the bit), distance and matching_blocks(opcodes(a, b), a, b) equal the C library on every extra pair', () => {
    const bad: string[] = [];
    for (const p of pairs) {
      const tag = `${p.kind}: ${JSON.stringify([p.a, p.b])}`;
      if (p.lev_ratio !== null && !Object.is(levRatio(p.a, p.b), p.lev_ratio)) bad.push(`ratio ${tag}`);
      if (levenshteinDistance(p.a, p.b) !== p.lev_distance) bad.push(`distance ${tag}`);
      if (JSON.stringify(triples(levMatchingBlocks(p.a, p.b))) !== JSON.stringify(p.lev_blocks)) bad.push(`blocks ${tag}`);
    }
    expect(bad.slice(0, 10)).toEqual([]);
  });

  // Levenshtein.editops(a, b) and Levenshtein.matching_blocks(Levenshtein.opcodes(a, b), a, b), printed by the library.
  const table: [string, string, [string, number, number][], [number, number, number][], number][] = [
    [
      'cc',
      ' c ccc a',
      [
        ['insert', 0, 0],
        ['insert', 1, 2],
        ['insert', 2, 4],
        ['insert', 2, 5],
        ['insert', 2, 6],
        ['insert', 2, 7],
      ],
      [
        [0, 1, 1],
        [1, 3, 1],
        [2, 8, 0],
      ],
      0.4,
    ],
    [
      'acc',
      'cacaccab',
      [
        ['insert', 0, 0],
        ['insert', 2, 3],
        ['insert', 3, 5],
        ['insert', 3, 6],
        ['insert', 3, 7],
      ],
      [
        [0, 1, 2],
        [2, 4, 1],
        [3, 8, 0],
      ],
      0.5454545454545454,
    ],
    [
      'kitten',
      'sitting',
      [
        ['replace', 0, 0],
        ['replace', 4, 4],
        ['insert', 6, 6],
      ],
      [
        [1, 1, 3],
        [5, 5, 1],
        [6, 7, 0],
      ],
      0.6153846153846154,
    ],
    [
      'abc',
      'abc',
      [],
      [
        [0, 0, 3],
        [3, 3, 0],
      ],
      1.0,
    ],
    [
      '',
      'ab',
      [
        ['insert', 0, 0],
        ['insert', 0, 1],
      ],
      [[0, 2, 0]],
      0.0,
    ],
    [
      'ab',
      '',
      [
        ['delete', 0, 0],
        ['delete', 1, 0],
      ],
      [[2, 0, 0]],
      0.0,
    ],
    [
      'a😀b',
      '😀',
      [
        ['delete', 0, 0],
        ['delete', 2, 1],
      ],
      [
        [1, 0, 1],
        [3, 1, 0],
      ],
      0.5,
    ],
  ];
  it.each(table)('%j vs %j', (a, b, ops, blocks, ratio) => {
    expect(levEditops(a, b).map((o) => [o.op, o.src, o.dst])).toEqual(ops);
    expect(triples(levMatchingBlocks(a, b))).toEqual(blocks);
    expect(levRatio(a, b)).toBe(ratio);
  });

  it("the edit path's blocks miss the exact substring 'cc' of ' c ccc a' (why partial_ratio gives 50, not 100)", () => {
    const blocks = levMatchingBlocks('cc', ' c ccc a');
    expect(blocks.some((x) => x.size === 2)).toBe(false);
  });
});

describe('distances', () => {
  it('indel distance = len(a) + len(b) − 2·LCS, counted in code points', () => {
    expect(lcsLength('kitten', 'sitting')).toBe(4);
    expect(indelDistance('kitten', 'sitting')).toBe(5);
    expect(levenshteinDistance('kitten', 'sitting')).toBe(3);
    expect(indelDistance('😀', 'a')).toBe(2);
    expect(levenshteinDistance('😀😀', '😀')).toBe(1);
    expect(levRatio('', '')).toBe(1.0);
  });
});
