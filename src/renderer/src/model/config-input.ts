// Layer: renderer (pure module). Parses the λ and K controls into a
// MetricConfig, or says what is wrong with the typed value.

import type { MetricConfig } from '../../../shared/metrics/config';

export function parseLambda(text: string): number | string {
  const v = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(v)) return 'λ must be a number';
  if (v < 0 || v > 1000) return 'λ must be between 0 and 1000';
  return v;
}

export function parseSlotCount(text: string): number | string {
  const v = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(v)) return 'K must be a whole number';
  if (v < 1 || v > 100_000) return 'K must be between 1 and 100000';
  return v;
}

/** The config with a new first λ (other λs kept) and K. */
export function withControls(base: MetricConfig, lambda: number, slotCount: number): MetricConfig {
  return { ...base, lambdas: [lambda, ...base.lambdas.slice(1).filter((l) => l !== lambda)], slotCount };
}

export function configKey(c: MetricConfig): string {
  return `${c.lambdas.join(',')}|${c.slotCount}|${c.traits}`;
}
