// Test helpers: list fixture files with their expected values, load corpora.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCorpus } from '../../src/shared/formats/detect';
import type { Corpus } from '../../src/shared/model/corpus';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
export const LAMBDAS = [0.25, 0.5, 0.75, 1.0];

export interface ExpectedTurn {
  turn: string;
  jga: number;
  sa: number;
  aga: number | null;
  rsa: number;
  gca_delta: { C: number; W: number; M: number; O: number };
  gca_running: number;
  [k: string]: unknown;
}

export interface ExpectedDialogue {
  turns: number;
  jga: number;
  sa: number;
  aga: number | null;
  rsa: number;
  gca: number;
  counts: { C: number; W: number; M: number; O: number };
  per_turn: ExpectedTurn[];
  [k: string]: unknown;
}

export interface Expected {
  corpus: Record<string, unknown> & { counts: { C: number; W: number; M: number; O: number } };
  corpus_rounded_percent: Record<string, number>;
  dialogues: Record<string, ExpectedDialogue>;
}

export interface FixtureCase {
  name: string;
  file: string;
  expected: Expected;
}

export function fixtureCases(): FixtureCase[] {
  const cases: FixtureCase[] = [];
  for (const dir of ['paper', 'random']) {
    for (const f of readdirSync(join(FIXTURES, dir)).sort()) {
      if (!f.endsWith('.json') || f.endsWith('.expected.json')) continue;
      const exp = join(FIXTURES, dir, f.replace(/\.json$/, '.expected.json'));
      if (existsSync(exp))
        cases.push({ name: `${dir}/${f}`, file: join(FIXTURES, dir, f), expected: JSON.parse(readFileSync(exp, 'utf8')) });
    }
  }
  const real = join(FIXTURES, 'multiwoz-somdst-100');
  cases.push({
    name: 'multiwoz-somdst-100',
    file: join(real, 'predictions.json'),
    expected: JSON.parse(readFileSync(join(real, 'expected.json'), 'utf8')),
  });
  return cases;
}

export function loadFile(file: string): Corpus {
  return loadCorpus(new Uint8Array(readFileSync(file)), { file }).corpus;
}
