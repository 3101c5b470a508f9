// fuzzywuzzy 0.18.0's ratio, partial_ratio and token_sort_ratio under both
// backends (python-Levenshtein 0.12.2's StringMatcher, difflib), table-driven
// against the real libraries' scores on every reference pair (fuzzywuzzy/fuzz.py
// ratio, partial_ratio, _token_sort; utils.py full_process; see
// test/fixtures/README.md for how the scores were produced).
import { describe, expect, it } from 'vitest';
import {
  fullProcess,
  fuzzScorer,
  partialRatio,
  processAndSort,
  ratio,
  tokenSortRatio,
  type FuzzBackend,
} from '../../../../src/shared/matching/fuzz';
import { extraPairs, scoredPairs } from '../../../helpers/fuzzy-fixtures';

const LEV = { backend: 'levenshtein' } as const;
const DL = { backend: 'difflib' } as const;
const SCORERS = [
  ['ratio', (a: string, b: string, backend: FuzzBackend) => ratio(a, b, { backend })],
  ['partial_ratio', (a: string, b: string, backend: FuzzBackend) => partialRatio(a, b, { backend })],
  ['token_sort_ratio', (a: string, b: string, backend: FuzzBackend) => tokenSortRatio(a, b, { backend })],
] as const;

/** Every disagreement of our scores with the expected ones, as readable lines (empty when all agree). */
function mismatches(rows: { a: string; b: string; expected: number[] }[]): string[] {
  const out: string[] = [];
  for (const { a, b, expected } of rows) {
    const got = [...SCORERS.map(([, f]) => f(a, b, 'levenshtein')), ...SCORERS.map(([, f]) => f(a, b, 'difflib'))];
    for (let k = 0; k < 6; k++) {
      if (got[k] !== expected[k]) {
        const name = `${SCORERS[k % 3][0]}/${k < 3 ? 'levenshtein' : 'difflib'}`;
        out.push(`${name}(${JSON.stringify(a)}, ${JSON.stringify(b)}) = ${got[k]}, fuzzywuzzy ${expected[k]}`);
      }
    }
  }
  return out;
}

describe('fuzzywuzzy scores on the research pairs', () => {
  const pairs = scoredPairs();

  it('has all 10,244 pairs, the backends disagreeing on a fair share of them', () => {
    expect(pairs.length).toBe(10244);
    const differs = (k: number) => pairs.filter((p) => p[2 + k] !== p[5 + k]).length;
    // As the research notes count them: ratio 1,667, partial_ratio 2,946, token_sort_ratio 1,504.
    expect([differs(0), differs(1), differs(2)]).toEqual([1667, 2946, 1504]);
  });

  it('equal fuzzywuzzy for every pair, scorer and backend', () => {
    const rows = pairs.map(([a, b, ...expected]) => ({ a, b, expected }));
    expect(mismatches(rows).slice(0, 20)).toEqual([]);
  });
});

describe('fuzzywuzzy scores on long strings, Unicode and rounding ties', () => {
  const pairs = extraPairs();

  it('covers the cases it is for', () => {
    const kinds = (s: string) => pairs.filter((p) => p.kind.startsWith(s)).length;
    expect(kinds('long')).toBeGreaterThan(100);
    expect(kinds('autojunk threshold')).toBe(64);
    expect(kinds('random Unicode')).toBeGreaterThan(800);
    expect(kinds('rounding')).toBeGreaterThan(400);
    // Some pair has a side of at least 200 code points, where difflib's autojunk heuristic applies.
    expect(pairs.some((p) => Array.from(p.b).length >= 200)).toBe(true);
    // Some pair has an astral character.
    expect(pairs.some((p) => /[\u{10000}-\u{10ffff}]/u.test(p.a + p.b))).toBe(true);
  });

  it('equal fuzzywuzzy for every pair, scorer and backend', () => {
    const rows = pairs.map((p) => ({ a: p.a, b: p.b, expected: p.scores }));
    expect(mismatches(rows).slice(0, 20)).toEqual([]);
  });

  it('token_sort_ratio with force_ascii=False and with full_process=False equal fuzzywuzzy', () => {
    const bad: string[] = [];
    for (const p of pairs) {
      (['levenshtein', 'difflib'] as const).forEach((backend, k) => {
        const na = tokenSortRatio(p.a, p.b, { backend, forceAscii: false });
        const np = tokenSortRatio(p.a, p.b, { backend, fullProcess: false });
        if (na !== p.tsr_noascii[k]) bad.push(`force_ascii=False ${backend} ${JSON.stringify([p.a, p.b])}: ${na} vs ${p.tsr_noascii[k]}`);
        if (np !== p.tsr_noprocess[k])
          bad.push(`full_process=False ${backend} ${JSON.stringify([p.a, p.b])}: ${np} vs ${p.tsr_noprocess[k]}`);
      });
    }
    expect(bad.slice(0, 20)).toEqual([]);
  });

  it('full_process equals utils.full_process with and without force_ascii', () => {
    const bad = pairs
      .filter((p) => fullProcess(p.a, true) !== p.full_process[0] || fullProcess(p.a, false) !== p.full_process[1])
      .map(
        (p) =>
          `${JSON.stringify(p.a)} → ${JSON.stringify([fullProcess(p.a, true), fullProcess(p.a)])}, Python ${JSON.stringify(p.full_process)}`,
      );
    expect(bad.slice(0, 20)).toEqual([]);
  });
});

