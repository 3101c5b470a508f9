// Layer: main (Node). The app's own settings (Electron): a small JSON file in
// the user's data folder, read once at start and rewritten atomically when a
// setting changes. Today one setting: the annotator name records carry in
// `by` (docs/guide/annotate.md, "Several annotators"). A file that cannot be
// read is ignored (the defaults hold); it is never the source of a crash.

import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from './atomic-write';

export interface Settings {
  annotator?: string;
}

export class AppSettings {
  private data: Settings = {};

  constructor(private readonly file: string) {
    try {
      if (!existsSync(file)) return;
      const raw = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
        const a = (raw as Record<string, unknown>).annotator;
        if (typeof a === 'string' && a.trim() !== '' && a.length <= 200) this.data.annotator = a.trim();
      }
    } catch {
      /* an unreadable settings file: defaults */
    }
  }

  get annotator(): string | undefined {
    return this.data.annotator;
  }

  /** Keeps the annotator name (written to disk, fsync'd, before it returns). */
  setAnnotator(name: string): void {
    this.data = { ...this.data, annotator: name };
    writeFileAtomic(this.file, [JSON.stringify(this.data, null, 2) + '\n']);
  }
}
