// Layer: shared (pure TS). A stable ascending argsort of doubles by LSD radix
// sort on their bits (four passes of 16 bits over keys that order as the
// numbers do; a pass where every key has the same digit is skipped): O(n),
// several times faster than a comparator sort of indices for the million
// pairs the calibration bootstrap prepares. −0 sorts just before +0; NaN is
// not expected (the callers refuse it).

/** Indices of `values` in ascending order of value, equal values in index order. */
export function argsortDoubles(values: Float64Array): Uint32Array {
  const n = values.length;
  // Keys: the double's bits, sign flipped for positives and all bits flipped for negatives,
  // so unsigned comparison of (hi, lo) orders as the numbers do.
  const bits = new Uint32Array(Float64Array.from(values).buffer);
  let lo = new Uint32Array(n);
  let hi = new Uint32Array(n);
  let idx = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const h = bits[2 * i + 1];
    const l = bits[2 * i];
    if (h & 0x80000000) {
      hi[i] = ~h >>> 0;
      lo[i] = ~l >>> 0;
    } else {
      hi[i] = (h | 0x80000000) >>> 0;
      lo[i] = l;
    }
    idx[i] = i;
  }
  let lo2 = new Uint32Array(n);
  let hi2 = new Uint32Array(n);
  let idx2 = new Uint32Array(n);
  const count = new Uint32Array(65536);
  for (let pass = 0; pass < 4; pass++) {
    const word = pass < 2 ? lo : hi;
    const shift = (pass & 1) * 16;
    count.fill(0);
    for (let i = 0; i < n; i++) count[(word[i] >>> shift) & 0xffff]++;
    if (n === 0 || count[(word[0] >>> shift) & 0xffff] === n) continue;
    let sum = 0;
    for (let d = 0; d < 65536; d++) {
      const c = count[d];
      count[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const j = count[(word[i] >>> shift) & 0xffff]++;
      lo2[j] = lo[i];
      hi2[j] = hi[i];
      idx2[j] = idx[i];
    }
    [lo, lo2] = [lo2, lo];
    [hi, hi2] = [hi2, hi];
    [idx, idx2] = [idx2, idx];
  }
  return idx;
}
