// Layer: shared (pure TS). The input layouts as the command loads them: each
// layout's sniffer (sniffers.ts) with a dynamic import of its loader, in
// registry.ts's order, so detection runs every sniffer and then loads only
// the detected layout's code (a short `score` compiles one layout, not
// fourteen: docs/performance.md, "Start-up of the command"). It chooses and
// loads exactly as detect.ts's loadRawCorpus does (detect-layout.ts holds the
// rules both follow; layouts.test.ts holds the two lists to each other).

import { canonicaliseSlots } from './canonical';
import { checkText, findLayout, indexedLayout, loaderOptions, noLayout, sniffLayouts, type CorpusLoadOptions } from './detect-layout';
import {
  bspnSniffer,
  convlabEvalSniffer,
  convlabSniffer,
  csvSniffer,
  fgaSniffer,
  icdstSniffer,
  jsonlSniffer,
  ldstSniffer,
  linesSniffer,
  mwzevalSniffer,
  sgdSniffer,
  somdstSniffer,
  tradeSniffer,
  trippySniffer,
  type LayoutSniffer,
} from './sniffers';
import type { FormatLoader, LoadedCorpus } from './types';

/** A layout whose loader is loaded when it is needed. */
export interface LazyLayout extends LayoutSniffer {
  loader(): Promise<FormatLoader>;
}

/** Every prediction layout, in the order detection tries them (registry.ts's LOADERS). */
export const LAYOUTS: readonly LazyLayout[] = [
  { ...fgaSniffer, loader: () => import('./fga').then((m) => m.fgaLoader) },
  { ...tradeSniffer, loader: () => import('./trade').then((m) => m.tradeLoader) },
  { ...somdstSniffer, loader: () => import('./somdst').then((m) => m.somdstLoader) },
  { ...bspnSniffer, loader: () => import('./bspn').then((m) => m.bspnLoader) },
  { ...mwzevalSniffer, loader: () => import('./mwzeval').then((m) => m.mwzevalLoader) },
  { ...jsonlSniffer, loader: () => import('./jsonl').then((m) => m.jsonlLoader) },
  { ...trippySniffer, loader: () => import('./trippy').then((m) => m.trippyLoader) },
  { ...convlabSniffer, loader: () => import('./convlab').then((m) => m.convlabLoader) },
  { ...convlabEvalSniffer, loader: () => import('./convlab').then((m) => m.convlabEvalLoader) },
  { ...icdstSniffer, loader: () => import('./icdst').then((m) => m.icdstLoader) },
  { ...sgdSniffer, loader: () => import('./sgd').then((m) => m.sgdLoader) },
  { ...ldstSniffer, loader: () => import('./lines').then((m) => m.ldstLoader) },
  { ...csvSniffer, loader: () => import('./csv').then((m) => m.csvLoader) },
  { ...linesSniffer, loader: () => import('./lines').then((m) => m.linesLoader) },
];

/** The layouts' names, for `--layout`'s help and messages. */
export function layoutNames(): string[] {
  return LAYOUTS.map((l) => l.id);
}

/** The layout of a file (named, implied by --index, or detected): as detect.ts chooses. */
async function chooseLayout(bytes: Uint8Array, opts: CorpusLoadOptions): Promise<LazyLayout> {
  if (opts.layout) return findLayout(LAYOUTS, opts.layout, opts.file);
  if (opts.index) return indexedLayout(bytes, opts.file, LAYOUTS);
  const found = sniffLayouts(bytes, opts.file, LAYOUTS);
  if ('layout' in found) return found.layout;
  // Error path only: the dialogue sources' sniffers (is this a gold file given as predictions?).
  const { sniffReference } = await import('./dialogue-sources');
  throw noLayout(opts.file, found.head, found.near, sniffReference(found.head), LAYOUTS);
}

/** detect.ts's loadRawCorpus, loading only the chosen layout's code: detection and loading, canonical slot names. */
export async function loadRawCorpusLazy(bytes: Uint8Array, opts: CorpusLoadOptions): Promise<LoadedCorpus> {
  checkText(bytes, opts.file, 'a JSON prediction file');
  const loader = await (await chooseLayout(bytes, opts)).loader();
  const loaded = loader.load(bytes, loaderOptions(opts));
  return { ...loaded, corpus: canonicaliseSlots(loaded.corpus, opts.file) };
}
