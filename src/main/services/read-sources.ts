// Layer: main (Node). Reads a gold / utterance source for the load pipeline:
// one dialogue file, or a folder of them (MultiWOZ 2.2 and SGD ship a folder of
// dialogues_*.json plus, for SGD, schema.json). The parsing itself is in
// src/shared/formats.

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadReference } from '../../shared/formats/dialogue-sources';
import { LoadError } from '../../shared/formats/errors';
import { mergeReferences, type Reference } from '../../shared/formats/reference';
import { readInput } from './read-input';

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function stampOf(path: string): string {
  try {
    const st = statSync(path);
    return `${st.size}:${st.mtimeMs}`;
  } catch {
    return 'missing';
  }
}

/**
 * A source keeps no file bytes (it may be cached for the app's lifetime): on
 * the error path, a place in one of its files is located by reading the file
 * again, if it has not changed since.
 */
function readAgainOnError(ref: Reference, stamps: ReadonlyMap<string, string>, maxBytes?: number): Reference {
  ref.bytesOf = (file) => {
    const stamp = stamps.get(file);
    if (stamp === undefined || stamp === 'missing' || stampOf(file) !== stamp) return undefined;
    try {
      const bytes = readInput(file, maxBytes);
      // Unchanged before and after this read: the place found in these bytes is the place in the bytes loaded.
      return stampOf(file) === stamp ? bytes : undefined;
    } catch {
      return undefined;
    }
  };
  return ref;
}

/** Reads a file, noting its stamp (taken before the read, so a change during it counts as a change). */
function readStamped(file: string, stamps: Map<string, string>, maxBytes?: number): Uint8Array {
  const stamp = stampOf(file);
  const bytes = readInput(file, maxBytes);
  stamps.set(file, stamp);
  return bytes;
}

const NO_DIALOGUE_FILES = { reason: 'no-dialogue-files' } as const;

/** Loads a dialogue file or every *.json file of a folder as one source. */
export function readReference(path: string, maxBytes?: number, wanted?: ReadonlySet<string>): Reference {
  const stamps = new Map<string, string>();
  if (!isDirectory(path))
    return readAgainOnError(loadReference(readStamped(path, stamps, maxBytes), { file: path, wanted }), stamps, maxBytes);
  const files = readdirSync(path)
    .filter((f) => f.toLowerCase().endsWith('.json'))
    .sort();
  if (files.length === 0) throw new LoadError(path, 'this folder holds no .json dialogue files', undefined, undefined, NO_DIALOGUE_FILES);
  const refs: Reference[] = [];
  const skipped: string[] = [];
  for (const f of files) {
    const full = join(path, f);
    try {
      refs.push(loadReference(readStamped(full, stamps, maxBytes), { file: full, wanted }));
    } catch (e) {
      // A folder may hold other JSON files; a file that is no dialogue layout is skipped, a broken one is not.
      if (e instanceof LoadError && (e.reason === 'unknown-dialogue-layout' || e.reason === 'empty')) skipped.push(f);
      else throw e;
    }
  }
  if (refs.length === 0)
    throw new LoadError(
      path,
      `no file in this folder is a dialogue file (${skipped.slice(0, 5).join(', ')})`,
      undefined,
      undefined,
      NO_DIALOGUE_FILES,
    );
  const ref = mergeReferences(refs);
  if (skipped.length > 0)
    ref.warnings.push(`${path}: skipped ${skipped.length} file(s) that are not dialogue files: ${skipped.slice(0, 5).join(', ')}`);
  return readAgainOnError(ref, stamps, maxBytes);
}
