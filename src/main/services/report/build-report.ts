// Layer: main (Node). Builds the self-contained HTML report from loaded runs:
// the corpus scores (one table, or with several runs the compare tables with
// paired-bootstrap intervals and randomization p-values), the analyses'
// figures (metrics by turn index with bootstrap bands, the origin of wrong
// turns) as inline SVG, and, for the chosen dialogues, each run's dialogue
// detail — the same object the app's dialogueDetail call answers — for the
// read-only viewer. Tables and figures come from the same modules as the CLI's
// tables and the app's charts.

import type { RunSource, StatSettings } from '../../../shared/analysis/run-comparison';
import { comparisonsTable, scoresTable } from '../../../shared/analysis/compare-report';
import { errorOrigin } from '../../../shared/analysis/error-origin';
import { turnPosition, withMinTurns, DEFAULT_MIN_TURNS } from '../../../shared/analysis/turn-position';
import type { DialogueDetail } from '../../../shared/api';
import { dialogueKey } from '../../../shared/formats/reference';
import type { MetricConfig } from '../../../shared/metrics/config';
import { HEADLINE_IDS } from '../../../shared/metrics/registry';
import { dialogueOrder } from '../../../shared/metrics/dialogue-order';
import { dialogueDetail, type Evaluation } from '../../../shared/metrics/evaluate';
import { renderSignature } from '../../../shared/metrics/signature';
import { reportHtml, REPORT_SCHEMA_VERSION, type ReportData, type ReportSection } from '../../../shared/report/html-report';
import { escapeHtml, renderHtmlTable } from '../../../shared/report/html-table';
import { corpusRow, metricColumns } from '../../../shared/report/rows';
import { scoreTable } from '../../../shared/report/score-table';
import { APP_VERSION } from '../../../shared/version';
import { pushAll } from '../../../shared/arrays';
import { originScene } from '../../../shared/viz/analysis-origin';
import { positionScene } from '../../../shared/viz/analysis-position';
import type { Scene } from '../../../shared/viz/scene';
import { sceneToSvg } from '../../../shared/viz/scene-svg';
import { compareRuns } from '../compare-runs';
import { dialogueDomains } from '../load-job';
import { textByFace } from '../export/fonts';
import { reportBundle } from './report-bundle';
import { charactersOf, reportFontCss } from './report-fonts';

/** A corpus this small is shown whole unless a selection is given. */
export const REPORT_ALL_UP_TO = 200;
/** A larger one: this many dialogues, the worst by JGA first. */
export const REPORT_DEFAULT_TOP = 100;

export type DialogueSelection =
  | { kind: 'auto' }
  | { kind: 'all' }
  | { kind: 'top'; n: number; sort: string; reverse?: boolean }
  | { kind: 'include'; ids: readonly string[] }
  /** Dialogue positions as a list shows them (the app's sorted, filtered list), with how they were chosen in words. */
  | { kind: 'positions'; positions: readonly number[]; text: string };

export interface ReportRunInput {
  name: string;
  file: string;
  ev: Evaluation;
  /** The run as the comparison reads it (several runs). */
  source: RunSource;
}

export interface ReportOptions {
  title: string;
  config: MetricConfig;
  selection: DialogueSelection;
  /** Statistics of the compare tables (several runs). */
  stats: StatSettings;
  /** Bootstrap resamples of the turn-position bands. */
  positionReplicates: number;
  now?: Date;
}

export interface BuiltReport {
  html: string;
  dialogues: number;
  /** Notes for stderr (comparison alignment, ids not found). */
  notes: string[];
}

export class ReportError extends Error {}

/** Dialogue positions (in the first run) chosen for the viewer, and the selection in words. */
export function chooseDialogues(ev: Evaluation, sel: DialogueSelection): { positions: number[]; text: string; notes: string[] } {
  const ids = ev.source.dialogueIds;
  const n = ids.length;
  const dialogues = (k: number) => `${k} ${k === 1 ? 'dialogue' : 'dialogues'}`;
  if (sel.kind === 'all' || (sel.kind === 'auto' && n <= REPORT_ALL_UP_TO))
    return { positions: [...Array(n).keys()], text: `all ${dialogues(n)}`, notes: [] };
  if (sel.kind === 'positions') {
    if (sel.positions.length === 0) throw new ReportError('the list is empty: no dialogue to put in the report');
    return { positions: [...sel.positions], text: sel.text, notes: [] };
  }
  if (sel.kind === 'include') {
    const byKey = new Map<string, number>();
    ids.forEach((id, d) => byKey.set(dialogueKey(id), d));
    const positions: number[] = [];
    const missing: string[] = [];
    for (const id of sel.ids) {
      const d = byKey.get(dialogueKey(id));
      if (d === undefined) missing.push(id);
      else if (!positions.includes(d)) positions.push(d);
    }
    if (positions.length === 0) throw new ReportError(`--include: none of ${sel.ids.join(', ')} is a dialogue of the first run`);
    const notes = missing.length ? [`--include: not in the first run, left out: ${missing.join(', ')}`] : [];
    return { positions, text: `${dialogues(positions.length)} chosen by id`, notes };
  }
  const sort = sel.kind === 'top' ? sel.sort : 'JGA';
  const top = sel.kind === 'top' ? sel.n : REPORT_DEFAULT_TOP;
  const positions = dialogueOrder(ev, sort, { reverse: sel.kind === 'top' && sel.reverse, top });
  const how = sel.kind === 'top' && sel.reverse ? `the other end of ${sort}` : `${sort}, worst first`;
  return { positions, text: `${dialogues(positions.length)} by ${how}`, notes: [] };
}

