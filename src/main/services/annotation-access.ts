// Layer: main (Node). Where annotations may be written: an allow-list kept in
// the engine's process (never a flag a caller sends with a save). A file is on
// it when the person chose it — named with `serve --annotations FILE`, the
// default file beside a file opened from the command line, or a file the
// person confirmed in the app (Electron: a native dialog; browser mode: the
// page's confirmation, sent as its own API call naming the file). Everything
// else is refused with the code `write-not-allowed` before anything is
// created on disk.

import { resolve } from 'node:path';

export class WriteAccess {
  private readonly files = new Set<string>();

  /** 'confirm': only files on the list are written; 'any': every file (a library user who chose them all, tests). */
  constructor(readonly policy: 'confirm' | 'any' = 'confirm') {}

  /** Puts a file on the list (its absolute path). */
  allow(file: string): void {
    this.files.add(resolve(file));
  }

  allows(file: string): boolean {
    return this.policy === 'any' || this.files.has(resolve(file));
  }

  /** The files on the list (for messages and tests). */
  list(): string[] {
    return [...this.files];
  }
}