describe('pairs where the backends differ (research notes §7)', () => {
  // [a, b, partial_ratio lev, partial_ratio difflib, token_sort_ratio lev, token_sort_ratio difflib, ratio lev, ratio difflib]
  const table: [string, string, number, number, number, number, number, number][] = [
    ['cc', ' c ccc a', 50, 100, 44, 44, 40, 40], // python-Levenshtein's edit path misses the exact substring 'cc'
    ['acc', 'cacaccab', 67, 100, 55, 55, 55, 55],
    ['thursday', 'saturday', 80, 86, 75, 75, 75, 75],
    ['east', 'west', 75, 86, 75, 75, 75, 75],
    ['dontcare', 'moderate', 38, 43, 38, 38, 38, 38],
    ['moderate', 'dontcare', 38, 25, 38, 25, 38, 25], // difflib is not symmetric (the notes' row mixes the two orders)
    ['10:08', '15:30', 60, 40, 40, 20, 60, 40],
    ['cheap', 'expensive', 20, 40, 29, 29, 29, 29],
    ['all saints church', 'christ college', 30, 40, 32, 13, 26, 13],
  ];
  it.each(table)('%j vs %j', (a, b, prL, prD, tsL, tsD, rL, rD) => {
    expect([partialRatio(a, b, LEV), partialRatio(a, b, DL)]).toEqual([prL, prD]);
    expect([tokenSortRatio(a, b, LEV), tokenSortRatio(a, b, DL)]).toEqual([tsL, tsD]);
    expect([ratio(a, b, LEV), ratio(a, b, DL)]).toEqual([rL, rD]);
  });

  it("token_sort_ratio('20:40', '20:00'): 60 with python-Levenshtein, 40 with difflib (the SGD fixture's turn)", () => {
    expect(tokenSortRatio('20:40', '20:00', LEV)).toBe(60);
    expect(tokenSortRatio('20:40', '20:00', DL)).toBe(40);
  });

  it('the mwzeval decision partial_ratio > 95 flips on the first two pairs only', () => {
    expect(partialRatio('cc', ' c ccc a', LEV) > 95).toBe(false);
    expect(partialRatio('cc', ' c ccc a', DL) > 95).toBe(true);
    expect(partialRatio('gandhi', 'the gandhi', LEV)).toBe(100);
    expect(partialRatio(' centre', 'centre', LEV)).toBe(100);
    expect(partialRatio('Centre', 'centre', LEV)).toBe(83);
  });
});

describe('the decorators: None, equal and empty strings', () => {
  it.each(['levenshtein', 'difflib'] as const)('%s', (backend) => {
    const o = { backend };
    for (const f of [ratio, partialRatio]) {
      expect(f('', '', o)).toBe(100); // check_for_equivalence runs before check_empty_string
      expect(f('', 'a', o)).toBe(0);
      expect(f('a', '', o)).toBe(0);
      expect(f(null, 'a', o)).toBe(0);
      expect(f('a', undefined, o)).toBe(0);
      expect(f(null, null, o)).toBe(0); // check_for_none comes first
    }
    // token_sort_ratio compares the processed strings: both empty → 100, one empty → 0.
    expect(tokenSortRatio('!!!', '???', o)).toBe(100);
    expect(tokenSortRatio('', '   ', o)).toBe(100);
    expect(tokenSortRatio('!!!', 'a', o)).toBe(0);
    expect(tokenSortRatio(null, 'a', o)).toBe(0);
    // no processing in ratio and partial_ratio: case and spaces count
    expect(ratio('A', 'a', o)).toBe(0);
    expect(tokenSortRatio('New York', 'york new', o)).toBe(100);
  });
});

