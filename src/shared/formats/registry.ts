// Layer: shared (pure TS). The list of known input layouts, in the order
// detection tries them.

import { fgaLoader } from './fga';
import type { FormatLoader } from './types';

export const LOADERS: readonly FormatLoader[] = [fgaLoader];
