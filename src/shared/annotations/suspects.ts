// Layer: shared (pure TS). The suspects queue: places (dialogue, turn, slot)
// where the gold is likely wrong, ranked by the evidence against it —
//  (a) consensus: the share of runs that predict the same non-gold value
//      (as Cleanlab ranks label issues by model agreement), weighed by how
//      many runs there are;
//  (b) text, when utterances are loaded: the predicted value is said in this
//      turn while the gold lacks or differs from it; the gold value is said
//      nowhere in the dialogue;
//  (c) gold churn: the gold value appears, changes or disappears in a turn
//      whose utterances mention neither the old nor the new value.
// Evidence combines as a noisy-OR. A suspect is reported once, at the turn
// where its (gold, predicted) pair first appears, not at every carried turn.

import type { Corpus } from '../model/corpus';
import { NONE_ID } from '../model/corpus';
import { isUnsaid, mentions, normText } from './text-match';

export type ReasonKind = 'consensus' | 'pred-in-text' | 'gold-not-in-text' | 'gold-churn';

export interface Reason {
  kind: ReasonKind;
  /** The evidence's strength in [0, 1] (combined as 1 − Π(1 − w)). */
  weight: number;
  text: string;
}

export interface Suspect {
  dialogue: string;
  turn: number;
  slot: string;
  /** Gold value at that turn (null: absent). */
  gold: string | null;
  /** The value most runs predict instead (null: absent); the gold value when every run agrees with it. */
  pred: string | null;
  score: number;
  reasons: Reason[];
  /** Position of the turn in its dialogue. */
  position: number;
  /** Runs predicting `pred`, of all runs. */
  agree: number;
  runs: number;
}

export interface SuspectRun {
  label: string;
  corpus: Corpus;
}

/** Weights of the kinds of evidence (documented in the README). */
export const WEIGHTS = {
  /** × the share of runs; the base rises with the number of runs: 1 − 0.6^runs (0.4 for one run, 0.64 for two, 0.78 for three). */
  consensusBase: 0.6,
  /** …said by the user (values the system only offers need not enter the state). */
  predInText: 0.6,
  predInSystemText: 0.35,
  /** …but the gold takes that value a few turns later (a timing question). */
  predInTextLate: 0.25,
  /** Both the gold and the predicted value are said in the turn. */
  bothInText: 0.2,
  goldNotInText: 0.5,
  churn: 0.45,
} as const;

type State = Map<string, string>;

function statesOf(c: Corpus, d: number, side: 'gold' | 'pred'): State[] {
  const out: State[] = [];
  const pairs = side === 'gold' ? c.goldPairs : c.predPairs;
  const start = side === 'gold' ? c.goldStart : c.predStart;
  const len = side === 'gold' ? c.goldLen : c.predLen;
  for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++) {
    const m: State = new Map();
    for (let k = start[i]; k < start[i] + len[i]; k++)
      if (pairs[2 * k + 1] !== NONE_ID) m.set(c.slots.name(pairs[2 * k]), c.values.name(pairs[2 * k + 1]));
    out.push(m);
  }
  return out;
}

const show = (v: string | null) => (v === null ? 'absent' : JSON.stringify(v));

/** Checks that every run has the dialogues and turns of the first (the gold's); throws with what differs. */
export function checkAligned(runs: readonly SuspectRun[]): void {
  const a = runs[0].corpus;
  for (const r of runs.slice(1)) {
    const b = r.corpus;
    const same =
      a.dialogueIds.length === b.dialogueIds.length &&
      a.turnIndex.length === b.turnIndex.length &&
      a.dialogueIds.every((id, d) => id === b.dialogueIds[d] && a.dialogueStart[d + 1] === b.dialogueStart[d + 1]);
    if (!same)
      throw new Error(
        `run ${JSON.stringify(r.label)} does not have the dialogues and turns of ${JSON.stringify(runs[0].label)}; score runs against one gold (--gold) to rank suspects across them`,
      );
  }
}

