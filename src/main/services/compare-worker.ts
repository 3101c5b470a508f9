// Layer: main (Node, worker thread). Built to out/main/compare-worker.js and
// started by compare-stats.ts and compare-differ.ts, one worker per request,
// answering over the one worker protocol (worker-rpc.ts): `stats` computes
// one share of a comparison's paired statistics (bootstrap resamples and
// randomization trials given by range), its typed arrays transferred, not
// copied; `differ` runs "where do runs differ most" (differ.ts) on the runs'
// common part.

import { parentPort } from 'node:worker_threads';
import { statJobTransferring, type StatJob } from './compare-stats';
import { differJob, type DifferJob } from './compare-differ';
import { serveRequests, type Transferring } from './worker-rpc';
import type { StatPart } from '../../shared/analysis/run-comparison';
import type { DifferResult } from '../../shared/analysis/differ';

/** What the compare worker is asked. */
export type CompareWorkerRequest = { kind: 'stats'; job: StatJob } | { kind: 'differ'; job: DifferJob };

function handle(q: CompareWorkerRequest): Transferring<StatPart> | DifferResult {
  return q.kind === 'stats' ? statJobTransferring(q.job) : differJob(q.job);
}

if (parentPort) serveRequests<CompareWorkerRequest, StatPart | DifferResult>(parentPort, handle);
