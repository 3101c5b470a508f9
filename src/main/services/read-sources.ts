// Layer: main (Node). Reads gold / utterance sources for the loaders: one
// dialogue file, or a folder of them (MultiWOZ 2.2 and SGD ship a folder of
// dialogues_*.json plus, for SGD, schema.json), and loads a prediction file
// together with its sources and value options. The CLI and the app's backend
// share this; the parsing itself is in src/shared/formats.

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { finishCorpus, loadRawCorpus, type CorpusLoadOptions } from '../../shared/formats/detect';
import { mergeLoaded } from '../../shared/formats/merge';
import { loadReference } from '../../shared/formats/dialogue-sources';
import { LoadError } from '../../shared/formats/errors';
import type { ValueOption } from '../../shared/formats/normalise';
import { mergeReferences, type Reference } from '../../shared/formats/reference';
import type { LoadedCorpus } from '../../shared/formats/types';
import { readInput } from './read-input';

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Loads a dialogue file or every *.json file of a folder as one source. */
export function readReference(path: string, maxBytes?: number, wanted?: ReadonlySet<string>): Reference {
  if (!isDirectory(path)) return loadReference(readInput(path, maxBytes), { file: path, wanted });
  const files = readdirSync(path)
    .filter((f) => f.toLowerCase().endsWith('.json'))
    .sort();
  if (files.length === 0) throw new LoadError(path, 'this folder holds no .json dialogue files');
  const refs: Reference[] = [];
  const skipped: string[] = [];
  for (const f of files) {
    const full = join(path, f);
    try {
      refs.push(loadReference(readInput(full, maxBytes), { file: full, wanted }));
    } catch (e) {
      // A folder may hold other JSON files; a file that is no dialogue layout is skipped, a broken one is not.
      if (e instanceof LoadError && /unknown dialogue layout|the file is empty/.test(e.problem)) skipped.push(f);
      else throw e;
    }
  }
  if (refs.length === 0) throw new LoadError(path, `no file in this folder is a dialogue file (${skipped.slice(0, 5).join(', ')})`);
  const ref = mergeReferences(refs);
  if (skipped.length > 0) ref.warnings.push(`${path}: skipped ${skipped.length} file(s) that are not dialogue files: ${skipped.slice(0, 5).join(', ')}`);
  return ref;
}

export interface PredictionSources {
  layout?: string;
  /** Gold source path (file or folder). */
  gold?: string;
  /** Utterance source path (file or folder). */
  dialogues?: string;
  /** SGD schema.json (gives K). */
  schema?: string;
  values?: readonly ValueOption[];
  maxBytes?: number;
  onProgress?: (fraction: number) => void;
}

/** Reads the sources once (they can serve several prediction files). */
export function readSources(s: PredictionSources): Pick<CorpusLoadOptions, 'gold' | 'dialogues'> & { schemaSlots?: string[] } {
  const gold = s.gold ? readReference(s.gold, s.maxBytes) : undefined;
  const dialogues = s.dialogues ? (s.dialogues === s.gold ? gold : readReference(s.dialogues, s.maxBytes)) : undefined;
  const schema = s.schema ? readReference(s.schema, s.maxBytes) : undefined;
  if (schema && !schema.schemaSlots) throw new LoadError(s.schema as string, 'expected an SGD schema.json (a list of services with "slots")');
  const schemaSlots = schema?.schemaSlots ?? gold?.schemaSlots ?? dialogues?.schemaSlots;
  return { gold, dialogues, schemaSlots };
}

/**
 * Loads one prediction file (or a folder of prediction files of one layout,
 * e.g. the SGD baseline's output) with its sources and value options.
 */
export function loadPredictions(file: string, s: PredictionSources & { allowMissingGold?: boolean }, sources = readSources(s)): LoadedCorpus {
  const opts = { file, layout: s.layout, values: s.values, gold: sources.gold, dialogues: sources.dialogues, onProgress: s.onProgress, allowMissingGold: s.allowMissingGold };
  const raw = isDirectory(file) ? loadFolder(file, s) : loadRawCorpus(readInput(file, s.maxBytes), opts);
  const loaded = finishCorpus(raw, opts);
  return sources.schemaSlots ? { ...loaded, slotCount: sources.schemaSlots.length } : loaded;
}

function loadFolder(path: string, s: PredictionSources): LoadedCorpus {
  const files = readdirSync(path)
    .filter((f) => /\.(json|jsonl)$/i.test(f))
    .sort();
  const parts: { file: string; loaded: LoadedCorpus }[] = [];
  const skipped: string[] = [];
  for (const f of files) {
    const full = join(path, f);
    try {
      parts.push({ file: full, loaded: loadRawCorpus(readInput(full, s.maxBytes), { file: full, layout: s.layout }) });
    } catch (e) {
      if (e instanceof LoadError && /^(unknown layout|this is a dialogue file|the file is empty)/.test(e.problem)) skipped.push(f);
      else throw e;
    }
  }
  if (parts.length === 0) throw new LoadError(path, files.length === 0 ? 'is a directory, not a file, and holds no .json or .jsonl prediction files' : `is a directory, not a file, and none of its files is a prediction file (${skipped.slice(0, 5).join(', ')})`);
  const merged = mergeLoaded(parts);
  if (skipped.length > 0) merged.warnings.push(`${path}: skipped ${skipped.length} file(s) that are not prediction files: ${skipped.slice(0, 5).join(', ')}`);
  return merged;
}
