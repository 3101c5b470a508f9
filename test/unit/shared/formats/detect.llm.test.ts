// Detection over the loader registry (src/shared/formats/registry.ts) with the
// issue-18 layouts in it: every sample of every layout is claimed by exactly
// one loader — its own — and no other loader calls it "yes"; the older
// samples are still detected as before.
import { describe, expect, it } from 'vitest';
import { headText } from '../../../../src/shared/formats/detect';
import { LOADERS } from '../../../../src/shared/formats/registry';
import { llmBytes } from './llm-samples';
import { PREDICTION_SAMPLES, sample } from './samples';

const LLM_SAMPLES: [string, string][] = [
  ['belief-span/ubar-dst-BS.json', 'bspn'],
  ['belief-span/ubar-dst-BS-edge.json', 'bspn'],
  ['belief-span/fnctod-test1000-dst0shot.json', 'bspn'],
  ['belief-span/fnctod-test1000-dst0shot-edge.json', 'bspn'],
  ['belief-span/mttod-pred.json', 'bspn'],
  ['belief-span/mttod-pred-edge.json', 'bspn'],
  ['belief-span/pptod-test_joint_accuracy.json', 'bspn'],
  ['belief-span/pptod-test_joint_accuracy-edge.json', 'bspn'],
  ['belief-span/pptod-e2e-inference_result.json', 'bspn'],
  ['convlab3/llm-multiwoz21_dst.json', 'convlab-eval'],
  ['convlab3/llm-multiwoz21_dst-no-dialogue-id.json', 'convlab-eval'],
  ['convlab3/llm-multiwoz21_dst-edge.json', 'convlab-eval'],
  ['convlab3/setsumbt-predictions-test.json', 'convlab-eval'],
  ['line-aligned/ldst-mw24/test_LLM_result.txt', 'ldst'],
  ['line-aligned/ldst-mw24/test_LLM_result-edge.txt', 'ldst'],
  ['line-aligned/ldst-mw24/test_LLM_result-short.txt', 'ldst'],
  ['csv/sun2024-test_turn_few_example.csv', 'csv'],
  ['csv/sun2024-test_turn_few_example-edge.csv', 'csv'],
  ['icdst/running_log.json', 'icdst'],
  ['icdst/running_log-edge.json', 'icdst'],
];

/** Loaders that say "yes" to a file's head. */
const claims = (bytes: Uint8Array) => LOADERS.filter((l) => l.sniff(headText(bytes)) === 'yes').map((l) => l.id);

describe('detection never mistakes one layout for another', () => {
  it.each(LLM_SAMPLES)('%s: only %s says yes', (name, id) => {
    expect(claims(llmBytes(name))).toEqual([id]);
  });
  it.each(PREDICTION_SAMPLES)('%s: only %s says yes', (name, id) => {
    expect(claims(sample(name))).toEqual([id]);
  });
  it.each([
    'line-aligned/sdp-mw24-by-slot/generated_predictions.txt',
    'line-aligned/sdp-mw24-alldomains/generated_predictions.txt',
    'line-aligned/sdp-mw24-by-slot/mw24_prompt_by_slot_test.json',
    'line-aligned/ldst-mw24/test_LLM.idx',
    'csv/sun2024-gold_states.json',
  ])('%s (generations without an index, an index, a gold file) is claimed by no loader', (name) => {
    expect(claims(llmBytes(name))).toEqual([]);
  });
  it('every registered layout id is unique', () => {
    const ids = LOADERS.map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ['bspn', 'convlab-eval', 'lines', 'ldst', 'csv']) expect(ids).toContain(id);
  });
});
