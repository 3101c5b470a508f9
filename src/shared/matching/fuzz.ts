// Layer: shared (pure TS). fuzzywuzzy 0.18.0's scorers (fuzzywuzzy/fuzz.py
// `ratio`, `partial_ratio`, `token_sort_ratio`; utils.py `full_process`,
// `asciidammit`, `intr` and the check_for_none / check_for_equivalence /
// check_empty_string decorators), each under the backend fuzzywuzzy would
// load: python-Levenshtein 0.12.2's StringMatcher ('levenshtein') or
// difflib.SequenceMatcher ('difflib'). Scores are integers 0..100 rounded
// half to even as Python's round() does; strings are code points.

import { SequenceMatcher, type MatchingBlock } from './difflib';
import { levMatchingBlocks, levRatio } from './levenshtein';
import { compareCodePoints, pySplit, pyStrip, roundHalfEven, toCodePoints, type CodePoints } from './python';

/** Which SequenceMatcher fuzzywuzzy used: python-Levenshtein's StringMatcher when installed, else difflib's. */
export type FuzzBackend = 'levenshtein' | 'difflib';
export const FUZZ_BACKENDS: readonly FuzzBackend[] = ['levenshtein', 'difflib'];

export interface FuzzOptions {
  backend: FuzzBackend;
}

export interface TokenSortOptions extends FuzzOptions {
  /** Drop U+0080–U+00FF before processing (fuzzywuzzy's default for token_sort_ratio: true). */
  forceAscii?: boolean;
  /** Run utils.full_process on both strings first (default: true). */
  fullProcess?: boolean;
}

/** A value fuzzywuzzy accepts; null and undefined (Python None) score 0 (check_for_none). */
export type FuzzInput = string | null | undefined;

/** `SequenceMatcher(None, a, b).ratio()` under the backend: the raw similarity in [0, 1] before scaling and rounding. */
export function sequenceRatio(a: string | CodePoints, b: string | CodePoints, backend: FuzzBackend): number {
  return backend === 'levenshtein' ? levRatio(a, b) : new SequenceMatcher(a, b).ratio();
}

/** `SequenceMatcher(None, a, b).get_matching_blocks()` under the backend (sentinel block last). */
export function sequenceMatchingBlocks(a: string | CodePoints, b: string | CodePoints, backend: FuzzBackend): MatchingBlock[] {
  return backend === 'levenshtein' ? levMatchingBlocks(a, b) : new SequenceMatcher(a, b).getMatchingBlocks();
}

/** fuzzywuzzy's `intr`: int(round(n)), half to even. */
export const intr = roundHalfEven;

/**
 * `fuzz.ratio(s1, s2)`: None → 0; s1 == s2 → 100 (also two empty strings);
 * one empty → 0; else int(round(100 · SequenceMatcher(None, s1, s2).ratio())).
 * No preprocessing: case and spaces count.
 */
export function ratio(s1: FuzzInput, s2: FuzzInput, opts: FuzzOptions): number {
  if (s1 == null || s2 == null) return 0;
  if (s1 === s2) return 100;
  if (s1.length === 0 || s2.length === 0) return 0;
  return intr(100 * sequenceRatio(s1, s2, opts.backend));
}

/**
 * `fuzz.partial_ratio(s1, s2)`: the best ratio of the shorter string against
 * a window of the longer one of the same length, the windows aligned with
 * the matching blocks of SequenceMatcher(None, shorter, longer); a window
 * with ratio > 0.995 gives 100 at once. With equal lengths s1 is "shorter",
 * so the score is not symmetric. Same None / equal / empty checks as ratio.
 */
export function partialRatio(s1: FuzzInput, s2: FuzzInput, opts: FuzzOptions): number {
  if (s1 == null || s2 == null) return 0;
  if (s1 === s2) return 100;
  if (s1.length === 0 || s2.length === 0) return 0;
  const a = toCodePoints(s1);
  const b = toCodePoints(s2);
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  const backend = opts.backend;
  let best = -Infinity;
  for (const block of sequenceMatchingBlocks(shorter, longer, backend)) {
    const start = Math.max(block.b - block.a, 0);
    const window = longer.subarray(start, start + shorter.length); // slicing clamps at the end, as Python's does
    const r = sequenceRatio(shorter, window, backend);
    if (r > 0.995) return 100;
    if (r > best) best = r;
  }
  return intr(100 * best);
}

/**
 * `utils.full_process(s, force_ascii)`: with force_ascii, delete every
 * character U+0080–U+00FF (only those: asciidammit's table; U+0100 and above
 * stay); replace each character matching Python's `(?u)\W` — anything but a
 * letter, a number or '_' — by one space; lower-case; strip.
 */
export function fullProcess(s: string, forceAscii = false): string {
  const t = forceAscii ? s.replace(LATIN1, '') : s;
  return pyStrip(t.replace(NON_WORD, ' ').toLowerCase());
}
// Python's str.isalnum(): categories L* or a Numeric_Type (Nd, Nl, No); '_' is a word character too.
const NON_WORD = /[^\p{L}\p{N}_]/gu;
const LATIN1 = /[\u0080-\u00ff]/g;

/** fuzzywuzzy's `_process_and_sort`: full_process (if asked), split on whitespace, sort by code point, join with ' ', strip. */
export function processAndSort(s: string, forceAscii = true, doFullProcess = true): string {
  const ts = doFullProcess ? fullProcess(s, forceAscii) : s;
  return pyStrip(pySplit(ts).sort(compareCodePoints).join(' '));
}

/**
 * `fuzz.token_sort_ratio(s1, s2, force_ascii=True, full_process=True)`:
 * ratio of the two strings after processAndSort. None → 0; the equality and
 * empty checks apply to the processed strings, so "!!!" vs "???" is 100 and
 * "!!!" vs "a" is 0.
 */
export function tokenSortRatio(s1: FuzzInput, s2: FuzzInput, opts: TokenSortOptions): number {
  if (s1 == null || s2 == null) return 0;
  const forceAscii = opts.forceAscii ?? true;
  const fp = opts.fullProcess ?? true;
  return ratio(processAndSort(s1, forceAscii, fp), processAndSort(s2, forceAscii, fp), opts);
}

/** The scorers by their fuzzywuzzy names (the names presets write into signatures). */
export type FuzzScorerName = 'ratio' | 'partial_ratio' | 'token_sort_ratio';
export const FUZZ_SCORERS: readonly FuzzScorerName[] = ['ratio', 'partial_ratio', 'token_sort_ratio'];

/** A two-string scorer: the named fuzzywuzzy function under one backend (token_sort_ratio with its defaults). */
export function fuzzScorer(name: FuzzScorerName, backend: FuzzBackend): (a: string, b: string) => number {
  const opts = { backend };
  switch (name) {
    case 'ratio':
      return (a, b) => ratio(a, b, opts);
    case 'partial_ratio':
      return (a, b) => partialRatio(a, b, opts);
    case 'token_sort_ratio':
      return (a, b) => tokenSortRatio(a, b, opts);
  }
}
