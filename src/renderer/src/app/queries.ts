// Layer: renderer (React hooks over @tanstack/react-query). The one place the
// UI fetches data: every query is keyed by its call and arguments (keys from
// app/query-keys.ts), and every call that reads a run carries the run id, the
// revision the UI believes in and the config, so a cached answer can never
// belong to another corpus or setting. Each query passes react-query's
// AbortSignal to Api.call: a query nobody shows any more (another dialogue,
// filter or page) is aborted. The workspace's events refresh the run list; an
// answer refused as stale (the run was reloaded meanwhile) refreshes it too.

import { QueryClient, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Api, ApiArgs, ApiCall, ApiResults, RunInfo } from '../../../shared/api';
import { useApi } from './app-context';
import { allOf, callKey } from './query-keys';
import { AppError } from '../../../shared/app-error';
import { queryHash } from './query-hash';

export { queryHash };

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryKeyHashFn: queryHash,
        // Answers are pure functions of (run, revision, config, args): they never go stale by themselves.
        staleTime: Infinity,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (count, e) => count < 2 && e instanceof AppError && e.code === 'network',
      },
    },
  });
}

/** The error text of a failed call. */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Refused as stale (the run was reloaded since): both transports throw the AppError with its code. */
function isStale(e: unknown): boolean {
  return e instanceof AppError && e.code === 'stale';
}

/** A query that failed as stale (its run was reloaded meanwhile) refreshes the run list, whose new revision then keys a fresh query. */
export function useStaleRefresh(error: unknown): void {
  const qc = useQueryClient();
  const stale = !!error && isStale(error);
  useEffect(() => {
    if (stale) void qc.invalidateQueries({ queryKey: allOf('listRuns') });
  }, [stale, qc]);
}

export interface ApiQueryOptions {
  keepPrevious?: boolean;
  /** More to key the answer by (what the arguments do not say). */
  key?: string;
}

/**
 * One API call as a query, keyed by [call, args, key], through the app's Api
 * (app-context.tsx). Null args leave it idle.
 */
export function useApiQuery<C extends ApiCall>(
  call: C,
  args: ApiArgs<C> | null,
  opts: ApiQueryOptions = {},
): UseQueryResult<ApiResults[C], Error> {
  return useCallQuery(useApi(), call, args, opts);
}

/** useApiQuery with the Api given (for the context's own provider, which sits above itself). */
export function useCallQuery<C extends ApiCall>(
  api: Api,
  call: C,
  args: ApiArgs<C> | null,
  opts: ApiQueryOptions = {},
): UseQueryResult<ApiResults[C], Error> {
  const q = useQuery({
    queryKey: callKey(call, args, opts.key ?? null),
    queryFn: ({ signal }) => api.call(call, args as ApiArgs<C>, { signal }),
    enabled: args !== null,
    // Keep showing the previous answer while the next loads, but only one about the same run and revision.
    placeholderData: opts.keepPrevious
      ? (prev, prevQuery) => (prevQuery && sameData(prevQuery.queryKey[1], args) ? prev : undefined)
      : undefined,
  });
  useStaleRefresh(q.error);
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
export function useRuns(): { runs: RunInfo[] | undefined; error: string | null } {
  const api = useApi();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: callKey('listRuns', {}),
    queryFn: ({ signal }) => api.call('listRuns', {}, { signal }),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.runs.some((r) => r.stage !== undefined) ? POLL_MS : query.state.error ? POLL_MS * 5 : false,
    retry: true,
    retryDelay: POLL_MS * 5,
  });
  useEffect(
    () =>
      api.onEvent((e) => {
        if (e.type === 'runs-changed' || e.type === 'run-changed') void qc.invalidateQueries({ queryKey: allOf('listRuns') });
      }),
    [api, qc],
  );
  return { runs: q.data?.runs, error: q.error ? errorText(q.error) : null };
}

/** A run's data reference, or null while it has none. */
export function runRef(run: RunInfo | undefined | null): { run: string; rev: number } | null {
  return run && run.state === 'ready' ? { run: run.id, rev: run.revision } : null;
}
