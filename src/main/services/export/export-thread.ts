// Layer: main (Node). Renders figures in the export worker thread
// (export-worker.ts), started on first use and kept for the next export; it
// holds the process open only while an export is under way. Without the built worker (a
// test run from the sources), or with `inline`, it renders on this thread.

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Scene } from '../../../shared/viz/scene';
import type { ExportReply } from './export-worker';
import { renderScene, type FigureFormat, type RenderedFigure } from './render';

export type SceneRenderer = (scene: Scene, format: FigureFormat, scale: number) => Promise<RenderedFigure>;

/** The built worker next to this module (out/main or out/main/chunks), or null. */
export function exportWorkerPath(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'export-worker.js'), join(here, '..', 'export-worker.js')];
  return candidates.find((c) => existsSync(c)) ?? null;
}

export function exportRenderer(opts: { inline?: boolean; workerPath?: string | null } = {}): SceneRenderer {
  const path = opts.inline ? null : opts.workerPath === undefined ? exportWorkerPath() : opts.workerPath;
  if (!path) return renderScene;
  let worker: Worker | null = null;
  let next = 1;
  const pending = new Map<number, { resolve: (f: RenderedFigure) => void; reject: (e: Error) => void }>();
  const failAll = (e: Error) => {
    for (const p of pending.values()) p.reject(e);
    pending.clear();
    worker = null;
  };
  const start = (): Worker => {
    const w = new Worker(path);
    w.on('message', (m: ExportReply) => {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (pending.size === 0) w.unref();
      if (m.ok)
        p.resolve({
          bytes: Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.length),
          mime: m.mime,
          width: m.width,
          height: m.height,
        });
      else p.reject(new Error(m.error));
    });
    w.on('error', (e) => failAll(new Error(`the export worker failed: ${e.message}`)));
    w.on('exit', (code) => failAll(new Error(`the export worker stopped (exit code ${code})`)));
    w.unref();
    return w;
  };
  return (scene, format, scale) =>
    new Promise<RenderedFigure>((resolve, reject) => {
      worker ??= start();
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, scene, format, scale });
    });
}
