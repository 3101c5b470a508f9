// Layer: main (Node). The durable annotation store: one JSON Lines journal
// per gold (docs/reference/annotation-file.md, "Writing"). The file is named by its real
// path, resolved once: folders on the way are followed; a link in the file's
// own place is followed only when the user named that file (`links:
// 'follow'`, e.g. serve --annotations), else refused — nothing is ever
// created or appended through a link (annotation-fs: O_NOFOLLOW, link(2)).
// It is read like every input (read-input: opened without blocking, a
// regular file only, size-capped), so a pipe or a device is refused, never
// waited on. A save takes the file's lock (proper-lockfile: a lock folder
// beside the file, checked with lstat, so other windows, tabs and processes
// wait their turn), re-reads what others appended, repairs a torn last line,
// writes back any record it acknowledged earlier that the file lost (an
// editor saving an older copy over it), appends one line with O_APPEND,
// fsyncs, and only then answers. A new file is created with mode 0600 and its
// header, only if nothing is at its name. Compaction writes a new file
// (atomic-write: fsync of file and folder, then rename) under the same lock;
// the temporary files a crash left are removed under the lock. Right before
// anything that replaces or shortens the file, the store checks that the
// lock is still its own and cannot go stale meanwhile; otherwise it gives up
// and changes nothing. A file that is not an annotation file, or of a newer
// version, is refused and never written.

import { randomUUID } from 'node:crypto';
import { lstatSync, truncateSync } from 'node:fs';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import lockfile from 'proper-lockfile';
import {
  AnnotationFileError,
  parseAnnotationBytes,
  problemMessages,
  type KeptRecord,
  type ParsedAnnotations,
} from '../../shared/annotations/file';
import { canonicalSlotName, headerLine, recordLine, type AnnotationRecord, type RecordBody } from '../../shared/annotations/record';
import { AppError, type AppErrorCode } from '../../shared/app-error';
import { LoadError } from '../../shared/formats/errors';
import { writeFileAtomic, WriteError } from './atomic-write';
import {
  appendDurably,
  createExclusive,
  hasStaleTemps,
  lockDirProblem,
  removeStaleTemps,
  resolveAnnotationFile,
  STORAGE_CODES,
  storageWhy,
  type LinkPolicy,
  type Resolved,
} from './annotation-fs';
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
  /**
   * A symbolic link in the file's own place: 'follow' when the user named this
   * file (serve --annotations, corrections compact FILE); 'refuse' (default)
   * for a file chosen by rule (beside a prediction file), where a link was put
   * by someone else.
   */
  links?: LinkPolicy;
  /** Permissions of a new file (default 0600, whatever the umask). */
  mode?: number;
}

/**
 * Why a save or compaction is refused, and its AppError code: refused (bad-args): the file is not one to write (not
 * an annotation file, a link nobody named, a pipe); conflict (stale): the record changed meanwhile; not-found: no such
 * record; busy: the lock could not be had or kept, or the file changed during the step (try again); storage: the file
 * system refused (full, read-only, permissions, folder missing).
 */
const STORE_CODES = {
  refused: 'bad-args',
  conflict: 'stale',
  'not-found': 'not-found',
  busy: 'busy',
  storage: 'storage',
} as const satisfies Record<string, AppErrorCode>;

