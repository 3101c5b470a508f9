// Layer: shared (pure TS). Choosing a prediction file's layout from a list of
// layout sniffers (sniffers.ts), and what every layout shares after loading:
// canonical slot names, the gold source (--gold), the utterance source
// (--dialogues) and the value options, in that order. The list is detect.ts's
// loaders (every layout's code loaded: the app, the workers) or layouts.ts's
// entries (the command: only the detected layout's code is loaded); both
// choose alike and say the same things about a file that fits none.

import { encodingProblem, headText, isBlank } from './encoding';
import { LoadError } from './errors';
import { attachUtterances, describeJoin, joinGold } from './join';
import { applyValueOptions, type ValueOption } from './normalise';
import type { Reference, ReferenceLoader } from './reference';
import type { LayoutSniffer } from './sniffers';
import type { LoadedCorpus, LoadOptions } from './types';
import { plural } from '../plural';

export { headText };

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

/** Refuses an empty file, and one that is not UTF-8 text (UTF-16/32, NUL bytes), saying which and where. */
export function checkText(bytes: Uint8Array, file: string, what: string): void {
  const encoding = encodingProblem(bytes, what);
  if (encoding) throw new LoadError(file, encoding);
  if (isBlank(bytes)) throw new LoadError(file, 'the file is empty', undefined, undefined, { reason: 'empty' });
}

/** The layout named `id` (--layout), or a LoadError listing the known ones. */
export function findLayout<T extends LayoutSniffer>(layouts: readonly T[], id: string, file: string): T {
  const l = layouts.find((x) => x.id === id);
  if (!l)
    throw new LoadError(
      file,
      `unknown layout ${JSON.stringify(id)}; known layouts: ${layouts.map((x) => x.id).join(', ')}`,
      undefined,
      undefined,
      {
        reason: 'unknown-layout',
      },
    );
  return l;
}

const UNKNOWN_LAYOUT = { reason: 'unknown-layout' } as const;

/** What detection found: the layout whose sniffer says yes, or the file's start and the layouts it came near. */
export type Sniffed<T> = { layout: T } | { head: string; near: string[] };

/** Asks each layout's sniffer in turn (the list's order) about the file's start. */
export function sniffLayouts<T extends LayoutSniffer>(bytes: Uint8Array, file: string, layouts: readonly T[]): Sniffed<T> {
  checkText(bytes, file, 'a JSON prediction file');
  const head = headText(bytes);
  if (/^\uFEFF?\s*(\{\s*\}|\[\s*\])\s*$/.test(head))
    throw new LoadError(file, 'the file holds no dialogues (an empty JSON object or list)');
  const near: string[] = [];
  for (const l of layouts) {
    const r = l.sniff(head);
    if (r === 'yes') return { layout: l };
    if (r !== 'no') near.push(`this looks like ${l.label} but ${r.near}`);
  }
  return { head, near };
}

/**
 * Why no layout fits: a dialogue file given as predictions (`reference`: the
 * source layout its start fits, dialogue-sources.ts), a layout it came near,
 * no JSON at all, or none of them.
 */
export function noLayout(
  file: string,
  head: string,
  near: string[],
  reference: ReferenceLoader | null,
  layouts: readonly LayoutSniffer[],
): LoadError {
  const names = layouts.map((l) => l.id).join(', ');
  if (reference)
    return new LoadError(
      file,
      `this is a dialogue file (${reference.label}), not predictions: give it as gold or dialogues next to a prediction file (--gold / --dialogues on the command line; the Gold and Dialogues fields of the Open dialog)`,
      undefined,
      undefined,
      { reason: 'not-predictions' },
    );
  if (near.length > 0) return new LoadError(file, `unknown layout: ${near.join('; ')}`, undefined, undefined, UNKNOWN_LAYOUT);
  if (!/^\uFEFF?\s*[[{]/.test(head))
    return new LoadError(
      file,
      `unknown layout: the file does not start with '{' or '[' (expected JSON or JSON Lines; line-aligned generations such as generated_predictions.txt need their index: --index FILE); choose the layout yourself (--layout NAME on the command line, Layout in the Open dialog): ${names}`,
      undefined,
      undefined,
      UNKNOWN_LAYOUT,
    );
  return new LoadError(
    file,
    `unknown layout: not one of ${layouts.map((l) => l.label).join(', ')} (choose the layout yourself — --layout NAME on the command line, Layout in the Open dialog: ${names})`,
    undefined,
    undefined,
    UNKNOWN_LAYOUT,
  );
}

/** With --index: LDST's results (which carry their index fields) or DST-as-Prompting's bare generations. */
export function indexedLayout<T extends LayoutSniffer>(bytes: Uint8Array, file: string, layouts: readonly T[]): T {
  checkText(bytes, file, 'a text file of generations');
  return findLayout(layouts, findLayout(layouts, 'ldst', file).sniff(headText(bytes)) === 'yes' ? 'ldst' : 'lines', file);
}

/** The options a loader gets: with a gold source, the file's own gold may be skipped. */
export function loaderOptions(opts: CorpusLoadOptions): CorpusLoadOptions {
  return opts.gold && opts.goldReplaced === undefined ? { ...opts, goldReplaced: true } : opts;
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
