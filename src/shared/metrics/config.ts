// Layer: shared (pure TS). The settings a score depends on; every one of them
// appears in the metric signature.

import { DEFAULT_SLOT_COUNT } from './defs/sa';
import type { TraitVariant } from './traits';

export interface MetricConfig {
  /** FGA decay values λ, in the order they are reported. */
  lambdas: number[];
  /** K, the number of slots in the schema, for SA. */
  slotCount: number;
  /** TO/NU definition. */
  traits: TraitVariant;
}

export function defaultConfig(overrides: Partial<MetricConfig> = {}): MetricConfig {
  return { lambdas: [0.5], slotCount: DEFAULT_SLOT_COUNT, traits: 'paper', ...overrides };
}

/** JSON key for a λ: String(Number(λ)), so 1.0 → "1" and 0.50 → "0.5". */
export function lambdaKey(lambda: number): string {
  return String(Number(lambda));
}

/** Validates settings; returns a problem message or null. */
export function checkConfig(c: MetricConfig): string | null {
  if (c.lambdas.length === 0) return 'at least one FGA λ is needed';
  for (const l of c.lambdas) if (!Number.isFinite(l) || l < 0) return `FGA λ must be a finite number ≥ 0, got ${l}`;
  if (!Number.isSafeInteger(c.slotCount) || c.slotCount < 1) return `SA slot count K must be a positive integer, got ${c.slotCount}`;
  return null;
}
