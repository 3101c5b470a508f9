// Layer: preload (also imported by src/main/electron). IPC channel names,
// derived from the API call list: one channel per call, one for events, and
// the reply envelope the handlers answer with.

import type { ApiCall, ApiErrorBody } from '../shared/api';

export const CHANNEL_PREFIX = 'dst-api:';
export const EVENT_CHANNEL = 'dst-event';

export function channelOf(call: ApiCall): string {
  return CHANNEL_PREFIX + call;
}

/**
 * What every IPC handler resolves with, and what the preload's functions pass on as they are (an Error crossing the
 * context bridge keeps only its message): the value, or the error's plain shape, which the renderer's IPC transport
 * turns back into an AppError (AppError.fromJSON) with its code and place.
 */
export type IpcReply<T = unknown> = { ok: true; value: T } | ({ ok: false } & ApiErrorBody);
