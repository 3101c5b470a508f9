// Layer: shared (pure TS). The loader seam: every input layout is one
// FormatLoader that turns file bytes into the normalised Corpus. Detection asks
// each loader to sniff the file's start; `--layout NAME` skips detection.

import type { Corpus } from '../model/corpus';
import type { LayoutSniffer } from './sniffers';
import type { SlotVocab } from './slot-vocab';

export interface LoadOptions {
  /** Name shown in messages (usually the path as the user typed it). */
  file: string;
  /** Called with the fraction of the file read, now and then. */
  onProgress?: (fraction: number) => void;
  /** Belief-span layouts: the slot vocabulary (--slot-vocab FILE; default MultiWOZ's). */
  slotVocab?: SlotVocab;
  /** A gold source (--gold) will replace the file's gold: layouts may then skip (and not require) their own gold. */
  goldReplaced?: boolean;
  /** Line-aligned generations: the partner file that says which turn and slot each line belongs to (--index FILE). */
  index?: { file: string; bytes: Uint8Array };
}

export interface LoadedCorpus {
  corpus: Corpus;
  /** Loader id, e.g. "fga". */
  format: string;
  /** Things the user should know that did not stop the load. */
  warnings: string[];
  /**
   * The warnings (also in `warnings`) that change what the scores mean, such
   * as turns without a state counted as empty predictions: `score` prints
   * them on stderr, not only `inspect`.
   */
  scoreNotes?: string[];
  /**
   * Set by layouts that carry no gold (mwzeval; MultiWOZ 2.2/SGD dialogues
   * used as predictions): why a gold source is needed. Their corpus has empty
   * gold states until joinGold fills them.
   */
  needsGold?: string;
  /** Slot count K from a schema (SGD schema.json), when one was read. */
  slotCount?: number;
  /** Value normalisation options applied (signature names), in canonical order. */
  valueOptions?: string[];
  /** How dialogues were matched with a gold or dialogue source, when one was joined. */
  joins?: JoinSummary[];
}

/** How the dialogues of a corpus met those of a gold or utterance source. */
export interface JoinSummary {
  /** "gold" or "dialogues". */
  role: string;
  /** The source's file name(s). */
  source: string;
  /** Dialogues of the predictions found in the source. */
  matched: number;
  /** Prediction dialogue ids the source lacks. */
  missingInSource: string[];
  /** Source dialogue ids the predictions lack. */
  missingInPredictions: string[];
  /** Turns that found nothing in the source (no gold or no text). */
  turnsUnmatched: number;
}

/** A layout: its name, label and sniffer (sniffers.ts, apart so detection loads no loader), and its loader. */
export interface FormatLoader extends LayoutSniffer {
  load(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus;
}
