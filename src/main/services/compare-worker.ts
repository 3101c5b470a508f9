// Layer: main (Node, worker thread). Built to out/main/compare-worker.js and
// started by compare-stats.ts: computes one share of a comparison's paired
// statistics (bootstrap resamples and randomization trials given by range)
// and sends it back (typed arrays transferred, not copied).

import { parentPort } from 'node:worker_threads';
import { statJob, type StatJob } from './compare-stats';

parentPort?.on('message', (job: StatJob) => {
  const part = statJob(job);
  parentPort?.postMessage(part, [...part.boot.map((b) => b.buffer), ...part.counts.map((c) => c.buffer)] as ArrayBuffer[]);
});
