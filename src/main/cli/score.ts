// Layer: main (Node). `dst-inspector score`: loads prediction files, scores
// them and prints a table, LaTeX, CSV or JSON. Heavy lifting is in src/shared.

import { basename } from 'node:path';
import { describeJoin } from '../../shared/formats/join';
import type { MetricConfig } from '../../shared/metrics/config';
import { dialogueResults, evaluateStats, type Evaluation } from '../../shared/metrics/evaluate';
import { renderSignature } from '../../shared/metrics/signature';
import { jsonChunks } from '../../shared/report/json';
import { corpusRow, dialogueRow, type ReportRow } from '../../shared/report/rows';
import { dialogueOrder, ORDER_KEYS } from '../../shared/metrics/dialogue-order';
import { largestActiveTurn, slotCountWarning } from '../../shared/metrics/slot-bound';
import { scoreTable } from '../../shared/report/score-table';
import { renderTableAs } from '../../shared/report/tables';
import { loadSource, ReferenceCache, type LoadedRun } from '../services/load-pipeline';
import { terminalProgress } from './progress';
import { CONFIG_FLAGS, CONFIG_HELP, configFromFlags, maxBytesFromFlags, SOURCE_FLAGS, SOURCE_HELP, sourceFromFlags } from './source-flags';
import { CAPTION_FLAGS, captionsFromFlags, oneOf, parseCommand, parsePositiveInt, UsageError, writeOutAsync } from './usage';
import { BY_FLAGS, BY_HELP } from './by-flags';

/** Notes on stderr (never on stdout, which may be a JSON or CSV report). */
function warn(text: string): void {
  process.stderr.write(`dst-inspector: note: ${text}\n`);
}

export const SCORE_HELP = `Usage: dst-inspector score <predictions file or folder> [more…] [options]

Scores DST predictions with JGA, SA, AGA, IAGA, F1, RSA, FGA and GCA.

Options:
${CONFIG_HELP}  --format FMT          table (default) | json | csv | latex | markdown
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
${SOURCE_HELP}  --out FILE            write to FILE (atomically) instead of stdout
  -h, --help            this help
${BY_HELP}
Exit codes: 0 ok, 2 bad input or usage (one message on stderr), 3 scores written
but some --corrections were not applied (stale or unknown places, each on stderr).
`;

const FORMATS = ['table', 'json', 'csv', 'latex', 'markdown'] as const;

/** Notes for the joins of a run (dialogues missing from a gold or utterance source). */
export function noteJoins(file: string, run: LoadedRun): void {
  for (const w of run.loaded.joins ?? []) if (w.missingInSource.length > 0 || w.turnsUnmatched > 0) warn(`${file}: ${describeJoin(w)}`);
}

/** Loads each file as one run (sources read once), with progress on a terminal. */
export async function loadRuns(
  files: string[],
  values: Parameters<typeof sourceFromFlags>[0],
): Promise<{ file: string; run: LoadedRun }[]> {
  const maxBytes = maxBytesFromFlags(values);
  const references = new ReferenceCache(maxBytes);
  const specs = files.map((f) => sourceFromFlags(values, [f]));
  const progress = terminalProgress();
  const out: { file: string; run: LoadedRun }[] = [];
  try {
    for (let k = 0; k < files.length; k++) {
      const run = await loadSource(specs[k], {
        maxBytes,
        references,
        onProgress: (stage, f) => progress.update(`${stage} ${basename(files[k])}`, f),
      });
      noteJoins(files[k], run);
      for (const n of run.corrections?.notes ?? []) warn(n);
      out.push({ file: files[k], run });
    }
  } finally {
    progress.done();
  }
  return out;
}

/** Scores a loaded run under `config` (its value options and the config in the signature). */
export function evaluateRun(run: LoadedRun, config: MetricConfig): Evaluation {
  return evaluateStats(run.loaded.corpus, run.stats!, config, {
    values: run.loaded.valueOptions,
    corrections: run.corrections?.result.summary,
  });
}

/** Exit code when the output was written but some corrections were not applied (each was reported). */
export const EXIT_CORRECTIONS_SKIPPED = 3;

/** Reports how many corrections were not applied; returns the exit code (0 or 3). */
export function correctionsExit(runs: { run: LoadedRun }[]): number {
  const skipped = runs.reduce((n, { run }) => n + (run.corrections?.notes.length ?? 0), 0);
  if (skipped === 0) return 0;
  warn(`${skipped} correction${skipped === 1 ? '' : 's'} not applied (listed above); exit code ${EXIT_CORRECTIONS_SKIPPED}`);
  return EXIT_CORRECTIONS_SKIPPED;
}

export async function scoreCommand(argv: string[], write: (s: string) => void): Promise<number | void> {
  const { values, positionals } = parseCommand('score', argv, {
    ...CONFIG_FLAGS,
    ...SOURCE_FLAGS,
    format: { type: 'string', default: 'table' },
    'per-dialogue': { type: 'boolean', default: false },
    'per-turn': { type: 'boolean', default: false },
    ...CAPTION_FLAGS,
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
  configFromFlags(values); // bad settings fail before any file is read

  const runs = await loadRuns(positionals, values);
  const config = configFromFlags(values, runs[0].run.loaded.slotCount);
  for (const { file, run } of runs) warnSlotCount(file, run, config);
  const results = runs.map(({ file, run }) => {
    const ev = evaluateRun(run, config);
    const order =
      sort !== undefined
        ? dialogueOrder(ev, sort, { reverse: values.reverse as boolean, top })
        : top !== undefined
          ? [...Array(Math.min(top, ev.source.dialogueIds.length)).keys()]
          : undefined;
    return { file, ev, order };
  });
  const chunks = render(format, results, config, { perDialogue, perTurn, ...captions, sortKey: sort });
  if (values.out) await writeOutAsync(values.out, chunks);
  else for (const c of chunks) write(c);
  return correctionsExit(runs);
}

/** A note when K is below the most slots active in one turn: SA can then go negative. */
export function warnSlotCount(file: string, run: LoadedRun, config: MetricConfig): void {
  const w = slotCountWarning(largestActiveTurn(run.loaded.corpus), config.slotCount, '--slots');
  if (w) warn(`${file}: ${w}`);
}

type Scored = { file: string; ev: Evaluation; order?: readonly number[] };

interface RenderOptions {
  perDialogue: boolean;
  perTurn: boolean;
  caption?: string;
  captionLatex?: string;
  label?: string;
  /** --sort: |FGA − GCA| and mistakes get a column of their own. */
  sortKey?: string;
}

function* render(
  format: (typeof FORMATS)[number],
  results: Scored[],
  config: MetricConfig,
  { perDialogue, perTurn, caption, captionLatex, label, sortKey }: RenderOptions,
): Generator<string> {
  const signature = renderSignature(results[0].ev.signature);
  if (format === 'json') {
    if (results.length === 1) yield* jsonChunks(results[0].ev, { perDialogue, perTurn, order: results[0].order });
    else {
      yield '[\n';
      for (let i = 0; i < results.length; i++) {
        yield* jsonChunks(results[i].ev, { perDialogue, perTurn, file: results[i].file, order: results[i].order });
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
  yield renderTableAs(format, { ...table, captionLatex }, { label });
}
