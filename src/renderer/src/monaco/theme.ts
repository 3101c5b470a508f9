// Layer: renderer. The Monaco theme that matches the page (View › Theme, else
// the system's preference), and a hook that keeps every editor following it.
// Kept apart from setup.ts so that importing it does not load Monaco.

import { useEffect } from 'react';

/** Whether the page shows its dark scheme (View › Theme, else the system's preference). */
export function pageIsDark(): boolean {
  const t = document.documentElement.dataset.theme;
  return t === 'dark' || (t !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
}

/** Monaco's built-in theme for the page's scheme. */
export function monacoTheme(): 'vs' | 'vs-dark' {
  return pageIsDark() ? 'vs-dark' : 'vs';
}

/** Sets the editor's theme whenever the theme menu or the system preference changes. */
export function useFollowPageTheme(editorApi: { setTheme(theme: string): void } | null): void {
  useEffect(() => {
    if (!editorApi) return;
    const apply = () => editorApi.setTheme(monacoTheme());
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    media.addEventListener('change', apply);
    const watch = new MutationObserver(apply);
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      media.removeEventListener('change', apply);
      watch.disconnect();
    };
  }, [editorApi]);
}
