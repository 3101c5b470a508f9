#!/usr/bin/env node
// The `dst-inspector` command: runs the built CLI (npm install builds it).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'out', 'main', 'cli.js');
if (!existsSync(cli)) {
  process.stderr.write('dst-inspector: the CLI is not built yet; run "npm run build" in the project folder first.\n');
  process.exit(2);
}
await import(pathToFileURL(cli).href);
