// Layer: renderer (React hook). Fetches the selected dialogue's detail under
// the current config; keeps showing the previous one until the new one lands.

import { useEffect, useState } from 'react';
import type { Api, DialogueDetail } from '../../../shared/api';
import type { MetricConfig } from '../../../shared/metrics/config';

export function useDialogueDetail(api: Api, id: string | null, config: MetricConfig | null, generation: number): { detail: DialogueDetail | null; error: string | null } {
  const [detail, setDetail] = useState<DialogueDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!id || !config) return;
    let stale = false;
    api.call('dialogueDetail', { id, config }).then(
      (d) => {
        if (stale) return;
        setDetail(d);
        setError(null);
      },
      (e: unknown) => {
        if (!stale) setError(e instanceof Error ? e.message : String(e));
      },
    );
    return () => {
      stale = true;
    };
  }, [api, id, config, generation]);
  return { detail: id ? detail : null, error };
}
