// Layer: main (Node). One handler per call of src/shared/api.ts, over one
// workspace of runs (each feature's group of handlers in its own function, as
// its calls are in src/shared/calls/), and the dispatcher both transports
// use: it refuses unknown calls, validates every argument with validateArgs
// before anything runs, and turns failures into AppError (code + message,
// never a stack trace).

import {
  API_CALLS,
  isApiCall,
  validateArgs,
  type ANNOTATION_CALLS,
  type ApiArgs,
  type ApiCall,
  type ApiResults,
  type COMPARE_CALLS,
  type CompareSettings,
  type EXPORT_CALLS,
  type INSPECT_CALLS,
  type RUN_CALLS,
} from '../../shared/api';
import type { PLAYGROUND_CALLS } from '../../shared/calls/playground';
import { playgroundText } from '../../shared/playground/from-corpus';
import { AnnotationService } from './annotation-service';
import { AdjudicationService } from './adjudication-service';
import type { WriteAccess } from './annotation-access';
import { defaultConfig, type MetricConfig, type PresetConfig } from '../../shared/metrics/config';
import { isDefaultPreset } from '../../shared/presets/config-parts';
import { LOADERS } from '../../shared/formats/registry';
import { checkSourceSpec } from '../../shared/source-schema';
import { APP_VERSION } from '../../shared/version';
import { AppError } from '../../shared/app-error';
import { DEFAULT_SEED } from '../../shared/analysis/seed';
import { exportRenderer, type SceneRenderer } from './export/export-thread';
import { renderSignature } from '../../shared/metrics/signature';
import { exportScene } from '../../shared/viz/signature-footer';
import { buildFigure } from '../../shared/viz/figures';
import { CompareService } from './compare-data';
import { defaultPathBase, expandSourcePaths, expandUserPath } from './user-paths';
import { linkedSource } from './link-paths';
import { analysisHandlers } from './analysis-handlers';
import { AnalysisService } from './analysis-service';
import { RunWatcher } from './run-watcher';
import type { Workspace } from './workspace';
import type { RunInfo } from '../../shared/calls/runs';

export interface HandlerOptions {
  mode: 'electron' | 'browser';
  /** Native file dialog (Electron); absent in browser mode. */
  pickFile?: (purpose: 'predictions' | 'dialogues' | 'gold') => Promise<string | null>;
  /** One annotation file for every run (serve --annotations FILE); default: chooseAnnotationFile's rule. */
  annotations?: string;
  /** Where annotations may be written (the files chosen on the command line; confirmed ones are added). Default: only `annotations`. */
  annotationAccess?: WriteAccess;
  /** Asks the person whether annotations may be written to a file (Electron: a native dialog); absent in browser mode, where the page asks. */
  confirmAnnotationFile?: (file: string, exists: boolean) => Promise<boolean>;
  /** Refuse annotation files above this size (bytes; serve --max-size). */
  maxBytes?: number;
  /** Several annotators' files on the gold (serve --corrections A.jsonl,B.jsonl): the disagreements queue and the what-if per annotator. */
  teamFiles?: string[];
  /** Where adjudications are written (serve --adjudicated FILE; default adjudicated.annotations.jsonl beside the first of teamFiles). */
  adjudicated?: string;
  /** The annotator name saves carry in `by` (serve --annotator, the app's setting; default the OS user). */
  annotator?: string;
  /** Called when the page sets the annotator name (Electron keeps it as a setting). */
  onAnnotatorChange?: (name: string) => void;
  /** Save dialog + write (Electron); absent in browser mode, where the page downloads files. */
  saveFile?: (name: string, bytes: Buffer) => Promise<string | null>;
  /** The window's pixels in a rectangle at a scale, as PNG (Electron). */
  captureView?: (rect: { x: number; y: number; width: number; height: number }, scale: number) => Promise<Buffer>;
  /** Makes figure files (default: in the export worker thread when it is built, else inline). */
  renderScene?: SceneRenderer;
  /** Text or a PNG on the system clipboard (Electron). */
  writeClipboard?: (data: { text?: string; png?: Buffer }) => void;
  /** The preset the app starts with (serve --preset); default exact. */
  preset?: PresetConfig;
  /** The hash of the value map read for the app (serve --value-map; registered with preset-view's registerValueMap). */
  valueMap?: string;
  /** The compare view's settings from the command line (serve --series-x). */
  compareSettings?: () => CompareSettings;
  /** Follows runs' files (serve --watch passes its own; default: one that announces on the workspace's events). */
  watcher?: RunWatcher;
}

