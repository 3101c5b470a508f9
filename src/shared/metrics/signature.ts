// Layer: shared (pure TS). The metric signature (spec section 10): every number
// shown or exported carries the settings that produced it and the app version,
// as sacrebleu does. Two numbers are comparable only if their signatures agree.

import { APP_VERSION } from '../version';
import { lambdaKey, type MetricConfig } from './config';

export interface ValueOptionsLabel {
  /** Short names of value-normalisation options in force; empty = exact. */
  valueOptions: string[];
}

export function metricSignature(config: MetricConfig, values: ValueOptionsLabel = { valueOptions: [] }): string {
  const parts = [
    'GCA alpha=10/11',
    `FGA lambda=${config.lambdas.map(lambdaKey).join(',')}`,
    `SA K=${config.slotCount}`,
    `values=${values.valueOptions.length === 0 ? 'exact' : values.valueOptions.join('+')}`,
    'none=inactive',
  ];
  if (config.traits !== 'paper') parts.push(`TO/NU=${config.traits}`);
  parts.push(`app ${APP_VERSION}`);
  return parts.join(' | ');
}
