// Layer: renderer. The Api over Electron IPC: forwards each call to the
// function of the same name on the preload's `window.dstApi`. The renderer
// cannot abort an `ipcRenderer.invoke`: a call whose AbortSignal fires rejects
// at once with the signal's reason and its answer, when it comes, is dropped;
// the main process still computes it (no cancel message is sent).

import type { Api, ApiArgs, ApiCall, ApiResults, CallOptions } from '../../../shared/api';

/** The preload's object, typed by src/preload/api.d.ts (a global declaration, so no import of the preload folder). */
type DstApiBridge = NonNullable<Window['dstApi']>;

export function createIpcApi(bridge: DstApiBridge): Api {
  return {
    call<C extends ApiCall>(call: C, args: ApiArgs<C>, opts?: CallOptions): Promise<ApiResults[C]> {
      const fn = bridge[call] as unknown as ((a: ApiArgs<C>) => Promise<ApiResults[C]>) | undefined;
      if (typeof fn !== 'function') return Promise.reject(new Error(`unknown call ${call}`));
      const signal = opts?.signal;
      if (!signal) return fn(args);
      if (signal.aborted) return Promise.reject(signal.reason);
      return dropOnAbort(fn(args), signal);
    },
    onEvent: (listener) => bridge.onEvent(listener),
  };
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
