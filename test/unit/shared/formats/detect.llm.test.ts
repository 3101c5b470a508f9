// Detection over the loader registry (src/shared/formats/registry.ts) with the
// issue-18 layouts in it, for what the layout kits (layout-kits.ts) do not
// hold: every kit sample is already checked in registry.test.ts (claimed by
// its own loader and no other; a `lines` sample by none, read as `lines` with
// its --index). Here: a sample that does not load (a cut JSON cell) is still
// detected as its layout and only its layout, and the partner files (an
// index, a gold file) and generations without their index are claimed by no
// loader.
import { describe, expect, it } from 'vitest';
import { headText } from '../../../../src/shared/formats/detect';
import { LOADERS } from '../../../../src/shared/formats/registry';
import { llmBytes } from './llm-samples';

/** Loaders that say "yes" to a file's head. */
const claims = (bytes: Uint8Array) => LOADERS.filter((l) => l.sniff(headText(bytes)) === 'yes').map((l) => l.id);

describe('detection never mistakes one layout for another', () => {
  it('a CSV sample that does not load (a cut JSON cell) is still claimed by csv only', () => {
    expect(claims(llmBytes('csv/sun2024-test_turn_few_example-edge.csv'))).toEqual(['csv']);
  });
  it.each([
    'line-aligned/sdp-mw24-by-slot/generated_predictions.txt',
    'line-aligned/sdp-mw24-alldomains/generated_predictions.txt',
    'line-aligned/sdp-mw24-by-slot/mw24_prompt_by_slot_test.json',
    'line-aligned/sdp-mw24-alldomains/mw24_prompt_alldomains_test.json',
    'line-aligned/sdp-mw22-by-slot/mw24_prompt_by_slot_test.idx',
    'line-aligned/ldst-mw24/test_LLM.idx',
    'csv/sun2024-gold_states.json',
  ])('%s (generations without an index, an index, a gold file) is claimed by no loader', (name) => {
    expect(claims(llmBytes(name))).toEqual([]);
  });
});
