// Layer: shared (pure TS). The self-contained HTML report (`dst-inspector
// report`): what it carries and how its one file is put together. Tables and
// figures are static HTML and SVG (readable with scripts off, searchable as
// text); the read-only dialogue viewer is the app's own components, bundled
// (out/report/report.js) and inlined with the data they show. No part of the
// page loads anything from anywhere: fonts, scripts, styles and data are in
// the file, and its Content-Security-Policy forbids every fetch.

import type { DialogueDetail } from '../api';
import type { MetricConfig } from '../metrics/config';
import { escapeHtml } from './html-table';

/** Bumped when a field changes meaning; scripts reading the data block check it. */
export const REPORT_SCHEMA_VERSION = 1;

/** The data block the viewer reads (`<script type="application/json" id="report-data">`). */
export interface ReportData {
  schemaVersion: typeof REPORT_SCHEMA_VERSION;
  title: string;
  /** ISO time the report was written. */
  generated: string;
  tool: string;
  config: MetricConfig;
  /** How the dialogues were chosen, in words ("the 20 dialogues with the lowest JGA"). */
  selection: string;
  /** Dialogues of the corpus (the selection may hold fewer). */
  corpusDialogues: number;
  runs: ReportRun[];
}

export interface ReportRun {
  name: string;
  file: string;
  signature: string;
  /** The chosen dialogues in the order shown, each as the app's dialogue detail. */
  dialogues: DialogueDetail[];
}

export interface ReportSection {
  id: string;
  title: string;
  /** Static HTML (tables, inline SVG figures); escaped by whoever built it. */
  html: string;
}

export interface ReportPage {
  data: ReportData;
  sections: ReportSection[];
  /** The viewer's bundle and stylesheet, and @font-face rules for the scene fonts. */
  script: string;
  style: string;
  fontCss: string;
}

/** JSON that can sit inside a <script> element: no "</script", no "<!--", no line separators that end a JS string. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Text for inside a <script> or <style> element: a closing tag in it is broken up so it cannot end the element. */
function inlineSafe(code: string, tag: 'script' | 'style'): string {
  return code.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');
}

/** The whole report as one HTML document. */
export function reportHtml(page: ReportPage): string {
  const { data } = page;
  // Inline scripts and styles only, images and fonts as data: URIs, nothing fetched.
  const csp = [
    "default-src 'none'",
    "script-src 'unsafe-inline'",
    "style-src 'unsafe-inline'",
    'img-src data:',
    'font-src data:',
    "connect-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
  const nav = page.sections.map((s) => `<a href="#${escapeHtml(s.id)}">${escapeHtml(s.title)}</a>`).join(' · ');
  const sections = page.sections
    .map((s) => `<section id="${escapeHtml(s.id)}" class="report-section"><h2>${escapeHtml(s.title)}</h2>${s.html}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="${escapeHtml(data.tool)}">
<title>${escapeHtml(data.title)}</title>
<style>${inlineSafe(page.fontCss, 'style')}</style>
<style>${inlineSafe(page.style, 'style')}</style>
</head>
<body class="report">
<header class="report-header">
<h1>${escapeHtml(data.title)}</h1>
<p class="report-meta">Written ${escapeHtml(data.generated)} by ${escapeHtml(data.tool)} · ${data.runs.length === 1 ? '1 run' : `${data.runs.length} runs`} · ${escapeHtml(data.selection)}</p>
<nav class="report-nav">${nav}${nav ? ' · ' : ''}<a href="#dialogues">Dialogues</a></nav>
</header>
<main>
${sections}
<section id="dialogues" class="report-section"><h2>Dialogues</h2>
<p class="report-note">${escapeHtml(data.selection)} of ${data.corpusDialogues}; the same chips, panel and per-turn chart as the app, read-only. Keys: j/k or ↑/↓ next/previous dialogue, ←/→ turn.</p>
<div id="root" data-testid="report-viewer"><noscript>The dialogue viewer needs JavaScript; the tables and figures above do not.</noscript></div>
</section>
</main>
<script type="application/json" id="report-data">${scriptSafeJson(data)}</script>
<script>${inlineSafe(page.script, 'script')}</script>
</body>
</html>
`;
}
