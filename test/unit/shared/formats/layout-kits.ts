// Test helper: what the registry-driven layout tests need to know about each
// input layout, keyed by its loader id (src/shared/formats/registry.ts). The
// tests iterate the registry, not this file: registering a layout without a
// kit here fails registry.test.ts, and a kit gives the layout detection,
// sample, round-trip, cross-format and fuzzing tests without another line of
// test code (registry.test.ts, cross-format.test.ts, fuzz.test.ts). How to
// write a kit: docs/dev/adding-a-layout.md.

import * as L from './layouts';
import type { TestDialogue } from './layouts';
import * as W from './layouts-llm';
import { fixture } from './samples';

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
  /**
   * Line-aligned generations: the index written with them from the same
   * dialogues, given as `--index` under `file`.
   */
  index?: { file: string; write(ds: TestDialogue[]): Uint8Array };
}

/** A hand-written sample of the layout in test/fixtures. */
export interface LayoutSample {
  /** Path under test/fixtures. */
  file: string;
  /** The index the sample is loaded with (`--index`; line-aligned generations), a path under test/fixtures. */
  index?: string;
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
  /**
   * The layout is never detected from content, only chosen by `--index` (a
   * text file of generations cannot be told from other text): why. Its
   * samples must be claimed by no loader, refused by detection, and load as
   * the layout when given with their index (and no `--layout`).
   */
  onlyWithIndex?: string;
  /**
   * The samples are plain text, not JSON (LDST's "|||" lines, CSV, bare
   * generations): the fuzz test's "member written twice" check, which needs
   * JSON members, skips them (their other fuzz tests still run).
   */
  text?: true;
}

/** The dialogues without the slots whose value `drop` says cannot be carried. */
const stripValues =
  (drop: (v: string) => boolean) =>
  (ds: TestDialogue[]): TestDialogue[] => {
    const strip = (s: Record<string, string>) => Object.fromEntries(Object.entries(s).filter(([, v]) => !drop(v)));
    return ds.map((d) => ({ id: d.id, turns: d.turns.map((t) => ({ index: t.index, gold: strip(t.gold), pred: strip(t.pred) })) }));
  };
const stripNone = stripValues((v) => v === 'none');

/** The dialogues whose predicted state never loses a slot from one turn to the next (turn updates can only add or change). */
const onlyAdding = (ds: TestDialogue[]): TestDialogue[] =>
  ds.filter((d) => d.turns.every((t, i) => i === 0 || Object.keys(d.turns[i - 1].pred).every((k) => k in t.pred)));

