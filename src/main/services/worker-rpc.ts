// Layer: main (Node). The one helper for the five worker threads (load,
// FGA tail, export, comparison statistics, analyses): where a built worker
// script is (workerPath), and one typed request/reply protocol over its
// port. The host's WorkerClient posts requests with an id and answers each
// with its reply, its progress reports along the way, or its error as the
// AppError the worker threw (code and place kept: AppErrorData crosses the
// port, AppError.fromJSON reads it back). A request can be cancelled with an
// AbortSignal: the caller is answered at once (code `cancelled`) and the
// worker's handler sees its own signal abort. In the worker, serveRequests
// runs a handler for each request. Which worker does what stays with its
// host module; this file knows only the protocol.

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type MessagePort, type Transferable } from 'node:worker_threads';
import { AppError, toAppError, type AppErrorData } from '../../shared/app-error';

/** The worker scripts electron.vite.config.ts builds into out/main. */
export type WorkerName = 'score-worker' | 'fga-tail-worker' | 'export-worker' | 'compare-worker' | 'analysis-worker';

/**
 * The built worker script `name`.js next to this module (out/main, or
 * out/main/chunks when this module is in a chunk), or null when it is not
 * built. `fromSources`: also look in out/main from the source tree (tests
 * run from the sources then use the last build).
 */
export function workerPath(name: WorkerName, opts: { fromSources?: boolean } = {}): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, `${name}.js`), join(here, '..', `${name}.js`)];
  if (opts.fromSources) candidates.push(join(here, '..', '..', '..', 'out', 'main', `${name}.js`));
  return candidates.find((c) => existsSync(c)) ?? null;
}

/** What the host posts: a request (answered by exactly one reply), the cancellation of one, or a note (answered by none). */
export type ToWorker<Q, N = never> =
  { type: 'request'; id: number; request: Q } | { type: 'cancel'; id: number } | { type: 'note'; note: N };

/** What the worker posts: progress of a request, then its one reply (its result, or its error's plain shape). */
export type FromWorker<R, P = never> =
  | { type: 'progress'; id: number; progress: P }
  | { type: 'reply'; id: number; ok: true; result: R }
  | { type: 'reply'; id: number; ok: false; error: AppErrorData };

export interface RequestOptions<P> {
  /** Buffers moved to the worker rather than copied. */
  transfer?: readonly Transferable[];
  /** Aborting it answers the request with a `cancelled` AppError and tells the worker. */
  signal?: AbortSignal;
  onProgress?: (progress: P) => void;
}

export interface ClientOptions {
  workerData?: unknown;
  /** The error of every pending request when the worker fails (`error`) or exits (`exitCode`) before answering. */
  stopped: (why: { error?: Error; exitCode?: number }) => AppError;
  /** Keep the process alive while a request is pending (default: never; the worker never holds the process open). */
  holdWhileBusy?: boolean;
  /** Told once when the worker failed or exited (not when terminated by terminate()). */
  onStop?: (e: AppError) => void;
}

interface Pending<R, P> {
  resolve: (r: R) => void;
  reject: (e: AppError) => void;
  onProgress?: (p: P) => void;
  done: () => void;
}

/** The host's side of one worker thread: typed requests Q answered by R, with progress P and notes N. */
export class WorkerClient<Q, R, P = never, N = never> {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending<R, P>>();
  private nextId = 1;
  private stoppedWith: AppError | null = null;

  constructor(
    path: string,
    private readonly opts: ClientOptions,
  ) {
    this.worker = new Worker(path, opts.workerData === undefined ? {} : { workerData: opts.workerData });
    this.worker.on('message', (m: FromWorker<R, P>) => this.receive(m));
    this.worker.on('error', (error) => this.stop(opts.stopped({ error })));
    this.worker.on('exit', (exitCode) => this.stop(opts.stopped({ exitCode })));
    // After the listeners (adding a 'message' listener refs the port again).
    this.worker.unref();
  }

  /** Requests pending. */
  get busy(): number {
    return this.pending.size;
  }

  /** False once the worker failed, exited or was terminated. */
  get alive(): boolean {
    return this.stoppedWith === null;
  }

