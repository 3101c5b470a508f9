// Layer: renderer. Loads the bundled fonts (the same DejaVu TTF files the
// exporters embed, served with the app: no CDN) as the families scenes name
// first ('DST Sans', 'DST Mono'), so a chart on screen is drawn with the
// glyphs its layout was measured with.

import sansUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
import boldUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';
import monoUrl from 'dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf?url';

let loaded = false;

/** Adds the @font-face rules as a stylesheet (page screenshots embed the fonts they find in stylesheets). */
export function loadSceneFonts(): void {
  if (loaded || typeof document === 'undefined') return;
  loaded = true;
  const face = (family: string, url: string, weight: string) =>
    `@font-face{font-family:'${family}';src:url(${JSON.stringify(url)}) format('truetype');font-weight:${weight};font-style:normal;font-display:swap}`;
  const style = document.createElement('style');
  style.dataset.sceneFonts = '';
  style.textContent = [face('DST Sans', sansUrl, 'normal'), face('DST Sans', boldUrl, 'bold'), face('DST Mono', monoUrl, 'normal')].join(
    '\n',
  );
  document.head.appendChild(style);
}
