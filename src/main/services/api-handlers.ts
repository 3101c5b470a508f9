// Layer: main (Node). One handler per call of src/shared/api.ts, over one
// workspace of runs (each feature's group of handlers in its own function, as
// its calls are in src/shared/calls/), and the dispatcher both transports
// use: it refuses unknown calls, validates every argument with validateArgs
// before anything runs, and turns failures into ApiError (code + message,
// never a stack trace).

import { API_CALLS, isApiCall, validateArgs, type ApiArgs, type ApiCall, type ApiResults, type INSPECT_CALLS, type RUN_CALLS } from '../../shared/api';
import { defaultConfig } from '../../shared/metrics/config';
import { APP_VERSION } from '../../shared/version';
import { ApiError } from './api-error';
import { analysisHandlers } from './analysis-handlers';
import type { Workspace } from './workspace';

export interface HandlerOptions {
  mode: 'electron' | 'browser';
  /** Native file dialog (Electron); absent in browser mode. */
  pickFile?: (purpose: 'predictions' | 'dialogues' | 'gold') => Promise<string | null>;
}

export type ApiHandlers = { [C in ApiCall]: (args: ApiArgs<C>) => ApiResults[C] | Promise<ApiResults[C]> };

/** The handlers of one group of calls (a feature's calls in src/shared/calls/). */
export type HandlerGroup<Calls> = Pick<ApiHandlers, keyof Calls & ApiCall>;

function runHandlers(ws: Workspace, opts: HandlerOptions): HandlerGroup<typeof RUN_CALLS> {
  return {
    appInfo: () => ({ version: APP_VERSION, mode: opts.mode, defaultConfig: defaultConfig(), canPickFiles: !!opts.pickFile }),
    listRuns: () => ({ runs: ws.list() }),
    openRun: ({ source, label, replace }) => ws.open(source, { label, replace }),
    addSource: ({ run, path, role }) => ws.addSource(run, path, role),
    closeRun: ({ run }) => ({ runs: ws.close(run) }),
    renameRun: ({ run, label }) => ws.rename(run, label),
    runStatus: ({ run }) => ws.status(run),
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
  };
}

export function createApiHandlers(ws: Workspace, opts: HandlerOptions): ApiHandlers {
  return {
    ...runHandlers(ws, opts),
    ...inspectHandlers(ws),
    ...analysisHandlers(ws),
  };
}

/** Validates and runs one call; throws ApiError for unknown calls, bad arguments and failures. */
export async function dispatch(handlers: ApiHandlers, call: unknown, args: unknown): Promise<unknown> {
  if (!isApiCall(call)) throw new ApiError('not-found', `unknown call ${JSON.stringify(String(call)).slice(0, 100)}; calls: ${Object.keys(API_CALLS).join(', ')}`);
  const v = validateArgs(call, args);
  if (!v.ok) throw new ApiError('bad-args', v.error);
  try {
    return await (handlers[call] as (a: unknown) => unknown)(v.value);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError('internal', `${call} failed (please report): ${(e as Error)?.message ?? String(e)}`);
  }
}
