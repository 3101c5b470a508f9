// Layer: main (Node, worker thread). Built to out/main/fga-tail-worker.js and
// started by fga-parallel.ts: reads the second half of a large FGA/GCA file
// (from a dialogue boundary the main thread chose; the file's bytes are shared,
// not copied) while the main thread reads the first half, analyses its turns,
// and answers over the one worker protocol (worker-rpc.ts) with the corpus
// columns and turn statistics (transferred, not copied), or the LoadError.

import { parentPort } from 'node:worker_threads';
import { readTail, type TailJob, type TailResult } from './fga-tail';
import { serveRequests } from './worker-rpc';

if (parentPort) serveRequests<TailJob, TailResult>(parentPort, readTail);
