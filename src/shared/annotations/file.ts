// Layer: shared (pure TS). Reading an annotation file (JSON Lines, header
// first): every line checked, the latest revision of each id kept (the last
// line on ties), withdrawn ids dropped, and every problem located as
// file:line. The last line decides alone whether it is a torn write (the one
// thing a writer may cut off): only when it lacks its newline and is not JSON
// at all (a crash cut it short; the writer appends a line and its newline in
// one write). A last line without its newline that is a valid record is kept,
// one that is JSON but not a valid record is a bad line like any other
// (reported, kept in the file); both get their newline before the next
// append, so no user data is ever deleted. A file that is not an annotation
// file, or of a newer version, is refused.

import { AppError } from '../app-error';
import {
  ANNOTATION_FORMAT,
  ANNOTATION_VERSION,
  headerSchema,
  recordSchema,
  withdrawalSchema,
  type AnnotationHeader,
  type AnnotationRecord,
} from './record';

/** A problem on one line of the file. */
export interface LineProblem {
  line: number;
  message: string;
}

export interface KeptRecord {
  record: AnnotationRecord;
  /** 1-based line of the kept revision. */
  line: number;
}

export interface ParsedAnnotations {
  header: AnnotationHeader;
  /** The header line as written (a byte-order mark kept, no newline): compaction writes it back unchanged. */
  headerText: string;
  /** Latest revision of each id that is not withdrawn, in the order of their kept lines. */
  records: KeptRecord[];
  /** Latest revision of every id, withdrawn ones included (rev numbers continue from them). */
  latest: Map<string, KeptRecord & { deleted: boolean }>;
  /** Lines that could not be read (each located); their records are not applied. */
  problems: LineProblem[];
  /** A torn last line (no newline and not JSON: a write cut short by a crash): ignored, and cut off before the next append. */
  torn?: LineProblem;
  /** Byte length of the file without its torn last line (the writer truncates it there); the whole file when nothing is torn. */
  goodBytes: number;
  /** The file does not end with a newline but its last line is kept (a valid record, a bad line that is JSON, or the header): add one before appending. */
  missingNewline: boolean;
  /** Lines of records that a later revision replaced (compaction drops them). */
  replacedLines: number;
  lines: number;
}

/** A file that must not be read as (or overwritten with) annotations. */
export class AnnotationFileError extends AppError {
  declare readonly file: string;
  declare readonly problem: string;

  constructor(file: string, problem: string, line?: number) {
    super('bad-input', `${file}${line ? `:${line}` : ''}: ${problem}`, { file, problem, line });
    this.name = 'AnnotationFileError';
  }
}

function zodMessage(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  const i = issues[0];
  const where = i.path.length ? `at ${i.path.map(String).join('.')}: ` : '';
  return `${where}${i.message}`;
}

const encoder = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Parses the bytes of an annotation file (see parseAnnotations). Everything up
 * to the last newline must be UTF-8 text, else the file is refused; a last
 * line without its newline that ends in a cut character (a crash cut the
 * write inside it) is a torn last line; any other bytes that are not UTF-8
 * refuse the file, with their line. A byte-order mark is kept in the text, so goodBytes counts
 * the file's bytes.
 */
export function parseAnnotationBytes(bytes: Uint8Array, file: string): ParsedAnnotations {
  // A newline byte never occurs inside a multi-byte UTF-8 character, so the cut is on a character boundary.
  const cut = bytes.lastIndexOf(0x0a) + 1;
  let head: string;
  try {
    head = strictUtf8.decode(bytes.subarray(0, cut));
  } catch {
    const line = firstBadLine(bytes.subarray(0, cut));
    throw new AnnotationFileError(
      file,
      line === 1
        ? 'is not UTF-8 text: not an annotation file (it is left untouched)'
        : 'this line is not UTF-8 text; the file is left untouched and not used until the line is fixed',
      line,
    );
  }
  let tail: string | null;
  try {
    tail = strictUtf8.decode(bytes.subarray(cut));
  } catch {
    tail = null;
  }
  if (tail !== null) return parseAnnotations(head + tail, file);
  // Torn only when the one bad spot is a character cut at the very end (what a crash leaves); other bad bytes
  // (a line saved in another encoding by hand) refuse the file, so no record a person wrote is ever cut off.
  const line = countNewlines(bytes.subarray(0, cut)) + 1;
  const stream = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  try {
    stream.decode(bytes.subarray(cut), { stream: true });
  } catch {
    throw new AnnotationFileError(
      file,
      line === 1
        ? 'is not UTF-8 text: not an annotation file (it is left untouched)'
        : 'this line is not UTF-8 text; the file is left untouched and not used until the line is fixed',
      line,
    );
  }
  if (cut === 0) throw new AnnotationFileError(file, 'is not an annotation file (its header line is incomplete and not UTF-8 text)', 1);
  const out = parseAnnotations(head, file);
  out.lines++;
  out.torn = {
    line: out.lines,
    message:
      'torn last line (no newline, ends in a cut UTF-8 character: a write cut short by a crash?), ignored and cut off before the next save',
  };
  return out;
}

function countNewlines(bytes: Uint8Array): number {
  let n = 0;
  for (let i = bytes.indexOf(0x0a); i >= 0; i = bytes.indexOf(0x0a, i + 1)) n++;
  return n;
}

/** The 1-based line of the first byte sequence that is not UTF-8 (for the message). */
function firstBadLine(bytes: Uint8Array): number {
  let start = 0;
  let line = 1;
  for (;;) {
    const nl = bytes.indexOf(0x0a, start);
    const end = nl < 0 ? bytes.length : nl;
    try {
      strictUtf8.decode(bytes.subarray(start, end));
    } catch {
      return line;
    }
    if (nl < 0) return line;
    start = nl + 1;
    line++;
  }
}

