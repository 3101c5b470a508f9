// Layer: main (Node). The durable annotation store: one JSON Lines journal
// per gold (spec annotations.md, "Writing"). The file is named by its real
// path, resolved once (symbolic links followed; a new file: its real folder),
// so every name of one file shares one lock and a compaction replaces the
// file, never a link to it. It is read like every input (read-input: opened
// without blocking, a regular file only, size-capped), so a pipe or a device
// is refused, never waited on. A save takes the file's lock (proper-lockfile:
// a lock folder beside the file, so other windows, tabs and processes wait
// their turn), re-reads what others appended, repairs a torn last line,
// appends one line with O_APPEND, fsyncs, and only then answers. Compaction
// writes a new file (atomic-write: fsync of file and folder, then rename)
// under the same lock. Right before anything that replaces or shortens the
// file, the store checks that the lock is still its own and cannot go stale
// meanwhile; otherwise it gives up and changes nothing. A file that is not an
// annotation file, or of a newer version, is refused and never written.

import { randomUUID } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  lstatSync,
  openSync,
  readlinkSync,
  realpathSync,
  statSync,
  truncateSync,
} from 'node:fs';
import { userInfo } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';
import {
  AnnotationFileError,
  parseAnnotationBytes,
  problemMessages,
  type KeptRecord,
  type ParsedAnnotations,
} from '../../shared/annotations/file';
import { canonicalSlotName, headerLine, recordLine, type AnnotationRecord, type RecordBody } from '../../shared/annotations/record';
import { LoadError } from '../../shared/formats/errors';
import { writeAllSync, writeFileAtomic } from './atomic-write';
import { readInput } from './read-input';

export interface StoreOptions {
  /** What the header says the gold is (a path relative to the file, or "built-in demo"). */
  gold: string;
  /** More header fields (the source the gold comes from, so commands can find it). */
  headerExtra?: Record<string, unknown>;
  /** Author written in `by` (default: the OS user name). */
  by?: string;
  /** A lock older than this (ms) was left by a crashed writer and is taken over (proper-lockfile's `stale`, at least 2000). */
  lockStale?: number;
  /** Refuse a file larger than this (bytes; default: read-input's limit, as --max-size). */
  maxBytes?: number;
  /** Called whenever the records change (own saves, or another writer's seen on refresh). */
  onChange?: (version: number) => void;
}

