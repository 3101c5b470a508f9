// Layer: main (Node). `dst-inspector score`: loads prediction files, scores
// them and prints a table, LaTeX, CSV or JSON. Heavy lifting is in src/shared.

import { readSources } from '../services/read-sources';
import { loadAndEvaluate } from '../services/score-pipeline';
import { layoutNames } from '../../shared/formats/detect';
import { parseValueOptions } from '../../shared/formats/normalise';
import { checkConfig, defaultConfig, type MetricConfig } from '../../shared/metrics/config';
import { dialogueResults, type Evaluation } from '../../shared/metrics/evaluate';
import { metricSignature } from '../../shared/metrics/signature';
import { renderCsv } from '../../shared/report/csv';
import { jsonChunks } from '../../shared/report/json';
import { renderLatex } from '../../shared/report/latex';
import { corpusRow, dialogueRow, type ReportRow } from '../../shared/report/rows';
import { renderTable } from '../../shared/report/table';
import { terminalProgress } from './progress';
import { oneOf, parseCommand, parseLambdas, parsePositiveInt, UsageError, writeOut } from './usage';
import { basename } from 'node:path';
import { describeJoin } from '../../shared/formats/join';

/** Notes on stderr (never on stdout, which may be a JSON or CSV report). */
function warn(text: string): void {
  process.stderr.write(`dst-inspector: note: ${text}\n`);
}

export const SCORE_HELP = `Usage: dst-inspector score <predictions file or folder> [more…] [options]

Scores DST predictions with JGA, SA, AGA, RSA, FGA and GCA.

Options:
  --lambdas L1,L2,…     FGA decay values λ (default 0.5)
  --slots K             slot count K for SA (default 30, MultiWOZ)
  --format FMT          table (default) | json | csv | latex
  --per-dialogue        one row (csv, table, latex) or object (json) per dialogue
  --per-turn            json only: per-turn records with slot classes
  --layout NAME         input layout, skipping detection (${layoutNames().join(', ')})
  --gold PATH           gold source: MultiWOZ 2.1 data.json, TRADE test_dials.json,
                        MultiWOZ 2.2 / SGD dialogues or a folder of them (needed for
                        mwzeval and sgd predictions; replaces the file's gold otherwise)
  --dialogues PATH      utterance source (same layouts as --gold)
  --schema FILE         SGD schema.json: K for SA is its slot count (--slots overrides)
  --values LIST         value normalisation, comma-separated (default exact):
                        lower, trade-fixes, empty, dontcare, alternatives, or all
  --traits paper|notebook  TO/NU definition (default paper)
  --max-size BYTES      refuse larger files (default 2 GiB)
  --out FILE            write to FILE (atomically) instead of stdout
  -h, --help            this help

Exit codes: 0 ok, 2 bad input or usage (one message on stderr).
`;

const FORMATS = ['table', 'json', 'csv', 'latex'] as const;

export async function scoreCommand(argv: string[], write: (s: string) => void): Promise<void> {
  const { values, positionals } = parseCommand('score', argv, {
    lambdas: { type: 'string' },
    slots: { type: 'string' },
    format: { type: 'string', default: 'table' },
    'per-dialogue': { type: 'boolean', default: false },
    'per-turn': { type: 'boolean', default: false },
    layout: { type: 'string' },
    gold: { type: 'string' },
    dialogues: { type: 'string' },
    schema: { type: 'string' },
    values: { type: 'string' },
    traits: { type: 'string', default: 'paper' },
    'max-size': { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    write(SCORE_HELP);
    return;
  }
  if (positionals.length === 0) throw new UsageError('score: no prediction file given\n\n' + SCORE_HELP);
  const format = oneOf('--format', values.format as string, FORMATS);
  const overrides: Partial<MetricConfig> = { traits: oneOf('--traits', values.traits as string, ['paper', 'notebook'] as const) };
  if (values.lambdas) overrides.lambdas = parseLambdas(values.lambdas);
  if (values.slots) overrides.slotCount = parsePositiveInt('--slots', values.slots);
  const valueOptions = values.values ? parseValueOptions(values.values as string) : [];
  if (typeof valueOptions === 'string') throw new UsageError(`--values: ${valueOptions}`);
  const perTurn = values['per-turn'] as boolean;
  const perDialogue = (values['per-dialogue'] as boolean) || perTurn;
  if (perTurn && format !== 'json') throw new UsageError('--per-turn needs --format json');
  const maxBytes = values['max-size'] ? parsePositiveInt('--max-size', values['max-size']) : undefined;

  const src = { layout: values.layout as string | undefined, gold: values.gold as string | undefined, dialogues: values.dialogues as string | undefined, schema: values.schema as string | undefined, values: valueOptions, maxBytes };
  const sources = readSources(src);
  if (!values.slots && sources.schemaSlots && sources.schemaSlots.length > 0) overrides.slotCount = sources.schemaSlots.length;
  const config = defaultConfig(overrides);
  const problem = checkConfig(config);
  if (problem) throw new UsageError(problem);

  const signature = metricSignature(config, { valueOptions });
  const progress = terminalProgress();
  const results: { file: string; ev: Evaluation }[] = [];
  try {
    for (const file of positionals) {
      // Large FGA/GCA files are read by two threads; everything else as before (same results, same errors).
      const { loaded, ev } = await loadAndEvaluate(file, { ...src, onProgress: (f) => progress.update(`reading ${basename(file)}`, f) }, config, sources, {
        onScoreProgress: (f) => progress.update(`scoring ${basename(file)}`, f),
      });
      for (const w of loaded.joins ?? []) if (w.missingInSource.length > 0 || w.turnsUnmatched > 0) warn(`${file}: ${describeJoin(w)}`);
      results.push({ file, ev });
    }
  } finally {
    progress.done();
  }

  const chunks = render(format, results, config, signature, perDialogue, perTurn);
  if (values.out) writeOut(values.out, chunks);
  else for (const c of chunks) write(c);
}

function* render(
  format: (typeof FORMATS)[number],
  results: { file: string; ev: Evaluation }[],
  config: MetricConfig,
  signature: string,
  perDialogue: boolean,
  perTurn: boolean,
): Generator<string> {
  if (format === 'json') {
    if (results.length === 1) yield* jsonChunks(results[0].ev, signature, { perDialogue, perTurn });
    else {
      yield '[\n';
      for (let i = 0; i < results.length; i++) {
        yield* jsonChunks(results[i].ev, signature, { perDialogue, perTurn, file: results[i].file });
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
