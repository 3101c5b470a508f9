// Layer: main (Node). Writes a file atomically: a temporary file in the same
// folder, flushed, then renamed over the target, so a crash never leaves a
// half-written file (annotations, exports, --out).

import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export function writeFileAtomic(path: string, chunks: Iterable<string>): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  const fd = openSync(tmp, 'w');
  try {
    for (const c of chunks) writeSync(fd, c);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {
      /* already gone */
    }
    throw e;
  }
  closeSync(fd);
  renameSync(tmp, path);
}
