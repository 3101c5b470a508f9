// Layer: main (Node). Where `--out PATH` writes, decided before anything is
// written, the same for every command (score, compare, figure, convert,
// traits, suspects, corrections export, score --by):
//  - a new file or a regular file: replaced atomically (atomic-write.ts);
//  - a character device (/dev/null, a terminal) or a named pipe: written
//    through — opened for writing and written, never replaced (a temporary
//    file renamed over /dev/null would replace the device, as root in CI);
//  - a symbolic link the user named: followed, as a shell redirect does. To a
//    regular file, that file is replaced atomically and the link stays a
//    link; to a device or a pipe, written through; a link to nothing is
//    refused (a file is never created through a link);
//  - anything else (a folder, a socket, a block device) is refused, and
//    nothing that is not a regular file is ever replaced.

import { closeSync, constants, fstatSync, lstatSync, openSync, readlinkSync, realpathSync, statSync, type Stats } from 'node:fs';
import { writeAllSync } from '../services/atomic-write';
import { AppError } from '../../shared/app-error';

export type OutTarget =
  /** Replace the regular file (or create the file) at `path` atomically; for a link, `path` is the file it points to. */
  | { kind: 'replace'; path: string }
  /** Open `path` for writing and write through (a character device or a named pipe). */
  | { kind: 'stream'; path: string; what: string };

/** Why --out cannot write somewhere: the message after "--out PATH: ". */
export class OutRefused extends AppError {
  declare readonly problem: string;

  constructor(
    readonly path: string,
    problem: string,
  ) {
    super('bad-args', `${path}: ${problem}`, { file: path, problem });
    this.name = 'OutRefused';
  }
}

const ONLY = '--out writes regular files, character devices (/dev/null, a terminal) and named pipes';

function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isSocket()) return 'a socket';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isFIFO()) return 'a named pipe';
  if (st.isSymbolicLink()) return 'a symbolic link';
  if (st.isFile()) return 'a regular file';
  return 'not a regular file';
}

const streamable = (st: Stats) => st.isCharacterDevice() || st.isFIFO();

/** Decides how `--out path` is written (see the header); throws OutRefused. */
export function outTarget(path: string): OutTarget {
  let l: Stats;
  try {
    l = lstatSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'replace', path }; // a new file (a missing folder is reported by the write)
    if (code === 'ENOTDIR') throw new OutRefused(path, 'a part of the path is not a folder');
    if (code === 'EACCES' || code === 'EPERM') throw new OutRefused(path, 'permission denied');
    throw new OutRefused(path, `cannot be checked (${(e as Error).message})`);
  }
  if (l.isFile()) return { kind: 'replace', path };
  if (streamable(l)) return { kind: 'stream', path, what: kindOf(l) };
  if (!l.isSymbolicLink()) throw new OutRefused(path, `is ${kindOf(l)}; ${ONLY}`);
  // A link the user named: followed to what it points to.
  let st: Stats;
  try {
    st = statSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    let to = '';
    try {
      to = ` (→ ${readlinkSync(path)})`;
    } catch {
      /* unreadable link: no target to show */
    }
    if (code === 'ELOOP') throw new OutRefused(path, `is a loop of symbolic links${to}`);
    if (code === 'ENOENT')
      throw new OutRefused(
        path,
        `is a symbolic link to nothing${to}; --out does not create a file through a link: give the path of the file itself`,
      );
    throw new OutRefused(path, `is a symbolic link that cannot be followed${to} (${(e as Error).message})`);
  }
  if (st.isFile()) return { kind: 'replace', path: realpathSync(path) };
  if (streamable(st)) return { kind: 'stream', path, what: `a symbolic link to ${kindOf(st)}` };
  throw new OutRefused(path, `is a symbolic link to ${kindOf(st)}; ${ONLY}`);
}

/**
 * Writes `chunks` through to a character device or named pipe: opened for
 * writing without creating, truncating or following anything new (a pipe
 * waits for its reader, as a shell redirect does), checked again on the open
 * descriptor, written in full.
 */
export function writeThrough(path: string, chunks: Iterable<string | Uint8Array>): void {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | (constants.O_NOCTTY ?? 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new OutRefused(path, code === 'EACCES' || code === 'EPERM' ? 'permission denied' : `cannot be opened (${(e as Error).message})`);
  }
  try {
    const st = fstatSync(fd);
    if (!streamable(st)) throw new OutRefused(path, `changed while it was opened (it is now ${kindOf(st)}); nothing was written`);
    for (const c of chunks) writeAllSync(fd, c);
  } catch (e) {
    if (e instanceof OutRefused) throw e;
    throw new OutRefused(path, `the write failed (${(e as Error).message})`);
  } finally {
    closeSync(fd);
  }
}
