// Layer: shared (pure TS). The loader seam: every input layout is one
// FormatLoader that turns file bytes into the normalised Corpus. Detection asks
// each loader to sniff the file's start; `--layout NAME` skips detection.

import type { Corpus } from '../model/corpus';

export interface LoadOptions {
  /** Name shown in messages (usually the path as the user typed it). */
  file: string;
  /** Called with the fraction of the file read, now and then. */
  onProgress?: (fraction: number) => void;
}

export interface LoadedCorpus {
  corpus: Corpus;
  /** Loader id, e.g. "fga". */
  format: string;
  /** Things the user should know that did not stop the load. */
  warnings: string[];
}

export interface FormatLoader {
  /** Short name for `--layout`. */
  readonly id: string;
  /** Human-readable name. */
  readonly label: string;
  /**
   * Looks at the start of the file (decoded text, maybe cut mid-token) and
   * says whether this is its layout: 'yes', 'no', or a reason it looks close
   * but is not ("this looks like X but lacks Y").
   */
  sniff(head: string): 'yes' | 'no' | { near: string };
  load(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus;
}
