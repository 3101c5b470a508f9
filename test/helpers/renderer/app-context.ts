// Test helper: the app's context (src/renderer/src/app/app-context.tsx) for a
// tree rendered without AppProvider — an Api, a config, and notices collected
// in an array instead of shown — and a wrapper giving it, with a fresh query
// client, to hooks rendered by @testing-library/react's renderHook.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { createQueryClient } from '../../../src/renderer/src/app/queries';
import { AppContext, type AppContextValue, type Notice } from '../../../src/renderer/src/app/app-context';
import type { Api } from '../../../src/shared/api';
import type { MetricConfig } from '../../../src/shared/metrics/config';

export function testAppContext(api: Api, config: MetricConfig, notices: Notice[] = []): AppContextValue {
  return {
    api,
    info: null,
    config,
    setConfig: () => {},
    notice: notices[notices.length - 1] ?? null,
    notify: (text, kind = 'error') => void (text && notices.push({ text, kind })),
  };
}

/** The app's own query client (answers never go stale by themselves; retries only for network errors). */
export function testQueryClient(): QueryClient {
  return createQueryClient();
}

/** A renderHook wrapper: the query client and the app's context. */
export function appWrapper(value: AppContextValue, client: QueryClient = testQueryClient()) {
  return ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, createElement(AppContext.Provider, { value }, children));
}
