// Layer: renderer (pure module). Parses the λ and K controls into a
// MetricConfig, or says what is wrong with the typed value. The bounds are
// the config schema's (shared/metrics/config.ts), and the cache key is its
// one key function.

import { MAX_LAMBDA, MAX_SLOT_COUNT, type MetricConfig } from '../../../shared/metrics/config';

export { configKey } from '../../../shared/metrics/config';

export function parseLambda(text: string): number | string {
  const v = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(v)) return 'λ must be a number';
  if (v < 0 || v > MAX_LAMBDA) return `λ must be between 0 and ${MAX_LAMBDA}`;
  return v;
}

export function parseSlotCount(text: string): number | string {
  const v = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(v)) return 'K must be a whole number';
  if (v < 1 || v > MAX_SLOT_COUNT) return `K must be between 1 and ${MAX_SLOT_COUNT}`;
  return v;
}

/** The config with a new first λ (other λs kept) and K. */
export function withControls(base: MetricConfig, lambda: number, slotCount: number): MetricConfig {
  return { ...base, lambdas: [lambda, ...base.lambdas.slice(1).filter((l) => l !== lambda)], slotCount };
}
