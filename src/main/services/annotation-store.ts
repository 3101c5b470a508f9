// Layer: main (Node). The durable annotation store: one JSON Lines journal
// per gold (spec annotations.md, "Writing"). A save takes the file's lock
// (proper-lockfile: a lock folder beside the file, so other windows, tabs and
// processes wait their turn), re-reads what others appended, repairs a torn
// last line, appends one line with O_APPEND, fsyncs, and only then answers.
// Compaction writes a new file (atomic-write: fsync of file and folder, then
// rename) under the same lock. A file that is not an annotation file, or of
// a newer version, is refused and never written.

import { randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, statSync, truncateSync, writeSync } from 'node:fs';
import { userInfo } from 'node:os';
import lockfile from 'proper-lockfile';
import { AnnotationFileError, parseAnnotations, problemMessages, type KeptRecord, type ParsedAnnotations } from '../../shared/annotations/file';
import { canonicalSlotName, headerLine, recordLine, type AnnotationRecord, type RecordBody } from '../../shared/annotations/record';
import { writeFileAtomic } from './atomic-write';

export interface StoreOptions {
  /** What the header says the gold is (a path relative to the file, or "built-in demo"). */
  gold: string;
  /** More header fields (the source the gold comes from, so commands can find it). */
  headerExtra?: Record<string, unknown>;
  /** Author written in `by` (default: the OS user name). */
  by?: string;
  /** A lock older than this (ms) was left by a crashed writer and is taken over (proper-lockfile's `stale`, at least 2000). */
  lockStale?: number;
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

function ioProblem(file: string, e: unknown): StoreError {
  const code = (e as NodeJS.ErrnoException)?.code;
  const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'ENOSPC' ? 'no space left on the device' : code === 'EROFS' ? 'the file system is read-only' : code === 'ENOENT' ? 'its folder does not exist' : (e as Error)?.message;
  return new StoreError('io', `${file}: cannot write annotations: ${why}`);
}

export class AnnotationStore {
  private parsed: ParsedAnnotations | null = null;
  private refused: string | undefined;
  private stamp = '';
  private ver = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly by: string;

  constructor(
    readonly file: string,
    private readonly opts: StoreOptions,
  ) {
    this.by = opts.by ?? defaultAuthor();
  }

  get version(): number {
    return this.ver;
  }

  private statStamp(): string {
    try {
      const st = statSync(this.file);
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
    const before = this.refused ?? JSON.stringify(this.parsed ? [...this.parsed.latest.values()].map((k) => [k.record.id, k.record.rev]) : null);
    this.parsed = null;
    this.refused = undefined;
    if (stamp !== 'missing') {
      try {
        const bytes = readFileSync(this.file);
        if (bytes.length > 0) {
          let text: string;
          try {
            text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
          } catch {
            throw new AnnotationFileError(this.file, 'is not UTF-8 text: not an annotation file (it is left untouched)');
          }
          this.parsed = parseAnnotations(text, this.file);
        }
      } catch (e) {
        this.refused = e instanceof AnnotationFileError ? e.message : `${this.file}: cannot be read (${(e as Error).message})`;
      }
    }
    const after = this.refused ?? JSON.stringify(this.parsed ? [...this.parsed.latest.values()].map((k) => [k.record.id, k.record.rev]) : null);
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

  /** Runs `fn` holding the file's lock, one call at a time in this process. */
  private locked<T>(fn: () => T): Promise<T> {
    const run = async () => {
      let release: (() => Promise<void>) | undefined;
      try {
        release = await lockfile.lock(this.file, {
          realpath: false,
          stale: Math.max(2000, this.opts.lockStale ?? 3000),
          retries: { retries: 200, factor: 1.2, minTimeout: 5, maxTimeout: 100 },
          onCompromised: () => undefined, // the write itself is done under O_APPEND and fsync; a late lock update only warns
        });
      } catch (e) {
        throw (e as NodeJS.ErrnoException)?.code === 'ELOCKED' ? new StoreError('io', `${this.file}: another writer holds the annotation lock (${this.file}.lock) for too long`) : ioProblem(this.file, e);
      }
      try {
        return fn();
      } finally {
        await release().catch(() => undefined);
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
      try {
        writeFileAtomic(this.file, [headerLine(this.opts.gold, new Date().toISOString(), this.opts.headerExtra) + '\n']);
      } catch (e) {
        throw ioProblem(this.file, e);
      }
      this.stamp = '';
      this.refresh();
      if (!this.parsed) throw new StoreError('io', `${this.file}: the new annotation file could not be read back`);
    }
    const p = this.parsed!;
    if (p.torn) {
      // A crash cut the last line short: cut it off before appending after it.
      truncateSync(this.file, p.goodBytes);
      p.lines = p.torn.line - 1;
      p.torn = undefined;
    } else if (p.missingNewline) this.appendRaw('\n');
    return p;
  }

  private appendRaw(text: string): void {
    let fd: number | undefined;
    try {
      fd = openSync(this.file, 'a');
      const buf = Buffer.from(text, 'utf8');
      let off = 0;
      while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
      fsyncSync(fd);
    } catch (e) {
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
    p.records = [...p.latest.values()].filter((k) => !k.deleted).sort((a, b) => a.line - b.line).map(({ record, line: l }) => ({ record, line: l }));
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
  revise(id: string, baseRev: number, change: { body?: Partial<RecordBody>; deleted?: boolean; replace?: boolean }): Promise<{ id: string; rev: number; version: number }> {
    return this.locked(() => {
      const p = this.prepare();
      const cur = p.latest.get(id);
      if (!cur) throw new StoreError('not-found', `${this.file}: no annotation ${JSON.stringify(id)}`);
      if (cur.record.rev !== baseRev) throw new StoreError('conflict', `annotation ${id} was changed meanwhile (now revision ${cur.record.rev}, not ${baseRev}); look again and retry`);
      const kept: Record<string, unknown> = { ...cur.record };
      // replace: the body is the whole record (undo restores an earlier one); unknown fields stay.
      if (change.replace) for (const k of ['slot', 'from', 'to', 'note']) delete kept[k];
      const next: Record<string, unknown> = { ...kept, ...this.stampRecord(change.body ?? {}), rev: baseRev + 1, by: this.by, at: new Date().toISOString() };
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
      if (p.problems.length) throw new StoreError('refused', `${this.file}:${p.problems[0].line}: ${p.problems[0].message}; fix that line first (compaction would drop it)`);
      const keep = [...p.latest.values()].sort((a, b) => a.line - b.line);
      const dropped = p.lines - 1 - keep.length;
      if (dropped <= 0) return { dropped: 0, version: this.ver };
      const header = readFileSync(this.file, 'utf8').split('\n', 1)[0];
      try {
        writeFileAtomic(this.file, [header + '\n', ...keep.map((k) => recordLine(k.record) + '\n')]);
      } catch (e) {
        throw ioProblem(this.file, e);
      }
      this.stamp = '';
      this.refresh();
      return { dropped, version: this.ver };
    });
  }
}
