#!/usr/bin/env node
// `npm run electron:install`: downloads the Electron runtime that `npm install`
// skipped (.npmrc sets ELECTRON_SKIP_BINARY_DOWNLOAD through NODE_OPTIONS,
// because the download comes from GitHub). Run it where GitHub is reachable.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const install = join(root, 'node_modules', 'electron', 'install.js');
if (!existsSync(install)) {
  process.stderr.write('electron:install: node_modules/electron is missing; run "npm install" first.\n');
  process.exit(2);
}
const env = { ...process.env };
delete env.ELECTRON_SKIP_BINARY_DOWNLOAD;
env.NODE_OPTIONS = '';
const r = spawnSync(process.execPath, [install], {
  cwd: join(root, 'node_modules', 'electron'),
  env,
  stdio: ['ignore', 'inherit', 'pipe'],
  encoding: 'utf8',
});
if (r.status !== 0) {
  const why =
    (r.stderr || r.error?.message || '').split('\n').find((l) => /error|ENOTFOUND|ECONN|EAI_AGAIN|timed out|403|404/i.test(l)) ??
    `exit code ${r.status}`;
  process.stderr.write(
    `electron:install: could not download the Electron runtime from GitHub (${why.trim().slice(0, 200)}); "npm start" keeps using browser mode.\n`,
  );
  process.exit(1);
}
process.stdout.write('electron:install: the Electron runtime is installed; "npm start" now opens the desktop app.\n');
