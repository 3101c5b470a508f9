// Layer: shared (pure TS). Gold and utterance sources: detection among the
// dataset layouts (MultiWOZ 2.1 data.json, TRADE test_dials.json, MultiWOZ 2.2
// / SGD dialogues, SGD schema.json) and loading one file into a Reference; a
// prediction file of any layout that carries gold states gives its gold
// (prediction-gold.ts).
// Folders of dialogue files are read by the Node side and merged with
// mergeReferences.

import { encodingProblem, headText, isBlank } from './encoding';
import { LoadError } from './errors';
import { multiwoz21Source } from './multiwoz21';
import { predictionGold } from './prediction-gold';
import type { Reference, ReferenceLoader, ReferenceLoadOptions } from './reference';
import { sgdSchemaSource, sgdSource } from './sgd-source';
import { stateListGoldSource } from './state-list-gold';
import { tradeDialsSource } from './trade-dials';
import { LOADERS } from './registry';

export const REFERENCE_LOADERS: readonly ReferenceLoader[] = [
  multiwoz21Source,
  tradeDialsSource,
  sgdSource,
  sgdSchemaSource,
  stateListGoldSource,
];

/** The source layout of a file, or null. */
export function sniffReference(text: string): ReferenceLoader | null {
  for (const l of REFERENCE_LOADERS) if (l.sniff(text) === 'yes') return l;
  return null;
}

/** Loads a gold / utterance source file (layout detected, or named by `layout`). */
export function loadReference(bytes: Uint8Array, opts: ReferenceLoadOptions & { layout?: string }): Reference {
  const encoding = encodingProblem(bytes, 'a JSON dialogue file');
  if (encoding) throw new LoadError(opts.file, encoding);
  if (isBlank(bytes)) throw new LoadError(opts.file, 'the file is empty');
  let loader: ReferenceLoader | undefined;
  if (opts.layout) {
    loader = REFERENCE_LOADERS.find((l) => l.id === opts.layout);
    const prediction = loader ? undefined : LOADERS.find((l) => l.id === opts.layout);
    if (prediction) return predictionGold(bytes, opts.file, prediction);
    if (!loader)
      throw new LoadError(
        opts.file,
        `unknown dialogue layout ${JSON.stringify(opts.layout)}; known: ${[...REFERENCE_LOADERS, ...LOADERS].map((l) => l.id).join(', ')}`,
      );
  } else {
    const text = headText(bytes);
    const near: string[] = [];
    for (const l of REFERENCE_LOADERS) {
      const r = l.sniff(text);
      if (r === 'yes') {
        loader = l;
        break;
      }
      if (r !== 'no') near.push(`this looks like ${l.label} but ${r.near}`);
    }
    if (!loader) {
      // A prediction file whose layout carries gold states gives its gold.
      for (const l of LOADERS) if (l.sniff(text) === 'yes') return predictionGold(bytes, opts.file, l);
      const known = REFERENCE_LOADERS.map((l) => l.label).join(', ');
      throw new LoadError(
        opts.file,
        near.length > 0
          ? `unknown dialogue layout: ${near.join('; ')}`
          : `unknown dialogue layout: not one of ${known}, nor a prediction file that carries gold states`,
      );
    }
  }
  const ref = loader.load(bytes, opts);
  // Error path only (a join that fails names a line:column in this file).
  ref.bytesOf ??= (file) => (file === opts.file ? bytes : undefined);
  return ref;
}
