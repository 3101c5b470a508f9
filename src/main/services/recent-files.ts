// Layer: main (Node). The "Open recent" list: the last prediction files
// opened, with everything they were opened with (dialogue and gold files,
// layout, value options), kept in a small JSON file in the app's data folder
// and written atomically.

import { readFileSync } from 'node:fs';
import { writeFileAtomic } from './atomic-write';
import { VALUE_OPTIONS, type ValueOption } from '../../shared/formats/normalise';

export interface RecentEntry {
  path: string;
  dialoguesPath?: string;
  goldPath?: string;
  layout?: string;
  values?: ValueOption[];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export const MAX_RECENT = 10;

export class RecentFiles {
  private entries: RecentEntry[] = [];

  constructor(private readonly file: string) {
    this.entries = RecentFiles.read(file);
  }

  private static read(file: string): RecentEntry[] {
    try {
      const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      if (!Array.isArray(data)) return [];
      return data
        .filter((e): e is RecentEntry => !!e && typeof e === 'object' && typeof (e as RecentEntry).path === 'string')
        .map((e) => ({
          path: e.path,
          dialoguesPath: str(e.dialoguesPath),
          goldPath: str(e.goldPath),
          layout: str(e.layout),
          values: Array.isArray(e.values) ? e.values.filter((v): v is ValueOption => (VALUE_OPTIONS as readonly unknown[]).includes(v)) : undefined,
        }))
        .slice(0, MAX_RECENT);
    } catch {
      return [];
    }
  }

  list(): RecentEntry[] {
    return this.entries.map((e) => ({ ...e }));
  }

  /** Moves (or adds) the entry to the top and saves; a failed save keeps the list in memory. */
  add(entry: RecentEntry): void {
    this.entries = [entry, ...this.entries.filter((e) => e.path !== entry.path)].slice(0, MAX_RECENT);
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
