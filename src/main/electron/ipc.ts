// Layer: main/electron. The IPC transport of src/shared/api.ts: one
// ipcMain.handle channel per call (derived from API_CALL_NAMES). Each handler
// first checks the sender (our window's main frame, showing our page), then
// validates the one argument with validateArgs (in dispatch), and answers
// with an envelope the preload unwraps.

import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { API_CALL_NAMES } from '../../shared/api';
import { channelOf, type IpcReply } from '../../preload/channels';
import { ApiError } from '../services/api-error';
import { dispatch, type ApiHandlers } from '../services/api-handlers';

export type SenderCheck = (event: IpcMainInvokeEvent) => boolean;

export function registerIpc(ipc: IpcMain, handlers: ApiHandlers, trusted: SenderCheck): () => void {
  for (const call of API_CALL_NAMES) {
    ipc.handle(channelOf(call), async (event, ...args: unknown[]): Promise<IpcReply> => {
      if (!trusted(event))
        return { ok: false, code: 'forbidden', error: `${call}: refused: the request did not come from the inspector window` };
      if (args.length !== 1) return { ok: false, code: 'bad-args', error: `${call}: expected one argument object, got ${args.length}` };
      try {
        return { ok: true, value: await dispatch(handlers, call, args[0]) };
      } catch (e) {
        const err =
          e instanceof ApiError ? e : new ApiError('internal', `${call} failed (please report): ${(e as Error)?.message ?? String(e)}`);
        return { ok: false, code: err.code, error: err.message };
      }
    });
  }
  return () => {
    for (const call of API_CALL_NAMES) ipc.removeHandler(channelOf(call));
  };
}

/** Trusts only the main frame of `getWindowContents()` while it shows an app URL. */
export function senderCheck(
  getWindowContents: () => Electron.WebContents | null | undefined,
  isAppUrl: (url: string) => boolean,
): SenderCheck {
  return (event) => {
    const wc = getWindowContents();
    if (!wc || event.sender !== wc) return false;
    const frame = event.senderFrame;
    if (!frame || frame !== wc.mainFrame) return false;
    return isAppUrl(frame.url);
  };
}
