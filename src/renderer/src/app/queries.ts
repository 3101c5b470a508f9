// Layer: renderer (React hooks over @tanstack/react-query). The one place the
// UI fetches data: every query is keyed by its call and arguments, and every
// call that reads a run carries the run id, the revision the UI believes in
// and the config, so a cached answer can never belong to another corpus or
// setting. The workspace's events refresh the run list; an answer refused as
// stale (the run was reloaded meanwhile) refreshes it too.

import { hashKey, QueryClient, useQuery, useQueryClient, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Api, ApiArgs, ApiCall, ApiResults, RunInfo } from '../../../shared/api';
import { configKey, type MetricConfig } from '../../../shared/metrics/config';
import { ApiCallError } from '../api/http-api';

/**
 * How a query key becomes the cache's key: a `config` argument by the one
 * config key (shared/metrics/config.ts: every setting, present or future),
 * the rest as react-query hashes it (object keys sorted).
 */
export function queryHash(key: QueryKey): string {
  return hashKey(
    key.map((part) =>
      part !== null && typeof part === 'object' && 'config' in part ? { ...part, config: configKey(part.config as MetricConfig) } : part,
    ),
  );
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryKeyHashFn: queryHash,
        // Answers are pure functions of (run, revision, config, args): they never go stale by themselves.
        staleTime: Infinity,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (count, e) => count < 2 && e instanceof ApiCallError && e.code === 'network',
      },
    },
  });
}

/** The error text of a failed call. */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function isStale(e: unknown): boolean {
  return (
    (e instanceof ApiCallError && e.code === 'stale') || (e instanceof Error && /\bstale\b|is at revision \d+, not \d+/.test(e.message))
  );
}

/**
 * One API call as a query, keyed by [call, args]. `enabled: false` (or null
 * args) leaves it idle. A stale answer refreshes the run list, whose new
 * revision then keys a fresh query.
 */
export function useApiQuery<C extends ApiCall>(
  api: Api,
  call: C,
  args: ApiArgs<C> | null,
  opts: { keepPrevious?: boolean; /** More to key the answer by (what the arguments do not say). */ key?: string } = {},
): UseQueryResult<ApiResults[C], Error> {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: [call, args, opts.key ?? null],
    queryFn: () => api.call(call, args as ApiArgs<C>),
    enabled: args !== null,
    // Keep showing the previous answer while the next loads, but only one about the same run and revision.
    placeholderData: opts.keepPrevious
      ? (prev, prevQuery) => (prevQuery && sameData(prevQuery.queryKey[1], args) ? prev : undefined)
      : undefined,
  });
  const stale = q.isError && isStale(q.error);
  useEffect(() => {
    if (stale) void qc.invalidateQueries({ queryKey: ['listRuns'] });
  }, [stale, qc]);
  return q;
}

/** Whether two calls' arguments read the same run revision (or neither reads a run). */
function sameData(a: unknown, b: unknown): boolean {
  const ra = a as { run?: string; rev?: number } | null;
  const rb = b as { run?: string; rev?: number } | null;
  return ra?.run === rb?.run && ra?.rev === rb?.rev;
}

const POLL_MS = 200;

/** The workspace's runs, refreshed on its events, and polled while any run loads (for progress bars). */
export function useRuns(api: Api): { runs: RunInfo[] | undefined; error: string | null } {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['listRuns'],
    queryFn: () => api.call('listRuns', {}),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.runs.some((r) => r.stage !== undefined) ? POLL_MS : query.state.error ? POLL_MS * 5 : false,
    retry: true,
    retryDelay: POLL_MS * 5,
  });
  useEffect(
    () =>
      api.onEvent((e) => {
        if (e.type === 'runs-changed' || e.type === 'run-changed') void qc.invalidateQueries({ queryKey: ['listRuns'] });
      }),
    [api, qc],
  );
  return { runs: q.data?.runs, error: q.error ? errorText(q.error) : null };
}

/** A run's data reference, or null while it has none. */
export function runRef(run: RunInfo | undefined | null): { run: string; rev: number } | null {
  return run && run.state === 'ready' ? { run: run.id, rev: run.revision } : null;
}
