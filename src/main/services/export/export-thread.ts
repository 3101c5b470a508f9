// Layer: main (Node). Renders figures in the export worker thread
// (export-worker.ts, over the one worker protocol of worker-rpc.ts), started
// on first use and kept for the next export; it holds the process open only
// while an export is under way. Without the built worker (a
// test run from the sources), or with `inline`, it renders on this thread.

import { AppError } from '../../../shared/app-error';
import type { Scene } from '../../../shared/viz/scene';
import { WorkerClient, workerPath } from '../worker-rpc';
import type { ExportRequest, ExportResult } from './export-worker';
import { renderScene, type FigureFormat, type RenderedFigure } from './render';

export type SceneRenderer = (scene: Scene, format: FigureFormat, scale: number) => Promise<RenderedFigure>;

/** The built worker next to this module (out/main or out/main/chunks), or null. */
export function exportWorkerPath(): string | null {
  return workerPath('export-worker');
}

export function exportRenderer(opts: { inline?: boolean; workerPath?: string | null } = {}): SceneRenderer {
  const path = opts.inline ? null : opts.workerPath === undefined ? exportWorkerPath() : opts.workerPath;
  if (!path) return renderScene;
  let worker: WorkerClient<ExportRequest, ExportResult> | null = null;
  const start = () => {
    const w = new WorkerClient<ExportRequest, ExportResult>(path, {
      holdWhileBusy: true,
      stopped: ({ error, exitCode }) =>
        new AppError(
          'internal',
          error ? `the export worker failed: ${error.message}` : `the export worker stopped (exit code ${exitCode})`,
        ),
      // The next export starts another.
      onStop: () => {
        if (worker === w) worker = null;
      },
    });
    return w;
  };
  return async (scene, format, scale) => {
    worker ??= start();
    try {
      const m = await worker.request({ scene, format, scale });
      return { bytes: Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.length), mime: m.mime, width: m.width, height: m.height };
    } catch (e) {
      // A rendering bug stays a bug for the dispatcher to report with the call's name; a refusal keeps its code.
      throw (e as AppError).code === 'internal' ? new Error((e as AppError).message) : e;
    }
  };
}
