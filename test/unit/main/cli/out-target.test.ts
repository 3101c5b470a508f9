// `--out` never replaces what is not a regular file (issue 15, item 11): a
// character device (/dev/null) or a named pipe is written through and stays
// what it was; a symbolic link the user named is followed (a link to a file:
// that file replaced, the link kept; a link to nothing: refused, nothing
// created); a folder, a socket or a link to one is refused; a regular or new
// file is still replaced atomically. Every CLI writer goes through writeOut,
// and the built CLI writes `score --out /dev/null` and to a FIFO.
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { outTarget } from '../../../../src/main/cli/out-target';
import { UsageError, writeOut, writeOutAsync } from '../../../../src/main/cli/usage';
import { FIXTURES } from '../../../helpers/fixtures';
import { requireBuild, ROOT, runCli } from '../../../helpers/cli';

const dir = mkdtempSync(join(tmpdir(), 'dst-out-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function refused(path: string, pattern: RegExp): void {
  let error: unknown;
  try {
    writeOut(path, ['report\n']);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(UsageError);
  expect((error as Error).message).toMatch(pattern);
}

/** A named pipe with a reader (`cat`, another process) copying what arrives into a file; resolves with that text. */
function fifoWithReader(name: string): { fifo: string; read: Promise<string> } {
  const fifo = join(dir, name);
  execFileSync('mkfifo', [fifo]);
  const copy = `${fifo}.copy`;
  const cat = spawn('sh', ['-c', `cat "${fifo}" > "${copy}"`]);
  const read = new Promise<string>((resolve, reject) => {
    cat.on('error', reject);
    cat.on('exit', () => resolve(readFileSync(copy, 'utf8')));
  });
  return { fifo, read };
}

describe('where --out writes', () => {
  it('/dev/null: written through, still the character device afterwards (was: replaced by a regular file)', () => {
    const before = statSync('/dev/null');
    expect(outTarget('/dev/null')).toEqual({ kind: 'stream', path: '/dev/null', what: 'a character device' });
    writeOut('/dev/null', ['a report\n', new Uint8Array([1, 2, 3])]);
    const after = statSync('/dev/null');
    expect(after.isCharacterDevice()).toBe(true);
    expect(after.rdev).toBe(before.rdev);
    expect(after.ino).toBe(before.ino);
    expect(readdirSync('/dev').filter((f) => f.startsWith('.null.'))).toEqual([]); // no temporary file left beside it
  });

  it('a named pipe: written through to its reader, still a pipe afterwards', async () => {
    const { fifo, read } = fifoWithReader('pipe');
    const text = 'line\n'.repeat(50_000); // more than a pipe holds at once: the reader drains it as it comes
    writeOut(fifo, [text]);
    expect(await read).toBe(text);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('writeOutAsync (score, convert) writes through to a pipe too', async () => {
    const { fifo, read } = fifoWithReader('pipe2');
    await writeOutAsync(fifo, ['{"a":', '1}\n']);
    expect(await read).toBe('{"a":1}\n');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('a regular file: replaced atomically (its mode kept); a new file: created', () => {
    const f = join(dir, 'report.txt');
    writeFileSync(f, 'old', { mode: 0o600 });
    writeOut(f, ['new\n']);
    expect(readFileSync(f, 'utf8')).toBe('new\n');
    expect(statSync(f).mode & 0o777).toBe(0o600);
    const g = join(dir, 'fresh.txt');
    writeOut(g, ['x']);
    expect(readFileSync(g, 'utf8')).toBe('x');
  });

  it('a symbolic link to a file: the file is replaced, the link stays a link', () => {
    mkdirSync(join(dir, 'real'));
    const target = join(dir, 'real', 'latest.txt');
    writeFileSync(target, 'old');
    const link = join(dir, 'latest-link.txt');
    symlinkSync(target, link);
    writeOut(link, ['new\n']);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(readFileSync(target, 'utf8')).toBe('new\n');
  });

  it('a symbolic link to /dev/null: written through, the link and the device kept', () => {
    const link = join(dir, 'null-link');
    symlinkSync('/dev/null', link);
    writeOut(link, ['x']);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('a symbolic link to nothing: refused, and nothing is created through it', () => {
    const link = join(dir, 'dangling');
    const target = join(dir, 'elsewhere', 'planted.txt');
    symlinkSync(target, link);
    refused(link, /^--out .*dangling: is a symbolic link to nothing \(→ .*planted\.txt\); --out does not create a file through a link/);
    expect(existsSync(target)).toBe(false);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it('a loop of links, a folder, a socket, a link to a folder: refused by name, left as they were', async () => {
    const a = join(dir, 'loop-a');
    const b = join(dir, 'loop-b');
    symlinkSync(b, a);
    symlinkSync(a, b);
    refused(a, /is a loop of symbolic links/);
    refused(dir, /is a folder; --out writes regular files, character devices \(\/dev\/null, a terminal\) and named pipes/);
    const sock = join(dir, 's.sock');
    const server: Server = createServer();
    await new Promise<void>((r) => server.listen(sock, r));
    try {
      refused(sock, /is a socket;/);
      expect(lstatSync(sock).isSocket()).toBe(true);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
    const toDir = join(dir, 'dir-link');
    symlinkSync(join(dir, 'real'), toDir);
    refused(toDir, /is a symbolic link to a folder;/);
    expect(lstatSync(toDir).isSymbolicLink()).toBe(true);
  });
});

describe('every CLI writer goes through writeOut', () => {
  it('no command writes --out another way', () => {
    const cli = join(ROOT, 'src', 'main', 'cli');
    for (const f of readdirSync(cli)) {
      if (f === 'usage.ts' || f === 'out-target.ts') continue;
      const text = readFileSync(join(cli, f), 'utf8');
      expect(text, f).not.toMatch(/writeFileAtomic|writeFileSync|createWriteStream|openSync\(/);
    }
  });

  it('the built CLI: score --out /dev/null and --out FIFO', async () => {
    requireBuild();
    const mul = join(FIXTURES, 'paper', 'mul1110.json');
    const r = runCli(['score', mul, '--format', 'json', '--out', '/dev/null']);
    expect(r.code, r.stderr).toBe(0);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
    const { fifo, read } = fifoWithReader('cli-pipe');
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'dst-inspector.js'), 'score', mul, '--format', 'json', '--out', fifo]);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(JSON.parse(await read).corpus.dialogues).toBe(1);
  });
});
