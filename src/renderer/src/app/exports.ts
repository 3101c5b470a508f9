// Layer: renderer. What the current view can export: each view (or a part of
// it: useExportPart) registers its Export menu items and the shell's Export menu lists them,
// with the items every view has (a screenshot of the view). A view marks the
// element a screenshot shows with data-view-root.

import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { Api } from '../../../shared/api';

export interface ExportContext {
  api: Api;
  /** Electron: files go through a save dialog; browser mode downloads them. */
  electron: boolean;
}

export interface ExportItem {
  /** Stable id, also the menu item's data-export hook. */
  id: string;
  label: string;
  /** Items are listed by group, in the order groups first appear. */
  group: string;
  /** Runs the export; may return a line to tell the user ("Saved x.pdf"). */
  run: (ctx: ExportContext) => Promise<string | void>;
  disabled?: boolean;
}

// Items come from several parts of a view (the analysis view's sections each
// add theirs), kept by key in mounting order; the menu lists them all.
const parts = new Map<string, readonly ExportItem[]>();
let current: readonly ExportItem[] = [];
const listeners = new Set<() => void>();

function publish(): void {
  current = [...parts.values()].flat();
  for (const l of listeners) l();
}

/** Registers export items under `key` while the calling component is mounted. */
export function useExportPart(key: string, items: readonly ExportItem[]): void {
  useEffect(() => {
    parts.set(key, items);
    publish();
    return () => {
      parts.delete(key);
      publish();
    };
  }, [key, items]);
}

/** Registers the calling view's export items while it is mounted. */
export function useViewExports(items: readonly ExportItem[]): void {
  useExportPart('view', items);
}

/** How exports reach the user, for components that run export items themselves (a section's own buttons). */
export const ExportContextOf = createContext<ExportContext | null>(null);

export function useExportContext(): ExportContext | null {
  return useContext(ExportContextOf);
}

/** The current view's export items. */
export function useExportItems(): readonly ExportItem[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
