// Layer: shared (pure TS). Loader for the FGA/GCA per-turn layout, the one the
// FGA and GCA papers' official scripts read (docs/reference/formats.md):
//   { "<dialogue id>": { "<turn index>": { "gt": {domain: {slot: value}},
//                                          "pr": {domain: {slot: value}} } } }
// Values are kept verbatim: an explicit "none" stays "none" (GCA needs it).
// Detection is in sniffers.ts; the reading is FgaScan (fga-scan.ts), which streams over
// the bytes without building an object tree, skips bytes that repeat a state
// or domain object already read (docs/performance.md), and can read one part
// of a file, for the two-thread load of large files. States follow the reading
// rule of state-policy.ts: names are checked (and made canonical) the first
// time a (domain, slot) key pair is met, a domain written twice is refused,
// and a state the corpus builder refuses (a slot named twice) is read again by
// the one state reader (state-reader.ts), which reports it with its
// line:column and JSON path (fga-explain.ts). So the rule costs the fast path
// nothing per pair.

import { CorpusBuilder } from '../model/builder';
import { FgaScan, OUT_OF_ORDER, type FgaPart } from './fga-scan';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';
import { plural } from '../plural';
import { fgaSniffer } from './sniffers';

export type { FgaPart };

export const fgaLoader: FormatLoader = { ...fgaSniffer, load: loadFga };

export function loadFga(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  const b = fgaBuilder(bytes.length);
  const { warnings } = scanFga(bytes, opts, b);
  const corpus = b.build();
  opts.onProgress?.(1);
  return { corpus, format: fgaLoader.id, warnings: summariseFgaWarnings(warnings) };
}

/**
 * scanFga notes each dialogue whose turn keys are out of order; this turns the
 * notes into one line (whether one thread or two read the file).
 */
export function summariseFgaWarnings(warnings: string[]): string[] {
  const ids = warnings.filter((w) => w.startsWith(OUT_OF_ORDER)).map((w) => w.slice(OUT_OF_ORDER.length));
  if (ids.length === 0) return warnings;
  const rest = warnings.filter((w) => !w.startsWith(OUT_OF_ORDER));
  const eg = ids.slice(0, 3).join(', ') + (ids.length > 3 ? ', …' : '');
  return [...rest, `turns of ${plural(ids.length, 'dialogue')} were out of order in the file (${eg}); they are sorted by turn index`];
}

/** A builder sized for `bytes` of FGA/GCA JSON. */
export function fgaBuilder(bytes: number): CorpusBuilder {
  // Guesses (real files run 150-450 bytes a turn, 15-25 a pair); wrong guesses only cost a regrowth.
  return new CorpusBuilder({ turns: bytes / 100, pairs: bytes / 12 });
}

/**
 * Reads dialogues of the file (all of them, or one part) into `b` (not built).
 * Throws LoadError on bad input. `reachedSplit`: a head part stopped at its split.
 */
export function scanFga(
  bytes: Uint8Array,
  opts: LoadOptions,
  b: CorpusBuilder,
  part?: FgaPart,
): { warnings: string[]; reachedSplit: boolean } {
  const scan = new FgaScan(bytes, opts, b);
  const reachedSplit = scan.run(part);
  return { warnings: scan.warnings, reachedSplit };
}
