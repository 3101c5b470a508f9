// Layer: main (Node). Entry of the export worker thread (built to
// out/main/export-worker.js): turns scenes into SVG, PDF or PNG files off the
// main thread, so a large figure never stalls the server's other calls or
// Electron's main process. One message in ({id, scene, format, scale}), one
// out (the file's bytes, transferred, or the error).

import { parentPort } from 'node:worker_threads';
import type { Scene } from '../../../shared/viz/scene';
import { renderScene, type FigureFormat } from './render';

export interface ExportRequest {
  id: number;
  scene: Scene;
  format: FigureFormat;
  scale: number;
}

export type ExportReply =
  { id: number; ok: true; bytes: Uint8Array; mime: string; width: number; height: number } | { id: number; ok: false; error: string };

if (parentPort) {
  const port = parentPort;
  port.on('message', (req: ExportRequest) => {
    renderScene(req.scene, req.format, req.scale).then(
      (f) => {
        const bytes = new Uint8Array(f.bytes.buffer, f.bytes.byteOffset, f.bytes.length).slice();
        port.postMessage({ id: req.id, ok: true, bytes, mime: f.mime, width: f.width, height: f.height } satisfies ExportReply, [
          bytes.buffer,
        ]);
      },
      (e: unknown) => port.postMessage({ id: req.id, ok: false, error: (e as Error)?.message ?? String(e) } satisfies ExportReply),
    );
  });
}
