// Layer: shared (pure TS). The list of known input layouts, in the order
// detection tries them.

import { bspnLoader } from './bspn';
import { convlabEvalLoader, convlabLoader } from './convlab';
import { csvLoader } from './csv';
import { fgaLoader } from './fga';
import { icdstLoader } from './icdst';
import { jsonlLoader } from './jsonl';
import { ldstLoader, linesLoader } from './lines';
import { mwzevalLoader } from './mwzeval';
import { sgdLoader } from './sgd';
import { somdstLoader } from './somdst';
import { tradeLoader } from './trade';
import { trippyLoader } from './trippy';
import type { FormatLoader } from './types';

export const LOADERS: readonly FormatLoader[] = [
  fgaLoader,
  tradeLoader,
  somdstLoader,
  bspnLoader,
  mwzevalLoader,
  jsonlLoader,
  trippyLoader,
  convlabLoader,
  convlabEvalLoader,
  icdstLoader,
  sgdLoader,
  ldstLoader,
  csvLoader,
  linesLoader,
];
