// Layer: shared (pure TS). The seeded random numbers of the paired
// statistics: MT19937 (pure-rand's `mersenne`, seeded like C's
// init_genrand), drawn exactly as numpy's legacy RandomState draws, so a
// Python script reproduces every resample and every swap:
//
//   bootstrap:      np.random.RandomState(seed).randint(0, N, size=(B, N))
//   randomization:  np.random.RandomState((seed + 1) % 2**32).randint(0, 2**32, size=(R, ceil(N / 32)), dtype=np.uint64)
//                   (dialogue d of trial r is swapped when bit d % 32 of word d // 32 is set)
//
// Bounded integers use numpy's masked rejection (the smallest all-ones mask
// covering N − 1; draws above N − 1 are rejected), which is unbiased.

import { mersenne } from 'pure-rand/generator/mersenne';
import { MAX_SEED } from './seed';

export interface WordSource {
  /** The next raw 32-bit output, unsigned. */
  word(): number;
}

/** MT19937 with init_genrand(seed): numpy's RandomState(seed) stream. */
export function mt19937(seed: number): WordSource {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED)
    throw new RangeError(`seed must be an integer in [0, ${MAX_SEED}], got ${seed}`);
  // pure-rand takes the seed as a signed 32-bit integer; its bits are what init_genrand reads.
  const g = mersenne(seed | 0);
  return { word: () => g.next() >>> 0 };
}

/** The stream of the paired bootstrap's draws. */
export function bootstrapStream(seed: number): WordSource {
  return mt19937(seed);
}

/** The stream of approximate randomization's swap words (seed + 1, wrapping at 2^32). */
export function randomizationStream(seed: number): WordSource {
  return mt19937(seed === MAX_SEED ? 0 : seed + 1);
}

/** Draws integers in [0, n) as numpy's legacy randint(0, n) does (masked rejection). */
export class BoundedDraws {
  private readonly mask: number;
  constructor(
    private readonly src: WordSource,
    private readonly n: number,
  ) {
    if (!Number.isInteger(n) || n < 1 || n > 0x100000000) throw new RangeError(`bound must be an integer in [1, 2^32], got ${n}`);
    let m = n - 1;
    m |= m >>> 1;
    m |= m >>> 2;
    m |= m >>> 4;
    m |= m >>> 8;
    m |= m >>> 16;
    this.mask = m >>> 0;
  }

  next(): number {
    // numpy returns 0 without consuming a draw when the range is one value.
    if (this.n === 1) return 0;
    for (;;) {
      const v = (this.src.word() & this.mask) >>> 0;
      if (v < this.n) return v;
    }
  }
}
