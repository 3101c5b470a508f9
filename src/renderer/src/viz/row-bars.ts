// Layer: renderer (pure module). The small bars behind each number in the
// dialogue list: a value in [0, 1] → a width in pixels.

import { scaleLinear } from 'd3-scale';

export function barWidth(value: number | null, width: number): number {
  if (value === null || !Number.isFinite(value)) return 0;
  const s = scaleLinear().domain([0, 1]).range([0, width]).clamp(true);
  return s(value);
}