/** A save or compaction refused: the message says why and where. */
export class StoreError extends Error {
  constructor(
    readonly kind: 'refused' | 'conflict' | 'not-found' | 'io',
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

export interface StoreState {
  file: string;
  /** Grows whenever the records change. */
  version: number;
  /** False until the first save creates the file. */
  exists: boolean;
  records: readonly KeptRecord[];
  /** Every line that could not be read (file:line: why), the torn last line included. */
  problems: string[];
  /** Why the file is refused (not an annotation file, newer version, unreadable); saves are refused too. */
  refused?: string;
  /** Lines a compaction would drop (replaced revisions). */
  replacedLines: number;
}

function defaultAuthor(): string {
  try {
    return userInfo().username || 'unknown';
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
}

/**
 * The file a path names, symbolic links followed: the real path of an
 * existing file; for a new one, the file in its real folder (through a
 * dangling link: the file the link points to). null while its folder does not
 * exist yet (resolved again later).
 */
export function resolveAnnotationPath(file: string): string | null {
  let p = resolve(file);
  for (let hops = 0; hops < 40; hops++) {
    try {
      return realpathSync(p);
    } catch (e) {
      if ((e as NodeJS.ErrnoException)?.code !== 'ENOENT') return p; // reading it will say what is wrong
    }
    let link = false;
    try {
      link = lstatSync(p).isSymbolicLink();
    } catch {
      /* nothing there: a new file */
    }
    if (link) {
      p = resolve(dirname(p), readlinkSync(p));
      continue;
    }
    try {
      return join(realpathSync(dirname(p)), basename(p));
    } catch {
      return null;
    }
  }
  return p;
}

/** How long before the lock could be taken over as stale a destructive step must be done (ms). */
const LOCK_MARGIN_MS = 1000;

function ioProblem(file: string, e: unknown): StoreError {
  const code = (e as NodeJS.ErrnoException)?.code;
  const why =
    code === 'EACCES' || code === 'EPERM'
      ? 'permission denied'
      : code === 'ENOSPC'
        ? 'no space left on the device'
        : code === 'EROFS'
          ? 'the file system is read-only'
          : code === 'ENOENT'
            ? 'its folder does not exist'
            : (e as Error)?.message;
  return new StoreError('io', `${file}: cannot write annotations: ${why}`);
}

export class AnnotationStore {
  private parsed: ParsedAnnotations | null = null;
  private refused: string | undefined;
  private stamp = '';
  private ver = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly by: string;
  private real: string | null;
  /** The lock folder as this store created it (while it holds the lock). */
  private held: { dir: string; ino: number; mtimeMs: number } | null = null;

  /** `file`: the name messages use; the store works on its real path (see resolveAnnotationPath). */
  constructor(
    readonly file: string,
    private readonly opts: StoreOptions,
  ) {
    this.by = opts.by ?? defaultAuthor();
    this.real = resolveAnnotationPath(file);
  }

  /** The real path every read, lock, append, truncation and rename uses. */
  get path(): string {
    this.real ??= resolveAnnotationPath(this.file);
    return this.real ?? resolve(this.file);
  }

  private isLink(): boolean {
    try {
      return lstatSync(this.file).isSymbolicLink();
    } catch {
      return false;
    }
  }

  get version(): number {
    return this.ver;
  }

  private statStamp(): string {
    try {
      const st = statSync(this.path);
      return `${st.ino}:${st.size}:${st.mtimeMs}`;
    } catch {
      return 'missing';
    }
  }

  /** Re-reads the file when it changed on disk since it was last read. */
  private refresh(): void {
    const stamp = this.statStamp();
    if (stamp === this.stamp) return;
    this.stamp = stamp;
    const before =
      this.refused ?? JSON.stringify(this.parsed ? [...this.parsed.latest.values()].map((k) => [k.record.id, k.record.rev]) : null);
    this.parsed = null;
    this.refused = undefined;
    if (stamp !== 'missing') {
      try {
        // As every input: opened without blocking, a regular file only, at most maxBytes (a pipe or a device is refused, never waited on).
        const bytes = readInput(this.path, this.opts.maxBytes);
        if (bytes.length > 0) this.parsed = parseAnnotationBytes(bytes, this.file);
      } catch (e) {
        this.refused =
          e instanceof AnnotationFileError
            ? e.message
            : e instanceof LoadError
              ? `${this.file}: ${e.problem}; not used as an annotation file (it is left untouched)`
              : `${this.file}: cannot be read (${(e as Error).message})`;
      }
    }
    const after =
      this.refused ?? JSON.stringify(this.parsed ? [...this.parsed.latest.values()].map((k) => [k.record.id, k.record.rev]) : null);
    if (after !== before) this.bump();
  }

  private bump(): void {
    this.ver++;
    this.opts.onChange?.(this.ver);
  }

  state(): StoreState {
    this.refresh();
    const p = this.parsed;
    return {
      file: this.file,
      version: this.ver,
      exists: this.stamp !== 'missing',
      records: p?.records ?? [],
      problems: p ? problemMessages(p, this.file) : [],
      refused: this.refused,
      replacedLines: p?.replacedLines ?? 0,
    };
  }

  /** The latest revision of a record (withdrawn ones included), or undefined. */
  latest(id: string): { record: AnnotationRecord; deleted: boolean } | undefined {
    this.refresh();
    const k = this.parsed?.latest.get(id);
    return k ? { record: k.record, deleted: k.deleted } : undefined;
  }

  private get stale(): number {
    return Math.max(2000, this.opts.lockStale ?? 3000);
  }

  /**
   * Runs `fn` holding the file's lock, one call at a time in this process.
   * `fn` must stay synchronous: the lock's mtime then cannot be refreshed
   * while it runs, which is what assertLockHeld relies on.
   */
  private locked<T>(fn: () => T): Promise<T> {
    const run = async () => {
      let release: (() => Promise<void>) | undefined;
      // A link whose target's folder does not exist (a share not mounted): never write a file in the link's place.
      this.real ??= resolveAnnotationPath(this.file);
      if (this.real === null)
        throw new StoreError(
          'io',
          `${this.file}: cannot write annotations: the folder of the file it names does not exist${this.isLink() ? ' (it is a symbolic link: is the folder it points to there?)' : ''}; nothing was saved`,
        );
      const path = this.real;
      const lockDir = `${path}.lock`;
      try {
        // The real path, resolved once: every name of the file takes this one lock.
        release = await lockfile.lock(path, {
          realpath: false,
          stale: this.stale,
          retries: { retries: 200, factor: 1.2, minTimeout: 5, maxTimeout: 100 },
          // Called from proper-lockfile's refresh timer, which never runs during `fn` (synchronous): a
          // lock lost between two operations is simply released late. Inside `fn`, every step that
          // shortens or replaces the file checks the lock itself first (assertLockHeld); appends
          // check it too, and a lost lock refuses the operation instead of acting on it.
          onCompromised: () => undefined,
        });
      } catch (e) {
        throw (e as NodeJS.ErrnoException)?.code === 'ELOCKED'
          ? new StoreError('io', `${this.file}: another writer holds the annotation lock (${lockDir}) for too long`)
          : ioProblem(this.file, e);
      }
      try {
        const st = statSync(lockDir);
        this.held = { dir: lockDir, ino: st.ino, mtimeMs: st.mtimeMs };
        return fn();
      } catch (e) {
        if (e instanceof StoreError) throw e;
        throw ioProblem(this.file, e);
      } finally {
        // A lock another writer took over is theirs now: releasing would remove it (proper-lockfile's
        // refresh timer drops ours when it next runs and finds the folder changed).
        const ours = this.lockIsOurs();
        this.held = null;
        // Only a lock still ours is released: once it is 'gone', a third writer may already have made a new one.
        if (ours === 'ours') await release().catch(() => undefined);
      }
    };
    const p = this.queue.then(run, run);
    this.queue = p.catch(() => undefined);
    return p;
  }

  /** Under the lock: the file as it is now, created with its header if missing, its torn tail repaired. */
  private prepare(): ParsedAnnotations {
    this.stamp = '';
    this.refresh();
    if (this.refused) throw new StoreError('refused', `${this.refused}; nothing was saved`);
    if (!this.parsed) {
      const readStamp = this.stamp;
      try {
        // beforeRename: nobody else created the file meanwhile, and the lock is still ours.
        writeFileAtomic(this.path, [headerLine(this.opts.gold, new Date().toISOString(), this.opts.headerExtra) + '\n'], {
          beforeRename: () => this.assertUnchanged(readStamp, 'create the file'),
        });
      } catch (e) {
        if (e instanceof StoreError) throw e;
        throw ioProblem(this.file, e);
      }
      this.stamp = '';
      this.refresh();
      if (!this.parsed) throw new StoreError('io', `${this.file}: the new annotation file could not be read back`);
    }
    const p = this.parsed!;
    if (p.torn) {
      // A crash cut the last line short (no newline, not JSON): cut it off before appending after it —
      // only while the lock is ours and the file is as it was read (else another writer's line could go).
      this.assertUnchanged(this.stamp, 'cut off the torn last line');
      truncateSync(this.path, p.goodBytes);
      p.lines = p.torn.line - 1;
      p.torn = undefined;
      this.stamp = this.statStamp();
    } else if (p.missingNewline) {
      // The last line is kept (a valid record, or a bad line to fix by hand): end it before appending after it.
      this.appendRaw('\n');
      p.missingNewline = false;
      p.goodBytes++;
      this.stamp = this.statStamp();
    }
    return p;
  }

  /**
   * Throws unless this store still holds the lock and nobody can take it over
   * in the next LOCK_MARGIN_MS: the lock folder is the one it created (same
   * inode and mtime: `fn` is synchronous, so nothing refreshed it since, and a
   * takeover would have made a new one) and is younger than stale − margin.
   */
  private assertLockHeld(action: string): void {
    const h = this.held;
    const state = this.lockIsOurs();
    let why: string | null = null;
    if (state === 'taken') why = 'another writer took the lock over';
    else if (state === 'gone') why = 'the lock folder is gone (another writer took the lock over)';
    else if (!h) why = 'the lock is not held';
    else if (Date.now() > h.mtimeMs + this.stale - LOCK_MARGIN_MS)
      why = `the lock was held for ${((Date.now() - h.mtimeMs) / 1000).toFixed(1)} s (a slow disk, or a very large annotation file?) and another writer could take it over as stale`;
    if (why) throw new StoreError('io', `${this.file}: did not ${action}: ${why}; the file was left as it was — try again`);
  }

  /** Whether the lock folder is still the one this store created ('ours'), another one ('taken'), or none ('gone'). */
  private lockIsOurs(): 'ours' | 'taken' | 'gone' | 'not held' {
    const h = this.held;
    if (!h) return 'not held';
    try {
      const st = statSync(h.dir);
      return st.ino === h.ino && st.mtimeMs === h.mtimeMs ? 'ours' : 'taken';
    } catch {
      return 'gone';
    }
  }

  /** assertLockHeld, and the file is still what was read under the lock (`stamp`). */
  private assertUnchanged(stamp: string, action: string): void {
    this.assertLockHeld(action);
    if (this.statStamp() !== stamp)
      throw new StoreError(
        'io',
        `${this.file}: did not ${action}: the file changed meanwhile (another program wrote to it without the lock); the file was left as it was — try again`,
      );
  }

  private appendRaw(text: string): void {
    this.assertLockHeld('save');
    let fd: number | undefined;
    try {
      // O_NONBLOCK: a pipe put in the file's place fails at once instead of waiting for a reader.
      fd = openSync(
        this.path,
        constants.O_WRONLY | constants.O_APPEND | (typeof constants.O_NONBLOCK === 'number' ? constants.O_NONBLOCK : 0),
      );
      if (!fstatSync(fd).isFile()) throw new StoreError('refused', `${this.file}: is not a regular file any more; nothing was saved`);
      writeAllSync(fd, text);
      fsyncSync(fd);
    } catch (e) {
      if (e instanceof StoreError) throw e;
      throw ioProblem(this.file, e);
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  /** Appends a record line durably (under the lock) and takes it into the parsed state. */
  private append(p: ParsedAnnotations, rec: AnnotationRecord, deleted: boolean): void {
    this.appendRaw(recordLine(rec) + '\n');
    p.lines++;
    const line = p.lines;
    if (p.latest.has(rec.id)) p.replacedLines++;
    p.latest.set(rec.id, { record: rec, line, deleted });
    p.records = [...p.latest.values()]
      .filter((k) => !k.deleted)
      .sort((a, b) => a.line - b.line)
      .map(({ record, line: l }) => ({ record, line: l }));
    this.stamp = this.statStamp();
    this.bump();
  }

  private stampRecord(body: Partial<RecordBody>): Partial<AnnotationRecord> {
    const out: Record<string, unknown> = { ...body };
    if (typeof body.slot === 'string') out.slot = canonicalSlotName(body.slot);
    return out as Partial<AnnotationRecord>;
  }

  /** Saves a new record; resolves with its id and rev once it is on disk (fsync). */
  save(body: RecordBody): Promise<{ id: string; rev: number; version: number }> {
    return this.locked(() => {
      const p = this.prepare();
      const rec = { id: randomUUID(), rev: 1, ...this.stampRecord(body), by: this.by, at: new Date().toISOString() } as AnnotationRecord;
      this.append(p, rec, false);
      return { id: rec.id, rev: rec.rev, version: this.ver };
    });
  }

  /**
   * A new revision of record `id`: fields of `body` replace the record's
   * (unknown fields are kept; with `replace`, known fields missing from
   * `body` are dropped), or `deleted` withdraws it. `baseRev` must be
   * the revision the caller saw, else another writer changed it meanwhile.
   */
  revise(
    id: string,
    baseRev: number,
    change: { body?: Partial<RecordBody>; deleted?: boolean; replace?: boolean },
  ): Promise<{ id: string; rev: number; version: number }> {
    return this.locked(() => {
      const p = this.prepare();
      const cur = p.latest.get(id);
      if (!cur) throw new StoreError('not-found', `${this.file}: no annotation ${JSON.stringify(id)}`);
      if (cur.record.rev !== baseRev)
        throw new StoreError(
          'conflict',
          `annotation ${id} was changed meanwhile (now revision ${cur.record.rev}, not ${baseRev}); look again and retry`,
        );
      const kept: Record<string, unknown> = { ...cur.record };
      // replace: the body is the whole record (undo restores an earlier one); unknown fields stay.
      if (change.replace) for (const k of ['slot', 'from', 'to', 'note']) delete kept[k];
      const next: Record<string, unknown> = {
        ...kept,
        ...this.stampRecord(change.body ?? {}),
        rev: baseRev + 1,
        by: this.by,
        at: new Date().toISOString(),
      };
      delete next.deleted;
      if (change.deleted) next.deleted = true;
      this.append(p, next as AnnotationRecord, !!change.deleted);
      return { id, rev: baseRev + 1, version: this.ver };
    });
  }

  /** Rewrites the file without replaced lines (atomically); refuses while some line cannot be read. */
  compact(): Promise<{ dropped: number; version: number }> {
    return this.locked(() => {
      const p = this.prepare();
      if (p.problems.length)
        throw new StoreError(
          'refused',
          `${this.file}:${p.problems[0].line}: ${p.problems[0].message}; fix that line first (compaction would drop it)`,
        );
      const keep = [...p.latest.values()].sort((a, b) => a.line - b.line);
      const dropped = p.lines - 1 - keep.length;
      if (dropped <= 0) return { dropped: 0, version: this.ver };
      const readStamp = this.stamp;
      try {
        // The header line as it is (unknown fields, spelling); beforeRename: nobody appended meanwhile, and the lock is still ours.
        writeFileAtomic(this.path, [p.headerText + '\n', ...keep.map((k) => recordLine(k.record) + '\n')], {
          beforeRename: () => this.assertUnchanged(readStamp, 'compact'),
        });
      } catch (e) {
        if (e instanceof StoreError) throw e;
        throw ioProblem(this.file, e);
      }
      this.stamp = '';
      this.refresh();
      return { dropped, version: this.ver };
    });
  }
}