/** Ranks suspected gold errors; the gold and utterances are the first run's. */
export function rankSuspects(runs: readonly SuspectRun[]): { items: Suspect[]; hasText: boolean } {
  checkAligned(runs);
  const gc = runs[0].corpus;
  const utt = runs.find((r) => r.corpus.utterances)?.corpus.utterances;
  const R = runs.length;
  const consensusWeight = 1 - Math.pow(WEIGHTS.consensusBase, R);
  const items: Suspect[] = [];
  for (let d = 0; d < gc.dialogueIds.length; d++) {
    const start = gc.dialogueStart[d];
    const n = gc.dialogueStart[d + 1] - start;
    const gold = statesOf(gc, d, 'gold');
    const preds = runs.map((r) => statesOf(r.corpus, d, 'pred'));
    // A dialogue the utterance source did not cover has no text evidence (not "said nowhere").
    let hasText = false;
    if (utt) for (let p = 0; p < n && !hasText; p++) hasText = !!(utt.system[start + p] || utt.user[start + p]);
    const text: string[] | null =
      utt && hasText ? Array.from({ length: n }, (_, p) => normText(`${utt.system[start + p] ?? ''} ${utt.user[start + p] ?? ''}`)) : null;
    const userText: string[] | null = utt && hasText ? Array.from({ length: n }, (_, p) => normText(utt.user[start + p] ?? '')) : null;
    const all = text ? text.join(' ') : '';
    const slots = new Set<string>();
    for (const m of [...gold, ...preds.flat()]) for (const s of m.keys()) slots.add(s);
    for (const slot of [...slots].sort()) {
      let prevKey: string | null = null;
      for (let p = 0; p < n; p++) {
        const g = gold[p].get(slot) ?? null;
        const gPrev = p > 0 ? (gold[p - 1].get(slot) ?? null) : null;
        const counts = new Map<string | null, number>();
        for (const pr of preds) {
          const v = pr[p].get(slot) ?? null;
          if (v !== g) counts.set(v, (counts.get(v) ?? 0) + 1);
        }
        let best: string | null | undefined;
        let bestN = 0;
        for (const [v, c] of counts) if (c > bestN) [best, bestN] = [v, c];
        const key = `${g}\u0000${best === undefined ? '\u0001' : best}`;
        if (key === prevKey) continue;
        prevKey = key;
        const reasons: Reason[] = [];
        if (best !== undefined) {
          const who = R === 1 ? `the run (${runs[0].label})` : `${bestN} of ${R} runs`;
          reasons.push({
            kind: 'consensus',
            weight: consensusWeight * (bestN / R),
            text: `${who} predict${R === 1 || bestN === 1 ? 's' : ''} ${show(best)} where the gold is ${show(g)}`,
          });
          if (text && best !== null && mentions(text[p], best)) {
            const both = g !== null && mentions(text[p], g);
            // The gold taking the value a few turns later is a timing question (early-or-late), less likely an error.
            let later = -1;
            for (let q = p + 1; q < n && later < 0; q++) if (gold[q].get(slot) === best) later = q - p;
            if (both)
              reasons.push({
                kind: 'pred-in-text',
                weight: WEIGHTS.bothInText,
                text: `this turn mentions both the predicted ${show(best)} and the gold ${show(g)}`,
              });
            else if (later > 0)
              reasons.push({
                kind: 'pred-in-text',
                weight: WEIGHTS.predInTextLate,
                text: `this turn mentions the predicted ${show(best)}, which the gold takes only ${later} turn${later === 1 ? '' : 's'} later`,
              });
            else if (mentions(userText![p], best))
              reasons.push({
                kind: 'pred-in-text',
                weight: WEIGHTS.predInText,
                text: `the user says the predicted ${show(best)} in this turn${g === null ? ', which the gold never has' : `, not the gold ${show(g)}`}`,
              });
            else
              reasons.push({
                kind: 'pred-in-text',
                weight: WEIGHTS.predInSystemText,
                text: `the system says the predicted ${show(best)} in this turn${g === null ? ', which the gold never has' : `, not the gold ${show(g)}`}`,
              });
          }
        }
        const goldChanged = g !== gPrev;
        if (text && g !== null && goldChanged && !isUnsaid(g) && !mentions(all, g)) {
          reasons.push({
            kind: 'gold-not-in-text',
            weight: WEIGHTS.goldNotInText,
            text: `the gold value ${show(g)} is said nowhere in the dialogue`,
          });
        }
        if (text && goldChanged && !(g !== null && isUnsaid(g)) && !(gPrev !== null && isUnsaid(gPrev))) {
          const said = (g !== null && mentions(text[p], g)) || (gPrev !== null && mentions(text[p], gPrev));
          if (!said) {
            const what =
              gPrev === null ? `appears as ${show(g)}` : g === null ? `drops ${show(gPrev)}` : `changes from ${show(gPrev)} to ${show(g)}`;
            reasons.push({ kind: 'gold-churn', weight: WEIGHTS.churn, text: `the gold ${what} in a turn that mentions neither value` });
          }
        }
        if (reasons.length === 0) continue;
        const score = 1 - reasons.reduce((q, r) => q * (1 - r.weight), 1);
        items.push({
          dialogue: gc.dialogueIds[d],
          turn: gc.turnIndex[start + p],
          slot,
          gold: g,
          pred: best === undefined ? g : best,
          score,
          reasons,
          position: p,
          agree: best === undefined ? 0 : bestN,
          runs: R,
        });
      }
    }
  }
  // Highest score first; ties in file order.
  const order = new Map(gc.dialogueIds.map((id, d) => [id, d]));
  items.sort(
    (a, b) =>
      b.score - a.score ||
      order.get(a.dialogue)! - order.get(b.dialogue)! ||
      a.position - b.position ||
      (a.slot < b.slot ? -1 : a.slot > b.slot ? 1 : 0),
  );
  return { items, hasText: !!utt };
}
