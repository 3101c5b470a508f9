// Layer: main (Node). The "Open recent" list: the last sources opened, each a
// SourceSpec with everything it was opened with (gold and dialogue files,
// layout, value options), kept in a small JSON file in the app's data folder,
// written atomically and validated like any source when read back.

import { readFileSync } from 'node:fs';
import { writeFileAtomic } from './atomic-write';
import { sourceKey, type FileSource } from '../../shared/source';
import { checkSourceSpec } from '../../shared/source-schema';

/** An entry of the list written by earlier versions ({path, dialoguesPath, goldPath, …}), as a source. */
function fromOldEntry(e: Record<string, unknown>): unknown {
  if (typeof e.path !== 'string') return e;
  return { kind: 'files', predictions: [e.path], layout: e.layout, gold: e.goldPath, dialogues: e.dialoguesPath, values: e.values };
}

function entryOf(x: unknown): FileSource | null {
  if (!x || typeof x !== 'object') return null;
  try {
    const s = checkSourceSpec(JSON.parse(JSON.stringify(fromOldEntry(x as Record<string, unknown>))));
    return s.kind === 'files' ? s : null;
  } catch {
    return null;
  }
}

export const MAX_RECENT = 10;

export class RecentFiles {
  private entries: FileSource[] = [];

  constructor(private readonly file: string) {
    this.entries = RecentFiles.read(file);
  }

  private static read(file: string): FileSource[] {
    try {
      const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      if (!Array.isArray(data)) return [];
      return data
        .map(entryOf)
        .filter((e): e is FileSource => e !== null)
        .slice(0, MAX_RECENT);
    } catch {
      return [];
    }
  }

  list(): FileSource[] {
    return this.entries.map((e) => ({ ...e }));
  }

  /** Moves (or adds) the source to the top and saves; a failed save keeps the list in memory. */
  add(entry: FileSource): void {
    const key = sourceKey(entry);
    this.entries = [
      entry,
      ...this.entries.filter((e) => sourceKey(e) !== key && e.predictions.join('\n') !== entry.predictions.join('\n')),
    ].slice(0, MAX_RECENT);
    this.save();
  }

  clear(): void {
    this.entries = [];
    this.save();
  }

  private save(): void {
    try {
      writeFileAtomic(this.file, [JSON.stringify(this.entries, null, 2) + '\n']);
    } catch {
      /* the list is a convenience; never fail an open because of it */
    }
  }
}
