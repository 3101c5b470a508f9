// Layer: renderer (React component). The Export menu in the header, on every
// view: the current view's items (registered with useViewExports: figures,
// tables) and the screenshot every view has, grouped. Opens with the button
// or the key `e`; ↑/↓ move, Enter runs, Esc closes. What an export did (or
// why it failed) shows in a status line under the button.

import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import type { MetricConfig } from '../../../shared/metrics/config';
import { setExportOptions, useExportOptions } from '../export/options';
import { ExportOptionsDialog } from './ExportOptionsDialog';
import { useExportItems, type ExportContext, type ExportItem } from '../app/exports';
import { inTextField } from '../app/dom';
import { useApi } from '../app/app-context';
import { fileStem, saveBytes, screenshot } from '../export/files';

interface Props {
  electron: boolean;
  /** The metrics the table settings offer (FGA once per λ); the defaults without one. */
  config?: MetricConfig | null;
}

/** The screenshot item every view has: the element marked data-view-root, at 2×. */
const SCREENSHOT: ExportItem = {
  id: 'screenshot',
  label: 'Screenshot of this view (PNG 2×)',
  group: 'View',
  run: async (ctx) => {
    const el = document.querySelector<HTMLElement>('[data-view-root]');
    if (!el) throw new Error('this view has nothing to take a screenshot of');
    const png = await screenshot(ctx, el, 2);
    return saveBytes(ctx, `${fileStem(`dst-inspector-${el.dataset.viewRoot || 'view'}`)}@2x.png`, png, 'image/png');
  },
};

export function ExportMenu({ electron, config = null }: Props) {
  const api = useApi();
  const viewItems = useExportItems();
  const options = useExportOptions();
  const [settings, setSettings] = useState(false);
  const items = useMemo(() => [...viewItems, SCREENSHOT], [viewItems]);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const ctx: ExportContext = { api, electron };

  const groups: [string, ExportItem[]][] = [];
  for (const it of items) {
    const g = groups.find(([name]) => name === it.group);
    if (g) g[1].push(it);
    else groups.push([it.group, [it]]);
  }

  const run = async (it: ExportItem) => {
    setOpen(false);
    setBusy(true);
    setStatus({ text: `${it.label}…`, error: false });
    try {
      const msg = await it.run(ctx);
      setStatus({ text: msg || 'Done', error: false });
    } catch (e) {
      setStatus({ text: `${it.label}: ${e instanceof Error ? e.message : String(e)}`, error: true });
    } finally {
      setBusy(false);
      button.current?.focus();
    }
  };

  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('[role^="menuitem"]:not([disabled])')?.focus();
  }, [open]);

  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (e.key === 'e' && !e.ctrlKey && !e.metaKey && !e.altKey && !inTextField(e.target) && !document.querySelector('[role="dialog"]')) {
      e.preventDefault();
      setOpen((o) => !o);
    } else if (e.key === 'Escape' && open) {
      setOpen(false);
      button.current?.focus();
    }
  });
  useEffect(() => {
    const h = (e: KeyboardEvent) => onKey(e);
    window.addEventListener('keydown', h);
    return () => window.removeEventListener('keydown', h);
  }, []);
  useEffect(() => {
    if (!open) return;
    const close = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener('pointerdown', close);
    return () => window.removeEventListener('pointerdown', close);
  }, [open]);

  const onMenuKey = (e: React.KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const all = [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([disabled])') ?? [])];
    const i = all.indexOf(document.activeElement as HTMLElement);
    all[(i + (e.key === 'ArrowDown' ? 1 : -1) + all.length) % all.length]?.focus();
  };

  return (
    <div className="export-menu-wrap">
      <button
        ref={button}
        data-testid="export-button"
        aria-haspopup="menu"
        aria-expanded={open}
        title="Export figures, tables and screenshots (e)"
        disabled={busy}
        onClick={() => setOpen((o) => !o)}
      >
        {busy ? 'Exporting…' : 'Export ▾'}
      </button>
      {open && (
        <div ref={menu} className="export-menu" role="menu" aria-label="export" data-testid="export-menu" onKeyDown={onMenuKey}>
          {groups.map(([name, list]) => (
            <div key={name} role="group" aria-label={name} className="export-group">
              <div className="export-group-name">{name}</div>
              {list.map((it) => (
                <button
                  key={it.id}
                  role="menuitem"
                  data-testid="export-item"
                  data-export={it.id}
                  disabled={it.disabled}
                  onClick={() => void run(it)}
                >
                  {it.label}
                </button>
              ))}
            </div>
          ))}
          <div role="group" aria-label="settings" className="export-group export-settings">
            <div className="export-group-name">Settings (this session)</div>
            <button
              role="menuitemcheckbox"
              aria-checked={options.signature}
              data-testid="export-signature-toggle"
              title="The metric signature as a line at the foot of every figure; off, it stays in the file's metadata (SVG <desc>, PDF Subject)"
              onClick={() => setExportOptions({ signature: !options.signature })}
            >
              <span aria-hidden="true">{options.signature ? '☑' : '☐'}</span> Signature line under figures
            </button>
            <button
              role="menuitem"
              data-testid="export-table-options"
              title="Which metric columns tables are exported with, and the longest text cell of LaTeX and Markdown"
              onClick={() => {
                setOpen(false);
                setSettings(true);
              }}
            >
              Table columns: {options.metrics ? options.metrics.join(', ') : 'every metric'} · cells ≤{' '}
              {options.maxCell === 0 ? '∞' : options.maxCell} characters…
            </button>
          </div>
        </div>
      )}
      {settings && <ExportOptionsDialog config={config} options={options} onClose={() => setSettings(false)} />}
      {status && (
        <span
          className={`export-status${status.error ? ' error' : ''}`}
          role="status"
          data-testid="export-status"
          data-state={busy ? 'busy' : status.error ? 'error' : 'done'}
          title={status.text}
        >
          {status.text}
        </span>
      )}
    </div>
  );
}
