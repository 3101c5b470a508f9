// Layer: shared (pure TS). Picks the loader for a file: by explicit layout
// name, else by asking every registered loader to sniff the file's start
// (detect-layout.ts holds the rules, shared with layouts.ts, the command's
// path, which loads only the detected layout's code). loadCorpus then applies
// what every layout shares: canonical slot names, the gold source (--gold),
// the utterance source (--dialogues) and the value options, in that order.

import { canonicaliseSlots } from './canonical';
import { sniffReference } from './dialogue-sources';
import {
  checkText,
  finishCorpus,
  findLayout,
  headText,
  indexedLayout,
  loaderOptions,
  noLayout,
  noMatch,
  sniffLayouts,
  type CorpusLoadOptions,
} from './detect-layout';
import { LOADERS } from './registry';
import type { FormatLoader, LoadedCorpus } from './types';

export { checkText, finishCorpus, headText, noMatch, type CorpusLoadOptions };

export function layoutNames(): string[] {
  return LOADERS.map((l) => l.id);
}

export function findLoader(id: string, file: string): FormatLoader {
  return findLayout(LOADERS, id, file);
}

/** The loader whose layout this is, or a LoadError saying what it looks like. */
export function detectLoader(bytes: Uint8Array, file: string): FormatLoader {
  const found = sniffLayouts(bytes, file, LOADERS);
  if ('layout' in found) return found.layout;
  throw noLayout(file, found.head, found.near, sniffReference(found.head), LOADERS);
}

export function loadCorpus(bytes: Uint8Array, opts: CorpusLoadOptions): LoadedCorpus {
  return finishCorpus(loadRawCorpus(bytes, opts), opts);
}

/** Detection and loading only: canonical slot names, no sources, no value options. */
export function loadRawCorpus(bytes: Uint8Array, opts: CorpusLoadOptions): LoadedCorpus {
  checkText(bytes, opts.file, 'a JSON prediction file');
  const loader = opts.layout
    ? findLoader(opts.layout, opts.file)
    : opts.index
      ? indexedLayout(bytes, opts.file, LOADERS)
      : detectLoader(bytes, opts.file);
  const loaded = loader.load(bytes, loaderOptions(opts));
  return { ...loaded, corpus: canonicaliseSlots(loaded.corpus, opts.file) };
}
