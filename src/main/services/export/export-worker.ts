// Layer: main (Node). Entry of the export worker thread (built to
// out/main/export-worker.js): turns scenes into SVG, PDF or PNG files off the
// main thread, so a large figure never stalls the server's other calls or
// Electron's main process. Over the one worker protocol (worker-rpc.ts): a
// request ({scene, format, scale}) is answered by the file's bytes
// (transferred) or the error with its code.

import { parentPort } from 'node:worker_threads';
import type { Scene } from '../../../shared/viz/scene';
import { serveRequests, Transferring } from '../worker-rpc';
import { renderScene, type FigureFormat } from './render';

export interface ExportRequest {
  scene: Scene;
  format: FigureFormat;
  scale: number;
}

export interface ExportResult {
  bytes: Uint8Array;
  mime: string;
  width: number;
  height: number;
}

if (parentPort)
  serveRequests<ExportRequest, ExportResult>(parentPort, async (req) => {
    const f = await renderScene(req.scene, req.format, req.scale);
    const bytes = new Uint8Array(f.bytes.buffer, f.bytes.byteOffset, f.bytes.length).slice();
    return new Transferring({ bytes, mime: f.mime, width: f.width, height: f.height }, [bytes.buffer]);
  });
