// Layer: renderer. What the inspect view exports (its Export menu items): the
// selected dialogue as the dialogue figure or the per-turn chart (SVG, PDF,
// PNG 2×, or a PNG on the clipboard), the corpus scores and the dialogue's
// per-turn table as LaTeX, Markdown, CSV or JSON — every file carrying the
// metric signature and made under the Export menu's settings (export/options.ts), every figure the same layout the CLI's `figure` draws
// (with the what-if on, the corrected dialogue the screen shows).

import type { ApiArgs, CorpusSummary, DialogueDetail } from '../../../../shared/api';
import type { MetricConfig } from '../../../../shared/metrics/config';
import { renderSignature } from '../../../../shared/metrics/signature';
import { flatDialogue, flatScores } from '../../../../shared/report/json';
import { corpusRow } from '../../../../shared/report/rows';
import { scoreTable } from '../../../../shared/report/score-table';
import { turnTable } from '../../../../shared/report/turn-table';
import type { FigureKind } from '../../../../shared/viz/figures';
import type { ExportContext, ExportItem } from '../../app/exports';
import { NOT_SAVED, copyPng, copyText, fileBytes, fileStem, saveBytes, saveText } from '../../export/files';
import { exportTableText } from '../../export/items';
import { getExportOptions } from '../../export/options';
import type { TurnViewMode } from '../../model/turn-view';

interface Input {
  detail: DialogueDetail | null;
  summary: CorpusSummary | null;
  config: MetricConfig;
  mode: TurnViewMode;
  /** The run's name (file names of corpus tables). */
  runLabel: string;
  runRef: { run: string; rev: number };
  /** The what-if is on: figures show the corrected gold, as the screen does. */
  whatIf: { includeSuspected: boolean } | null;
  /** The list as sorted and filtered on screen: the HTML report holds its first dialogues. */
  list?: { sort: ApiArgs<'htmlReport'>['sort']; filter: ApiArgs<'htmlReport'>['filter'] };
}

/** Dialogues the app's HTML report holds at most (the report's budget: 5 MB for 200). */
export const REPORT_DIALOGUES = 200;

/** What the status line adds when a figure's utterances were cut to three lines. */
function cutNote(cut: readonly number[] | undefined): string {
  if (!cut?.length) return '';
  return ` (utterances of turn${cut.length === 1 ? '' : 's'} ${cut.join(', ')} cut to 3 lines, ending in "…"; \`dst-inspector figure --utterance-lines 0\` draws them whole)`;
}

