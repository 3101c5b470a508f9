// Layer: main (Node). Entry of the analysis worker thread (built to
// out/main/analysis-worker.js): receives one run revision's corpus and turn
// statistics once (a copy), utterances in parts (notes) when the suspects
// need them, then answers requests (analyses, suspects, the value-options
// what-if) one at a time with the AnalysisEngine, over the one worker
// protocol (worker-rpc.ts): each result, or the error with its code.

import { parentPort, workerData } from 'node:worker_threads';
import { corpusFromPayload } from '../../shared/model/corpus-payload';
import { AnalysisEngine, type EngineRequest, type UtterancePart } from './analysis-engine';
import type { AnalysisInit } from './analysis-host';
import { serveRequests } from './worker-rpc';

if (parentPort) {
  const init = workerData as AnalysisInit;
  const corpus = corpusFromPayload(init.corpus);
  const engine = new AnalysisEngine(corpus, init.stats, init.settings);
  serveRequests<EngineRequest, unknown, never, UtterancePart>(
    parentPort,
    (request) => engine.run(request),
    (part) => engine.addUtterances(part),
  );
}
