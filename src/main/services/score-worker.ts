// Layer: main (Node). Entry of the load worker thread (built to
// out/main/score-worker.js): runs one load job given as workerData and posts
// progress, then the result or the error, to the workspace.

import { parentPort, workerData } from 'node:worker_threads';
import type { LoadJob } from './load-types';
import { runLoadJob } from './load-job';

if (parentPort) {
  const port = parentPort;
  void runLoadJob(workerData as LoadJob, (msg, transfer) => port.postMessage(msg, transfer ?? []));
}
