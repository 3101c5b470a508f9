// Layer: renderer. The Api over HTTP (browser mode): POST /api/<call> with the
// arguments as JSON and the session token as a bearer header; a failed call
// throws the server's AppError (its body read back by AppError.fromJSON:
// code, message, place) with the HTTP status. A call's AbortSignal aborts its
// request (the promise rejects with the signal's reason; the server finishes
// the work it started, its answer is not read). Events arrive on one streamed
// GET /api/events, opened while someone listens and re-opened if it drops.

import type { Api, ApiArgs, ApiCall, ApiEvent, ApiResults, CallOptions } from '../../../shared/api';
import { AppError, type AppErrorCode, type AppErrorDetail } from '../../../shared/app-error';

export interface HttpApiOptions {
  token: string | null;
  /** Origin prefix for tests; '' = same origin. */
  base?: string;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
}

/** A call that failed over HTTP: the server's AppError, with the status it came with (0: the server was not reached, code `network`). */
export class ApiCallError extends AppError {
  constructor(
    message: string,
    code: AppErrorCode,
    readonly status: number,
    detail: AppErrorDetail = {},
  ) {
    super(code, message, detail);
    this.name = 'ApiCallError';
  }
}

export function createHttpApi(opts: HttpApiOptions): Api {
  const base = opts.base ?? '';
  const doFetch = opts.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  const headers = (): Record<string, string> => (opts.token ? { Authorization: `Bearer ${opts.token}` } : {});
  const listeners = new Set<(e: ApiEvent) => void>();
  let abort: AbortController | null = null;

  async function call<C extends ApiCall>(name: C, args: ApiArgs<C>, opts?: CallOptions): Promise<ApiResults[C]> {
    const signal = opts?.signal;
    signal?.throwIfAborted();
    let res: Response;
    try {
      res = await doFetch(`${base}/api/${name}`, {
        method: 'POST',
        headers: { ...headers(), 'Content-Type': 'application/json' },
        body: JSON.stringify(args ?? {}),
        credentials: 'same-origin',
        ...(signal ? { signal } : {}),
      });
    } catch (e) {
      // An aborted call is not a network failure (nothing to retry, nothing to report).
      signal?.throwIfAborted();
      throw new ApiCallError(`${name}: the inspector server is not reachable (${(e as Error)?.message ?? e})`, 'network', 0);
    }
    const text = await res.text();
    signal?.throwIfAborted();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!res.ok) {
      const b = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
      // A body that is not the server's error shape (a proxy's page, say): the status says what it can.
      const e = AppError.fromJSON({
        code: b.code ?? (res.status === 403 ? 'forbidden' : 'internal'),
        message: b.message ?? b.error ?? `${name}: HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`,
        ...b,
      });
      throw new ApiCallError(e.message, e.code, res.status, e.toJSON());
    }
    return body as ApiResults[C];
  }

  async function stream(signal: AbortSignal): Promise<void> {
    let delay = 500;
    while (!signal.aborted) {
      try {
        const res = await doFetch(`${base}/api/events`, { headers: headers(), signal, credentials: 'same-origin' });
        if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
        delay = 500;
        const reader = res.body.getReader();
        const dec = new TextDecoder();
        let buf = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += dec.decode(value, { stream: true });
          let i: number;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            for (const line of block.split('\n')) {
              if (!line.startsWith('data:')) continue;
              try {
                const e = JSON.parse(line.slice(5)) as ApiEvent;
                for (const l of [...listeners]) l(e);
              } catch {
                /* ignore a malformed event */
              }
            }
          }
        }
      } catch {
        if (signal.aborted) return;
      }
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 10_000);
    }
  }

  return {
    call,
    onEvent(listener) {
      listeners.add(listener);
      if (!abort) {
        abort = new AbortController();
        void stream(abort.signal);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && abort) {
          abort.abort();
          abort = null;
        }
      };
    },
  };
}
