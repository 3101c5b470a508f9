// Layer: main (Node). `dst-inspector score`: loads prediction files, scores
// them and prints a table, LaTeX, CSV or JSON. Heavy lifting is in src/shared.

import { basename } from 'node:path';
import { describeJoin } from '../../shared/formats/join';
import type { MetricConfig } from '../../shared/metrics/config';
import { dialogueResults, evaluateStats, type Evaluation } from '../../shared/metrics/evaluate';
import { renderSignature } from '../../shared/metrics/signature';
import { renderCsv } from '../../shared/report/csv';
import { jsonChunks } from '../../shared/report/json';
import { renderLatex } from '../../shared/report/latex';
import { corpusRow, dialogueRow, type ReportRow } from '../../shared/report/rows';
import { renderTable } from '../../shared/report/table';
import { loadSource, ReferenceCache, type LoadedRun } from '../services/load-pipeline';
import { terminalProgress } from './progress';
import { CONFIG_FLAGS, CONFIG_HELP, configFromFlags, maxBytesFromFlags, SOURCE_FLAGS, SOURCE_HELP, sourceFromFlags } from './source-flags';
import { oneOf, parseCommand, UsageError, writeOut } from './usage';
import { BY_FLAGS, BY_HELP } from './by-flags';

/** Notes on stderr (never on stdout, which may be a JSON or CSV report). */
function warn(text: string): void {
  process.stderr.write(`dst-inspector: note: ${text}\n`);
}

export const SCORE_HELP = `Usage: dst-inspector score <predictions file or folder> [more…] [options]

Scores DST predictions with JGA, SA, AGA, IAGA, F1, RSA, FGA and GCA.

Options:
${CONFIG_HELP}  --format FMT          table (default) | json | csv | latex
  --per-dialogue        one row (csv, table, latex) or object (json) per dialogue
  --per-turn            json only: per-turn records with slot classes
${SOURCE_HELP}  --out FILE            write to FILE (atomically) instead of stdout
  -h, --help            this help
${BY_HELP}
Exit codes: 0 ok, 2 bad input or usage (one message on stderr).
`;

const FORMATS = ['table', 'json', 'csv', 'latex'] as const;

/** Notes for the joins of a run (dialogues missing from a gold or utterance source). */
export function noteJoins(file: string, run: LoadedRun): void {
  for (const w of run.loaded.joins ?? []) if (w.missingInSource.length > 0 || w.turnsUnmatched > 0) warn(`${file}: ${describeJoin(w)}`);
}

/** Loads each file as one run (sources read once), with progress on a terminal. */
export async function loadRuns(files: string[], values: Parameters<typeof sourceFromFlags>[0]): Promise<{ file: string; run: LoadedRun }[]> {
  const maxBytes = maxBytesFromFlags(values);
  const references = new ReferenceCache(maxBytes);
  const specs = files.map((f) => sourceFromFlags(values, [f]));
  const progress = terminalProgress();
  const out: { file: string; run: LoadedRun }[] = [];
  try {
    for (let k = 0; k < files.length; k++) {
      const run = await loadSource(specs[k], { maxBytes, references, onProgress: (stage, f) => progress.update(`${stage} ${basename(files[k])}`, f) });
      noteJoins(files[k], run);
      out.push({ file: files[k], run });
    }
  } finally {
    progress.done();
  }
  return out;
}

/** Scores a loaded run under `config` (its value options and the config in the signature). */
export function evaluateRun(run: LoadedRun, config: MetricConfig): Evaluation {
  return evaluateStats(run.loaded.corpus, run.stats!, config, { values: run.loaded.valueOptions });
}

export async function scoreCommand(argv: string[], write: (s: string) => void): Promise<void> {
  const { values, positionals } = parseCommand('score', argv, {
    ...CONFIG_FLAGS,
    ...SOURCE_FLAGS,
    format: { type: 'string', default: 'table' },
    'per-dialogue': { type: 'boolean', default: false },
    'per-turn': { type: 'boolean', default: false },
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
  configFromFlags(values); // bad settings fail before any file is read

  const runs = await loadRuns(positionals, values);
  const config = configFromFlags(values, runs[0].run.loaded.slotCount);
  const results = runs.map(({ file, run }) => ({ file, ev: evaluateRun(run, config) }));
  const chunks = render(format, results, config, perDialogue, perTurn);
  if (values.out) writeOut(values.out, chunks);
  else for (const c of chunks) write(c);
}

function* render(format: (typeof FORMATS)[number], results: { file: string; ev: Evaluation }[], config: MetricConfig, perDialogue: boolean, perTurn: boolean): Generator<string> {
  const signature = renderSignature(results[0].ev.signature);
  if (format === 'json') {
    if (results.length === 1) yield* jsonChunks(results[0].ev, { perDialogue, perTurn });
    else {
      yield '[\n';
      for (let i = 0; i < results.length; i++) {
        yield* jsonChunks(results[i].ev, { perDialogue, perTurn, file: results[i].file });
        if (i < results.length - 1) yield ',\n';
      }
      yield ']\n';
    }
    return;
  }
  const rows: ReportRow[] = [];
  for (const { file, ev } of results) {
    if (perDialogue) rows.push(...[...dialogueResults(ev)].map((d) => (results.length > 1 ? { ...dialogueRow(d), label: `${basename(file)}:${d.id}` } : dialogueRow(d))));
    else rows.push(corpusRow(basename(file), ev.corpus));
  }
  const title = perDialogue ? 'Dialogue' : 'Model';
  if (format === 'table') yield renderTable(rows, config, signature, title);
  else if (format === 'latex') yield renderLatex(rows, config, signature, title);
  else yield renderCsv(rows, config, signature, perDialogue ? 'dialogue' : 'file');
}
