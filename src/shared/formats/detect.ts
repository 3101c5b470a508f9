// Layer: shared (pure TS). Picks the loader for a file: by explicit layout
// name, else by asking every registered loader to sniff the file's start.
// loadCorpus then applies what every layout shares: canonical slot names,
// the gold source (--gold), the utterance source (--dialogues) and the value
// options, in that order.

import { canonicaliseSlots } from './canonical';
import { sniffReference } from './dialogue-sources';
import { encodingProblem, headText, isBlank } from './encoding';
import { LoadError } from './errors';
import { attachUtterances, describeJoin, joinGold } from './join';
import { applyValueOptions, type ValueOption } from './normalise';
import type { Reference } from './reference';
import { ldstLoader, linesLoader } from './lines';
import { LOADERS } from './registry';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';
import { plural } from '../plural';

export function layoutNames(): string[] {
  return LOADERS.map((l) => l.id);
}

export function findLoader(id: string, file: string): FormatLoader {
  const l = LOADERS.find((x) => x.id === id);
  if (!l) throw new LoadError(file, `unknown layout ${JSON.stringify(id)}; known layouts: ${layoutNames().join(', ')}`);
  return l;
}

export { headText };

/** Refuses an empty file, and one that is not UTF-8 text (UTF-16/32, NUL bytes), saying which and where. */
export function checkText(bytes: Uint8Array, file: string, what: string): void {
  const encoding = encodingProblem(bytes, what);
  if (encoding) throw new LoadError(file, encoding);
  if (isBlank(bytes)) throw new LoadError(file, 'the file is empty');
}

/** The loader whose layout this is, or a LoadError saying what it looks like. */
export function detectLoader(bytes: Uint8Array, file: string): FormatLoader {
  checkText(bytes, file, 'a JSON prediction file');
  const head = headText(bytes);
  if (/^\uFEFF?\s*(\{\s*\}|\[\s*\])\s*$/.test(head))
    throw new LoadError(file, 'the file holds no dialogues (an empty JSON object or list)');
  const near: string[] = [];
  for (const l of LOADERS) {
    const r = l.sniff(head);
    if (r === 'yes') return l;
    if (r !== 'no') near.push(`this looks like ${l.label} but ${r.near}`);
  }
  const ref = sniffReference(head);
  if (ref)
    throw new LoadError(
      file,
      `this is a dialogue file (${ref.label}), not predictions: give it as gold or dialogues next to a prediction file (--gold / --dialogues on the command line; the Gold and Dialogues fields of the Open dialog)`,
    );
  if (near.length > 0) throw new LoadError(file, `unknown layout: ${near.join('; ')}`);
  if (!/^\uFEFF?\s*[[{]/.test(head))
    throw new LoadError(
      file,
      `unknown layout: the file does not start with '{' or '[' (expected JSON or JSON Lines; line-aligned generations such as generated_predictions.txt need their index: --index FILE); choose the layout yourself (--layout NAME on the command line, Layout in the Open dialog): ${layoutNames().join(', ')}`,
    );
  throw new LoadError(
    file,
    `unknown layout: not one of ${LOADERS.map((l) => l.label).join(', ')} (choose the layout yourself — --layout NAME on the command line, Layout in the Open dialog: ${layoutNames().join(', ')})`,
  );
}

/** With --index: LDST's results (which carry their index fields) or DST-as-Prompting's bare generations. */
function indexedLoader(bytes: Uint8Array, file: string): FormatLoader {
  checkText(bytes, file, 'a text file of generations');
  return ldstLoader.sniff(headText(bytes)) === 'yes' ? ldstLoader : linesLoader;
}

export interface CorpusLoadOptions extends LoadOptions {
  /** Loader id, skipping detection. */
  layout?: string;
  /** Value normalisation options (default: none, values verbatim). */
  values?: readonly ValueOption[];
  /** Gold source: replaces the gold states (required by layouts without gold). */
  gold?: Reference;
  /** Utterance source. */
  dialogues?: Reference;
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
      ? indexedLoader(bytes, opts.file)
      : detectLoader(bytes, opts.file);
  const loaded = loader.load(bytes, opts.gold && opts.goldReplaced === undefined ? { ...opts, goldReplaced: true } : opts);
  return { ...loaded, corpus: canonicaliseSlots(loaded.corpus, opts.file) };
}

/**
 * What every layout shares after loading: the gold source, the utterance
 * source and the value options. Without a gold source, a layout without gold
 * is an error unless `allowMissingGold` (inspect), which leaves its gold empty.
 */
export function finishCorpus(raw: LoadedCorpus, opts: CorpusLoadOptions & { allowMissingGold?: boolean }): LoadedCorpus {
  let loaded = raw;
  if (opts.gold) loaded = joinGold(loaded, opts.gold);
  else if (loaded.needsGold) {
    const advice =
      'give the reference dialogues as gold (--gold FILE on the command line, the Gold field of the Open dialog): MultiWOZ 2.1 data.json, MultiWOZ 2.2 / SGD dialogues or a folder of them';
    if (!opts.allowMissingGold) throw new LoadError(opts.file, `${loaded.needsGold}: ${advice}`);
    loaded = { ...loaded, warnings: [...loaded.warnings, `${loaded.needsGold}; the gold states are empty here; to score, ${advice}`] };
  }
  if (opts.dialogues) {
    const { corpus, summary } = attachUtterances(loaded.corpus, opts.dialogues);
    if (summary.matched === 0) throw new LoadError(summary.source, noMatch(loaded.corpus.dialogueIds));
    loaded = { ...loaded, corpus, warnings: [...loaded.warnings, describeJoin(summary)], joins: [...(loaded.joins ?? []), summary] };
  }
  const schema = opts.gold?.schemaSlots ?? opts.dialogues?.schemaSlots;
  if (schema && schema.length > 0) loaded = { ...loaded, slotCount: schema.length };
  if (opts.values && opts.values.length > 0)
    loaded = { ...loaded, corpus: applyValueOptions(loaded.corpus, opts.values), valueOptions: [...opts.values] };
  return loaded;
}

/** The message when no dialogue of the predictions is in a source. */
export function noMatch(ids: string[]): string {
  return `none of the ${plural(ids.length, 'prediction dialogue')} (e.g. ${JSON.stringify(ids[0])}) appears in this dialogue source (ids are matched case-insensitively, with or without ".json")`;
}
