// Atomic writes (src/main/services/atomic-write.ts): the temporary file is
// created exclusively with a random name and mode 0600, the result keeps the
// target's mode (a new file gets 0666 less the umask), failures leave the
// target untouched, and `score --out` killed with SIGTERM while it writes
// leaves the old target (still 0600) and no temporary file.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateFile } from '../../../../bench/generate.js';
import { pendingTemporaryFiles, writeFileAtomic, writeFileAtomicAsync, WriteError } from '../../../../src/main/services/atomic-write';
import { BIN, requireBuild } from '../../../helpers/cli';

const dir = mkdtempSync(join(tmpdir(), 'dst-atomic-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const mode = (p: string) => statSync(p).mode & 0o777;
const temps = () => readdirSync(dir).filter((f) => f.endsWith('.tmp'));

describe('writeFileAtomic', () => {
  it('keeps the mode of an existing target, 0600 and 0640 alike', () => {
    for (const m of [0o600, 0o640]) {
      const p = join(dir, `keep-${m.toString(8)}.txt`);
      writeFileSync(p, 'old');
      chmodSync(p, m);
      writeFileAtomic(p, ['new ', 'text']);
      expect(readFileSync(p, 'utf8')).toBe('new text');
      expect(mode(p)).toBe(m);
    }
    expect(temps()).toEqual([]);
  });

  it('gives a new file 0666 less the umask', () => {
    const p = join(dir, 'fresh.txt');
    writeFileAtomic(p, ['x']);
    expect(mode(p)).toBe(0o666 & ~process.umask());
  });

  it('leaves the target untouched and no temporary file when the content fails', () => {
    const p = join(dir, 'fails.txt');
    writeFileSync(p, 'old');
    function* broken() {
      yield 'half';
      throw new Error('boom');
    }
    expect(() => writeFileAtomic(p, broken())).toThrow(WriteError);
    expect(readFileSync(p, 'utf8')).toBe('old');
    expect(temps()).toEqual([]);
    expect(pendingTemporaryFiles()).toEqual([]);
  });

  it('writes a 0600 temporary file under a new random name each time', async () => {
    const p = join(dir, 'watched.txt');
    writeFileSync(p, 'old');
    chmodSync(p, 0o644);
    const seen: { name: string; mode: number }[] = [];
    // Look at the temporary file while the write is under way.
    const chunks = function* () {
      yield 'a';
      for (const t of pendingTemporaryFiles()) seen.push({ name: t, mode: mode(t) });
      yield 'b';
    };
    await writeFileAtomicAsync(p, chunks(), 1);
    writeFileAtomic(p, chunks());
    expect(seen).toHaveLength(2);
    for (const s of seen) {
      expect(s.mode).toBe(0o600);
      expect(s.name).toMatch(/\/\.watched\.txt\.[0-9a-f]{16}\.tmp$/);
    }
    expect(seen[0].name).not.toBe(seen[1].name);
    expect(readFileSync(p, 'utf8')).toBe('ab');
    expect(mode(p)).toBe(0o644);
  });

  it('names the problem when the folder does not exist', () => {
    expect(() => writeFileAtomic(join(dir, 'no', 'such', 'x.txt'), ['x'])).toThrow(/its folder does not exist/);
  });
});

describe('score --out and SIGTERM', () => {
  it('keeps a 0600 target 0600, and after SIGTERM during the write leaves it as it was with no temporary file', async () => {
    requireBuild();
    const input = join(dir, 'big.json');
    generateFile(input, 20_000, 3);
    const target = join(dir, 'report.json');
    writeFileSync(target, 'previous report\n');
    chmodSync(target, 0o600);

    // A complete run: the new report, still 0600.
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const ok = await run([BIN, 'score', input, '--format', 'json', '--per-dialogue', '--out', target], env);
    expect(ok.code).toBe(0);
    expect(JSON.parse(readFileSync(target, 'utf8')).dialogues.length).toBeGreaterThan(100);
    expect(mode(target)).toBe(0o600);
    writeFileSync(target, 'previous report\n');

    // The same with --per-turn (a long write), stopped by SIGTERM as soon as its temporary file appears.
    const child = spawn(process.execPath, [BIN, 'score', input, '--format', 'json', '--per-turn', '--out', target], {
      env,
      stdio: 'ignore',
    });
    const exited = new Promise<NodeJS.Signals | number | null>((r) => child.on('exit', (code, signal) => r(signal ?? code)));
    let sawTemp = false;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && child.exitCode === null) {
      if (temps().some((t) => t.startsWith('.report.json.'))) {
        sawTemp = true;
        child.kill('SIGTERM');
        break;
      }
      await new Promise((r) => setTimeout(r, 2));
    }
    const end = await exited;
    expect(sawTemp).toBe(true);
    expect(end).toBe('SIGTERM');
    expect(temps()).toEqual([]);
    expect(readFileSync(target, 'utf8')).toBe('previous report\n');
    expect(mode(target)).toBe(0o600);
  }, 120_000);
});

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null }> {
  return new Promise((resolve) => {
    const c = spawn(process.execPath, args, { env, stdio: 'ignore' });
    c.on('exit', (code) => resolve({ code }));
  });
}