export type ApiHandlers = { [C in ApiCall]: (args: ApiArgs<C>) => ApiResults[C] | Promise<ApiResults[C]> };

/** The handlers of one group of calls (a feature's calls in src/shared/calls/). */
export type HandlerGroup<Calls> = Pick<ApiHandlers, keyof Calls & ApiCall>;

function runHandlers(ws: Workspace, opts: HandlerOptions, watcher: RunWatcher): HandlerGroup<typeof RUN_CALLS> {
  const withWatch = (r: RunInfo): RunInfo => (watcher.isWatching(r.id) ? { ...r, watching: true } : r);
  return {
    appInfo: () => {
      const where = defaultPathBase();
      return {
        version: APP_VERSION,
        mode: opts.mode,
        defaultConfig: defaultConfig(opts.preset ? { preset: opts.preset } : {}),
        canPickFiles: !!opts.pickFile,
        baseDir: where.base,
        homeDir: where.home,
        layouts: LOADERS.map((l) => ({ id: l.id, label: l.label })),
        ...(opts.valueMap ? { valueMap: opts.valueMap } : {}),
      };
    },
    listRuns: () => ({ runs: ws.list().map(withWatch) }),
    // Typed paths: "~" is the home folder, relative paths are resolved against baseDir (see appInfo).
    openRun: ({ source, label, replace }) => ws.open(expandSourcePaths(checkSourceSpec(source)), { label, replace }),
    openLinkedRun: ({ path }) => ws.open(linkedSource(path, defaultPathBase().base)),
    addSource: ({ run, path, role }) => ws.addSource(run, expandUserPath(path), role),
    closeRun: ({ run }) => ({ runs: ws.close(run) }),
    renameRun: ({ run, label }) => ws.rename(run, label),
    runStatus: ({ run }) => withWatch(ws.status(run)),
    watchRun: ({ run, on }) => {
      if (on) {
        try {
          watcher.watchRun(run);
        } catch (e) {
          if (e instanceof RangeError) throw new AppError('bad-args', e.message);
          throw e;
        }
      } else watcher.unwatchRun(run);
      ws.notify({ type: 'runs-changed' });
      return withWatch(ws.status(run));
    },
    loadErrorSource: ({ run }) => ws.errorSource(run),
    pickFile: async ({ purpose }) => ({ path: opts.pickFile ? await opts.pickFile(purpose) : null }),
  };
}

function inspectHandlers(ws: Workspace): HandlerGroup<typeof INSPECT_CALLS> {
  return {
    corpusSummary: ({ run, rev, config }) => ws.data(run, rev).summary(config),
    dialoguePage: (args) => ws.data(args.run, args.rev).page(args),
    dialogueDetail: ({ run, rev, config, id }) => ws.data(run, rev).detail(config, id),
    dialogueRaw: ({ run, rev, id }) => ws.data(run, rev).raw(id),
    dialogueIndexOf: ({ run, rev, config, sort, filter, id }) => ({ index: ws.data(run, rev).indexOf(config, sort, filter, id) }),
    presetFlips: ({ run, rev, a, b, examples }) => ws.data(run, rev).presetFlips(a, b, examples),
  };
}

function playgroundHandlers(ws: Workspace): HandlerGroup<typeof PLAYGROUND_CALLS> {
  return {
    playgroundDialogue: ({ run, rev, id }) => {
      const data = ws.data(run, rev);
      return { id, text: playgroundText(data.corpus, data.dialogueIndex(id)) };
    },
  };
}

