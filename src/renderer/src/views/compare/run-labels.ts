// Layer: renderer (pure module). What the narrow pair list calls the two runs
// of the side-by-side view: their names when both are short, else the letters
// A and B (the A and B pickers above it name the runs in full, and every
// shortened place carries the full names as a tooltip). Real run names are
// long (`T5_fewshot_taxi__ratio_0.01_seed_557_prediction`) and often differ
// only in the middle, so cutting them would show two runs under one name.

/** Names up to this many characters are shown as they are in the pair list. */
export const SHORT_NAME = 14;

export function sideLabels(names: readonly [string, string]): [string, string] {
  return names.every((n) => n.length <= SHORT_NAME) ? [names[0], names[1]] : ['A', 'B'];
}

/** The letter of the k-th run side by side: A (the reference), B, C, … */
export { laneLetter } from '../../../../shared/viz/run-lanes';
