// Layer: main (Node). The file-system steps of the annotation store that
// must never act through a symbolic link nobody chose: which real file a
// name stands for (a link the user named is followed; a link in the place of
// a default file is refused), creating a new file without following or
// replacing anything (a temporary file made with O_EXCL, then link(2), which
// fails on anything already there, dangling links included), appending with
// O_NOFOLLOW on the final component, checking the lock folder with lstat,
// removing the temporary files a crash left (our own name pattern only,
// regular files only), and the storage errors a user can act on.

import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  fsyncSync,
  linkSync,
  lstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  unlinkSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { writeAllSync } from './atomic-write';

/** How links in the final component of the annotation file's name are treated. */
export type LinkPolicy = 'follow' | 'refuse';

/** What a name resolves to: the real path, or why it cannot be used. */
export type Resolved =
  | { path: string }
  /** The folder of the file does not exist (yet): resolve again later. */
  | { path: null; why: 'no-folder' }
  /** A link the user did not name, where the file should be. */
  | { path: null; why: 'link'; target: string };

const NOFOLLOW = typeof constants.O_NOFOLLOW === 'number' ? constants.O_NOFOLLOW : 0;
const NONBLOCK = typeof constants.O_NONBLOCK === 'number' ? constants.O_NONBLOCK : 0;

function isLink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * The file a name stands for. Folders on the way are always resolved (the
 * user named them, as part of the prediction file's path). The final
 * component: with 'follow' (a file the user named, e.g. `serve --annotations`)
 * a link is followed — an existing file's real path; a dangling link's target
 * in its real folder; with 'refuse' a link there is refused ({why: 'link'}).
 */
export function resolveAnnotationFile(file: string, links: LinkPolicy): Resolved {
  let p = resolve(file);
  for (let hops = 0; hops < 40; hops++) {
    if (isLink(p)) {
      if (links === 'refuse') {
        let target = '?';
        try {
          target = readlinkSync(p);
        } catch {
          /* gone meanwhile */
        }
        return { path: null, why: 'link', target };
      }
      try {
        return { path: realpathSync(p) };
      } catch {
        p = resolve(dirname(p), readlinkSync(p)); // dangling: where it points
        continue;
      }
    }
    try {
      return { path: join(realpathSync(dirname(p)), basename(p)) };
    } catch {
      return { path: null, why: 'no-folder' };
    }
  }
  return { path: resolve(file) };
}

/** Error codes of a file system that refused to store something (server-side, not the caller's fault). */
export const STORAGE_CODES = new Set([
  'ENOSPC',
  'EDQUOT',
  'EROFS',
  'EACCES',
  'EPERM',
  'EIO',
  'ENOENT',
  'ENOTDIR',
  'EISDIR',
  'ELOOP',
  'EMLINK',
]);

/** What a storage error code means, in words. */
export function storageWhy(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EDQUOT':
      return 'the disk quota is used up';
    case 'EROFS':
      return 'the file system is read-only';
    case 'EIO':
      return 'the disk reported an input/output error';
    case 'ENOENT':
      return 'its folder does not exist';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    case 'EISDIR':
      return 'is a directory';
    case 'ELOOP':
      return 'a symbolic link is in the file’s place (it is never written through)';
    default:
      return (e as Error)?.message ?? String(e);
  }
}

/** The temporary files of the store (creation and compaction) are `.<name>.<16 hex>.tmp` beside the file. */
export function tempPattern(path: string): RegExp {
  const name = basename(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\.${name}\\.[0-9a-f]{16}\\.tmp$`);
}

function tempName(path: string): string {
  return join(dirname(path), `.${basename(path)}.${randomBytes(8).toString('hex')}.tmp`);
}

export function syncFolder(dir: string): void {
  try {
    const dfd = openSync(dir, 'r');
    try {
      fsyncSync(dfd);
    } finally {
      closeSync(dfd);
    }
  } catch {
    /* some file systems cannot fsync a folder */
  }
}

/**
 * Creates `path` holding `text`, durably, only if nothing is there — no
 * file, no link (dangling or not), nothing: the text goes to a temporary file
 * made with O_CREAT|O_EXCL|O_NOFOLLOW and mode `mode`, is flushed, and is
 * then hard-linked to `path` (link(2) never follows or replaces what is at
 * the new name). Where the file system has no hard links, the temporary file
 * is renamed instead, after an lstat shows that nothing is there. Returns
 * false (and changes nothing) when something already is at `path`.
 * `beforeCommit` runs right before the file appears (the store checks its lock).
 */
export function createExclusive(path: string, text: string, mode: number, beforeCommit: () => void): boolean {
  const tmp = tempName(path);
  let fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW, mode);
  try {
    try {
      writeAllSync(fd, text);
      // The mode asked for, whatever the umask (0600 by default: annotations are the annotator's until shared on purpose).
      if ((fstatSync(fd).mode & 0o777) !== mode) fchmodSync(fd, mode);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
      fd = -1;
    }
    beforeCommit();
    try {
      linkSync(tmp, path);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException)?.code;
      if (code === 'EEXIST') return false;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EMLINK' && code !== 'ENOSYS') throw e;
      // No hard links here (FAT, some network shares): rename, once nothing is at the name.
      try {
        lstatSync(path);
        return false;
      } catch {
        /* nothing there */
      }
      renameSync(tmp, path);
    }
    syncFolder(dirname(path));
    return true;
  } finally {
    if (fd >= 0) closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {
      /* renamed, or already gone */
    }
  }
}

/**
 * Appends `text` to the regular file `path` and flushes it (fsync). The final
 * component is opened with O_NOFOLLOW (a link put in the file's place fails
 * with ELOOP, never written through) and O_NONBLOCK (a pipe fails at once);
 * `check` sees the descriptor's stat before anything is written.
 */
export function appendDurably(path: string, text: string, check: (st: ReturnType<typeof fstatSync>) => void): void {
  const fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | NONBLOCK | NOFOLLOW);
  try {
    check(fstatSync(fd));
    writeAllSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Why the lock folder's name cannot be used as one (a link, a file), or null when it is absent or a real folder. */
export function lockDirProblem(lockDir: string): string | null {
  let st;
  try {
    st = lstatSync(lockDir);
  } catch {
    return null;
  }
  if (st.isSymbolicLink())
    return `${lockDir}: is a symbolic link, not a lock folder made by DST Inspector (it is never followed); remove it`;
  if (!st.isDirectory()) return `${lockDir}: is not a folder, so it is not a lock made by DST Inspector; remove it`;
  return null;
}

/**
 * Removes the temporary files a crashed creation or compaction of `path`
 * left: names of our own pattern only, regular files only (never a link or
 * anything else), owned by this user. Only to be called while holding the
 * file's lock (then no live writer of ours has one open). Returns the names removed.
 */
export function removeStaleTemps(path: string): string[] {
  const dir = dirname(path);
  const pattern = tempPattern(path);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => pattern.test(n));
  } catch {
    return [];
  }
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const removed: string[] = [];
  for (const n of names) {
    const p = join(dir, n);
    try {
      const st = lstatSync(p);
      if (!st.isFile() || (uid !== undefined && st.uid !== uid)) continue;
      unlinkSync(p);
      removed.push(n);
    } catch {
      /* gone meanwhile */
    }
  }
  if (removed.length) syncFolder(dir);
  return removed;
}

/** Whether temporary files of our pattern lie beside `path` (cheap: no lock taken). */
export function hasStaleTemps(path: string): boolean {
  try {
    const pattern = tempPattern(path);
    return readdirSync(dirname(path)).some((n) => pattern.test(n));
  } catch {
    return false;
  }
}
