// Layer: shared (pure TS). Which slot-value pairs of a corpus enter the
// calibration statistics and whether each is correct (docs/reference/
// calibration.md, "Which pairs"): every predicted pair with a score in the
// chosen confidence column (the corpus's generation.confidence), labelled by
// one of two rules —
//
// - `domain` (default): the pair's value equals the gold value of its slot
//   (domain-slot) in the gold state of its turn (the cumulative state, after
//   the value options the run was read with);
// - `sun2024`: Sun et al. 2024's evaluation_minicons.py (get_match): the
//   slot is looked up in the *first* domain of the turn's gold state — the
//   first key of mwzeval's load_gold_states dict, which lists MultiWOZ 2.2's
//   frames in their (alphabetical) service order, so here the alphabetically
//   first domain with a value —, a gold turn with an empty state makes every
//   pair wrong,
//   and pairs are labelled over the keys of `pair_confidence` (a pair whose
//   pair_confidence score is missing is wrong in every column).
//
// The pairs carry their dialogue, turn (global) and slot (group) indices, so
// the same column feeds pair, joint, per-slot and per-domain statistics and
// the dialogue-level bootstrap.

import { domainOf, NONE_ID, type Corpus } from '../../model/corpus';
import { CalibrationInputError, PairBuilder, type CalibrationPairs } from './pairs';

export const CALIBRATION_RULES = ['domain', 'sun2024'] as const;
export type CalibrationRule = (typeof CALIBRATION_RULES)[number];

/** The value of `slot` in the state pairs [start, start + len) (sorted by slot id), or -1. */
function valueOf(pairs: Int32Array, start: number, len: number, slot: number): number {
  let lo = start;
  let hi = start + len - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = pairs[2 * mid];
    if (s === slot) return pairs[2 * mid + 1];
    if (s < slot) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The confidence columns a corpus carries (empty: none). */
export function confidenceColumns(corpus: Corpus): string[] {
  return corpus.generation?.confidence ? [...corpus.generation.confidence.names] : [];
}

/** The column to use: the one asked for, or the first; throws a bad-input error naming the columns there are. */
export function chooseColumn(corpus: Corpus, column: string | undefined): string {
  const names = confidenceColumns(corpus);
  if (names.length === 0)
    throw new CalibrationInputError(
      'the predictions carry no confidence scores (docs/reference/formats.md lists the layouts that do: CSV confidence columns, JSON Lines "confidence")',
      -1,
    );
  if (column === undefined) return names[0];
  if (!names.includes(column))
    throw new CalibrationInputError(`--confidence: no column ${JSON.stringify(column)}; the predictions carry ${names.join(', ')}`, -1);
  return column;
}

/** The pairs of one column under a rule, with dialogue, turn and slot (group) indices; and the turns' JGA labels. */
export function corpusPairs(corpus: Corpus, column: string, rule: CalibrationRule): CalibrationPairs {
  const c = corpus.generation?.confidence;
  if (!c) return new PairBuilder(['dialogue', 'turn', 'group']).build();
  // At most one pair per confidence entry: the columns are filled in place and cut to length at the end.
  const cap = c.start[c.start.length - 1] ?? 0;
  const confidence = new Float64Array(cap);
  const correctOf = new Uint8Array(cap);
  const dialogueOf = new Int32Array(cap);
  const turnOf = new Int32Array(cap);
  const groupOf = new Int32Array(cap);
  let n = 0;
  const col = c.names.indexOf(column);
  if (col < 0) throw new CalibrationInputError(`no confidence column ${JSON.stringify(column)}`, -1);
  const labelCol = rule === 'sun2024' ? c.names.indexOf('pair_confidence') : -1;
  const { goldPairs, predPairs, goldStart, goldLen, predStart, predLen, slots } = corpus;
  // sun2024: the slot id of (first gold domain, slot name) — memoised by "domain\0slot".
  const byName = new Map<string, number>();
  const slotPart = (name: string) => {
    const i = name.indexOf('-');
    return i < 0 ? name : name.slice(i + 1);
  };
  const D = corpus.dialogueIds.length;
  for (let d = 0; d < D; d++) {
    for (let i = corpus.dialogueStart[d]; i < corpus.dialogueStart[d + 1]; i++) {
      const gs = goldStart[i];
      const gl = goldLen[i];
      let firstDomain: string | null = null;
      if (rule === 'sun2024') {
        for (let k = gs; k < gs + gl; k++)
          if (goldPairs[2 * k + 1] !== NONE_ID) {
            const dom = domainOf(slots.name(goldPairs[2 * k]));
            if (firstDomain === null || dom < firstDomain) firstDomain = dom;
          }
      }
      for (let e = c.start[i]; e < c.start[i + 1]; e++) {
        const conf = c.values[col][e];
        if (Number.isNaN(conf)) continue;
        const s = c.slot[e];
        const pred = valueOf(predPairs, predStart[i], predLen[i], s);
        let correct: boolean;
        if (rule === 'domain') {
          const gold = valueOf(goldPairs, gs, gl, s);
          correct = pred === NONE_ID ? gold <= NONE_ID : gold === pred;
        } else if (firstDomain === null || (labelCol >= 0 && Number.isNaN(c.values[labelCol][e]))) {
          correct = false;
        } else {
          const key = firstDomain + '-' + slotPart(slots.name(s));
          let gSlot = byName.get(key);
          if (gSlot === undefined) byName.set(key, (gSlot = slots.lookup(key) ?? -1));
          correct = gSlot >= 0 && pred >= 0 && valueOf(goldPairs, gs, gl, gSlot) === pred && pred !== NONE_ID;
        }
        confidence[n] = conf;
        correctOf[n] = correct ? 1 : 0;
        dialogueOf[n] = d;
        turnOf[n] = i;
        groupOf[n++] = s;
      }
    }
  }
  return {
    confidence: confidence.slice(0, n),
    correct: correctOf.slice(0, n),
    dialogue: dialogueOf.slice(0, n),
    turn: turnOf.slice(0, n),
    group: groupOf.slice(0, n),
  };
}

/** Per turn, 1 when its predicted state equals the gold (JGA), from a run's turn classes. */
export function jgaLabels(
  stats: { wrong: Int32Array; missed: Int32Array; overshot: Int32Array },
  dialogueStart: Int32Array,
): {
  jgaCorrect: Uint8Array;
  dialogue: Int32Array;
} {
  const T = stats.wrong.length;
  const jgaCorrect = new Uint8Array(T);
  for (let t = 0; t < T; t++) jgaCorrect[t] = stats.wrong[t] + stats.missed[t] + stats.overshot[t] === 0 ? 1 : 0;
  const dialogue = new Int32Array(T);
  for (let d = 0; d + 1 < dialogueStart.length; d++) dialogue.fill(d, dialogueStart[d], dialogueStart[d + 1]);
  return { jgaCorrect, dialogue };
}
