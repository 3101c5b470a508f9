// Layer: renderer (React hook). The open corpus's summary under the current
// config, refetched when a new corpus is ready or λ/K change.

import { useEffect, useState } from 'react';
import type { Api, CorpusSummary } from '../../../shared/api';
import type { MetricConfig } from '../../../shared/metrics/config';

export function useCorpusSummary(api: Api, ready: boolean, config: MetricConfig | null, generation: number): CorpusSummary | null {
  const [summary, setSummary] = useState<{ gen: number; s: CorpusSummary } | null>(null);
  useEffect(() => {
    if (!ready || !config) return;
    let stale = false;
    api.call('corpusSummary', { config }).then(
      (s) => {
        if (!stale) setSummary({ gen: generation, s });
      },
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [api, ready, config, generation]);
  return ready && summary && summary.gen === generation ? summary.s : null;
}
