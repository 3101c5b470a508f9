// Layer: shared (pure TS). AppError: the one error type of the engine, the
// API, the CLI and the UI. It has a stable `code` (what kind of failure, for
// callers to branch on and for the HTTP status), a `message` for people
// (file, what is wrong and where), and, for bad input, the place: file,
// line:column (and byte offset) and JSON path, plus a finer `reason` where a
// caller must tell one bad input from another (a folder skips a file of no
// known layout but not a broken one). It crosses every boundary in one plain
// shape, AppErrorData (toJSON / AppError.fromJSON): worker messages, IPC
// replies, HTTP bodies and a run's load error. LoadError, the loaders' located
// error, is the AppError of code 'bad-input' with a file and a problem.
// Never branch on message text: add a code or a reason instead.

/**
 * What kind of failure (the HTTP status follows it, see HTTP_STATUS):
 * - `bad-args`: the request or command line is wrong (the message names the argument);
 * - `bad-input`: a file's content is wrong (file, problem and place);
 * - `not-found`: no such run, dialogue, record or call;
 * - `no-corpus`: the run has no data (still loading, or its load failed);
 * - `stale`: the run was reloaded (or the record changed) since the caller looked; ask again;
 * - `forbidden`: the request did not come from the app's page (token, origin, sender);
 * - `write-not-allowed`: the annotation file was not chosen or confirmed by the person, nothing was written;
 * - `busy`: a lock could not be had or kept; try again;
 * - `storage`: the file system refused a write (full, read-only, permissions; the message names the file);
 * - `cancelled`: the caller withdrew the request (a newer one superseded it);
 * - `network`: the client could not reach the server (made by the client, never sent);
 * - `internal`: a bug or a crash (the message says "please report" where it is one).
 */
export const APP_ERROR_CODES = [
  'bad-args',
  'bad-input',
  'not-found',
  'no-corpus',
  'stale',
  'forbidden',
  'write-not-allowed',
  'busy',
  'storage',
  'cancelled',
  'network',
  'internal',
] as const;

export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

/** The HTTP status of each code: the caller's fault 4xx, the server's 5xx. */
export const HTTP_STATUS: Record<AppErrorCode, number> = {
  'bad-args': 400,
  'bad-input': 422,
  forbidden: 403,
  'write-not-allowed': 403,
  'not-found': 404,
  'no-corpus': 409,
  stale: 409,
  // nginx's "client closed request": the caller withdrew it and no longer listens.
  cancelled: 499,
  internal: 500,
  // Never sent by the server (the client's own code for an unreachable server).
  network: 502,
  busy: 503,
  // The server could not store what it was asked to (the disk is full, read-only, or refuses permission).
  storage: 507,
};

/**
 * Finer, stable reasons within a code, for callers that must branch:
 * - `unknown-layout`: no prediction layout matches the file (or the layout named is unknown);
 * - `not-predictions`: a dialogue (gold or utterance) file was given as predictions;
 * - `empty`: the file is empty;
 * - `unknown-dialogue-layout`: no dialogue layout matches the file;
 * - `no-dialogue-files`: a folder holds no dialogue file;
 * - `ends-early`: the JSON ends before it is complete (the file may be truncated);
 * - `ends-in-string`: the file ends inside a string (it may be truncated).
 */
export const ERROR_REASONS = [
  'unknown-layout',
  'not-predictions',
  'empty',
  'unknown-dialogue-layout',
  'no-dialogue-files',
  'ends-early',
  'ends-in-string',
] as const;

export type ErrorReason = (typeof ERROR_REASONS)[number];

/** A place in a file's text. */
export interface TextLocation {
  line: number;
  column: number;
  /** Byte offset in the file. */
  offset: number;
}

/** What an error says besides its code and message (every field optional). */
export interface AppErrorDetail {
  /** What is wrong, without the place (the message is the place and the problem). */
  problem?: string;
  file?: string;
  /** 1-based line and column (columns in characters) and byte offset of the place in `file`. */
  line?: number;
  column?: number;
  offset?: number;
  /** JSON path of the value at fault: `$.a[3]["book day"]`. */
  jsonPath?: string;
  reason?: ErrorReason;
  /** When no layout matched a file that looks like JSON: what its start holds (structure only). */
  found?: string;
}

/** The plain, serialisable shape of an AppError: what workers post, IPC replies and HTTP bodies carry. */
export interface AppErrorData extends AppErrorDetail {
  code: AppErrorCode;
  message: string;
}

const DETAIL_STRINGS = ['problem', 'file', 'jsonPath', 'found'] as const;
const DETAIL_NUMBERS = ['line', 'column', 'offset'] as const;

export class AppError extends Error implements AppErrorData {
  readonly code: AppErrorCode;
  // Declared, not defined: a field that is not set is absent (not undefined) on the object.
  declare readonly problem?: string;
  declare readonly file?: string;
  declare readonly line?: number;
  declare readonly column?: number;
  declare readonly offset?: number;
  declare readonly jsonPath?: string;
  declare readonly reason?: ErrorReason;
  /** Set by whoever can say (the load worker reads the file's start). */
  declare found?: string;

