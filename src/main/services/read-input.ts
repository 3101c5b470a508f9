// Layer: main (Node). Reads an input file for the loaders, turning every
// file-system problem into a LoadError the user can act on.

import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { LoadError } from '../../shared/formats/errors';

/** Default refusal limit; files above it get a clear message instead of an out-of-memory crash. */
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024 * 1024 - 1;

export function readInput(path: string, maxBytes = DEFAULT_MAX_BYTES): Uint8Array {
  let size: number;
  try {
    const st = statSync(path);
    if (st.isDirectory()) throw new LoadError(path, 'is a directory, not a file');
    if (!st.isFile()) throw new LoadError(path, 'is not a regular file');
    size = st.size;
  } catch (e) {
    if (e instanceof LoadError) throw e;
    throw new LoadError(path, fsProblem(e));
  }
  if (size > maxBytes) {
    throw new LoadError(path, `is ${formatBytes(size)}, above the limit of ${formatBytes(maxBytes)} (raise it with --max-size)`);
  }
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    throw new LoadError(path, fsProblem(e));
  }
  try {
    const real = fstatSync(fd).size;
    const buf = Buffer.allocUnsafe(real);
    let off = 0;
    while (off < real) {
      const n = readSync(fd, buf, off, real - off, off);
      if (n === 0) break;
      off += n;
    }
    return new Uint8Array(buf.buffer, buf.byteOffset, off);
  } catch (e) {
    throw new LoadError(path, fsProblem(e));
  } finally {
    closeSync(fd);
  }
}

function fsProblem(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory, not a file';
  return `cannot be read (${(e as Error)?.message ?? String(e)})`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MiB`;
  return `${(n / 1024 ** 3).toFixed(2)} GiB`;
}
