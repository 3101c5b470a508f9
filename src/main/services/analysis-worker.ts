// Layer: main (Node). Entry of the analysis worker thread (built to
// out/main/analysis-worker.js): receives one run revision's corpus and turn
// statistics once (a copy), then answers analysis requests one at a time
// with the AnalysisEngine, posting each result or error back.

import { parentPort, workerData } from 'node:worker_threads';
import { Interner } from '../../shared/model/interner';
import type { Corpus } from '../../shared/model/corpus';
import { AnalysisEngine } from './analysis-engine';
import type { AnalysisInit, AnalysisJob, AnalysisReply } from './analysis-host';

if (parentPort) {
  const port = parentPort;
  const init = workerData as AnalysisInit;
  const p = init.corpus;
  const corpus: Corpus = {
    slots: new Interner(p.slotNames),
    values: new Interner(p.valueNames),
    dialogueIds: p.dialogueIds,
    dialogueStart: p.dialogueStart,
    turnIndex: p.turnIndex,
    goldStart: p.goldStart,
    goldLen: p.goldLen,
    predStart: p.predStart,
    predLen: p.predLen,
    goldPairs: p.goldPairs,
    predPairs: p.predPairs,
  };
  const engine = new AnalysisEngine(corpus, init.stats, init.settings);
  port.on('message', (job: AnalysisJob) => {
    let reply: AnalysisReply;
    try {
      reply = { id: job.id, ok: true, result: engine.run(job.request) };
    } catch (e) {
      reply = { id: job.id, ok: false, message: (e as Error)?.message ?? String(e) };
    }
    port.postMessage(reply);
  });
}
