#!/usr/bin/env node
// The `dst-inspector` command: runs the built CLI (npm install builds it).
// CommonJS (bin/package.json says so; the project's other .js files are ES
// modules), as is the CLI it loads (out/main/cli.cjs): Node's ES module loader
// would cost every command 8-13 ms of CPU before any of its code runs
// (docs/performance.md, "Start-up of the command").
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const cli = join(__dirname, '..', 'out', 'main', 'cli.cjs');
if (!existsSync(cli)) {
  process.stderr.write('dst-inspector: the CLI is not built yet; run "npm run build" in the project folder first.\n');
  process.exit(2);
}
require(cli);
