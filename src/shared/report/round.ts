// Layer: shared (pure TS). Percentages to 2 decimals exactly as the metric
// papers' Python scripts print them: round(x, 2) rounds an exact tie to the
// even digit (3.125 → 3.12), where JavaScript's toFixed rounds it up (3.13).
// A value within a few ulps of an exactly representable tie (6.875000000000001,
// from computing a/b*100 instead of the scripts' a*100/b) counts as the tie,
// so ratios of integers print like the official scripts.

/** `v` rounded half-to-even at 2 decimals, as a string with exactly 2 decimals. */
export function fixed2(v: number): string {
  const a = Math.abs(v);
  const n = Math.round(a * 1000);
  // Only ties whose decimal value a double can hold exactly (k + 0.125, 0.375, ...: n divisible by 125) are real ties;
  // 3.135 is not one (the double is 3.13499…), and toFixed already rounds it like Python.
  if (n % 250 === 125) {
    const tie = n / 1000;
    if (Math.abs(a - tie) <= 4 * Number.EPSILON * Math.max(1, tie)) {
      const low = (n - 5) / 10; // hundredths below the tie
      const even = low % 2 === 0 ? low : low + 1;
      return ((Math.sign(v) * even) / 100).toFixed(2);
    }
  }
  return v.toFixed(2);
}

/** A fraction as a percentage with 2 decimals (0.3142857 → "31.43"). */
export function percent2(x: number): string {
  return fixed2(x * 100);
}
