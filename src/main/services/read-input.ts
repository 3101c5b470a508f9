// Layer: main (Node). Reads an input file for the loaders, turning every
// file-system problem into a LoadError the user can act on. The file is
// opened first (non-blocking, so a named pipe without a writer cannot hang
// the process) and its type and size are checked on the open descriptor, so
// what is read is what was checked; it is read in chunks, so files above
// 2 GiB read as well as small ones, up to the largest buffer Node.js holds.

import { constants as bufferConstants } from 'node:buffer';
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { LoadError } from '../../shared/formats/errors';

/** Default refusal limit; files above it get a clear message instead of an out-of-memory crash. */
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024 * 1024 - 1;

/** The largest file that can be read at all: 4 GiB (one buffer; Node.js 20 holds no larger). */
export const MAX_INPUT_BYTES: number = Math.min(bufferConstants.MAX_LENGTH, 2 ** 32);

/** One read() asks for at most this much (the system call's length is a signed 32-bit number). */
export const READ_CHUNK = 1 << 30;

function kindOf(st: Stats): string | null {
  if (st.isFile()) return null;
  if (st.isDirectory()) return 'is a directory, not a file';
  if (st.isFIFO()) return 'is a named pipe (FIFO), not a regular file; write the data to a file first';
  if (st.isSocket()) return 'is a socket, not a regular file';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'is a device, not a regular file';
  return 'is not a regular file';
}

/** Opens `path` for reading without blocking (O_NONBLOCK: a FIFO opens at once instead of waiting for a writer). */
function openForReading(path: string): number {
  const nonBlock = typeof constants.O_NONBLOCK === 'number' ? constants.O_NONBLOCK : 0;
  return openSync(path, constants.O_RDONLY | nonBlock);
}

/**
 * Opens a regular file for reading and returns its descriptor and size, both
 * from the open descriptor; anything else (folder, pipe, device) is a
 * LoadError and the descriptor is closed. The caller closes `fd`.
 */
export function openRegularFile(path: string): { fd: number; size: number } {
  let fd: number;
  try {
    fd = openForReading(path);
  } catch (e) {
    throw new LoadError(path, fsProblem(e));
  }
  try {
    const st = fstatSync(fd);
    const kind = kindOf(st);
    if (kind) throw new LoadError(path, kind);
    return { fd, size: st.size };
  } catch (e) {
    closeSync(fd);
    if (e instanceof LoadError) throw e;
    throw new LoadError(path, fsProblem(e));
  }
}

export function readInput(path: string, maxBytes = DEFAULT_MAX_BYTES, chunk = READ_CHUNK): Uint8Array {
  const { fd, size } = openRegularFile(path);
  try {
    const limit = Math.min(maxBytes, MAX_INPUT_BYTES);
    if (size > limit) {
      const advice =
        maxBytes < MAX_INPUT_BYTES
          ? ' (raise it with --max-size, an option of every command, serve included)'
          : ', the largest file this program can read';
      throw new LoadError(path, `is ${formatBytes(size)}, above the limit of ${formatBytes(limit)}${advice}`);
    }
    const buf = Buffer.allocUnsafe(size);
    const off = readFully(fd, buf, size, chunk);
    return new Uint8Array(buf.buffer, buf.byteOffset, off);
  } catch (e) {
    if (e instanceof LoadError) throw e;
    throw new LoadError(path, fsProblem(e));
  } finally {
    closeSync(fd);
  }
}

/** Reads up to `size` bytes from the start of `fd` into `into`, at most `chunk` bytes per call; returns the bytes read. */
export function readFully(fd: number, into: Uint8Array, size: number, chunk = READ_CHUNK): number {
  let off = 0;
  while (off < size) {
    const n = readSync(fd, into, off, Math.min(chunk, size - off), off);
    if (n === 0) break;
    off += n;
  }
  return off;
}

function fsProblem(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory, not a file';
  if (code === 'ENXIO') return 'is a socket or a device that cannot be opened, not a regular file';
  if (code === 'EAGAIN') return 'could not be read without waiting (a pipe or a device?), not a regular file';
  return `cannot be read (${(e as Error)?.message ?? String(e)})`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MiB`;
  return `${(n / 1024 ** 3).toFixed(2)} GiB`;
}