export function inspectExports({ detail, summary, config, mode, runLabel, runRef, whatIf, list }: Input): ExportItem[] {
  const items: ExportItem[] = [];
  if (summary && list) {
    items.push({
      id: 'html-report',
      group: 'Report',
      label: `HTML report of this list (first ${REPORT_DIALOGUES} dialogues)`,
      run: async (ctx) => {
        const r = await ctx.api.call('htmlReport', { ...runRef, config, ...list, limit: REPORT_DIALOGUES });
        const status = await saveText(ctx, `${fileStem(runLabel)}-report.html`, r.html, 'text/html');
        return status === NOT_SAVED ? status : `${status} (${(r.bytes / 1e6).toFixed(2)} MB, ${r.dialogues} dialogues; opens offline)`;
      },
    });
  }
  if (detail) {
    const signature = renderSignature(detail.signature);
    const stem = fileStem(detail.id);
    // The Node side lays the figure out from the run's own data (the same layout as the screen's and the CLI's).
    const render = async (ctx: ExportContext, kind: FigureKind, format: 'svg' | 'pdf' | 'png') => {
      const r = await ctx.api.call('dialogueFigure', {
        ...runRef,
        config,
        id: detail.id,
        kind,
        format,
        scale: 2,
        theme: 'light',
        slots: mode,
        ...(whatIf ? { whatIf } : {}),
        ...(getExportOptions().signature ? {} : { signatureFooter: false }),
      });
      return { ...fileBytes(r), note: cutNote(r.cut) };
    };
    for (const [kind, group, name] of [
      ['dialogue', 'Dialogue figure', 'figure'],
      ['turn-chart', 'Per-turn chart', 'chart'],
    ] as const) {
      const save = (format: 'svg' | 'pdf' | 'png') => async (ctx: ExportContext) => {
        const f = await render(ctx, kind, format);
        const status = await saveBytes(ctx, `${stem}-${name}${format === 'png' ? '@2x' : ''}.${format}`, f.bytes, f.mime);
        return status === NOT_SAVED ? status : status + f.note;
      };
      items.push(
        { id: `${name}-svg`, group, label: 'Save as SVG', run: save('svg') },
        { id: `${name}-pdf`, group, label: 'Save as PDF', run: save('pdf') },
        { id: `${name}-png`, group, label: 'Save as PNG 2×', run: save('png') },
        {
          id: `${name}-copy-png`,
          group,
          label: 'Copy PNG 2×',
          run: async (ctx) => {
            const f = await render(ctx, kind, 'png');
            return (await copyPng(ctx, f.bytes, `the ${name} of ${detail.id}`)) + f.note;
          },
        },
      );
    }
    const turns = () => turnTable(detail.id, detail.perTurn ?? [], config, signature);
    items.push(
      {
        id: 'turns-latex',
        group: 'Per-turn table',
        label: 'Copy LaTeX',
        run: (ctx) => copyText(ctx, exportTableText(turns(), 'latex'), `the per-turn table of ${detail.id} as LaTeX`),
      },
      {
        id: 'turns-markdown',
        group: 'Per-turn table',
        label: 'Copy Markdown',
        run: (ctx) => copyText(ctx, exportTableText(turns(), 'markdown'), `the per-turn table of ${detail.id} as Markdown`),
      },
      {
        id: 'turns-csv',
        group: 'Per-turn table',
        label: 'Save CSV',
        run: (ctx) => saveText(ctx, `${stem}-turns.csv`, exportTableText(turns(), 'csv'), 'text/csv'),
      },
      {
        id: 'turns-json',
        group: 'Per-turn table',
        label: 'Save JSON',
        run: (ctx) =>
          saveText(
            ctx,
            `${stem}-turns.json`,
            JSON.stringify({ signature, dialogue: flatDialogue(detail) }, null, 1) + '\n',
            'application/json',
          ),
      },
    );
  }
  if (summary) {
    const signature = renderSignature(summary.signature);
    const stem = fileStem(`${runLabel}-scores`);
    const row = corpusRow(runLabel, summary.scores);
    const table = (format: 'latex' | 'markdown' | 'csv') =>
      exportTableText(
        scoreTable([row], config, signature, { labelKey: 'file', turns: format !== 'latex', details: format === 'csv' }),
        format,
      );
    items.push(
      {
        id: 'corpus-latex',
        group: 'Corpus scores',
        label: 'Copy LaTeX',
        run: (ctx) => copyText(ctx, table('latex'), 'the corpus scores as LaTeX'),
      },
      {
        id: 'corpus-markdown',
        group: 'Corpus scores',
        label: 'Copy Markdown',
        run: (ctx) => copyText(ctx, table('markdown'), 'the corpus scores as Markdown'),
      },
      { id: 'corpus-csv', group: 'Corpus scores', label: 'Save CSV', run: (ctx) => saveText(ctx, `${stem}.csv`, table('csv'), 'text/csv') },
      {
        id: 'corpus-json',
        group: 'Corpus scores',
        label: 'Save JSON',
        run: (ctx) =>
          saveText(
            ctx,
            `${stem}.json`,
            JSON.stringify({ signature, file: summary.file, corpus: flatScores(summary.scores) }, null, 1) + '\n',
            'application/json',
          ),
      },
    );
  }
  return items;
}