describe('rounding half to even on the double', () => {
  it('exact ties round to the even neighbour', () => {
    // 'Hamilton' / 'Godspell': 1 common character of 16 → 12.5 → 12 (fuzzball's Math.round gives 13).
    expect(ratio('Hamilton', 'Godspell', LEV)).toBe(12);
    expect(ratio('Hamilton', 'Godspell', DL)).toBe(12);
    // 3 of 16 → 37.5 → 38; 5 of 16 → 62.5 → 62; 7 of 16 → 87.5 → 88
    for (const o of [LEV, DL]) {
      expect(ratio('ABCdefgh', 'ABC01234', o)).toBe(38);
      expect(ratio('ABCDEfgh', 'ABCDE012', o)).toBe(62);
      expect(ratio('ABCDEFGh', 'ABCDEFG0', o)).toBe(88);
    }
    // partial_ratio rounds its best window the same way: 'A0' vs the window 'Ay' of 'xAy' → 2·1/4 → 50
    expect(partialRatio('A0', 'xAy', LEV)).toBe(50);
  });
  it('near-ties follow the double, not the exact fraction', () => {
    // 2·23/80 = 0.575 is not a double; 100 · 0.575 = 57.49999999999999 → 57 (the exact fraction 57.5 would give 58).
    const common = 'ABCDEFGHIJKLMNOPQRSTUVW';
    const a = common + 'bcdefghijklmnopq';
    const b = common + '0123456789!#$%&()*+,-./:;<=>?@[]^_{|}~'.slice(0, 80 - a.length - common.length);
    expect(Array.from(a).length + Array.from(b).length).toBe(80);
    expect(100 * ((2 * 23) / 80)).toBe(57.49999999999999);
    expect(ratio(a, b, LEV)).toBe(57);
    expect(ratio(a, b, DL)).toBe(57);
  });
});

describe('code points, not UTF-16 units', () => {
  it('lengths: 😀😀 (2 code points, 4 units) is the shorter string against abc', () => {
    // Python: shorter = '😀😀'; windows of 2 code points of 'abc'; no common character → 0.
    expect(partialRatio('😀😀', 'abc', LEV)).toBe(0);
    expect(partialRatio('😀a', 'xya', DL)).toBe(50);
    expect(ratio('😀', '😃', LEV)).toBe(0); // same high surrogate, different characters
    expect(ratio('😀a', '😀b', LEV)).toBe(50); // 1 common code point of 4
  });
  it('token order by code point: ａ (U+FF41) sorts before 𝐚 (U+1D41A)', () => {
    expect(processAndSort('𝐚 ａ')).toBe('ａ 𝐚');
    expect(tokenSortRatio('x 𝐚 ａ', 'ａ x 𝐚', LEV)).toBe(100);
  });
  it('force_ascii deletes U+0080–U+00FF only; \\W keeps letters, numbers and _', () => {
    expect(fullProcess('Café Łódź', true)).toBe('caf łdź'); // ó goes (U+00F3), ź stays (U+017A)
    expect(fullProcess('Café Łódź')).toBe('café łódź');
    expect(fullProcess('a_b-c')).toBe('a_b c');
    expect(fullProcess(' ⅓ cup! ')).toBe('⅓ cup');
    expect(fullProcess('e\u0301')).toBe('e'); // a combining mark is \W in Python: replaced by a space, then stripped
  });
});

describe('fuzzScorer', () => {
  it('binds a named scorer to a backend', () => {
    expect(fuzzScorer('partial_ratio', 'levenshtein')('cc', ' c ccc a')).toBe(50);
    expect(fuzzScorer('partial_ratio', 'difflib')('cc', ' c ccc a')).toBe(100);
    expect(fuzzScorer('token_sort_ratio', 'difflib')('20:40', '20:00')).toBe(40);
    expect(fuzzScorer('ratio', 'levenshtein')('east', 'west')).toBe(75);
  });
});
