// Layer: main (Node, worker thread). Built to out/main/fga-tail-worker.js and
// started by fga-parallel.ts: reads the second half of a large FGA/GCA file
// (from a dialogue boundary the main thread chose; the file's bytes are shared,
// not copied) while the main thread reads the first half, analyses its turns,
// and sends the corpus columns and turn statistics back (transferred, not copied).

import { parentPort } from 'node:worker_threads';
import { readTail, type TailJob, type TailReply } from './fga-tail';

parentPort?.on('message', (job: TailJob) => {
  const { reply, transfer } = readTail(job);
  parentPort?.postMessage(reply satisfies TailReply, transfer);
});
