// Layer: shared (pure TS). Every prediction layout's name, label and sniffer
// (the test of a file's start that detection runs), apart from its loader: a
// layout's module spreads its sniffer into its FormatLoader, and detection
// (detect.ts, and layouts.ts for the command, which then loads only the
// detected layout's code) runs the sniffers without loading any loader.

import { nearMiss } from './field-policy';

/** A layout as detection sees it: FormatLoader (types.ts) without `load`. */
export interface LayoutSniffer {
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
}

// ---------------------------------------------------------------- FGA/GCA per-turn JSON (fga.ts)

/** A turn key: a non-negative integer (fga-scan.ts reads turn keys by the same rule). */
export const TURN_KEY = /^[0-9]+$/;

/** `"<key>": {"<key>":` anywhere in the head (keys may contain escapes). */
const KEY_THEN_OBJECT_KEY = /"((?:[^"\\]|\\.)*)"\s*:\s*\{\s*(?="((?:[^"\\]|\\.)*)"\s*:)/g;

/** `"<key>": {` then scalar members (strings, numbers, literals) then `"gt"` or `"pr"` as a key. */
const TURN_SCALARS_THEN_STATE =
  /"((?:[^"\\]|\\.)*)"\s*:\s*\{(?:\s*"(?:[^"\\]|\\.)*"\s*:\s*(?:"(?:[^"\\]|\\.)*"|-?[0-9][0-9.eE+-]*|true|false|null)\s*,)+\s*"(?:gt|pr)"\s*:/;

function decodeKey(raw: string): string | null {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return null;
  }
}

export const fgaSniffer: LayoutSniffer = {
  id: 'fga',
  label: 'FGA/GCA per-turn JSON',
  sniff(head) {
    if (!/^\uFEFF?\s*\{/.test(head)) return 'no';
    // The first `"<key>": {"gt"|"pr": …` is a turn object; its key must be a turn index.
    for (const m of head.matchAll(KEY_THEN_OBJECT_KEY)) {
      const inner = decodeKey(m[2]);
      if (inner !== 'gt' && inner !== 'pr') continue;
      const key = decodeKey(m[1]);
      if (key !== null && TURN_KEY.test(key)) return 'yes';
      return {
        near: `turn objects have "gt"/"pr", but the turn key ${key === null ? m[1] : JSON.stringify(key)} is not a non-negative integer`,
      };
    }
    // A turn object may carry scalar members (the playground's "system"/"user" texts) before "gt"/"pr".
    const late = TURN_SCALARS_THEN_STATE.exec(head);
    if (late) {
      const key = decodeKey(late[1]);
      if (key !== null && TURN_KEY.test(key)) return 'yes';
    }
    const m = /^\uFEFF?\s*\{\s*"(?:[^"\\]|\\.)*"\s*:\s*\{\s*"([^"]*)"\s*:\s*\{\s*"([^"]*)"/.exec(head);
    if (m && TURN_KEY.test(m[1])) return { near: 'dialogue → turn objects, but the turn lacks "gt"/"pr" keys' };
    return 'no';
  },
};

// ---------------------------------------------------------------- TRADE all_prediction JSON (trade.ts)

const TRADE_HEAD = /^\uFEFF?\s*\{\s*"(?:[^"\\]|\\.)*"\s*:\s*\{\s*"[^"]*"\s*:\s*\{\s*"(turn_belief|pred_bs_ptr)"/;

export const tradeSniffer: LayoutSniffer = {
  id: 'trade',
  label: 'TRADE all_prediction JSON',
  sniff(head) {
    if (!TRADE_HEAD.test(head)) return 'no';
    if (/"pred_bs_ptr"\s*:/.test(head)) return 'yes';
    return { near: 'turns have "turn_belief" but no "pred_bs_ptr" (predictions)' };
  },
};

// ---------------------------------------------------------------- SOM-DST preds JSON (somdst.ts)

const SOMDST_HEAD = /^\uFEFF?\s*\{\s*"((?:[^"\\]|\\.)*)"\s*:\s*\[\s*\[\s*[\]"]/;

export const somdstSniffer: LayoutSniffer = {
  id: 'somdst',
  label: 'SOM-DST preds JSON',
  sniff(head) {
    const m = SOMDST_HEAD.exec(head);
    if (!m) return 'no';
    if (/_[0-9]+$/.test(m[1])) return 'yes';
    return { near: `the key ${JSON.stringify(m[1].slice(0, 60))} is not "<dialogue id>_<turn>"` };
  },
};

// ---------------------------------------------------------------- belief-span results JSON (bspn.ts)

const ID_KEY = /^\uFEFF?\s*\{\s*"(?:[^"\\]|\\.)*"\s*:\s*/;

