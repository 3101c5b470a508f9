// Layer: main (Node, worker thread). Built to out/main/compare-worker.js and
// started by compare-stats.ts: computes one share of a comparison's paired
// statistics (bootstrap resamples and randomization trials given by range)
// and answers over the one worker protocol (worker-rpc.ts), its typed arrays
// transferred, not copied.

import { parentPort } from 'node:worker_threads';
import { statJobTransferring, type StatJob } from './compare-stats';
import { serveRequests } from './worker-rpc';
import type { StatPart } from '../../shared/analysis/run-comparison';

if (parentPort) serveRequests<StatJob, StatPart>(parentPort, statJobTransferring);
