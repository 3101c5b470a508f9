// Layer: main (Node). `dst-inspector score`: loads prediction files, scores
// them and prints a table, LaTeX, CSV or JSON. Heavy lifting is in src/shared.

import { basename } from 'node:path';
import type { MetricConfig } from '../../shared/metrics/config';
import { dialogueResults, type Evaluation } from '../../shared/metrics/evaluate';
import { renderSignature } from '../../shared/metrics/signature';
import { jsonChunks } from '../../shared/report/json';
import { corpusRow, dialogueRow, type ReportRow } from '../../shared/report/rows';
import { dialogueOrder, ORDER_KEYS } from '../../shared/metrics/dialogue-order';
import { scoreTable } from '../../shared/report/score-table';
import { renderTableAs } from '../../shared/report/tables';
import { CONFIG_FLAGS, CONFIG_HELP, configFromFlags, SOURCE_FLAGS, SOURCE_HELP } from './source-flags';
import {
  CAPTION_FLAGS,
  captionsFromFlags,
  maxCellFromFlags,
  metricsFromFlags,
  oneOf,
  parseCommand,
  parsePositiveInt,
  subsetOrFail,
  TABLE_FLAGS,
  TABLE_HELP,
  UsageError,
  writeOutAsync,
} from './usage';
import { BY_FLAGS, BY_HELP } from './by-flags';
import { correctionsExit, evaluateRun, loadRuns, warnSlotCount } from './runs';
import { PRESET_FLAGS, PRESET_HELP } from './preset-options';
import { isDefaultPreset } from '../../shared/presets/config-parts';

export const SCORE_HELP = `Usage: dst-inspector score <predictions file or folder> [more…] [options]

Scores DST predictions with JGA, SA, AGA, IAGA, F1, RSA, FGA and GCA.

Options:
${CONFIG_HELP}${PRESET_HELP}  --diff-preset A,B     the turns whose correctness flips between two settings (A, B: a preset,
                        or PRESET:match=M / PRESET:backend=B), grouped by reason, with examples
  --format FMT          table (default) | json | csv | latex | markdown
  --per-dialogue        one row (table, csv, latex, markdown) or object (json) per dialogue
  --per-turn            json only: per-turn records with slot classes
  --caption TEXT        latex: a table float with this caption; markdown, table: a title line.
                        Plain text: LaTeX's special characters are escaped ($ \\ _ & % print as
                        themselves); for math or \\cite use --caption-latex
  --caption-latex TEXT  latex: the caption as LaTeX source, written verbatim
  --label KEY           latex: \\label{KEY} under the caption (needs a caption)
  --sort KEY            with --per-dialogue: order dialogues by a metric (${ORDER_KEYS.join(', ')});
                        metrics worst first, disagreement (|FGA − GCA|), mistakes and turns
                        largest first; dialogues without any change (GCA undefined) last
  --reverse             with --sort: the other direction
  --top N               with --per-dialogue: only the first N dialogues
${TABLE_HELP}${SOURCE_HELP}  --out FILE            write to FILE (atomically) instead of stdout
  -h, --help            this help
${BY_HELP}
Exit codes: 0 ok, 2 bad input or usage (one message on stderr), 3 scores written
but some --corrections were not applied (stale or unknown places, each on stderr).
`;

const FORMATS = ['table', 'json', 'csv', 'latex', 'markdown'] as const;

