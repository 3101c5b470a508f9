// Benchmark tooling (Node): what `dst-inspector score FILE --format json` does
// when it loads through the load pipeline (src/main/services/load-pipeline.ts;
// two threads for large FGA/GCA files). bench/run.js bundles it with vite and
// times the whole process like the CLI: `node pipeline-cli.mjs FILE WORKER_PATH`.

import { loadSource } from '../src/main/services/load-pipeline';
import { defaultConfig } from '../src/shared/metrics/config';
import { evaluateStats } from '../src/shared/metrics/evaluate';
import { jsonChunks } from '../src/shared/report/json';
import { fileSource } from '../src/shared/source';

const [file, workerPath] = process.argv.slice(2);
const config = defaultConfig();
const run = await loadSource(fileSource([file]), { parallel: { workerPath } });
const ev = evaluateStats(run.loaded.corpus, run.stats!, config);
for (const chunk of jsonChunks(ev, { perDialogue: false, perTurn: false })) process.stdout.write(chunk);
