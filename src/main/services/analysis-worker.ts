// Layer: main (Node). Entry of the analysis worker thread (built to
// out/main/analysis-worker.js): receives one run revision's corpus and turn
// statistics once (a copy), utterances in parts when the suspects need them,
// then answers requests (analyses, suspects, the value-options what-if) one
// at a time with the AnalysisEngine, posting each result or error back.

import { parentPort, workerData } from 'node:worker_threads';
import { corpusFromPayload } from '../../shared/model/corpus-payload';
import { AnalysisEngine } from './analysis-engine';
import type { AnalysisInit, AnalysisMessage, AnalysisReply } from './analysis-host';

if (parentPort) {
  const port = parentPort;
  const init = workerData as AnalysisInit;
  const corpus = corpusFromPayload(init.corpus);
  const engine = new AnalysisEngine(corpus, init.stats, init.settings);
  port.on('message', (msg: AnalysisMessage) => {
    if ('part' in msg) {
      engine.addUtterances(msg.part);
      return;
    }
    const job = msg;
    let reply: AnalysisReply;
    try {
      reply = { id: job.id, ok: true, result: engine.run(job.request) };
    } catch (e) {
      reply = { id: job.id, ok: false, message: (e as Error)?.message ?? String(e) };
    }
    port.postMessage(reply);
  });
}
