// Layer: main (Node). `dst-inspector report PRED… --out report.html`: one
// self-contained HTML file (no server, no network) with the corpus scores and
// signature, the compare tables when several runs are given, the analyses'
// figures and the inspector's read-only dialogue view for a chosen set of
// dialogues. The building is in services/report.

import { basename } from 'node:path';
import { DEFAULT_SEED, MAX_BOOTSTRAP, MAX_SEED, MAX_TRIALS } from '../../shared/analysis/seed';
import { ORDER_KEYS } from '../../shared/metrics/dialogue-order';
import { plural } from '../../shared/plural';
import { buildReport, REPORT_ALL_UP_TO, REPORT_DEFAULT_TOP, ReportError, type DialogueSelection } from '../services/report/build-report';
import { defaultRunNames, loadShared, runSource } from './compare';
import { correctionsExit, evaluateRun, warn, warnSlotCount } from './runs';
import { CONFIG_FLAGS, CONFIG_HELP, configFromFlags, parseRunNames, SOURCE_FLAGS, SOURCE_HELP } from './source-flags';
import { oneOf, parseCommand, parsePositiveInt, UsageError, writeOut } from './usage';

export const REPORT_HELP = `Usage: dst-inspector report <predictions> [more…] --out report.html [options]

Writes one self-contained HTML file that opens offline in any browser (no server, no
network; fonts, scripts and data inline): the corpus scores with their signature, the
compare tables with 95% paired-bootstrap intervals and randomization p-values when
several runs are given, the analyses' figures, and the inspector's read-only dialogue
view (chips, metric panel, per-turn chart) for a chosen set of dialogues.

Which dialogues (default: all when the corpus has at most ${REPORT_ALL_UP_TO}, else the
${REPORT_DEFAULT_TOP} with the lowest JGA):
  --dialogues-top N     the first N by --sort (default JGA, worst first)
  --sort KEY            ${ORDER_KEYS.join(', ')}
  --reverse             with --sort: the other end
  --include ID,…        exactly these dialogues, in this order
  --all                 every dialogue (the file grows with the corpus)

Options:
  --out FILE            the HTML file to write (atomically); required
  --title TEXT          the page title (default: the first file's name)
  --name A,B,…          run names, one per prediction file
  --bootstrap B         compare: bootstrap resamples (default 1000)
  --trials R            compare: randomization trials (default 10000)
  --seed S              compare: seed (default ${DEFAULT_SEED})
${CONFIG_HELP}${SOURCE_HELP}  -h, --help            this help

The size of the file and the time taken are printed on stderr.
Exit codes: 0 ok, 2 bad input or usage (one message on stderr), 3 written but some
--corrections were not applied.
`;

function count(flag: string, text: string | undefined, dflt: number, max: number): number {
  if (text === undefined) return dflt;
  if (!/^[0-9]+$/.test(text.trim()) || Number(text) > max)
    throw new UsageError(`${flag}: ${JSON.stringify(text)} is not a whole number between 0 and ${max}`);
  return Number(text);
}

function selectionFromFlags(values: Record<string, unknown>): DialogueSelection {
  const given = ['dialogues-top', 'include', 'all'].filter((k) => values[k] !== undefined && values[k] !== false);
  if (given.length > 1)
    throw new UsageError(`report: choose one of --dialogues-top, --include and --all (got ${given.map((g) => `--${g}`).join(', ')})`);
  if ((values.sort !== undefined || values.reverse) && values['include'] !== undefined)
    throw new UsageError('--sort and --reverse order --dialogues-top; --include keeps the order given');
  if (values.reverse && values.sort === undefined && values['dialogues-top'] === undefined)
    throw new UsageError('--reverse flips --sort: give --sort KEY or --dialogues-top N');
  if (values.all) return { kind: 'all' };
  if (values.include !== undefined) {
    const ids = (values.include as string)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.length === 0) throw new UsageError('--include: give dialogue ids separated by commas');
    return { kind: 'include', ids };
  }
  const sort = values.sort === undefined ? 'JGA' : oneOf('--sort', values.sort as string, ORDER_KEYS);
  if (values['dialogues-top'] !== undefined || values.sort !== undefined)
    return {
      kind: 'top',
      n:
        values['dialogues-top'] === undefined ? REPORT_DEFAULT_TOP : parsePositiveInt('--dialogues-top', values['dialogues-top'] as string),
      sort,
      reverse: values.reverse as boolean,
    };
  return { kind: 'auto' };
}

export async function reportCommand(argv: string[], write: (s: string) => void): Promise<number | void> {
  const started = performance.now();
  const { values, positionals } = parseCommand('report', argv, {
    ...CONFIG_FLAGS,
    ...SOURCE_FLAGS,
    out: { type: 'string' },
    title: { type: 'string' },
    name: { type: 'string' },
    'dialogues-top': { type: 'string' },
    sort: { type: 'string' },
    reverse: { type: 'boolean', default: false },
    include: { type: 'string' },
    all: { type: 'boolean', default: false },
    bootstrap: { type: 'string' },
    trials: { type: 'string' },
    seed: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) return void write(REPORT_HELP);
  if (positionals.length === 0) throw new UsageError('report: no prediction file given\n\n' + REPORT_HELP);
  if (values.out === undefined) throw new UsageError('report: --out FILE is required (the HTML file to write)');
  if (!/\.html?$/i.test(values.out)) throw new UsageError(`--out: ${JSON.stringify(values.out)} does not end in .html`);
  const selection = selectionFromFlags(values);
  const names = parseRunNames(values.name, positionals.length) ?? defaultRunNames(positionals);
  const stats = {
    bootstrap: count('--bootstrap', values.bootstrap, 1000, MAX_BOOTSTRAP),
    trials: count('--trials', values.trials, 10000, MAX_TRIALS),
    seed: count('--seed', values.seed, DEFAULT_SEED, MAX_SEED),
  };
  await configFromFlags(values); // bad settings fail before any file is read

  const loaded = await loadShared(positionals, values);
  const config = await configFromFlags(values, loaded[0].loaded.slotCount);
  loaded.forEach((run, k) => warnSlotCount(positionals[k], run, config));
  const runs = loaded.map((run, k) => ({
    name: names[k],
    file: positionals[k],
    run,
    ev: evaluateRun(run, config),
    source: runSource(run, names[k], positionals[k]),
  }));
  let built;
  try {
    built = await buildReport(runs, {
      title: (values.title as string | undefined) ?? `DST Inspector report: ${names.join(', ')}`,
      config,
      selection,
      stats,
      positionReplicates: 1000,
    });
  } catch (e) {
    if (e instanceof ReportError) throw new UsageError(e.message);
    throw e;
  }
  for (const n of built.notes) warn(n);
  const bytes = Buffer.byteLength(built.html, 'utf8');
  writeOut(values.out, [built.html]);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stderr.write(
    `dst-inspector: wrote ${basename(values.out)}: ${(bytes / 1e6).toFixed(2)} MB, ${plural(built.dialogues, 'dialogue')} of ${plural(runs.length, 'run')}, ${seconds} s\n`,
  );
  return correctionsExit(runs.map(({ run }) => ({ run })));
}
