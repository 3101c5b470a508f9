// Layer: renderer (React hook). Polls loadStatus while a corpus loads (for the
// progress bar) and once more whenever asked to (after openCorpus or when the
// Node side says the corpus changed).

import { useCallback, useEffect, useState } from 'react';
import type { Api, LoadStatus } from '../../../shared/api';

const POLL_MS = 200;

export function useLoadStatus(api: Api): { status: LoadStatus | null; poll: () => void; failure: string | null } {
  const [status, setStatus] = useState<LoadStatus | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [token, setToken] = useState(0);
  const poll = useCallback(() => setToken((t) => t + 1), []);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      api.call('loadStatus', {}).then(
        (s) => {
          if (stopped) return;
          setFailure(null);
          setStatus((prev) => (prev && JSON.stringify(prev) === JSON.stringify(s) ? prev : s));
          if (s.state === 'loading') timer = setTimeout(tick, POLL_MS);
        },
        (e: unknown) => {
          if (stopped) return;
          setFailure(e instanceof Error ? e.message : String(e));
          timer = setTimeout(tick, POLL_MS * 5);
        },
      );
    };
    tick();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [api, token]);

  useEffect(() => api.onEvent((e) => (e.type === 'corpus-changed' ? poll() : undefined)), [api, poll]);

  return { status, poll, failure };
}
