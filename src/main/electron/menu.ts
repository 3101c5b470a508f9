// Layer: main/electron. The application menu as a template (tests read it):
// File (open predictions, open as a run to compare, open dialogues, open recent, close), Edit, View
// (zoom, theme, devtools in development only) and Help (shortcuts, About).

import type { MenuItemConstructorOptions } from 'electron';
import { sourceFile, sourceLabel, type SourceSpec } from '../../shared/source';

export type Theme = 'light' | 'dark' | 'system';

export interface MenuActions {
  openPredictions(): void;
  openAsRun(): void;
  openDialogues(): void;
  openGold(): void;
  openRecent(entry: SourceSpec): void;
  clearRecent(): void;
  close(): void;
  setTheme(theme: Theme): void;
  showShortcuts(): void;
  about(): void;
}

export interface MenuOptions {
  isMac: boolean;
  dev: boolean;
  recent: SourceSpec[];
  theme: Theme;
  actions: MenuActions;
}

export function menuTemplate(o: MenuOptions): MenuItemConstructorOptions[] {
  const a = o.actions;
  const recent: MenuItemConstructorOptions[] = o.recent.length
    ? [
        ...o.recent.map((e) => ({ label: `${sourceLabel(e)} — ${sourceFile(e)}`, click: () => a.openRecent(e) })),
        { type: 'separator' as const },
        { label: 'Clear Recent', click: () => a.clearRecent() },
      ]
    : [{ label: 'No recent files', enabled: false }];
  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      { id: 'open-predictions', label: 'Open Predictions…', accelerator: 'CmdOrCtrl+O', click: () => a.openPredictions() },
      { id: 'open-as-run', label: 'Open as Run (to compare)…', click: () => a.openAsRun() },
      { id: 'open-dialogues', label: 'Open Dialogues (utterances)…', accelerator: 'CmdOrCtrl+Shift+O', click: () => a.openDialogues() },
      { id: 'open-gold', label: 'Open Gold…', click: () => a.openGold() },
      { id: 'open-recent', label: 'Open Recent', submenu: recent },
      { type: 'separator' },
      { id: 'close', label: 'Close', click: () => a.close() },
      ...(o.isMac ? [] : [{ type: 'separator' as const }, { role: 'quit' as const }]),
    ],
  };
  const theme = (t: Theme, label: string): MenuItemConstructorOptions => ({
    id: `theme-${t}`,
    label,
    type: 'radio',
    checked: o.theme === t,
    click: () => a.setTheme(t),
  });
  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      { role: 'zoomIn', accelerator: 'CmdOrCtrl+=' },
      { role: 'zoomOut' },
      { role: 'resetZoom' },
      { type: 'separator' },
      { id: 'theme', label: 'Theme', submenu: [theme('light', 'Light'), theme('dark', 'Dark'), theme('system', 'System')] },
      { type: 'separator' },
      { role: 'togglefullscreen' },
      ...(o.dev ? [{ role: 'toggleDevTools' as const }] : []),
    ],
  };
  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [
      { id: 'shortcuts', label: 'Keyboard Shortcuts (?)', click: () => a.showShortcuts() },
      { type: 'separator' },
      { id: 'about', label: 'About DST Inspector', click: () => a.about() },
    ],
  };
  return [...(o.isMac ? [{ role: 'appMenu' as const }] : []), file, { role: 'editMenu' }, view, help];
}
