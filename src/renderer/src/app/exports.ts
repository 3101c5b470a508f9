// Layer: renderer. What the current view can export: each view registers its
// Export menu items (useViewExports) and the shell's Export menu lists them,
// with the items every view has (a screenshot of the view). A view marks the
// element a screenshot shows with data-view-root.

import { useEffect, useSyncExternalStore } from 'react';
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

let current: readonly ExportItem[] = [];
const listeners = new Set<() => void>();

function setItems(items: readonly ExportItem[]): void {
  current = items;
  for (const l of listeners) l();
}

/** Registers the calling view's export items while it is mounted. */
export function useViewExports(items: readonly ExportItem[]): void {
  useEffect(() => {
    setItems(items);
    return () => setItems([]);
  }, [items]);
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
