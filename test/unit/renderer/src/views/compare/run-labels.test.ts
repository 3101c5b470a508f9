// What the pair list calls the two runs (src/renderer/src/views/compare/run-labels.ts):
// short names as they are, else A and B for both (never one cut name that two runs share).
import { expect, it } from 'vitest';
import { sideLabels } from '../../../../../../src/renderer/src/views/compare/run-labels';

it('short names stay; a long one turns both into A and B', () => {
  expect(sideLabels(['SOM-DST', 'perturbed'])).toEqual(['SOM-DST', 'perturbed']);
  expect(sideLabels(['SOM-DST', 'T5_fewshot_taxi__ratio_0.01_seed_557_prediction'])).toEqual(['A', 'B']);
  expect(sideLabels(['a'.repeat(14), 'b'.repeat(14)])).toEqual(['a'.repeat(14), 'b'.repeat(14)]);
  expect(sideLabels(['a'.repeat(15), 'b'])).toEqual(['A', 'B']);
});