  request(request: Q, o: RequestOptions<P> = {}): Promise<R> {
    if (this.stoppedWith) return Promise.reject(this.stoppedWith);
    if (o.signal?.aborted) return Promise.reject(cancelled());
    const id = this.nextId++;
    return new Promise<R>((resolve, reject) => {
      const onAbort = () => {
        if (!this.pending.delete(id)) return;
        if (this.alive) this.worker.postMessage({ type: 'cancel', id } satisfies ToWorker<Q, N>);
        this.idleCheck();
        reject(cancelled());
      };
      o.signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, { resolve, reject, onProgress: o.onProgress, done: () => o.signal?.removeEventListener('abort', onAbort) });
      if (this.opts.holdWhileBusy) this.worker.ref();
      this.worker.postMessage({ type: 'request', id, request } satisfies ToWorker<Q, N>, o.transfer as Transferable[] | undefined);
    });
  }

  /** A one-way message (no reply). */
  notify(note: N, transfer?: readonly Transferable[]): void {
    if (this.stoppedWith) throw this.stoppedWith;
    this.worker.postMessage({ type: 'note', note } satisfies ToWorker<Q, N>, transfer as Transferable[] | undefined);
  }

  /** Stops the worker; pending requests are answered with `reason` (default: `cancelled`). */
  terminate(reason: AppError = new AppError('cancelled', 'the worker was stopped')): Promise<number> {
    if (!this.stoppedWith) this.stoppedWith = reason;
    this.rejectAll(this.stoppedWith);
    return this.worker.terminate();
  }

  private receive(m: FromWorker<R, P>): void {
    const p = this.pending.get(m.id);
    if (!p) return; // cancelled meanwhile
    if (m.type === 'progress') {
      p.onProgress?.(m.progress);
      return;
    }
    this.pending.delete(m.id);
    p.done();
    this.idleCheck();
    if (m.ok) p.resolve(m.result);
    else p.reject(AppError.fromJSON(m.error));
  }

  private idleCheck(): void {
    if (this.opts.holdWhileBusy && this.pending.size === 0) this.worker.unref();
  }

  private stop(e: AppError): void {
    if (this.stoppedWith) return;
    this.stoppedWith = e;
    this.rejectAll(e);
    this.opts.onStop?.(e);
  }

  private rejectAll(e: AppError): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) {
      p.done();
      p.reject(e);
    }
  }
}

function cancelled(): AppError {
  return new AppError('cancelled', 'the request was cancelled');
}

/** A handler's result with buffers to move to the host rather than copy. */
export class Transferring<R> {
  constructor(
    readonly result: R,
    readonly transfer: readonly Transferable[],
  ) {}
}

export interface RequestContext<P> {
  /** Aborts when the host cancels the request. */
  signal: AbortSignal;
  progress(p: P, transfer?: readonly Transferable[]): void;
}

type Port = Pick<MessagePort, 'on' | 'postMessage'>;

/**
 * The worker's side: answers each request with `handle`'s result (or
 * Transferring), or with its error's plain shape (an AppError keeps its code
 * and place; anything else is `internal` with its message). A cancelled
 * request gets no reply. Notes go to `onNote`.
 */
export function serveRequests<Q, R, P = never, N = never>(
  port: Port,
  handle: (request: Q, ctx: RequestContext<P>) => R | Transferring<R> | Promise<R | Transferring<R>>,
  onNote?: (note: N) => void,
): void {
  const running = new Map<number, AbortController>();
  port.on('message', (m: ToWorker<Q, N>) => {
    if (m.type === 'note') return onNote?.(m.note);
    if (m.type === 'cancel') return running.get(m.id)?.abort();
    const { id } = m;
    const ac = new AbortController();
    running.set(id, ac);
    const post = (msg: FromWorker<R, P>, transfer?: readonly Transferable[]) => {
      if (!ac.signal.aborted) port.postMessage(msg, transfer as Transferable[] | undefined);
    };
    const ctx: RequestContext<P> = {
      signal: ac.signal,
      progress: (progress, transfer) => post({ type: 'progress', id, progress }, transfer),
    };
    new Promise<R | Transferring<R>>((resolve) => resolve(handle(m.request, ctx))).then(
      (r) => {
        running.delete(id);
        if (r instanceof Transferring) post({ type: 'reply', id, ok: true, result: r.result }, r.transfer);
        else post({ type: 'reply', id, ok: true, result: r });
      },
      (e: unknown) => {
        running.delete(id);
        post({ type: 'reply', id, ok: false, error: toAppError(e).toJSON() });
      },
    );
  });
}
