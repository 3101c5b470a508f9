// Layer: main (Node). Writes a file atomically: a temporary file in the same
// folder, flushed, renamed over the target, then the folder flushed, so a
// crash never leaves a half-written file (exports, --out, recent files). On
// any failure the temporary file is removed and the target is untouched.

import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export class WriteError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`);
    this.name = 'WriteError';
  }
}

function problemOf(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT') return 'its folder does not exist';
  if (code === 'EISDIR') return 'is a directory';
  if (code === 'ENOTDIR') return 'a part of the path is not a folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOSPC') return 'no space left on the device';
  if (code === 'EROFS') return 'the file system is read-only';
  return `cannot be written (${(e as Error)?.message ?? String(e)})`;
}

export function writeFileAtomic(path: string, chunks: Iterable<string | Uint8Array>): void {
  const dir = dirname(path);
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'w');
    for (const c of chunks) writeSync(fd, typeof c === 'string' ? Buffer.from(c) : c);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, path);
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {
      /* never created, or already renamed */
    }
    throw new WriteError(path, problemOf(e));
  }
  try {
    const dfd = openSync(dir, 'r');
    try {
      fsyncSync(dfd);
    } finally {
      closeSync(dfd);
    }
  } catch {
    /* some file systems cannot fsync a folder; the rename itself is done */
  }
}
