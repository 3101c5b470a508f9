// Layer: renderer. The Api over Electron IPC: forwards each call to the
// function of the same name on the preload's `window.dstApi` and unwraps its
// reply envelope: the value, or the error's plain shape thrown as the
// AppError it describes (AppError.fromJSON: code, message, place).

import type { Api, ApiArgs, ApiCall, ApiResults } from '../../../shared/api';
import { AppError } from '../../../shared/app-error';

/** The preload's object, typed by src/preload/api.d.ts (a global declaration, so no import of the preload folder). */
type DstApiBridge = NonNullable<Window['dstApi']>;

export function createIpcApi(bridge: DstApiBridge): Api {
  return {
    call<C extends ApiCall>(call: C, args: ApiArgs<C>): Promise<ApiResults[C]> {
      const fn = bridge[call] as unknown as ((a: ApiArgs<C>) => Promise<unknown>) | undefined;
      if (typeof fn !== 'function') return Promise.reject(new AppError('not-found', `unknown call ${call}`));
      return fn(args).then(unwrap<ApiResults[C]>);
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
