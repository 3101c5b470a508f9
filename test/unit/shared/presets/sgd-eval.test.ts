// The official SGD evaluator re-implemented (src/shared/presets/sgd-eval.ts),
// against the dicts google-research/google-research schema_guided_dst
// evaluate.py @ 1acdadc + metrics.py @ c813955 wrote for the same files under
// its four flag settings and both fuzzywuzzy backends
// (test/fixtures/presets/sgd, see its README).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES } from '../../../helpers/fixtures';
import { addDialogues, computeF1, parseSgdSchema, seenServices, SgdEvalError, sgdMetrics } from '../../../../src/shared/presets/sgd-eval';

const D = join(FIXTURES, 'presets', 'sgd');
const read = (...p: string[]) => JSON.parse(readFileSync(join(D, ...p), 'utf8'));
const evalSchema = parseSgdSchema(read('data', 'test', 'schema.json'), 'schema.json');
const trainSchema = parseSgdSchema(read('data', 'train', 'schema.json'), 'train/schema.json');
function input() {
  const ref = new Map<string, Record<string, unknown>>();
  addDialogues(ref, read('data', 'test', 'dialogues_001.json'), 'dialogues_001.json');
  const hyp = new Map<string, Record<string, unknown>>();
  addDialogues(hyp, read('pred', 'dialogues_001.json'), 'pred.json');
  return { ref, hyp, services: new Map(evalSchema.map((s) => [s.service_name, s])), seen: seenServices(evalSchema, trainSchema) };
}

describe('sgdMetrics equals the official evaluator', () => {
  for (const backend of ['levenshtein', 'difflib'] as const)
    for (const acrossTurns of [false, true])
      for (const fuzzy of [true, false]) {
        const name = `${acrossTurns ? 'across_turn' : 'per_frame'}-${fuzzy ? 'fuzzy' : 'exact'}.${backend}`;
        it(name, () => {
          const want = read('expected', `${name}.json`);
          const got = sgdMetrics(input(), { acrossTurns, fuzzy, backend });
          expect(Object.keys(got)).toEqual(Object.keys(want)); // same keys, in the order it writes them
          for (const k of Object.keys(want)) {
            expect(Object.keys(got[k]), k).toEqual(Object.keys(want[k]));
            for (const m of Object.keys(want[k])) expect(Math.abs(got[k][m] - want[k][m]), `${k}.${m}`).toBeLessThan(1e-9);
          }
        });
      }

  it('seen/unseen is by exact service name (Events_3 is unseen though Events_1 is in train)', () => {
    const seen = seenServices(evalSchema, trainSchema);
    expect([...seen].sort()).toEqual(['Hotels_1', 'Restaurants_1']);
  });

  it('the backends differ where fuzzywuzzy says they do (20:40 vs 20:00)', () => {
    const lev = sgdMetrics(input(), { acrossTurns: false, fuzzy: true, backend: 'levenshtein' });
    const dl = sgdMetrics(input(), { acrossTurns: false, fuzzy: true, backend: 'difflib' });
    expect(lev['#ALL_SERVICES'].joint_goal_accuracy).not.toBe(dl['#ALL_SERVICES'].joint_goal_accuracy);
  });
});

describe('what the evaluator stops on', () => {
  it('a prediction dialogue not in the gold, a missing frame, different services', () => {
    const a = input();
    a.hyp.set('9_99999', { dialogue_id: '9_99999', services: [], turns: [] });
    expect(() => sgdMetrics(a, { acrossTurns: false, fuzzy: true, backend: 'difflib' })).toThrow(/"9_99999".*not in the gold/);
    const b = input();
    const d = structuredClone(b.hyp.get('1_00000')!) as { services: string[] };
    d.services = ['Nope_1'];
    b.hyp.set('1_00000', d);
    expect(() => sgdMetrics(b, { acrossTurns: false, fuzzy: true, backend: 'difflib' })).toThrow(SgdEvalError);
  });
});

describe('compute_f1', () => {
  it('is a multiset F1 with 1.0 for an empty side', () => {
    expect(computeF1([], [])).toEqual({ f1: 1, precision: 1, recall: 1 });
    expect(computeF1(['a', 'a'], ['a'])).toEqual({ f1: 2 / 3, precision: 1, recall: 0.5 });
    expect(computeF1(['a'], [])).toEqual({ f1: 0, precision: 1, recall: 0 });
  });
});