  constructor(code: AppErrorCode, message: string, detail: AppErrorDetail = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    for (const k of DETAIL_STRINGS) if (detail[k] !== undefined) (this as AppErrorDetail)[k] = detail[k];
    for (const k of DETAIL_NUMBERS) if (detail[k] !== undefined) (this as AppErrorDetail)[k] = detail[k];
    if (detail.reason !== undefined) this.reason = detail.reason;
  }

  /** The plain shape (only the fields that are set); JSON.stringify uses it too. */
  toJSON(): AppErrorData {
    const out: AppErrorData = { code: this.code, message: this.message };
    for (const k of DETAIL_STRINGS) if (this[k] !== undefined) out[k] = this[k];
    for (const k of DETAIL_NUMBERS) if (this[k] !== undefined) out[k] = this[k];
    if (this.reason !== undefined) out.reason = this.reason;
    return out;
  }

  /**
   * The error a plain shape describes (from another thread, the main process
   * or the server): a LoadError when it is bad input with a file and a
   * problem, else an AppError. Anything malformed becomes an internal error;
   * an HTTP body's `error` stands in for a missing `message`.
   */
  static fromJSON(x: unknown): AppError {
    const o = (x !== null && typeof x === 'object' ? x : {}) as Record<string, unknown>;
    const code: AppErrorCode = (APP_ERROR_CODES as readonly unknown[]).includes(o.code) ? (o.code as AppErrorCode) : 'internal';
    const message =
      typeof o.message === 'string' ? o.message : typeof o.error === 'string' ? o.error : `an error without a message (${code})`;
    const detail: AppErrorDetail = {};
    for (const k of DETAIL_STRINGS) if (typeof o[k] === 'string') detail[k] = o[k];
    for (const k of DETAIL_NUMBERS) if (typeof o[k] === 'number' && Number.isFinite(o[k])) detail[k] = o[k];
    if ((ERROR_REASONS as readonly unknown[]).includes(o.reason)) detail.reason = o.reason as ErrorReason;
    if (code === 'bad-input' && detail.file !== undefined && detail.problem !== undefined) {
      const { file, problem, line, column, offset, jsonPath, ...more } = detail;
      const at = line !== undefined && column !== undefined && offset !== undefined ? { line, column, offset } : undefined;
      const e = new LoadError(file, problem, at, jsonPath, more);
      e.message = message;
      return e;
    }
    return new AppError(code, message, detail);
  }
}

/**
 * Any thrown value as an AppError: an AppError as it is, anything else (a
 * bug) as `internal`, its message passed through `describe` (to say where it
 * happened and "please report").
 */
export function toAppError(e: unknown, describe: (message: string) => string = (m) => m): AppError {
  if (e instanceof AppError) return e;
  const message = (e as Error)?.message;
  return new AppError('internal', describe(typeof message === 'string' ? message : String(e)));
}

/** Whether a code is the caller's fault (a 4xx status): bad arguments or input, nothing there, refused, withdrawn. */
export function isClientError(code: AppErrorCode): boolean {
  return HTTP_STATUS[code] < 500;
}

/**
 * An API call's failure as both transports carry it, the HTTP body and the
 * IPC reply alike: the AppError's plain shape, plus `error` (the message
 * again, which clients written before the shape read). AppError.fromJSON
 * reads it back.
 */
export type ApiErrorBody = AppErrorData & { error: string };

export function errorBody(e: AppError): ApiErrorBody {
  return { ...e.toJSON(), error: e.message };
}

/** The one mapping of a failed API call: an AppError keeps its code and message, anything else is a bug of `call` (internal, "please report"). */
export function callFailure(call: string, e: unknown): AppError {
  return toAppError(e, (m) => `${call} failed (please report): ${m}`);
}

/** The error every loader throws for bad input: the file, what is wrong, and where (line:column for syntax, a JSON path for shape). */
export class LoadError extends AppError {
  declare readonly file: string;
  declare readonly problem: string;
  declare readonly location?: TextLocation;

  constructor(
    file: string,
    problem: string,
    location?: TextLocation,
    jsonPath?: string,
    more: { reason?: ErrorReason; found?: string } = {},
  ) {
    super('bad-input', formatLoadError(file, problem, location, jsonPath), {
      file,
      problem,
      line: location?.line,
      column: location?.column,
      offset: location?.offset,
      jsonPath,
      ...more,
    });
    this.name = 'LoadError';
    if (location) (this as { location?: TextLocation }).location = location;
  }
}

export function formatLoadError(file: string, problem: string, location?: TextLocation, jsonPath?: string): string {
  if (location && jsonPath) return `${file}:${location.line}:${location.column}: at ${jsonPath}: ${problem}`;
  if (location) return `${file}:${location.line}:${location.column}: ${problem}`;
  if (jsonPath) return `${file}: at ${jsonPath}: ${problem}`;
  return `${file}: ${problem}`;
}
