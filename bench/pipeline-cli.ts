// Benchmark tooling (Node): what `dst-inspector score FILE --format json` does
// when it loads through src/main/services/score-pipeline.ts (two threads for
// large FGA/GCA files). bench/run.js bundles it with vite and times the whole
// process like the CLI: `node pipeline-cli.mjs FILE WORKER_PATH`.

import { loadAndEvaluate } from '../src/main/services/score-pipeline';
import { defaultConfig } from '../src/shared/metrics/config';
import { metricSignature } from '../src/shared/metrics/signature';
import { jsonChunks } from '../src/shared/report/json';

const [file, workerPath] = process.argv.slice(2);
const config = defaultConfig();
const { ev } = await loadAndEvaluate(file, {}, config, undefined, { workerPath });
for (const chunk of jsonChunks(ev, metricSignature(config), { perDialogue: false, perTurn: false })) process.stdout.write(chunk);
