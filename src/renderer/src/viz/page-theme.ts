// Layer: renderer. Which of the figure themes (light, dark) the page shows:
// the theme chosen in the View menu (html[data-theme]), else the system's.

import { useSyncExternalStore } from 'react';
import type { ThemeName } from '../../../shared/viz/theme';

function current(): ThemeName {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function subscribe(notify: () => void): () => void {
  const mq = window.matchMedia?.('(prefers-color-scheme: dark)');
  mq?.addEventListener('change', notify);
  const obs = new MutationObserver(notify);
  obs.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => {
    mq?.removeEventListener('change', notify);
    obs.disconnect();
  };
}

export function usePageTheme(): ThemeName {
  return useSyncExternalStore(subscribe, current, () => 'light');
}
