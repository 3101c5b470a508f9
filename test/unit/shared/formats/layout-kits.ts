// Test helper: what the registry-driven layout tests need to know about each
// input layout, keyed by its loader id (src/shared/formats/registry.ts). The
// tests iterate the registry, not this file: registering a layout without a
// kit here fails registry.test.ts, and a kit gives the layout detection,
// sample, round-trip, cross-format and fuzzing tests without another line of
// test code (registry.test.ts, cross-format.test.ts, fuzz.test.ts). How to
// write a kit: docs/dev/adding-a-layout.md.

import * as L from './layouts';
import type { TestDialogue } from './layouts';

/** A gold source written from the same dialogues, for a layout that carries no gold. */
export interface GoldWriter {
  /** Named in test titles. */
  name: string;
  /** The file name it is loaded under (dialogue sources are recognised by content; the name only labels messages). */
  file: string;
  write(ds: TestDialogue[]): Uint8Array;
}

/** Writes test dialogues in the layout, following the public code that writes it (cite it in layouts.ts). */
export interface LayoutWriter {
  /** Named in test titles: what this variant of the layout shows. */
  name: string;
  /** The file name it is loaded under. */
  file: string;
  write(ds: TestDialogue[]): Uint8Array;
  /**
   * The variant keeps no dialogue ids (ConvLab-3 without `original_id`): the
   * dialogues read back are compared with the written ones by position.
   */
  byPosition?: true;
  /**
   * What the layout cannot carry, so the written dialogues come back without
   * it (TripPy writes an inactive slot as "none", so an explicit "none" value
   * cannot survive): `why` says so, and `reduce` is what the tests compare
   * against, the written dialogues without it.
   */
  loses?: { why: string; reduce(ds: TestDialogue[]): TestDialogue[] };
}

/** A hand-written sample of the layout in test/fixtures. */
export interface LayoutSample {
  /** Path under test/fixtures. */
  file: string;
}

export interface LayoutKit {
  /**
   * Hand-written samples (at least one), each following the public code that
   * writes the layout and showing its quirks (test/fixtures/formats/README.md):
   * each must be detected as this layout and no other, load, come back the
   * same through every writer, and survive fuzzing.
   */
  samples: LayoutSample[];
  /**
   * At least one writer, used for the round trip (sample → dialogues → writer
   * → the same states) and the cross-format test (the FGA fixtures written in
   * this layout score exactly as the originals).
   */
  writers: LayoutWriter[];
  /**
   * Only for a layout that carries no gold (its loader sets `needsGold`; the
   * registry test checks the declaration against the loader): why, the gold
   * partner its samples are loaded with (a path under test/fixtures), and the
   * gold writers its written files are scored with — each writer is tested
   * with each gold writer.
   */
  gold?: { why: string; sample: string; writers: GoldWriter[] };
}

const stripNone = (ds: TestDialogue[]): TestDialogue[] => {
  const strip = (s: Record<string, string>) => Object.fromEntries(Object.entries(s).filter(([, v]) => v !== 'none'));
  return ds.map((d) => ({ id: d.id, turns: d.turns.map((t) => ({ index: t.index, gold: strip(t.gold), pred: strip(t.pred) })) }));
};

/** Every registered layout's kit, by loader id. */
export const LAYOUT_KITS: Record<string, LayoutKit> = {
  fga: {
    samples: [{ file: 'paper/mul1110.json' }],
    writers: [{ name: 'FGA/GCA per-turn JSON', file: 'fga.json', write: L.writeFgaLayout }],
  },
  trade: {
    samples: [{ file: 'formats/all_prediction_TRADE.json' }],
    writers: [{ name: 'TRADE all_prediction (turns shuffled)', file: 'all_prediction.json', write: L.writeTrade }],
  },
  somdst: {
    samples: [{ file: 'formats/preds_29.json' }],
    writers: [{ name: 'SOM-DST preds ([pred, gold], keys shuffled)', file: 'preds.json', write: L.writeSomdst }],
  },
  mwzeval: {
    samples: [{ file: 'formats/mwzeval-predictions.json' }],
    writers: [{ name: 'mwzeval predictions', file: 'mwzeval.json', write: L.writeMwzeval }],
    gold: {
      why: 'mwzeval predictions hold only the predicted states (MultiWOZ_Evaluation reads the gold from its own copy of the data)',
      sample: 'formats/data.json',
      writers: [
        { name: 'MultiWOZ 2.1 data.json', file: 'data.json', write: (ds) => L.writeMultiwoz21(ds) },
        { name: 'TRADE test_dials.json', file: 'test_dials.json', write: L.writeTradeDials },
      ],
    },
  },
  jsonl: {
    samples: [{ file: 'formats/turns.jsonl' }],
    writers: [
      { name: 'JSON Lines, flat states', file: 'a.jsonl', write: (ds) => L.writeJsonlLayout(ds, false) },
      { name: 'JSON Lines, nested states', file: 'b.jsonl', write: (ds) => L.writeJsonlLayout(ds, true) },
    ],
  },
  trippy: {
    samples: [{ file: 'formats/pred_res.test.final.json' }],
    writers: [
      {
        name: 'TripPy pred_res',
        file: 'pred_res.test.json',
        write: L.writeTrippy,
        loses: { why: 'TripPy writes an inactive slot as "none": an explicit "none" value reads as inactive', reduce: stripNone },
      },
    ],
  },
  convlab: {
    samples: [{ file: 'formats/convlab-predictions.json' }],
    writers: [
      { name: 'ConvLab-3 predictions with original_id', file: 'predictions.json', write: (ds) => L.writeConvlab(ds, true) },
      {
        name: 'ConvLab-3 predictions without ids (dialogues split where utt_idx restarts)',
        file: 'predictions.json',
        write: (ds) => L.writeConvlab(ds, false),
        byPosition: true,
      },
    ],
  },
  icdst: {
    samples: [{ file: 'formats/running_log.json' }],
    writers: [{ name: 'IC-DST running_log', file: 'running_log.json', write: L.writeIcdst }],
  },
  sgd: {
    samples: [{ file: 'formats/sgd-pred/dialogues_001.json' }],
    writers: [
      { name: 'MultiWOZ 2.2 dialogues as predictions', file: 'pred/dialogues_001.json', write: (ds) => L.writeMultiwoz22(ds, 'pred') },
    ],
    gold: {
      why: 'MultiWOZ 2.2 / SGD dialogues used as predictions hold one state per turn, the predicted one',
      sample: 'formats/sgd/dialogues_001.json',
      writers: [{ name: 'MultiWOZ 2.2 dialogues', file: 'dialogues_001.json', write: (ds) => L.writeMultiwoz22(ds, 'gold') }],
    },
  },
};

/** One sample with its layout and the gold partner it is loaded with (if the layout carries no gold). */
export interface SampleCase {
  file: string;
  layout: string;
  gold?: string;
}

/** Every sample of every kit. */
export function sampleCases(): SampleCase[] {
  return Object.entries(LAYOUT_KITS).flatMap(([layout, kit]) =>
    kit.samples.map((s): SampleCase => ({ file: s.file, layout, ...(kit.gold ? { gold: kit.gold.sample } : {}) })),
  );
}
