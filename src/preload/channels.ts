// Layer: preload (also imported by src/main/electron). IPC channel names,
// derived from the API call list: one channel per call, one for events, and
// the reply envelope the handlers answer with.

import type { ApiCall, ApiErrorBody } from '../shared/api';

export const CHANNEL_PREFIX = 'dst-api:';
export const EVENT_CHANNEL = 'dst-event';

export function channelOf(call: ApiCall): string {
  return CHANNEL_PREFIX + call;
}

/** What every IPC handler resolves with; the preload turns errors into thrown Errors. */
export type IpcReply = { ok: true; value: unknown } | { ok: false; error: string; code: ApiErrorBody['code'] };
