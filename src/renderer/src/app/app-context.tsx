// Layer: renderer (React context). What every part of the UI shares, from ONE
// context: the Api (IPC or HTTP transport), the app's info, the metric config
// every view reads under (the engine's default until λ or K is changed), and
// the notice line (an error stays until dismissed; news, kind 'info', goes
// after a while). Components take them with useApi, useConfig and useNotify
// instead of props handed down through every view.

import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Api, AppInfo } from '../../../shared/api';
import type { MetricConfig } from '../../../shared/metrics/config';
import { callKey } from './query-keys';

export type NoticeKind = 'error' | 'info';

export interface Notice {
  text: string;
  kind: NoticeKind;
}

/** Shows a notice: an error by default; 'info' for news ("Saved …"), shown quieter and for a while. Null clears it. */
export type Notify = (text: string | null, kind?: NoticeKind) => void;

export interface AppContextValue {
  api: Api;
  /** The engine's answer to appInfo (null until it came). */
  info: AppInfo | null;
  /** The config every call is made under: the user's choice, else the engine's default (null until appInfo came). */
  config: MetricConfig | null;
  setConfig: (c: MetricConfig) => void;
  notice: Notice | null;
  notify: Notify;
}

/** How long news (kind 'info') stays on screen. */
export const INFO_NOTICE_MS = 8000;

const AppContextOf = createContext<AppContextValue | null>(null);

/** The context itself, for a tree rendered without AppProvider (tests, a server render) that gives its value by hand. */
export const AppContext = AppContextOf;

export function AppProvider({ api, children }: { api: Api; children: ReactNode }) {
  const info =
    useQuery({
      queryKey: callKey('appInfo', {}),
      queryFn: ({ signal }) => api.call('appInfo', {}, { signal }),
    }).data ?? null;
  const [choice, setConfig] = useState<MetricConfig | null>(null);
  const config = choice ?? info?.defaultConfig ?? null;
  const [notice, setNotice] = useState<Notice | null>(null);
  const notify = useCallback<Notify>((text, kind = 'error') => setNotice(text ? { text, kind } : null), []);
  useEffect(() => {
    if (notice?.kind !== 'info') return;
    const t = setTimeout(() => setNotice((n) => (n === notice ? null : n)), INFO_NOTICE_MS);
    return () => clearTimeout(t);
  }, [notice]);
  const value = useMemo(() => ({ api, info, config, setConfig, notice, notify }), [api, info, config, notice, notify]);
  return <AppContextOf.Provider value={value}>{children}</AppContextOf.Provider>;
}

export function useAppContext(): AppContextValue {
  const c = useContext(AppContextOf);
  if (!c) throw new Error('useAppContext: this component is not inside <AppProvider> (app/app-context.tsx)');
  return c;
}

export function useApi(): Api {
  return useAppContext().api;
}

/** The config of a view: views are shown only once there is one, so here it is never null. */
export function useConfig(): MetricConfig {
  const c = useAppContext().config;
  if (!c) throw new Error('useConfig: no metric config yet (the engine has not answered appInfo)');
  return c;
}

export function useNotify(): Notify {
  return useAppContext().notify;
}
