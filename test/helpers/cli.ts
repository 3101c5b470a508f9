// Runs the built `dst-inspector` command as a real process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
export const BIN = join(ROOT, 'bin', 'dst-inspector.js');

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function requireBuild(): void {
  if (!existsSync(join(ROOT, 'out', 'main', 'cli.cjs')))
    throw new Error('out/main/cli.cjs is missing: run "npm run build" first (npm test does)');
}

/** Newest modification time of the files under `dir` (ms). */
function newestUnder(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newestUnder(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Throws unless `built` (a file under out/) exists and is newer than every source file: a test of the bundle then tests the source. */
export function requireFreshBuild(built: string): void {
  if (!existsSync(built)) throw new Error(`${built} is missing: run "npm run build" first (npm test does)`);
  if (statSync(built).mtimeMs < newestUnder(join(ROOT, 'src')))
    throw new Error(`${built} is older than the source: run "npm run build" first (npm test does)`);
}

export function runCli(args: string[], opts: { cwd?: string; input?: string } = {}): RunResult {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: opts.cwd ?? ROOT,
    encoding: 'utf8',
    env,
    input: opts.input,
    timeout: 60_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
