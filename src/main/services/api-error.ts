// Layer: main (Node). The error an API call answers with; both transports
// turn it into ApiErrorBody (HTTP status from the code, or a rejected IPC call).

import type { ApiErrorBody } from '../../shared/api';

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorBody['code'],
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const HTTP_STATUS: Record<ApiErrorBody['code'], number> = {
  'bad-args': 400,
  forbidden: 403,
  'not-found': 404,
  'no-corpus': 409,
  stale: 409,
  internal: 500,
  // The server could not store what it was asked to (the disk is full, read-only, or refuses permission).
  storage: 507,
  busy: 503,
  'write-not-allowed': 403,
};
