// Runs the built `dst-inspector` command as a real process.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
export const BIN = join(ROOT, 'bin', 'dst-inspector.js');

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function requireBuild(): void {
  if (!existsSync(join(ROOT, 'out', 'main', 'cli.js'))) throw new Error('out/main/cli.js is missing: run "npm run build" first (npm test does)');
}

export function runCli(args: string[], opts: { cwd?: string; input?: string } = {}): RunResult {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: opts.cwd ?? ROOT, encoding: 'utf8', env, input: opts.input, timeout: 60_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