/** LDST and Sun et al.'s CSV carry no gold: the FGA original (a prediction file with gold states is a gold source). */
const FGA_AS_GOLD: GoldWriter = { name: 'an FGA file (gold states of a prediction file)', file: 'gold-fga.json', write: L.writeFgaLayout };
const LLM = 'formats/llm/';
const BSPN = `${LLM}belief-span/`;
const LINES = `${LLM}line-aligned/`;

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
      { name: 'JSON Lines with updates, raw text and confidences', file: 'c.jsonl', write: W.writeJsonlExtended },
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
    samples: [
      { file: 'formats/running_log.json' },
      { file: `${LLM}icdst/running_log.json` },
      { file: `${LLM}icdst/running_log-edge.json` },
    ],
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
  bspn: {
    samples: [
      'ubar-dst-BS.json',
      'ubar-dst-BS-edge.json',
      'fnctod-test1000-dst0shot.json',
      'fnctod-test1000-dst0shot-edge.json',
      'mttod-pred.json',
      'mttod-pred-edge.json',
      'pptod-test_joint_accuracy.json',
      'pptod-test_joint_accuracy-edge.json',
      'pptod-e2e-inference_result.json',
    ].map((f) => ({ file: BSPN + f })),
    writers: [{ name: 'UBAR-DST belief spans (DAMD grammar, ids lower case)', file: 'BS.json', write: W.writeBspn }],
  },
  'convlab-eval': {
    samples: [
      'llm-multiwoz21_dst.json',
      'llm-multiwoz21_dst-no-dialogue-id.json',
      'llm-multiwoz21_dst-edge.json',
      'setsumbt-predictions-test.json',
    ].map((f) => ({ file: `${LLM}convlab3/${f}` })),
    writers: [{ name: 'ConvLab-3 LLM evaluation file (every slot listed, "" inactive)', file: 'dst.json', write: W.writeConvlabEval }],
  },
  ldst: {
    samples: ['test_LLM_result.txt', 'test_LLM_result-edge.txt', 'test_LLM_result-short.txt'].map((f) => ({
      file: `${LINES}ldst-mw24/${f}`,
    })),
    writers: [{ name: 'LDST results (index fields + a Python list literal per line)', file: 'test_LLM_result.txt', write: W.writeLdst }],
    gold: {
      why: 'LDST results hold one generated value per (turn, slot); the gold is in the dataset',
      sample: `${LLM}source-fga.json`,
      writers: [FGA_AS_GOLD],
    },
    text: true,
  },
  csv: {
    // The -edge sample (a cut JSON cell) is an error case, not a sample that loads: detect.llm.test.ts, csv.test.ts.
    samples: [{ file: `${LLM}csv/sun2024-test_turn_few_example.csv` }],
    writers: [{ name: "Sun et al.'s CSV (every field quoted, CRLF, confidences)", file: 'sun.csv', write: W.writeSunCsv }],
    gold: {
      why: "Sun et al.'s CSV rows hold the predicted states and confidences; the gold is in the dataset",
      sample: `${LLM}source-fga.json`,
      writers: [FGA_AS_GOLD],
    },
    text: true,
  },
  lines: {
    samples: [
      ...['generated_predictions.txt', 'generated_predictions-edge.txt'].map((f) => ({
        file: `${LINES}sdp-mw24-alldomains/${f}`,
        index: `${LINES}sdp-mw24-alldomains/mw24_prompt_alldomains_test.json`,
      })),
      ...['generated_predictions.txt', 'generated_predictions-edge.txt'].map((f) => ({
        file: `${LINES}sdp-mw24-by-slot/${f}`,
        index: `${LINES}sdp-mw24-by-slot/mw24_prompt_by_slot_test.json`,
      })),
    ],
    writers: [
      {
        name: 'DST-as-Prompting all domains (turn updates) + index',
        file: 'generated_predictions.txt',
        write: (ds) => W.writeSdpAllDomains(onlyAdding(ds)).generations,
        index: { file: 'mw24_prompt_alldomains_test.json', write: (ds) => W.writeSdpAllDomains(onlyAdding(ds)).index },
        loses: {
          why: 'turn updates accumulate and never delete: a dialogue whose predicted state drops a slot cannot be written (left out)',
          reduce: onlyAdding,
        },
      },
      {
        name: 'DST-as-Prompting by slot + index',
        file: 'generated_predictions.txt',
        write: (ds) => W.writeSdpBySlot(ds).generations,
        index: { file: 'mw24_prompt_by_slot_test.json', write: (ds) => W.writeSdpBySlot(ds).index },
        loses: {
          why: 'a generation (and a gold value) "none", in any case, means inactive: an explicit "none" value reads as inactive',
          reduce: stripValues((v) => v.trim().toLowerCase() === 'none'),
        },
      },
    ],
    onlyWithIndex: 'a text file of generations cannot be told from other text: --index chooses the layout',
    text: true,
  },
};

/** One sample with its layout and the gold partner it is loaded with (if the layout carries no gold). */
export interface SampleCase {
  file: string;
  layout: string;
  gold?: string;
  /** The index it is loaded with (line-aligned generations). */
  index?: string;
  /** Plain text, not JSON (LayoutKit.text). */
  text?: true;
}

/** Every sample of every kit. */
export function sampleCases(): SampleCase[] {
  return Object.entries(LAYOUT_KITS).flatMap(([layout, kit]) =>
    kit.samples.map((s): SampleCase => ({
      file: s.file,
      layout,
      ...(kit.gold ? { gold: kit.gold.sample } : {}),
      ...(s.index ? { index: s.index } : {}),
      ...(kit.text ? { text: true } : {}),
    })),
  );
}

/** The `--index` option for a sample's index (a path under test/fixtures), or undefined. */
export function indexOption(path: string | undefined): { file: string; bytes: Uint8Array } | undefined {
  return path === undefined ? undefined : { file: path, bytes: fixture(path) };
}
