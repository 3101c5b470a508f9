// Test helpers: the fuzzywuzzy reference fixtures of test/fixtures/matching
// (scores computed by fuzzywuzzy 0.18.0 with python-Levenshtein 0.12.2 and
// with difflib; see test/fixtures/README.md), loaded once per test file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES } from './fixtures';

/** [a, b, ratio_lev, partial_ratio_lev, token_sort_ratio_lev, ratio_difflib, partial_ratio_difflib, token_sort_ratio_difflib] */
export type ScoredPair = [string, string, number, number, number, number, number, number];

export interface ExtraPair {
  a: string;
  b: string;
  kind: string;
  /** ratio, partial_ratio, token_sort_ratio under python-Levenshtein, then the same under difflib. */
  scores: [number, number, number, number, number, number];
  /** token_sort_ratio(a, b, force_ascii=False) [lev, difflib] */
  tsr_noascii: [number, number];
  /** token_sort_ratio(a, b, full_process=False) [lev, difflib] */
  tsr_noprocess: [number, number];
  /** utils.full_process(a, force_ascii=True), utils.full_process(a, force_ascii=False) */
  full_process: [string, string];
  difflib_ratio: number;
  difflib_blocks: [number, number, number][];
  /** null for two empty strings (not reached through fuzzywuzzy) */
  lev_ratio: number | null;
  lev_blocks: [number, number, number][];
  lev_distance: number;
}

const load = <T>(name: string): T => JSON.parse(readFileSync(join(FIXTURES, 'matching', name), 'utf8')) as T;

export function scoredPairs(): ScoredPair[] {
  return load<{ pairs: ScoredPair[] }>('fuzzywuzzy-pairs.json').pairs;
}

export function extraPairs(): ExtraPair[] {
  return load<{ pairs: ExtraPair[] }>('fuzzywuzzy-extra.json').pairs;
}
