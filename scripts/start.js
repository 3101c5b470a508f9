#!/usr/bin/env node
// `npm start`: builds the app when out/ is missing or older than the sources,
// then runs the Electron app if its runtime is installed, else browser mode
// (`dst-inspector serve --open`) with the demo or the given file.
// Usage: npm start [-- <predictions.json> [--dialogues FILE] …]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUTS = [
  'out/main/index.js',
  'out/main/cli.cjs',
  'out/main/score-worker.js',
  'out/preload/index.cjs',
  'out/renderer/index.html',
].map((p) => join(root, p));
const INPUTS = ['src', 'electron.vite.config.ts', 'electron.vite.cli.config.ts', 'package.json'].map((p) => join(root, p));

function newest(path) {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let t = 0;
  for (const e of readdirSync(path)) t = Math.max(t, newest(join(path, e)));
  return t;
}

function needsBuild() {
  if (!OUTPUTS.every((p) => existsSync(p))) return true;
  const built = Math.min(...OUTPUTS.map((p) => statSync(p).mtimeMs));
  return Math.max(...INPUTS.map(newest)) > built;
}

if (needsBuild()) {
  process.stderr.write('dst-inspector: building the app (electron-vite build)…\n');
  // The app (main, preload, renderer), then the command (its own build: electron.vite.cli.config.ts).
  for (const extra of [[], ['-c', 'electron.vite.cli.config.ts']]) {
    const r = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build', ...extra], {
      cwd: root,
      stdio: 'inherit',
    });
    if (r.status !== 0) {
      process.stderr.write('dst-inspector: the build failed (see above); fix it and run "npm start" again.\n');
      process.exit(r.status ?? 1);
    }
  }
}

/** Path of the Electron binary when the runtime is installed, else null. */
function electronBinary() {
  try {
    const p = createRequire(join(root, 'package.json'))('electron');
    return typeof p === 'string' && existsSync(p) ? p : null;
  } catch {
    return null;
  }
}

const args = process.argv.slice(2);
// npm runs scripts in the package folder; relative paths the user typed are relative to where they typed them.
const userCwd = process.env.INIT_CWD || process.cwd();
const electron = electronBinary();
let child;
if (electron) {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  delete env.ELECTRON_RUN_AS_NODE;
  child = spawn(electron, [root, ...args], { cwd: userCwd, stdio: 'inherit', env });
} else {
  process.stderr.write(
    'dst-inspector: the Electron runtime is not installed (its download needs GitHub; run "npm run electron:install" where that is allowed), so the inspector starts in browser mode.\n',
  );
  child = spawn(process.execPath, [join(root, 'out', 'main', 'cli.cjs'), 'serve', ...args, '--open'], { cwd: userCwd, stdio: 'inherit' });
}
// Ctrl+C reaches the child too; wait for it to finish.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
child.on('error', (e) => {
  process.stderr.write(`dst-inspector: could not start (${e.message}).\n`);
  process.exit(1);
});
