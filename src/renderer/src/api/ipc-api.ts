// Layer: renderer. The Api over Electron IPC: forwards each call to the
// function of the same name on the preload's `window.dstApi`.

import type { Api, ApiArgs, ApiCall, ApiResults } from '../../../shared/api';

/** The preload's object, typed by src/preload/api.d.ts (a global declaration, so no import of the preload folder). */
type DstApiBridge = NonNullable<Window['dstApi']>;

export function createIpcApi(bridge: DstApiBridge): Api {
  return {
    call<C extends ApiCall>(call: C, args: ApiArgs<C>): Promise<ApiResults[C]> {
      const fn = bridge[call] as unknown as ((a: ApiArgs<C>) => Promise<ApiResults[C]>) | undefined;
      if (typeof fn !== 'function') return Promise.reject(new Error(`unknown call ${call}`));
      return fn(args);
    },
    onEvent: (listener) => bridge.onEvent(listener),
  };
}
