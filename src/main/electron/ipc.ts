// Layer: main/electron. The IPC transport of src/shared/api.ts: one
// ipcMain.handle channel per call (derived from API_CALL_NAMES). Each handler
// first checks the sender (our window's main frame, showing our page), then
// validates the one argument with validateArgs (in dispatch), and answers
// with an envelope the renderer unwraps: the value, or the error's plain
// shape (errorBody: code, message, place), the same as the HTTP body.

import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { API_CALL_NAMES } from '../../shared/api';
import { channelOf, type IpcReply } from '../../preload/channels';
import { AppError, callFailure, errorBody } from '../../shared/app-error';
import { dispatch, type ApiHandlers } from '../services/api-handlers';

const failed = (e: AppError): IpcReply => ({ ok: false, ...errorBody(e) });

export type SenderCheck = (event: IpcMainInvokeEvent) => boolean;

export function registerIpc(ipc: IpcMain, handlers: ApiHandlers, trusted: SenderCheck): () => void {
  for (const call of API_CALL_NAMES) {
    ipc.handle(channelOf(call), async (event, ...args: unknown[]): Promise<IpcReply> => {
      if (!trusted(event)) return failed(new AppError('forbidden', `${call}: refused: the request did not come from the inspector window`));
      if (args.length !== 1) return failed(new AppError('bad-args', `${call}: expected one argument object, got ${args.length}`));
      try {
        return { ok: true, value: await dispatch(handlers, call, args[0]) };
      } catch (e) {
        return failed(callFailure(call, e));
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
