// Layer: main (Node). Entry of the load worker thread (built to
// out/main/score-worker.js): runs each load job it is sent over the one
// worker protocol (worker-rpc.ts), reporting progress, then answers with the
// result (its arrays transferred, not copied) or the load's error.

import { parentPort } from 'node:worker_threads';
import type { LoadJob, LoadOutcome, LoadProgress } from './load-types';
import { runLoadJob } from './load-job';
import { serveRequests, Transferring } from './worker-rpc';

if (parentPort) {
  serveRequests<LoadJob, LoadOutcome, Omit<LoadProgress, 'type'>>(
    parentPort,
    (job, ctx) =>
      new Promise((resolve) => {
        void runLoadJob(job, (msg, transfer) => {
          if (msg.type === 'progress') ctx.progress({ stage: msg.stage, fraction: msg.fraction });
          else resolve(new Transferring(msg, transfer ?? []));
        });
      }),
  );
}
