// Layer: main (Node). Writes a file atomically: a temporary file in the same
// folder, flushed, renamed over the target, then the folder flushed, so a
// crash never leaves a half-written file (exports, --out, recent files,
// annotation compaction). The temporary file has a random name, is created
// exclusively (never through a link an attacker planted) with mode 0600, and
// gets the target's mode before the rename (a new file: 0666 less the umask).
// On any failure it is removed and the target is untouched; on SIGINT or
// SIGTERM during a write it is removed before the process ends. Every write
// loops until all its bytes are written (writeAllSync: a short write never
// leaves a truncated file behind a successful rename).

import { closeSync, fchmodSync, fstatSync, fsyncSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { AppError } from '../../shared/app-error';

/** A file that could not be written (storage): the path and why. */
export class WriteError extends AppError {
  declare readonly problem: string;

  constructor(
    readonly path: string,
    problem: string,
    /** The file system's error code (ENOSPC, EROFS, EACCES, …), when there was one. */
    readonly errno?: string,
  ) {
    super('storage', `${path}: ${problem}`, { file: path, problem });
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

/**
 * Writes all of `data` at the descriptor's position (or, opened with 'a', at
 * its end), looping over short writes; returns the bytes written. writeSync
 * may write less than asked (a signal, a full pipe, some file systems), and
 * what it did not write must not be silently dropped.
 */
export function writeAllSync(fd: number, data: string | Uint8Array): number {
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let off = 0;
  while (off < buf.length) {
    const n = writeSync(fd, buf, off, buf.length - off);
    if (n <= 0) throw Object.assign(new Error(`write made no progress (${off} of ${buf.length} bytes written)`), { code: 'EIO' });
    off += n;
  }
  return off;
}

// ---- temporary files removed on SIGINT / SIGTERM ----

const pending = new Set<string>();
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

function removePending(): void {
  for (const p of pending) {
    try {
      unlinkSync(p);
    } catch {
      /* already gone */
    }
  }
  pending.clear();
}

/**
 * Removes the temporary files, then, when nothing else listens for the
 * signal, ends the process as the signal would have. (The listeners stay
 * installed once a write happened: removing them right after a synchronous
 * write would swallow a signal that arrived during it.)
 */
function onSignal(signal: NodeJS.Signals): void {
  removePending();
  if (process.listenerCount(signal) === 1) {
    for (const s of SIGNALS) process.off(s, onSignal);
    watching = false;
    process.kill(process.pid, signal);
  }
}

let watching = false;

function track(tmp: string): void {
  pending.add(tmp);
  if (watching) return;
  watching = true;
  for (const s of SIGNALS) process.on(s, onSignal);
}

function untrack(tmp: string): void {
  pending.delete(tmp);
}

/** Temporary files of writes under way (tests). */
export function pendingTemporaryFiles(): string[] {
  return [...pending];
}

// ---- the write ----

/** The mode the result gets: the target's, or (a new file) 0666 less the umask. */
function targetMode(path: string): number {
  try {
    const st = statSync(path);
    if (st.isFile()) return st.mode & 0o777; // permissions only: never carry set-id bits to new content
  } catch {
    /* a new file */
  }
  let umask = 0o022;
  try {
    umask = process.umask();
  } catch {
    /* worker threads cannot read the umask: assume the usual one */
  }
  return 0o666 & ~umask;
}

interface Open {
  tmp: string;
  fd: number;
  mode: number;
}

function openTemp(path: string): Open {
  const mode = targetMode(path);
  // Web Crypto's random bytes: Node loads its crypto code on first use, not at every command's start-up.
  const random = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
  const tmp = join(dirname(path), `.${basename(path)}.${random}.tmp`);
  // The signal handlers are in place before the file exists: a signal can never find it unwatched.
  track(tmp);
  try {
    // 'wx': O_CREAT | O_EXCL, so an existing file or link at that name is an error, never followed.
    return { tmp, fd: openSync(tmp, 'wx', 0o600), mode };
  } catch (e) {
    untrack(tmp);
    throw e;
  }
}

export interface AtomicOptions {
  /**
   * Called once the new content is written and flushed, right before the
   * rename: throwing from it abandons the write (the temporary file is
   * removed, the target is untouched) and the error is thrown as it is.
   * (The annotation store checks there that it still holds its lock.)
   */
  beforeRename?: () => void;
}

/** An error thrown by beforeRename: passed on unchanged. */
class Abandoned {
  constructor(readonly error: unknown) {}
}

function finish(o: Open, path: string, opts: AtomicOptions = {}): void {
  fsyncSync(o.fd);
  if ((fstatSync(o.fd).mode & 0o777) !== o.mode) fchmodSync(o.fd, o.mode);
  closeSync(o.fd);
  o.fd = -1;
  if (opts.beforeRename) {
    try {
      opts.beforeRename();
    } catch (e) {
      throw new Abandoned(e);
    }
  }
  renameSync(o.tmp, path);
  untrack(o.tmp);
  syncFolder(dirname(path));
}

function abandon(o: Open | undefined): void {
  if (!o) return;
  if (o.fd >= 0) {
    try {
      closeSync(o.fd);
    } catch {
      /* already closed */
    }
  }
  try {
    unlinkSync(o.tmp);
  } catch {
    /* already renamed or removed */
  }
  untrack(o.tmp);
}

function syncFolder(dir: string): void {
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

/** Writes `chunks` to `path` atomically (synchronously: a signal during the write is handled once it is done). */
export function writeFileAtomic(path: string, chunks: Iterable<string | Uint8Array>, opts: AtomicOptions = {}): void {
  let o: Open | undefined;
  try {
    o = openTemp(path);
    for (const c of chunks) writeAllSync(o.fd, c);
    finish(o, path, opts);
  } catch (e) {
    abandon(o);
    if (e instanceof Abandoned) throw e.error;
    throw new WriteError(path, problemOf(e), (e as NodeJS.ErrnoException)?.code);
  }
}

/**
 * writeFileAtomic for long outputs: yields to the event loop every `yieldBytes`
 * written, so SIGINT/SIGTERM during the write stop it at once and remove the
 * temporary file (the target stays as it was).
 */
export async function writeFileAtomicAsync(path: string, chunks: Iterable<string | Uint8Array>, yieldBytes = 1 << 20): Promise<void> {
  let o: Open | undefined;
  try {
    o = openTemp(path);
    let since = 0;
    for (const c of chunks) {
      since += writeAllSync(o.fd, c);
      if (since >= yieldBytes) {
        since = 0;
        await new Promise<void>((r) => setImmediate(r));
        if (!pending.has(o.tmp)) throw new Error('interrupted by a signal');
      }
    }
    finish(o, path);
  } catch (e) {
    abandon(o);
    throw new WriteError(path, problemOf(e), (e as NodeJS.ErrnoException)?.code);
  }
}