/** Parses the bytes of an annotation file; throws AnnotationFileError for a file that is not one (or is newer). */
export function parseAnnotations(text: string, file: string): ParsedAnnotations {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const bom = src.length !== text.length ? 3 : 0;
  const parts = src.split('\n');
  // parts[k] is line k + 1; the last part is what follows the final newline ('' when the file ends with one).
  const endsWithNewline = parts[parts.length - 1] === '';
  if (endsWithNewline) parts.pop();
  if (parts.length === 0) throw new AnnotationFileError(file, 'is empty: not an annotation file (its first line would be the header)');
  const header = readHeader(parts[0], file, parts.length > 1 || endsWithNewline);
  const headerOnly = parts.length === 1 && !endsWithNewline;
  const out: ParsedAnnotations = {
    header,
    headerText: (bom ? '\uFEFF' : '') + parts[0].replace(/\r$/, ''),
    records: [],
    latest: new Map(),
    problems: [],
    goodBytes: 0,
    missingNewline: headerOnly,
    replacedLines: 0,
    lines: parts.length,
  };
  let offset = bom + encoder.encode(parts[0]).length + (headerOnly ? 0 : 1);
  out.goodBytes = offset;
  const kept = new Map<string, KeptRecord & { deleted: boolean }>();
  for (let k = 1; k < parts.length; k++) {
    const line = k + 1;
    const raw = parts[k].endsWith('\r') ? parts[k].slice(0, -1) : parts[k];
    const last = k === parts.length - 1;
    const hasNewline = !last || endsWithNewline;
    const bytes = encoder.encode(parts[k]).length + (hasNewline ? 1 : 0);
    if (raw.trim() === '') {
      offset += bytes;
      out.goodBytes = offset;
      // A blank last line without its newline is a line of its own: end it before appending after it.
      if (!hasNewline) out.missingNewline = true;
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (e) {
      const message = `not a complete JSON line (${(e as Error).message})`;
      offset += bytes;
      // Only a last line without its newline can be a write cut short; anything else was written so.
      if (!hasNewline)
        out.torn = {
          line,
          message: `torn last line (no newline, not JSON: a write cut short by a crash?), ignored and cut off before the next save: ${message}`,
        };
      else {
        out.problems.push({ line, message });
        out.goodBytes = offset;
      }
      continue;
    }
    const rec = readRecord(json);
    if (typeof rec === 'string') {
      // Complete JSON is never a torn write: a bad line, kept in the file (a hand edit to fix, not to delete).
      offset += bytes;
      out.problems.push({ line, message: rec });
      out.goodBytes = offset;
      if (!hasNewline) out.missingNewline = true;
      continue;
    }
    const prev = kept.get(rec.record.id);
    if (prev) {
      out.replacedLines++;
      if (rec.record.rev < prev.record.rev) {
        offset += bytes;
        out.goodBytes = offset;
        if (!hasNewline) out.missingNewline = true;
        continue;
      }
    }
    kept.set(rec.record.id, { record: rec.record, line, deleted: rec.deleted });
    offset += bytes;
    out.goodBytes = offset;
    if (!hasNewline) out.missingNewline = true;
  }
  out.latest = kept;
  out.records = [...kept.values()]
    .filter((r) => !r.deleted)
    .sort((a, b) => a.line - b.line)
    .map(({ record, line }) => ({ record, line }));
  return out;
}

function readHeader(first: string, file: string, complete: boolean): AnnotationHeader {
  const raw = first.endsWith('\r') ? first.slice(0, -1) : first;
  let json: unknown;
  try {
    json = JSON.parse(raw.startsWith('\uFEFF') ? raw.slice(1) : raw);
  } catch {
    throw new AnnotationFileError(
      file,
      complete
        ? 'is not an annotation file: its first line is not JSON (expected {"format": "dst-inspector-annotations", "version": 1, …})'
        : 'is not an annotation file (its header line is incomplete)',
      1,
    );
  }
  const o = json as Record<string, unknown> | null;
  if (!o || typeof o !== 'object' || Array.isArray(o) || o.format !== ANNOTATION_FORMAT) {
    throw new AnnotationFileError(
      file,
      `is not an annotation file: its first line lacks "format": "${ANNOTATION_FORMAT}" (it is left untouched)`,
      1,
    );
  }
  if (typeof o.version === 'number' && o.version > ANNOTATION_VERSION) {
    throw new AnnotationFileError(
      file,
      `was written by a newer DST Inspector (annotation format version ${o.version}; this version reads ${ANNOTATION_VERSION}); it is left untouched — update DST Inspector to use it`,
      1,
    );
  }
  const h = headerSchema.safeParse(o);
  if (!h.success) throw new AnnotationFileError(file, `bad header: ${zodMessage(h.error.issues)}`, 1);
  return h.data;
}

function readRecord(json: unknown): { record: AnnotationRecord; deleted: boolean } | string {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return 'expected a JSON object (one record per line)';
  const full = recordSchema.safeParse(json);
  if (full.success) return { record: full.data, deleted: !!full.data.deleted };
  const w = withdrawalSchema.safeParse(json);
  if (w.success) return { record: w.data as unknown as AnnotationRecord, deleted: true };
  return zodMessage(full.error.issues);
}

/** Problems as the messages a user reads: file:line: what is wrong. */
export function problemMessages(p: Pick<ParsedAnnotations, 'problems' | 'torn'>, file: string): string[] {
  const out = p.problems.map((x) => `${file}:${x.line}: ${x.message}`);
  if (p.torn) out.push(`${file}:${p.torn.line}: ${p.torn.message}`);
  return out;
}
