// Layer: renderer. The Api over Electron IPC: forwards each call to the
// function of the same name on the preload's `window.dstApi` and unwraps its
// reply envelope: the value, or the error's plain shape thrown as the
// AppError it describes (AppError.fromJSON: code, message, place). The
// renderer cannot abort an `ipcRenderer.invoke`: a call whose AbortSignal
// fires rejects at once with the signal's reason and its answer, when it
// comes, is dropped; the main process still computes it (no cancel message).

import type { Api, ApiArgs, ApiCall, ApiResults, CallOptions } from '../../../shared/api';
import { AppError } from '../../../shared/app-error';

/** The preload's object, typed by src/preload/api.d.ts (a global declaration, so no import of the preload folder). */
type DstApiBridge = NonNullable<Window['dstApi']>;

export function createIpcApi(bridge: DstApiBridge): Api {
  return {
    call<C extends ApiCall>(call: C, args: ApiArgs<C>, opts?: CallOptions): Promise<ApiResults[C]> {
      const fn = bridge[call] as unknown as ((a: ApiArgs<C>) => Promise<unknown>) | undefined;
      if (typeof fn !== 'function') return Promise.reject(new AppError('not-found', `unknown call ${call}`));
      const signal = opts?.signal;
      if (signal?.aborted) return Promise.reject(signal.reason);
      const answer = fn(args).then(unwrap<ApiResults[C]>);
      return signal ? dropOnAbort(answer, signal) : answer;
    },
    onEvent: (listener) => bridge.onEvent(listener),
  };
}

/** The value of a reply, or its error thrown as an AppError. */
export function unwrap<T>(r: unknown): T {
  const o = r as { ok?: unknown; value?: unknown } | null;
  if (o && typeof o === 'object' && o.ok === true) return o.value as T;
  throw AppError.fromJSON(o);
}

/** `answer`, unless `signal` aborts first: then the signal's reason, and the answer is dropped when it comes. */
export function dropOnAbort<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
