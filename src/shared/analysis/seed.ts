// Layer: shared (pure TS, no dependencies: the API's schemas and the preload
// import it). The range and default of the statistics' seed, and the most
// resamples and trials any command or API call runs.

/** Seeds are unsigned 32-bit integers, as numpy's RandomState takes them. */
export const MAX_SEED = 0xffffffff;
/** The default seed (sacrebleu's). */
export const DEFAULT_SEED = 12345;
/** The most bootstrap resamples (compare, turn-position bands), in the CLI and the API alike. */
export const MAX_BOOTSTRAP = 100_000;
/** The most approximate-randomization trials. */
export const MAX_TRIALS = 1_000_000;