export const bspnSniffer: LayoutSniffer = {
  id: 'bspn',
  label: 'belief-span results JSON (UBAR, PPTOD, FnCTOD, MTTOD)',
  sniff(head) {
    const m = ID_KEY.exec(head);
    const rest = m ? head.slice(m[0].length) : '';
    const container =
      (m && (/^\[\s*\{/.test(rest) || /^\{\s*"\d+"\s*:\s*\{/.test(rest))) ||
      (/^\uFEFF?\s*\[\s*\{/.test(head) && /"dial_id"\s*:/.test(head) && /"turn_num"\s*:/.test(head));
    if (!container) return 'no';
    if (/"bspn_gen"\s*:/.test(head)) return 'yes';
    if (/"bspn"\s*:\s*"/.test(head)) return { near: 'turns have "bspn" (the gold belief span) but no "bspn_gen" (the generated one)' };
    return 'no';
  },
};

// ---------------------------------------------------------------- mwzeval predictions JSON (mwzeval.ts)

/** The keys of a turn in mwzeval's input (github.com/Tomiinek/MultiWOZ_Evaluation, README "Input format"). */
export const MWZEVAL_KEYS = ['response', 'state', 'active_domains'];

export const mwzevalSniffer: LayoutSniffer = {
  id: 'mwzeval',
  label: 'mwzeval predictions JSON',
  sniff(head) {
    const m = /^\uFEFF?\s*\{\s*"(?:[^"\\]|\\.)*"\s*:\s*\[\s*(\{\s*"([^"]*)"|\])/.exec(head);
    if (!m) return 'no';
    if (/"state"\s*:\s*\{/.test(head)) return 'yes';
    if (m[2] === 'response' || m[2] === 'active_domains') {
      // A misspelt "state" ("stat"): the loader reports it where it is.
      const keys = [...head.matchAll(/"((?:[^"\\]|\\.)*)"\s*:/g)].map((k) => k[1]);
      if (
        nearMiss(
          'state',
          keys.filter((k) => !MWZEVAL_KEYS.includes(k)),
        ) !== undefined
      )
        return 'yes';
      return { near: 'turns have "response" but no "state" (response-only predictions have nothing to score)' };
    }
    return 'no';
  },
};

// ---------------------------------------------------------------- JSON Lines (jsonl.ts)

export const jsonlSniffer: LayoutSniffer = {
  id: 'jsonl',
  label: 'JSON Lines, one turn per line',
  sniff(head) {
    const first = /^\uFEFF?\s*(\{[^\n]*)(\n|$)/.exec(head);
    if (!first || !/"dialogue_id"\s*:/.test(first[1])) return 'no';
    if (/"turn"\s*:/.test(first[1]) && /"gold"\s*:/.test(first[1]) && /"(?:pred|update)"\s*:/.test(first[1])) return 'yes';
    if (/"turn_id"\s*:/.test(first[1]) && (/"domain_slot"\s*:/.test(first[1]) || /"dst"\s*:/.test(first[1])))
      return {
        near: 'the first line has "dialogue_id", "turn_id" and "domain_slot" or "dst", as a DST-as-Prompting index: give the generations (generated_predictions.txt) as the prediction file and this file with --index',
      };
    return { near: 'the first line has "dialogue_id" but lacks "turn", "gold" or "pred"' };
  },
};

// ---------------------------------------------------------------- TripPy pred_res JSON (trippy.ts)

export const trippySniffer: LayoutSniffer = {
  id: 'trippy',
  label: 'TripPy pred_res JSON',
  sniff(head) {
    if (!/^\uFEFF?\s*\[\s*\{/.test(head)) return 'no';
    const hasGuid = /"guid"\s*:/.test(head);
    const hasPred = /"slot_prediction_/.test(head);
    if (hasGuid && hasPred) return 'yes';
    if (hasPred) return { near: 'entries have "slot_prediction_…" but no "guid"' };
    if (hasGuid && /"slot_groundtruth_/.test(head)) return { near: 'entries have "slot_groundtruth_…" but no "slot_prediction_…"' };
    return 'no';
  },
};

// ---------------------------------------------------------------- ConvLab-3 (convlab.ts)

export const convlabSniffer: LayoutSniffer = {
  id: 'convlab',
  label: 'ConvLab-3 DST predictions JSON',
  sniff(head) {
    if (!/^\uFEFF?\s*\[\s*\{/.test(head) || !/"utt_idx"\s*:/.test(head)) return 'no';
    if (/"predictions"\s*:/.test(head)) return 'yes';
    return { near: 'samples have "utt_idx" but no "predictions" (this may be the unified dataset, not model output)' };
  },
};

export const convlabEvalSniffer: LayoutSniffer = {
  id: 'convlab-eval',
  label: 'ConvLab-3 unified evaluation JSON (LLM evaluate_dst.py, SetSUMBT)',
  sniff(head) {
    if (!/^\uFEFF?\s*\[\s*\{/.test(head) || !/"turn_id"\s*:/.test(head) || /"utt_idx"\s*:/.test(head) || /"ID"\s*:/.test(head)) return 'no';
    if (/"predictions"\s*:\s*\{\s*"state"\s*:/.test(head) && /"state"\s*:\s*\{/.test(head)) return 'yes';
    if (/"dialogue_id"\s*:/.test(head) && !/"turns"\s*:/.test(head) && /"state"\s*:/.test(head))
      return {
        near: 'entries have "turn_id" and "state" but no "predictions": {"state": …} (this may be the unified dataset, not model output)',
      };
    return 'no';
  },
};

// ---------------------------------------------------------------- IC-DST running_log JSON (icdst.ts)

export const icdstSniffer: LayoutSniffer = {
  id: 'icdst',
  label: 'IC-DST running_log JSON',
  sniff(head) {
    if (!/^\uFEFF?\s*\[\s*\{/.test(head) || !/"ID"\s*:/.test(head) || !/"turn_id"\s*:/.test(head)) return 'no';
    if (/"pred"\s*:/.test(head) && /"slot_values"\s*:/.test(head)) return 'yes';
    return { near: 'entries have "ID" and "turn_id" but lack "pred" or "slot_values"' };
  },
};

// ---------------------------------------------------------------- MultiWOZ 2.2 / SGD dialogues (sgd.ts, sgd-source.ts)

/** A list of dialogues in MultiWOZ 2.2 / SGD's layout: as predictions (sgd.ts) or as a gold source (sgd-source.ts). */
export function sniffSgdDialogues(head: string): 'yes' | 'no' | { near: string } {
  if (!/^\uFEFF?\s*\[\s*\{/.test(head) || !/"dialogue_id"\s*:/.test(head)) return 'no';
  if (/"turns"\s*:\s*\[/.test(head)) return 'yes';
  return { near: 'entries have "dialogue_id" but no "turns" list' };
}

export const sgdSniffer: LayoutSniffer = {
  id: 'sgd',
  label: 'MultiWOZ 2.2 / SGD dialogues (predictions)',
  sniff: sniffSgdDialogues,
};

// ---------------------------------------------------------------- LDST results and line-aligned generations (lines.ts)

const LDST_LINE = /^\uFEFF?[^|\r\n]*(?:\|\|\|[^|\r\n]*){5}\|\|\|\[[^\r\n]*\r?(?:\n|$)/;
const IDX_LINE = /^\uFEFF?[^|\r\n]+(?:\|\|\|[^|\r\n]*){5}\r?(?:\n|$)/;

export const ldstSniffer: LayoutSniffer = {
  id: 'ldst',
  label: "LDST results (index line + |||['value</s>'] per line)",
  sniff(head) {
    if (LDST_LINE.test(head)) return 'yes';
    if (IDX_LINE.test(head))
      return {
        near: 'its lines have the six "|||" fields of an index (LDST test_LLM.idx, DST-as-Prompting .idx) and no generation: give the results file, and this one with --index',
      };
    return 'no';
  },
};

export const linesSniffer: LayoutSniffer = {
  id: 'lines',
  label: 'line-aligned generations with an index (DST-as-Prompting generated_predictions.txt + --index)',
  // A text file of generations cannot be told from other text: --index chooses this layout (detect.ts).
  sniff: () => 'no',
};

// ---------------------------------------------------------------- CSV with JSON cells (csv.ts)

const CSV_HEADER = /^\uFEFF?([^\r\n]*)/;

/** The fields of a CSV header line (quotes removed; good enough to sniff). */
function headerFields(line: string): string[] {
  return line.split(',').map((f) => f.trim().replace(/^"(.*)"$/, '$1'));
}

export const csvSniffer: LayoutSniffer = {
  id: 'csv',
  label: "CSV with JSON cells, one row per turn (Sun et al. 2024's confidence files)",
  sniff(head) {
    const m = CSV_HEADER.exec(head);
    if (!m || /^\s*[[{]/.test(m[1]) || !m[1].includes(',')) return 'no';
    const fields = headerFields(m[1]);
    if (!fields.includes('id')) return 'no';
    if (fields.includes('turn_state') || fields.includes('total_state')) return 'yes';
    return { near: `its header (${fields.slice(0, 6).join(', ')}) has "id" but neither "turn_state" nor "total_state"` };
  },
};
