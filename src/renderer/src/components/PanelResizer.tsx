// Layer: renderer (React component). The metric panel's left edge as a
// handle: drag it (or focus it and press ←/→, Home to reset) to make the
// panel wider or narrower. The chosen width is kept in localStorage; until
// one is chosen the panel takes the CSS default, wider on wide screens.

import { useCallback, useState } from 'react';
import { storage } from '../app/dom';

const KEY = 'dst-inspector.panel-width';
export const PANEL_MIN = 280;
export const PANEL_MAX = 1200;

function clampWidth(w: number): number {
  const max = Math.min(PANEL_MAX, Math.max(PANEL_MIN, window.innerWidth - 520));
  return Math.round(Math.min(max, Math.max(PANEL_MIN, w)));
}

/** The width chosen by the user (null: the CSS default) and its setter (null resets). */
export function usePanelWidth(): [number | null, (w: number | null) => void] {
  const [width, setWidth] = useState<number | null>(() => {
    const v = Number(storage()?.getItem(KEY));
    return Number.isFinite(v) && v >= PANEL_MIN ? clampWidth(v) : null;
  });
  const set = useCallback((w: number | null) => {
    const v = w === null ? null : clampWidth(w);
    setWidth(v);
    try {
      if (v === null) storage()?.removeItem(KEY);
      else storage()?.setItem(KEY, String(v));
    } catch {
      /* kept for this page only */
    }
  }, []);
  return [width, set];
}

export function PanelResizer({ width, onWidth }: { width: number | null; onWidth: (w: number | null) => void }) {
  const current = (el: HTMLElement) => width ?? el.parentElement?.getBoundingClientRect().width ?? 360;
  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    const start = e.clientX;
    const from = current(el);
    el.setPointerCapture(e.pointerId);
    const move = (m: PointerEvent) => onWidth(from + (start - m.clientX));
    const up = () => {
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
    };
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
    e.preventDefault();
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 80 : 20;
    if (e.key === 'ArrowLeft') onWidth(current(e.currentTarget) + step);
    else if (e.key === 'ArrowRight') onWidth(current(e.currentTarget) - step);
    else if (e.key === 'Home') onWidth(null);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };
  return (
    <div
      className="panel-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label="resize the metric panel (← wider, → narrower, Home resets)"
      aria-valuenow={width ?? undefined}
      aria-valuemin={PANEL_MIN}
      aria-valuemax={PANEL_MAX}
      tabIndex={0}
      data-testid="panel-resizer"
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onDoubleClick={() => onWidth(null)}
    />
  );
}