/** A save or compaction refused: the message says why and where. */
export class StoreError extends AppError {
  constructor(
    readonly kind: keyof typeof STORE_CODES,
    message: string,
  ) {
    super(STORE_CODES[kind], message);
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
  /** Every line that could not be read (file:line: why), the torn last line included, and what the store repaired. */
  problems: string[];
  /** Why the file is refused (not an annotation file, newer version, unreadable, a link nobody named); saves are refused too. */
  refused?: string;
  /** Lines a compaction would drop (replaced revisions). */
  replacedLines: number;
}

/** The OS user's name (the default author of records). */
export function defaultAuthor(): string {
  try {
    return userInfo().username || 'unknown';
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
}

/** How long before the lock could be taken over as stale a destructive step must be done (ms). */
const LOCK_MARGIN_MS = 1000;

/** A file-system failure as a StoreError naming the file: storage (the disk refused) or busy. */
function ioProblem(file: string, e: unknown): StoreError {
  const code = e instanceof WriteError ? e.errno : (e as NodeJS.ErrnoException)?.code;
  if (code && STORAGE_CODES.has(code)) return new StoreError('storage', `${file}: cannot write annotations: ${storageWhy({ code })}`);
  return new StoreError('storage', `${file}: cannot write annotations: ${e instanceof WriteError ? e.problem : storageWhy(e)}`);
}

/** A record this store acknowledged (the latest revision it wrote of its id). */
interface Acked {
  record: AnnotationRecord;
  deleted: boolean;
}

export class AnnotationStore {
  private parsed: ParsedAnnotations | null = null;
  private refused: string | undefined;
  private stamp = '';
  private ver = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private by: string;
  private resolved: Resolved;
  /** The lock folder as this store created it (while it holds the lock). */
  private held: { dir: string; ino: number; mtimeMs: number } | null = null;
  /** Every record this store acknowledged, by id (its latest revision): the file must keep holding them. */
  private readonly acked = new Map<string, Acked>();
  /** What the store found and repaired (lost records written back, temporary files removed): shown with the problems. */
  private readonly notices: string[] = [];
  private repairing = false;
  private cleaned = false;

  /** `file`: the name messages use; the store works on its real path (see resolveAnnotationFile). */
  constructor(
    readonly file: string,
    private readonly opts: StoreOptions,
  ) {
    this.by = opts.by ?? defaultAuthor();
    this.resolved = resolveAnnotationFile(file, this.links);
  }

  private get links(): LinkPolicy {
    return this.opts.links ?? 'refuse';
  }

  /** The real path every read, lock, append, truncation and rename uses. */
  get path(): string {
    if (this.resolved.path === null && this.resolved.why === 'no-folder') this.resolved = resolveAnnotationFile(this.file, this.links);
    return this.resolved.path ?? resolve(this.file);
  }

  /** Why the name cannot be used as the annotation file (a link nobody named), or undefined. */
  private linkRefusal(): string | undefined {
    const r = this.resolved;
    if (r.path !== null || r.why !== 'link') return undefined;
    return `${this.file}: is a symbolic link (to ${r.target}) that was not named as the annotation file: annotations are neither read from it nor written through it (remove it, or name the file with serve --annotations FILE)`;
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

  /** Identity, size and time of what is at the real path (lstat: a link put there is seen as a change). */
  private statStamp(): string {
    const path = this.path;
    if (this.resolved.path === null) return 'missing'; // its folder is not there (yet)
    try {
      const st = lstatSync(path);
      return `${st.isSymbolicLink() ? 'link:' : ''}${st.ino}:${st.size}:${st.mtimeMs}`;
    } catch {
      return 'missing';
    }
  }

  private keys(): string {
    return this.refused ?? JSON.stringify(this.parsed ? [...this.parsed.latest.values()].map((k) => [k.record.id, k.record.rev]) : null);
  }

  /** Re-reads the file when it changed on disk since it was last read. */
  private refresh(): void {
    if (this.resolved.path === null && this.resolved.why === 'link') {
      this.refused ??= this.linkRefusal();
      return;
    }
    const stamp = this.statStamp();
    if (stamp === this.stamp) return;
    this.stamp = stamp;
    const before = this.keys();
    this.parsed = null;
    this.refused = undefined;
    if (stamp.startsWith('link:')) {
      this.refused = `${this.file}: a symbolic link was put in the annotation file's place (${this.path}); it is neither read nor written through — remove it`;
    } else if (stamp !== 'missing') {
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
    if (this.keys() !== before) this.bump();
    // Records acknowledged earlier and missing now (another program replaced or cut the file): written back at once.
    if (!this.held && !this.repairing && this.lost().length > 0) {
      this.repairing = true;
      // prepare() writes them back (and says so in the problems); a refusal leaves them in memory for the next try.
      void this.locked(() => void this.prepare())
        .catch(() => undefined)
        .finally(() => (this.repairing = false));
    }
  }

  /** The acknowledged records the file does not hold (any more): their id is missing, or only an older revision is there. */
  private lost(): Acked[] {
    if (this.acked.size === 0 || this.refused) return [];
    const latest = this.parsed?.latest;
    const out: Acked[] = [];
    for (const [id, a] of this.acked) if ((latest?.get(id)?.record.rev ?? 0) < a.record.rev) out.push(a);
    return out;
  }

  private bump(): void {
    this.ver++;
    this.opts.onChange?.(this.ver);
  }

  state(): StoreState {
    this.refresh();
    const p = this.parsed;
    const problems = p ? problemMessages(p, this.file) : [];
    if (this.refused && this.acked.size > 0)
      problems.push(
        `${this.file}: this session saved ${this.acked.size} record${this.acked.size === 1 ? '' : 's'} to this file; they are kept in memory and written back once the file can be read again`,
      );
    return {
      file: this.file,
      version: this.ver,
      exists: this.stamp !== 'missing' && !this.linkRefusal(),
      records: p?.records ?? [],
      problems: [...problems, ...this.notices],
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
   * Removes, under the lock, the temporary files a crashed creation or
   * compaction left beside the file (when there are any; nothing is locked
   * or written otherwise). Resolves with the names removed.
   */
  async recover(): Promise<string[]> {
    if (this.resolved.path === null || !hasStaleTemps(this.path)) return [];
    return this.locked(() => this.cleanTemps(), false);
  }

  /** Under the lock (no live writer of ours has a temporary file open): removes what a crash left. */
  private cleanTemps(): string[] {
    this.cleaned = true;
    const removed = removeStaleTemps(this.path);
    if (removed.length)
      this.notices.push(
        `${this.file}: removed ${removed.length} temporary file${removed.length === 1 ? '' : 's'} left by an interrupted save or compaction (${removed.join(', ')}); the annotation file itself was complete`,
      );
    return removed;
  }

  /**
   * Runs `fn` holding the file's lock, one call at a time in this process.
   * `fn` must stay synchronous: the lock's mtime then cannot be refreshed
   * while it runs, which is what assertLockHeld relies on.
   */
  private locked<T>(fn: () => T, clean = true): Promise<T> {
    const run = async () => {
      let release: (() => Promise<void>) | undefined;
      const refusal = this.linkRefusal();
      if (refusal) throw new StoreError('refused', `${refusal}; nothing was saved`);
      // A link whose target's folder does not exist (a share not mounted): never write a file in the link's place.
      if (this.resolved.path === null) this.resolved = resolveAnnotationFile(this.file, this.links);
      if (this.resolved.path === null)
        throw new StoreError(
          'storage',
          `${this.file}: cannot write annotations: the folder of the file it names does not exist${this.isLink() ? ' (it is a symbolic link: is the folder it points to there?)' : ''}; nothing was saved`,
        );
      const path = this.resolved.path;
      const lockDir = `${path}.lock`;
      // A link (or a file) in the lock folder's place is never followed: proper-lockfile would stat and touch its target.
      const lockProblem = lockDirProblem(lockDir);
      if (lockProblem) throw new StoreError('refused', `${this.file}: cannot take the annotation lock: ${lockProblem}; nothing was saved`);
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
        if ((e as NodeJS.ErrnoException)?.code === 'ELOCKED')
          throw new StoreError('busy', `${this.file}: another writer holds the annotation lock (${lockDir}) for too long`);
        const again = lockDirProblem(lockDir);
        if (again) throw new StoreError('refused', `${this.file}: cannot take the annotation lock: ${again}; nothing was saved`);
        throw ioProblem(this.file, e);
      }
      try {
        const st = lstatSync(lockDir);
        if (!st.isDirectory())
          throw new StoreError('refused', `${this.file}: ${lockDir} is not the lock folder it should be; nothing was saved`);
        this.held = { dir: lockDir, ino: st.ino, mtimeMs: st.mtimeMs };
        // The first time this store holds the lock: what a crashed writer left is removed (nobody else can be writing).
        if (clean && !this.cleaned) this.cleanTemps();
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

  /**
   * Under the lock: the file as it is now, created with its header if
   * missing, its torn tail repaired, and every record this store acknowledged
   * that the file lost written back.
   */
  private prepare(): ParsedAnnotations {
    this.stamp = '';
    this.refresh();
    if (this.refused) throw new StoreError('refused', `${this.refused}; nothing was saved`);
    if (!this.parsed) this.create();
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
    const lost = this.lost();
    if (lost.length > 0) {
      this.append(p, lost);
      const ids = lost.map((a) => a.record.id);
      this.notices.push(
        `${this.file}: ${lost.length} record${lost.length === 1 ? '' : 's'} saved earlier in this session ${lost.length === 1 ? 'was' : 'were'} missing from the file — another program replaced or cut it (an editor saving an older copy?); ${lost.length === 1 ? 'it was' : 'they were'} written back at its end (${new Date().toISOString()}; ids ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''}). To remove a record, withdraw it in the app; to edit the file by hand, stop the app first.`,
      );
    }
    return p;
  }

  /** Under the lock, the file missing or empty: writes its header (a new file: mode 0600, only if nothing is at its name). */
  private create(): void {
    const readStamp = this.stamp;
    const header = headerLine(this.opts.gold, new Date().toISOString(), this.opts.headerExtra) + '\n';
    try {
      if (readStamp === 'missing') {
        // Only if nothing is there — a file, or a link someone put in its place — else read what is there.
        createExclusive(this.path, header, this.opts.mode ?? 0o600, () => this.assertLockHeld('create the file'));
      } else {
        // An empty file the user made: its header, atomically (its mode kept); beforeRename: nobody wrote meanwhile, and the lock is still ours.
        writeFileAtomic(this.path, [header], { beforeRename: () => this.assertUnchanged(readStamp, 'create the file') });
      }
    } catch (e) {
      if (e instanceof StoreError) throw e;
      throw ioProblem(this.file, e);
    }
    this.stamp = '';
    this.refresh();
    if (this.refused) throw new StoreError('refused', `${this.refused}; nothing was saved`);
    if (!this.parsed) throw new StoreError('storage', `${this.file}: the new annotation file could not be read back`);
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
    if (why) throw new StoreError('busy', `${this.file}: did not ${action}: ${why}; the file was left as it was — try again`);
  }

  /** Whether the lock folder is still the one this store created ('ours'), another one ('taken'), or none ('gone'). */
  private lockIsOurs(): 'ours' | 'taken' | 'gone' | 'not held' {
    const h = this.held;
    if (!h) return 'not held';
    try {
      const st = lstatSync(h.dir);
      return st.isDirectory() && st.ino === h.ino && st.mtimeMs === h.mtimeMs ? 'ours' : 'taken';
    } catch {
      return 'gone';
    }
  }

  /** assertLockHeld, and the file is still what was read under the lock (`stamp`). */
  private assertUnchanged(stamp: string, action: string): void {
    this.assertLockHeld(action);
    if (this.statStamp() !== stamp)
      throw new StoreError(
        'busy',
        `${this.file}: did not ${action}: the file changed meanwhile (another program wrote to it without the lock); the file was left as it was — try again`,
      );
  }

  private appendRaw(text: string): void {
    this.assertLockHeld('save');
    try {
      // O_NOFOLLOW: a link put in the file's place is never written through; O_NONBLOCK: a pipe fails at once.
      appendDurably(this.path, text, (st) => {
        if (!st.isFile()) throw new StoreError('refused', `${this.file}: is not a regular file any more; nothing was saved`);
      });
    } catch (e) {
      if (e instanceof StoreError) throw e;
      throw ioProblem(this.file, e);
    }
  }

  /** Appends record lines durably (under the lock, in one write) and takes them into the parsed state. */
  private append(p: ParsedAnnotations, recs: readonly Acked[]): void {
    this.appendRaw(recs.map((a) => recordLine(a.record) + '\n').join(''));
    for (const { record: rec, deleted } of recs) {
      p.lines++;
      if (p.latest.has(rec.id)) p.replacedLines++;
      p.latest.set(rec.id, { record: rec, line: p.lines, deleted });
      // Acknowledged from now on: the file must keep it (or a later revision).
      const prev = this.acked.get(rec.id);
      if (!prev || prev.record.rev <= rec.rev) this.acked.set(rec.id, { record: rec, deleted });
    }
    p.records = [...p.latest.values()]
      .filter((k) => !k.deleted)
      .sort((a, b) => a.line - b.line)
      .map(({ record, line: l }) => ({ record, line: l }));
    this.stamp = this.statStamp();
    this.bump();
  }

  /** The author records saved from now on carry (`by`). */
  get author(): string {
    return this.by;
  }

  set author(name: string) {
    this.by = name;
  }

  private stampRecord(body: Partial<RecordBody>): Partial<AnnotationRecord> {
    const out: Record<string, unknown> = { ...body };
    if (typeof body.slot === 'string') out.slot = canonicalSlotName(body.slot);
    return out as Partial<AnnotationRecord>;
  }

  /** Notices of repairs made since `since` (the count of notices before a call). */
  private noticesSince(since: number): string[] | undefined {
    return this.notices.length > since ? this.notices.slice(since) : undefined;
  }

  /**
   * Saves a new record; resolves with its id and rev once it is on disk (fsync); `notices`: what was repaired on the way.
   * `extra`: fields beyond the body's, written after the known ones (an adjudication's `"adjudicated": true`).
   */
  save(body: RecordBody, extra: Record<string, unknown> = {}): Promise<{ id: string; rev: number; version: number; notices?: string[] }> {
    const since = this.notices.length;
    return this.locked(() => {
      const p = this.prepare();
      const rec = {
        ...extra,
        id: randomUUID(),
        rev: 1,
        ...this.stampRecord(body),
        by: this.by,
        at: new Date().toISOString(),
      } as AnnotationRecord;
      this.append(p, [{ record: rec, deleted: false }]);
      return { id: rec.id, rev: rec.rev, version: this.ver, notices: this.noticesSince(since) };
    });
  }

  /**
   * A new revision of record `id`: fields of `body` replace the record's
   * (unknown fields are kept; with `replace`, known fields missing from
   * `body` are dropped), or `deleted` withdraws it (an appended line: the
   * journal keeps what was withdrawn). `baseRev` must be the revision the
   * caller saw, else another writer changed it meanwhile.
   */
  revise(
    id: string,
    baseRev: number,
    change: { body?: Partial<RecordBody>; deleted?: boolean; replace?: boolean },
  ): Promise<{ id: string; rev: number; version: number; notices?: string[] }> {
    const since = this.notices.length;
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
      this.append(p, [{ record: next as AnnotationRecord, deleted: !!change.deleted }]);
      return { id, rev: baseRev + 1, version: this.ver, notices: this.noticesSince(since) };
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