export async function scoreCommand(argv: string[], write: (s: string) => void): Promise<number | void> {
  const { values, positionals } = parseCommand('score', argv, {
    ...CONFIG_FLAGS,
    ...SOURCE_FLAGS,
    ...PRESET_FLAGS,
    'diff-preset': { type: 'string' },
    format: { type: 'string', default: 'table' },
    'per-dialogue': { type: 'boolean', default: false },
    'per-turn': { type: 'boolean', default: false },
    ...CAPTION_FLAGS,
    ...TABLE_FLAGS,
    sort: { type: 'string' },
    reverse: { type: 'boolean', default: false },
    top: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
    ...BY_FLAGS,
  });
  if (values.help) {
    write(SCORE_HELP);
    return;
  }
  if (positionals.length === 0) throw new UsageError('score: no prediction file given\n\n' + SCORE_HELP);
  if (values.by !== undefined) return (await import('./score-by')).scoreByCommand(values, positionals, write);
  if (values['diff-preset'] !== undefined) return (await import('./diff-preset')).diffPresetCommand(values, positionals, write);
  const format = oneOf('--format', values.format as string, FORMATS);
  const perTurn = values['per-turn'] as boolean;
  const perDialogue = (values['per-dialogue'] as boolean) || perTurn;
  if (perTurn && format !== 'json') throw new UsageError('--per-turn needs --format json');
  const captions = captionsFromFlags(values, format);
  const sort = values.sort === undefined ? undefined : oneOf('--sort', values.sort as string, ORDER_KEYS);
  const top = values.top === undefined ? undefined : parsePositiveInt('--top', values.top as string);
  if ((sort !== undefined || top !== undefined) && !perDialogue)
    throw new UsageError('--sort and --top order and cut the per-dialogue rows: add --per-dialogue');
  if (values.reverse && sort === undefined) throw new UsageError('--reverse flips --sort: give --sort KEY');
  // Bad settings fail before any file is read.
  const metrics = metricsFromFlags(values, await configFromFlags(values));
  const maxCell = maxCellFromFlags(values);

  const runs = await loadRuns(positionals, values);
  const config = await configFromFlags(values, runs[0].run.loaded.slotCount);
  for (const { file, run } of runs) warnSlotCount(file, run, config);
  const presets = !isDefaultPreset(config.preset) ? await import('./preset-flags') : undefined;
  const results = runs.map(({ file, run }) => {
    const ev = evaluateRun(run, config);
    const extra = presets?.presetExtra(run);
    const order =
      sort !== undefined
        ? dialogueOrder(ev, sort, { reverse: values.reverse as boolean, top })
        : top !== undefined
          ? [...Array(Math.min(top, ev.source.dialogueIds.length)).keys()]
          : undefined;
    return { file, ev, order, extra };
  });
  const chunks = render(format, results, config, { perDialogue, perTurn, ...captions, sortKey: sort, metrics, maxCell });
  if (values.out) await writeOutAsync(values.out, chunks);
  else for (const c of chunks) write(c);
  return correctionsExit(runs);
}

type Scored = { file: string; ev: Evaluation; order?: readonly number[]; extra?: Record<string, unknown> };

interface RenderOptions {
  perDialogue: boolean;
  perTurn: boolean;
  caption?: string;
  captionLatex?: string;
  label?: string;
  /** --sort: |FGA − GCA| and mistakes get a column of their own. */
  sortKey?: string;
  /** --metrics (null: every metric) and --max-cell. */
  metrics: readonly string[] | null;
  maxCell?: number;
}

function* render(
  format: (typeof FORMATS)[number],
  results: Scored[],
  config: MetricConfig,
  { perDialogue, perTurn, caption, captionLatex, label, sortKey, metrics, maxCell }: RenderOptions,
): Generator<string> {
  const signature = renderSignature(results[0].ev.signature);
  if (format === 'json') {
    if (results.length === 1) yield* jsonChunks(results[0].ev, { perDialogue, perTurn, order: results[0].order, extra: results[0].extra });
    else {
      yield '[\n';
      for (let i = 0; i < results.length; i++) {
        yield* jsonChunks(results[i].ev, { perDialogue, perTurn, file: results[i].file, order: results[i].order, extra: results[i].extra });
        if (i < results.length - 1) yield ',\n';
      }
      yield ']\n';
    }
    return;
  }
  const rows: ReportRow[] = [];
  for (const { file, ev, order } of results) {
    if (perDialogue)
      for (const d of dialogueResults(ev, false, order))
        rows.push(results.length > 1 ? { ...dialogueRow(d), label: `${basename(file)}:${d.id}` } : dialogueRow(d));
    else rows.push(corpusRow(basename(file), ev.corpus));
  }
  const table = scoreTable(rows, config, signature, {
    title: perDialogue ? 'Dialogue' : 'Model',
    labelKey: perDialogue ? 'dialogue' : 'file',
    perDialogue,
    turns: format !== 'latex',
    details: format === 'csv',
    caption,
    sortKey,
  });
  yield renderTableAs(format, { ...subsetOrFail(table, metrics), captionLatex }, { label, maxCell });
}
