// Layer: main (Node). A run's content hash: how a link tells that the
// prediction file it names has changed since (src/shared/link.ts). Its own
// module so that node:crypto is loaded only by the loads that ask for it
// (the app's load job; load-pipeline.ts `contentHash`), not at the start-up
// of a CLI command, which makes no links.

import { createHash } from 'node:crypto';

/**
 * The first 12 hex digits of the SHA-256 of the prediction file's bytes (several files: of their hashes, in order).
 * 48 bits: a chance change that keeps it is one in 2.8e14.
 */
export function contentHash(parts: readonly { bytes: Uint8Array }[]): string {
  if (parts.length === 1) return createHash('sha256').update(parts[0].bytes).digest('hex').slice(0, 12);
  const h = createHash('sha256');
  for (const p of parts) h.update(createHash('sha256').update(p.bytes).digest('hex'));
  return h.digest('hex').slice(0, 12);
}
