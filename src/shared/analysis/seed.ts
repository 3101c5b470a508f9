// Layer: shared (pure TS, no dependencies: the API's schemas and the preload
// import it). The range and default of the statistics' seed.

/** Seeds are unsigned 32-bit integers, as numpy's RandomState takes them. */
export const MAX_SEED = 0xffffffff;
/** The default seed (sacrebleu's). */
export const DEFAULT_SEED = 12345;
