// Layer: renderer (React hook). One side's dialogue scored in the renderer on
// every change of its text, id or config (the pure engine path of
// shared/playground/evaluate.ts, timed), and the last result that read, which
// stays on screen, marked stale, while the text has an error.

import { useMemo, useState } from 'react';
import type { MetricConfig } from '../../../../shared/metrics/config';
import { evaluatePlaygroundTimed, type PlaygroundDiagnostic, type PlaygroundResult } from '../../../../shared/playground/evaluate';

export interface SideEvaluation {
  /** What to show: the current result, or the last one that read. */
  shown: PlaygroundResult | null;
  /** The text has an error: `shown` is an older result. */
  stale: boolean;
  diagnostic: PlaygroundDiagnostic | null;
  /** Milliseconds the engine took for the current text (load + score). */
  ms: number;
}

export function useEvaluation(text: string, id: string, config: MetricConfig, enabled = true): SideEvaluation {
  const ev = useMemo(() => (enabled ? evaluatePlaygroundTimed(text, id, config) : null), [text, id, config, enabled]);
  const [kept, setKept] = useState<PlaygroundResult | null>(null);
  // Remember the last result that read (state adjusted while rendering, React's pattern for deriving from a new input).
  if (ev?.outcome.ok && kept !== ev.outcome.result) setKept(ev.outcome.result);
  if (!ev) return { shown: null, stale: false, diagnostic: null, ms: 0 };
  return ev.outcome.ok
    ? { shown: ev.outcome.result, stale: false, diagnostic: null, ms: ev.ms }
    : { shown: kept, stale: true, diagnostic: ev.outcome.diagnostic, ms: ev.ms };
}