function annotationHandlers(ws: Workspace, svc: AnnotationService, team: AdjudicationService): HandlerGroup<typeof ANNOTATION_CALLS> {
  return {
    listAnnotations: ({ run, dialogue }) => svc.list(run, dialogue),
    allowAnnotationFile: ({ run, file }) => svc.allowFile(run, file),
    saveAnnotation: ({ run, record }) => svc.save(run, record),
    reviseAnnotation: ({ run, id, rev, record, deleted, replace }) => svc.revise(run, id, rev, record, deleted, replace),
    compactAnnotations: ({ run }) => svc.compact(run),
    annotator: () => ({ name: svc.annotator() }),
    setAnnotator: ({ name }) => ({ name: svc.setAnnotator(name) }),
    suspects: ({ run, rev, offset, limit, unannotated }) => (ws.data(run, rev), svc.suspects(run, offset, limit, unannotated)),
    whatIf: ({ run, rev, config, includeSuspected, values, correctionsFrom }) => (
      exactOnly('what-if', config),
      ws.data(run, rev),
      svc.whatIf(run, config, includeSuspected, values, correctionsFrom)
    ),
    teamAnnotations: ({ run }) => (ws.data(run), team.state()),
    openTeamFiles: ({ run, files, adjudicated }) => {
      ws.data(run);
      team.open(
        files.map((f) => expandUserPath(f)),
        adjudicated === undefined ? undefined : expandUserPath(adjudicated),
      );
      return team.state();
    },
    disagreements: ({ run, rev, offset, limit, unadjudicated }) => (ws.data(run, rev), team.disagreements(offset, limit, unadjudicated)),
    adjudicate: ({ run, key, pick }) => (ws.data(run), team.adjudicate(key, pick)),
    whatIfDialogue: ({ run, rev, config, id, includeSuspected, correctionsFrom }) => (
      exactOnly('what-if', config),
      ws.data(run, rev),
      svc.whatIfDialogue(run, config, id, includeSuspected, correctionsFrom)
    ),
    exportCorrections: ({ run, rev, format, includeSuspected }) => (ws.data(run, rev), svc.exportDiff(run, format, includeSuspected)),
  };
}

/**
 * What-if re-scoring with corrections works on the corpus as loaded (exact):
 * under another preset it is refused, never answered with exact numbers under
 * a signature that names the preset.
 */
function exactOnly(what: string, config: MetricConfig): void {
  if (!isDefaultPreset(config.preset))
    throw new AppError('bad-args', `${what} re-scores under the exact preset only; choose exact in the preset menu to use it`);
}

function exportHandlers(ws: Workspace, opts: HandlerOptions, annotations: AnnotationService): HandlerGroup<typeof EXPORT_CALLS> {
  let renderer: SceneRenderer | undefined;
  const renderScene: SceneRenderer = (scene, format, scale) => (renderer ??= opts.renderScene ?? exportRenderer())(scene, format, scale);
  return {
    htmlReport: async ({ run, rev, config, sort, filter, limit, title }) => {
      // The run under the config's preset (itself for exact): the report's corpus and numbers are the preset's.
      const data = ws.data(run, rev).at(config);
      const label = ws.status(run).label;
      const list = data.index(config, sort, filter);
      const positions = Array.from(list.subarray(0, limit));
      const l = data.l;
      const evaluation = (c: typeof config) => data.evaluation(c);
      const source = {
        name: label,
        file: l.file,
        corpus: l.corpus,
        stats: l.stats,
        valueOptions: l.valueOptions,
        corrections: l.corrections,
        evaluation,
      };
      const { buildReport } = await import('./report/build-report');
      const built = await buildReport([{ name: label, file: l.file, ev: data.evaluation(config), source }], {
        title: title ?? `DST Inspector report: ${label}`,
        config,
        selection: {
          kind: 'positions',
          positions,
          text:
            list.length > limit
              ? `the first ${limit} of the ${list.length} dialogues of the list`
              : `the ${list.length} dialogues of the list`,
        },
        stats: { bootstrap: 1000, trials: 10000, seed: DEFAULT_SEED },
        positionReplicates: 1000,
      });
      return { html: built.html, bytes: Buffer.byteLength(built.html, 'utf8'), dialogues: built.dialogues };
    },
    dialogueFigure: async ({ run, rev, config, id, kind, format, scale, theme, slots, turns, width, whatIf, signatureFooter }) => {
      const data = ws.data(run, rev);
      // With the what-if on, the figure shows what the screen shows: the corrected gold, and the corrections in the signature.
      if (whatIf) exactOnly('the what-if figure', config);
      const d = whatIf ? annotations.whatIfDialogue(run, config, id, whatIf.includeSuspected) : data.detail(config, id);
      const signature = renderSignature(d.signature);
      const cut = new Set<number>();
      let scene;
      try {
        scene = buildFigure(kind, { id: d.id, values: d.values, perTurn: d.perTurn ?? [], utterances: d.utterances }, config, {
          signature,
          theme,
          slots,
          turns,
          width,
          onCut: (t) => cut.add(t),
        });
      } catch (e) {
        if (e instanceof RangeError) throw new AppError('bad-args', `dialogueFigure: ${d.id}: ${e.message}`);
        throw e;
      }
      const f = await renderScene(exportScene(scene, { signature: signatureFooter }), format, scale ?? 2);
      return {
        base64: f.bytes.toString('base64'),
        mime: f.mime,
        width: f.width,
        height: f.height,
        ...(cut.size ? { cut: [...cut].sort((a, b) => a - b) } : {}),
      };
    },
    renderFigure: async ({ scene, format, scale }) => {
      const f = await renderScene(scene, format, scale ?? 2);
      return { base64: f.bytes.toString('base64'), mime: f.mime, width: f.width, height: f.height };
    },
    saveFile: async ({ name, base64 }) =>
      opts.saveFile
        ? { path: await opts.saveFile(name, Buffer.from(base64, 'base64')), supported: true }
        : { path: null, supported: false },
    writeClipboard: ({ text, pngBase64 }) => {
      if (!opts.writeClipboard) return { supported: false };
      opts.writeClipboard(text !== undefined ? { text } : { png: Buffer.from(pngBase64!, 'base64') });
      return { supported: true };
    },
    captureView: async ({ rect, scale }) =>
      opts.captureView
        ? { base64: (await opts.captureView(rect, scale)).toString('base64'), supported: true }
        : { base64: null, supported: false },
  };
}