type Domains = ReturnType<typeof dialogueDomains>;

/** The app's dialogue detail of dialogue `d` of a run (the domains as the app lists them: dialogueDomains of load-job.ts). */
export function reportDetail(r: ReportRunInput, d: number, config: MetricConfig, domains: Domains): DialogueDetail {
  const c = r.ev.source;
  const names: string[] = [];
  for (let k = domains.start[d]; k < domains.start[d + 1]; k++) names.push(domains.domains[domains.list[k]]);
  const out: DialogueDetail = { ...dialogueDetail(c, d, config), position: d, signature: r.ev.signature, domains: names };
  if (c.utterances) {
    out.utterances = [];
    for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++)
      out.utterances.push({ system: c.utterances.system[i], user: c.utterances.user[i] });
  }
  return out;
}

function figure(title: string, scene: Scene, testid: string): string {
  return `<figure class="report-figure" data-testid="${testid}"><figcaption>${escapeHtml(title)}</figcaption>${sceneToSvg(scene)}</figure>`;
}

export async function buildReport(runs: readonly ReportRunInput[], opts: ReportOptions): Promise<BuiltReport> {
  const { config } = opts;
  const first = runs[0];
  const notes: string[] = [];
  const sections: ReportSection[] = [];
  const signature = renderSignature(first.ev.signature);

  // Scores: one table, or the compare tables (intervals, deltas, p-values) when there are several runs.
  if (runs.length === 1) {
    const table = scoreTable([corpusRow(first.name, first.ev.corpus)], config, signature, { title: 'Run', labelKey: 'run', turns: true });
    sections.push({ id: 'scores', title: 'Scores', html: renderHtmlTable(table, { testid: 'report-scores' }) });
  } else {
    const sources = runs.map((r) => r.source);
    const compared = await compareRuns(sources, config, opts.stats, { common: true });
    pushAll(notes, compared.prepareNotes);
    pushAll(notes, compared.statNotes);
    sections.push({
      id: 'scores',
      title: 'Scores and comparison',
      html:
        renderHtmlTable(scoresTable(compared.out), { testid: 'report-scores' }) +
        renderHtmlTable(comparisonsTable(compared.out), { testid: 'report-compare' }),
    });
  }

  // Figures of the analyses, on the first run.
  // The headline metrics (those the per-turn displays show), in the registry's order.
  const columns = metricColumns(config, HEADLINE_IDS);
  const position = withMinTurns(
    turnPosition(first.ev, { by: 'index', bands: columns.map((c) => c.key), replicates: opts.positionReplicates }),
    DEFAULT_MIN_TURNS,
  );
  const scenes: { title: string; scene: Scene; testid: string }[] = [
    {
      title: `Metrics by turn index — ${first.name}`,
      testid: 'report-figure-position',
      scene: positionScene({
        position,
        series: columns.map((c) => ({ key: c.key, label: c.header, value: (b) => c.get({ label: '', turns: 0, values: b.values }) })),
        signature: renderSignature(position.signature),
        width: 760,
      }),
    },
    {
      title: `Where wrong turns come from — ${first.name}`,
      testid: 'report-figure-origin',
      scene: originScene(errorOrigin(first.ev), signature, 760),
    },
  ];
  sections.push({ id: 'figures', title: 'Analyses', html: scenes.map((s) => figure(s.title, s.scene, s.testid)).join('') });

  // The dialogues, each run's detail of the same dialogues (by id; a run without one is left out there).
  const chosen = chooseDialogues(first.ev, opts.selection);
  pushAll(notes, chosen.notes);
  const ids = chosen.positions.map((d) => first.ev.source.dialogueIds[d]);
  const data: ReportData = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    title: opts.title,
    generated: (opts.now ?? new Date()).toISOString(),
    tool: `DST Inspector ${APP_VERSION}`,
    config,
    selection: chosen.text,
    corpusDialogues: first.ev.source.dialogueIds.length,
    runs: runs.map((r) => {
      const index = new Map<string, number>();
      r.ev.source.dialogueIds.forEach((id, d) => index.set(id, d));
      const domains = dialogueDomains(r.ev.source);
      const dialogues: DialogueDetail[] = [];
      for (const id of ids) {
        const d = index.get(id);
        if (d !== undefined) dialogues.push(reportDetail(r, d, config, domains));
      }
      return { name: r.name, file: r.file, signature: renderSignature(r.ev.signature), dialogues };
    }),
  };

  const json = JSON.stringify(data);
  const texts = [json, ...scenes.flatMap((s) => [...textByFace(s.scene).values()])];
  const bundle = reportBundle();
  const html = reportHtml({
    data,
    sections,
    script: bundle.script,
    style: bundle.style,
    fontCss: await reportFontCss(charactersOf(texts)),
  });
  return { html, dialogues: ids.length, notes };
}
