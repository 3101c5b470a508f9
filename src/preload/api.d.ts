// Layer: preload (type declarations, shared with the renderer through
// tsconfig.web.json). The objects the Electron preload exposes on `window`:
// `dstApi` has one function per call of src/shared/api.ts (resolving with
// the reply envelope) plus an event
// subscription; `dstFiles` turns a dropped File into its local path.

import type { ApiArgs, ApiCall, ApiEvent, ApiResults } from '../shared/api';
import type { IpcReply } from './channels';

/** Each call resolves with the reply envelope (its value, or the error's plain shape); the renderer's IPC transport unwraps it. */
export type DstApiBridge = { readonly [C in ApiCall]: (args: ApiArgs<C>) => Promise<IpcReply<ApiResults[C]>> } & {
  readonly onEvent: (listener: (e: ApiEvent) => void) => () => void;
};

export interface DstFilesBridge {
  readonly pathForFile: (file: File) => string;
}

declare global {
  interface Window {
    dstApi?: DstApiBridge;
    dstFiles?: DstFilesBridge;
  }
}