function compareHandlers(ws: Workspace, opts: HandlerOptions): HandlerGroup<typeof COMPARE_CALLS> {
  const svc = new CompareService(ws, opts.compareSettings);
  return {
    compareRuns: (args) => svc.runs(args),
    comparePage: (args) => svc.page(args),
    compareSettings: () => svc.settings(),
    compareDiffer: (args) => svc.differ(args),
  };
}

export function createApiHandlers(ws: Workspace, opts: HandlerOptions): ApiHandlers {
  // One worker per run revision for the analyses and the annotations' heavy computations.
  const analysis = new AnalysisService(ws);
  const annotations = new AnnotationService(ws, {
    file: opts.annotations,
    maxBytes: opts.maxBytes,
    analysis,
    access: opts.annotationAccess,
    confirm: opts.confirmAnnotationFile,
    by: opts.annotator,
    onAnnotatorChange: opts.onAnnotatorChange,
  });
  const team = new AdjudicationService(ws, {
    files: opts.teamFiles,
    adjudicated: opts.adjudicated,
    maxBytes: opts.maxBytes,
    author: () => annotations.annotator(),
  });
  annotations.team = team;
  const watcher = opts.watcher ?? new RunWatcher(ws, { onNotice: (text, run) => ws.notify({ type: 'notice', text, run }) });
  return {
    ...runHandlers(ws, opts, watcher),
    ...inspectHandlers(ws),
    ...playgroundHandlers(ws),
    ...annotationHandlers(ws, annotations, team),
    ...exportHandlers(ws, opts, annotations),
    ...compareHandlers(ws, opts),
    ...analysisHandlers(ws, {}, analysis),
  };
}

/** Validates and runs one call; throws AppError for unknown calls, bad arguments and failures. */
export async function dispatch(handlers: ApiHandlers, call: unknown, args: unknown): Promise<unknown> {
  if (!isApiCall(call))
    throw new AppError(
      'not-found',
      `unknown call ${JSON.stringify(String(call)).slice(0, 100)}; calls: ${Object.keys(API_CALLS).join(', ')}`,
    );
  const v = validateArgs(call, args);
  if (!v.ok) throw new AppError('bad-args', v.error);
  try {
    return await (handlers[call] as (a: unknown) => unknown)(v.value);
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('internal', `${call} failed (please report): ${(e as Error)?.message ?? String(e)}`);
  }
}
