// Layer: main (Node). `dst-inspector serve`: browser mode. Loads the file (or
// the built-in demo) in a worker, serves the UI and the API on 127.0.0.1 and
// prints exactly one line with the address and its session token.

import { resolve } from 'node:path';
import { checkAnnotationFile } from '../services/annotation-file';
import { WriteAccess } from '../services/annotation-access';
import { allowCommandLine, chooseAnnotationFile, runsOnGold } from '../services/annotation-service';
import { createApiHandlers } from '../services/api-handlers';
import { RunWatcher } from '../services/run-watcher';
import { sameSource, Workspace } from '../services/workspace';
import { cleanStaleLaunchFiles, openBrowser } from '../web/open-browser';
import { startServer } from '../web/server';
import type { SourceSpec } from '../../shared/source';
import { parseSeriesX } from '../../shared/analysis/series';
import { hasPresetFlags } from './preset-options';
import { registerValueMap } from '../services/preset-view';
import type { PresetConfig } from '../../shared/metrics/config';
import {
  maxBytesFromFlags,
  parseRunNames,
  resolveSpecPaths,
  SOURCE_FLAGS,
  SOURCE_HELP_WITHOUT_CORRECTIONS,
  sourceFromFlags,
} from './source-flags';
import { parseCommand, parsePositiveInt, UsageError } from './usage';

export const SERVE_HELP = `Usage: dst-inspector serve [<predictions file> …] [options]

Browser mode: serves the inspector on http://127.0.0.1 (this machine only) and
prints one line with its address, which carries a session token. Without a
file it opens the built-in demo; with several files, each is a run to compare
(the first is the baseline). On a remote machine, forward the port:
  ssh -L 8080:127.0.0.1:8080 gpu-box   then   dst-inspector serve preds.json --port 8080

Options:
  --name A,B,…          run names, one per file (default: the file names)
  --series-x X1,X2,…    the runs are a series (one x per run, e.g. data ratios): the compare
                        view plots every metric against x (default: the one number that
                        differs across the run names, for the runs whose names agree in
                        everything else: ratio in T5_ratio_0.01_seed_557, T5_ratio_0.05_seed_557)
${SOURCE_HELP_WITHOUT_CORRECTIONS()}  --preset NAME         the app starts scoring as that evaluator does: exact (default),
                        mwzeval, sgd, trade, simpletod, convlab3 (docs/reference/presets.md);
                        the header's preset menu changes it
  --value-map FILE      mwzeval's canonical spellings (as for score): the app's mwzeval uses them
  --match M, --fuzzy-backend B  the preset's matcher set apart, as for score
  --port N              port (default: a free one)
  --open                open the system browser, if there is one (through a launch
                        file only you can read: the token never goes on a command line)
  --annotations FILE    the annotation file every run uses (default: runs on one gold
                        share <gold or predictions file>.annotations.jsonl: the
                        gold's, else the first by path that exists; see
                        docs/guide/annotate.md). Saves go only to this file, to
                        the default file of a file named here, or to a file you
                        confirm in the page (it names the full path)
  --annotator NAME      the name saved annotations carry ("by"; default the OS user;
                        the page can change it for the session)
  --corrections A,B     several annotators' annotation files on the runs' gold (only
                        read): their agreement, the disagreements queue (D) and the
                        what-if with one annotator's, the majority's or the
                        adjudicated corrections. Adjudications go to --adjudicated
                        FILE (default adjudicated.annotations.jsonl beside A)
  --adjudicated FILE    where adjudications are written (records with
                        "adjudicated": true and by = the annotator name)
  --watch [GLOB]        follow a training run: reload a run when its file changes (debounced;
                        a half-written file is waited for), and with a GLOB (quote it:
                        --watch 'outputs/epoch_*/preds.json') add each new matching file as a
                        run. Each reload is announced with what changed. The app's Watch
                        toggle does the same for one run
  --poll                watch by polling (network drives, where file events are not seen)
  -h, --help            this help
`;

