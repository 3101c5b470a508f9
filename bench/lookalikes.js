// Runs the lookalike-pass benchmark (bench/lookalikes.ts): bundles it with vite
// into .bench/build/lookalikes/ and runs it with Node.
// Usage: node bench/lookalikes.js [sizes=100k,1m] [runs=5]
import { spawnSync } from 'node:child_process';
import { buildHarness } from './harness.js';

const harness = await buildHarness('lookalikes');
const r = spawnSync(process.execPath, ['--max-old-space-size=4096', harness, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
