// Layer: renderer. How a react-query key becomes the cache's key: a `config`
// argument by the one config key (shared/metrics/config.ts: every setting,
// present or future), the rest as react-query hashes it (object keys sorted).
// Its own module (no React) so the project test of cache keys can import it.

import { hashKey, type QueryKey } from '@tanstack/react-query';
import { configKey, type MetricConfig } from '../../../shared/metrics/config';

export function queryHash(key: QueryKey): string {
  return hashKey(
    key.map((part) =>
      part !== null && typeof part === 'object' && 'config' in part ? { ...part, config: configKey(part.config as MetricConfig) } : part,
    ),
  );
}
