// Reading input files (src/main/services/read-input.ts): type and size are
// checked on the opened descriptor, a named pipe is refused at once (never a
// hang waiting for a writer), devices and folders are refused, files are read
// in chunks, and --max-size above what can be read is refused when the flags
// are parsed, naming the real limit.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { maxBytesFromFlags } from '../../../../src/main/cli/source-flags';
import { MAX_INPUT_BYTES, readInput, READ_CHUNK } from '../../../../src/main/services/read-input';
import { LoadError } from '../../../../src/shared/formats/errors';
import { FIXTURES } from '../../../helpers/fixtures';
import { requireBuild, runCli } from '../../../helpers/cli';

const dir = mkdtempSync(join(tmpdir(), 'dst-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function problem(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(LoadError);
    return (e as LoadError).message;
  }
  throw new Error('expected a LoadError');
}

describe('readInput', () => {
  it('refuses a named pipe at once instead of waiting for a writer', () => {
    const fifo = join(dir, 'pipe.json');
    execFileSync('mkfifo', [fifo]);
    const t = Date.now();
    expect(problem(() => readInput(fifo))).toBe(`${fifo}: is a named pipe (FIFO), not a regular file; write the data to a file first`);
    expect(Date.now() - t).toBeLessThan(5000);
  });

  it('refuses folders and devices, and names a missing file', () => {
    expect(problem(() => readInput(dir))).toMatch(/is a directory, not a file$/);
    expect(problem(() => readInput('/dev/null'))).toMatch(/is a device, not a regular file$/);
    expect(problem(() => readInput(join(dir, 'nope.json')))).toMatch(/no such file$/);
  });

  it('reads in chunks: every chunk size gives the whole file', () => {
    const f = join(FIXTURES, 'paper', 'mul1110.json');
    const whole = readFileSync(f);
    for (const chunk of [1, 7, 4096, READ_CHUNK]) expect(Buffer.from(readInput(f, undefined, chunk)).equals(whole)).toBe(true);
    expect(READ_CHUNK).toBeLessThanOrEqual(2 ** 31 - 1);
  });

  it('refuses a file above --max-size, saying how to raise it', () => {
    const f = join(dir, 'small.json');
    writeFileSync(f, '{"a": {}}');
    expect(problem(() => readInput(f, 4))).toBe(
      `${f}: is 9 B, above the limit of 4 B (raise it with --max-size, an option of every command, serve included)`,
    );
  });
});

describe('--max-size', () => {
  it('accepts sizes above 2 GiB up to the real limit, and refuses more when the flags are parsed', () => {
    expect(maxBytesFromFlags({ 'max-size': '3000000000' })).toBe(3_000_000_000);
    expect(maxBytesFromFlags({ 'max-size': String(MAX_INPUT_BYTES) })).toBe(MAX_INPUT_BYTES);
    expect(() => maxBytesFromFlags({ 'max-size': String(MAX_INPUT_BYTES + 1) })).toThrow(
      `--max-size: ${MAX_INPUT_BYTES + 1} is above ${MAX_INPUT_BYTES} bytes (4.00 GiB), the largest file this program can read`,
    );
  });

  it('on the command line: a large limit works, a too large one is one line with exit code 2', () => {
    requireBuild();
    const mul = join(FIXTURES, 'paper', 'mul1110.json');
    expect(runCli(['score', mul, '--max-size', '3000000000']).code).toBe(0);
    const r = runCli(['score', mul, '--max-size', '99999999999']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'dst-inspector: --max-size: 99999999999 is above 4294967296 bytes (4.00 GiB), the largest file this program can read\n',
    );
  });
});