/** `--watch` takes an optional GLOB: given alone (last, or before another flag) it means "watch the files given". */
export function watchArgv(argv: string[]): string[] {
  const out: string[] = [];
  for (let k = 0; k < argv.length; k++) {
    out.push(argv[k]);
    if (argv[k] === '--watch' && (k + 1 >= argv.length || argv[k + 1].startsWith('-'))) out.push(WATCH_FILES);
  }
  return out;
}

const WATCH_FILES = '\u0000files';

/** `opts.fragment`: a link's view to open on (`dst-inspector open LINK`): put after the address's token, as '#…'. */
export async function serveCommand(argv: string[], write: (s: string) => void, opts: { fragment?: string } = {}): Promise<void> {
  const { values, positionals } = parseCommand('serve', watchArgv(argv), {
    ...SOURCE_FLAGS,
    preset: { type: 'string' },
    'value-map': { type: 'string' },
    match: { type: 'string' },
    'fuzzy-backend': { type: 'string' },
    name: { type: 'string' },
    'series-x': { type: 'string' },
    port: { type: 'string' },
    open: { type: 'boolean', default: false },
    annotations: { type: 'string' },
    annotator: { type: 'string' },
    adjudicated: { type: 'string' },
    watch: { type: 'string' },
    poll: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    write(SERVE_HELP);
    return;
  }
  let port = 0;
  if (values.port !== undefined && values.port !== '0') {
    port = parsePositiveInt('--port', values.port);
    if (port > 65535) throw new UsageError(`--port: ${port} is not a port number (1-65535)`);
  }
  if (values.poll && values.watch === undefined) throw new UsageError('--poll is how --watch watches: give --watch');
  const watchGlob = values.watch !== undefined && values.watch !== WATCH_FILES ? values.watch : undefined;
  if (values.watch === WATCH_FILES && positionals.length === 0)
    throw new UsageError("serve: --watch follows the files given (or a GLOB: --watch 'outputs/epoch_*/preds.json'); the demo has none");
  if (
    positionals.length === 0 &&
    watchGlob === undefined &&
    (values.dialogues || values.gold || values.layout || values.values || values.schema || values.name)
  ) {
    throw new UsageError('serve: --dialogues, --gold, --layout, --schema, --values and --name need a prediction file');
  }
  // --corrections A.jsonl,B.jsonl: several annotators' files, only read (agreement, the disagreements queue, the what-if per annotator);
  // the runs themselves are opened on their gold as it is.
  const teamFiles = values.corrections
    ?.split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
  if (values['corrections-from'] !== undefined || values['include-suspected'] === true)
    throw new UsageError(
      'serve: --corrections-from and --include-suspected are for scoring; in the app, the what-if panel chooses whose corrections to apply',
    );
  if (values.adjudicated !== undefined && !teamFiles?.length)
    throw new UsageError('serve: --adjudicated FILE needs --corrections A.jsonl,B.jsonl');
  for (const f of teamFiles ?? []) checkAnnotationFile(f, maxBytesFromFlags(values));
  delete values.corrections;
  // Refused now, with its message (a pipe, a folder, too large, not an annotation file), not at the first save.
  if (values.annotator !== undefined && (values.annotator.trim() === '' || values.annotator.length > 200))
    throw new UsageError('--annotator: give a name of 1 to 200 characters');
  if (values.annotations) checkAnnotationFile(values.annotations, maxBytesFromFlags(values));
  // --preset (with --match, --fuzzy-backend): the app starts with it; the header's preset menu changes it.
  // --value-map: mwzeval's canonical spellings, read once; the app's mwzeval names the map by its hash.
  let valueMap: string | undefined;
  let preset: PresetConfig | undefined;
  if (hasPresetFlags(values)) {
    const flags = values['value-map'] !== undefined && values.preset === undefined ? { ...values, preset: 'mwzeval' } : values;
    const sel = (await import('./preset-flags')).presetFromFlags(flags);
    if (sel && sel.map.hash !== 'none') {
      registerValueMap(sel.map);
      valueMap = sel.map.hash;
    }
    // --value-map alone gives the map to the app's mwzeval; the app still starts under exact.
    if (values.preset !== undefined || values.match !== undefined) preset = sel?.config;
  }
  const names = parseRunNames(values.name, positionals.length);
  const seriesText = values['series-x'];
  if (seriesText?.startsWith('names:'))
    throw new UsageError(
      `--series-x: ${seriesText} is for compare; in the app, the series panel offers each number that differs across the run names to choose from`,
    );
  const xs = seriesText === undefined || seriesText === 'names' ? null : parseSeriesX(seriesText, positionals.length);
  if (typeof xs === 'string') throw new UsageError(`--series-x: ${xs}`);
  const seriesX: Record<string, number> = {};
  const specs: SourceSpec[] = positionals.length
    ? await Promise.all(positionals.map(async (f) => resolveSpecPaths(await sourceFromFlags(values, [f]))))
    : watchGlob !== undefined
      ? []
      : [{ kind: 'demo' }];
  specs.forEach((s, k) => {
    const j = specs.findIndex((t) => sameSource(s, t));
    if (j < k) throw new UsageError(`serve: ${positionals[k]} is given twice (as ${positionals[j]}); each run is opened once`);
  });

  // A launch page that a killed server left behind (it carries that server's token) goes now.
  cleanStaleLaunchFiles();
  const ws = new Workspace({ maxBytes: maxBytesFromFlags(values) });
  // Annotations are written only where the person chose: --annotations, beside the files named here, or confirmed in the page.
  const annotationAccess = new WriteAccess();
  allowCommandLine(annotationAccess, specs);
  const watcher = new RunWatcher(ws, {
    usePolling: values.poll as boolean,
    onNotice: (text, run) => {
      process.stderr.write(`dst-inspector: ${text}\n`);
      ws.notify({ type: 'notice', text, run });
    },
  });
  const handlers = createApiHandlers(ws, {
    watcher,
    mode: 'browser',
    annotations: values.annotations ? resolve(values.annotations) : undefined,
    annotator: values.annotator,
    teamFiles: teamFiles?.map((f) => resolve(f)),
    adjudicated: values.adjudicated === undefined ? undefined : resolve(values.adjudicated),
    annotationAccess,
    maxBytes: maxBytesFromFlags(values),
    compareSettings: () => ({ seriesX }),
    ...(preset ? { preset } : {}),
    ...(valueMap ? { valueMap } : {}),
  });
  if (!values.annotations) {
    // Which annotation file runs on one gold share is chosen by a fixed rule; when several candidates exist, say which one is used.
    const noted = new Set<string>();
    ws.onEvent((e) => {
      if (e.type !== 'run-changed' || e.state !== 'ready') return;
      const note = chooseAnnotationFile(runsOnGold(ws, e.run).map((r) => r.spec)).note;
      if (note && !noted.has(note)) {
        noted.add(note);
        process.stderr.write(`dst-inspector: note: ${note}\n`);
      }
    });
  }
  let running;
  try {
    running = await startServer({ handlers, subscribe: (l) => ws.onEvent(l), port });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException)?.code;
    if (code === 'EADDRINUSE') throw new UsageError(`--port: port ${port} is in use; choose another or leave --port out`);
    if (code === 'EACCES') throw new UsageError(`--port: not allowed to listen on port ${port}`);
    throw e;
  }
  specs.forEach((spec, k) => {
    const run = ws.open(spec, { label: names?.[k] });
    if (xs) seriesX[run.id] = xs[k];
    if (values.watch !== undefined) watcher.watchRun(run.id);
  });
  if (watchGlob !== undefined) {
    // New files are opened with the same gold, utterances, layout and options as the files given.
    const {
      predictions: _p,
      kind: _k,
      ...rest
    } = resolveSpecPaths(await sourceFromFlags(values, [watchGlob])) as Extract<SourceSpec, { kind: 'files' }>;
    watcher.watchGlob(watchGlob, rest);
  }
  const url = opts.fragment ? `${running.url}#${opts.fragment}` : running.url;
  write(`DST Inspector at ${url}\n`);
  // --open hands the browser a private launch file, never the token itself (see open-browser.ts).
  const launch = values.open ? openBrowser(url) : null;

  await new Promise<void>((done) => {
    const stop = () => {
      launch?.dispose();
      watcher.dispose();
      ws.dispose();
      void running.close().then(done);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
