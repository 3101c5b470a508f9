// Runs the figure benchmark (bench/figure.ts): bundles it with vite into
// .bench/build/figure/ and runs it with Node.
// Usage: node bench/figure.js [runs=10] [turns=15]    (npm run bench:figure)
import { spawnSync } from 'node:child_process';
import { buildHarness } from './harness.js';

const harness = await buildHarness('figure');
const r = spawnSync(process.execPath, [harness, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
