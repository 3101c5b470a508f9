// Layer: renderer (React hook). The open corpus's summary under the current
// config, refetched when a new corpus is ready or λ/K change.

import { useEffect, useRef, useState } from 'react';
import type { Api, CorpusSummary } from '../../../shared/api';
import type { MetricConfig } from '../../../shared/metrics/config';

/** `onNewCorpus` runs once per loaded corpus, with its first summary (e.g. to take K from an SGD schema). */
export function useCorpusSummary(
  api: Api,
  ready: boolean,
  config: MetricConfig | null,
  generation: number,
  onNewCorpus?: (s: CorpusSummary) => void,
): CorpusSummary | null {
  const [summary, setSummary] = useState<{ gen: number; s: CorpusSummary } | null>(null);
  const announced = useRef(-1);
  useEffect(() => {
    if (!ready || !config) return;
    let stale = false;
    api.call('corpusSummary', { config }).then(
      (s) => {
        if (stale) return;
        setSummary({ gen: generation, s });
        if (announced.current !== generation) {
          announced.current = generation;
          onNewCorpus?.(s);
        }
      },
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [api, ready, config, generation, onNewCorpus]);
  return ready && summary && summary.gen === generation ? summary.s : null;
}
