// Layer: shared (pure TS). Applies a preset's parts to a corpus: a new corpus
// in which a predicted value the active matcher accepts carries the gold
// value's id, so that every metric of the engine (JGA, SA, AGA, IAGA, F1, RSA,
// FGA, GCA) is computed on the matcher's classes. Gold policy (dontcare
// dropped, first of several values), normalisation (mwzeval's), literal
// "none" as a value and the scope (predicted turns only) are applied first.
// Each acceptance that is not plain equality is kept as a MatchNote, so a view
// can say why a value counted as correct.

import { CorpusBuilder } from '../model/builder';
import { NONE, NONE_ID, type Corpus } from '../model/corpus';
import { Interner } from '../model/interner';
import { memoFuzzScorer, type PairScorer } from '../matching/memo';
import { mwzevalSlotName, mwzevalValue, type NormaliseIssues } from './mwzeval-normalise';
import type { PresetParts } from './parts';
import { EMPTY_VALUE_MAP, type ValueMap } from './value-map';
import { tradeGoldValue } from './trade-eval';
import { simpletodScoredItem, simpletodValueOf } from './simpletod-eval';
import { convlabAlternatives, convlabGoldSlots, convlabMatches, convlabNormalise } from './convlab3-eval';

/** Why one predicted value counted as correct although its text differs from the gold's. */
export interface MatchNote {
  /** Global turn in the preset's corpus. */
  turn: number;
  slot: string;
  /** The predicted and gold values as the file has them. */
  pred: string;
  gold: string;
  /** The values after the preset's normalisation (equal to pred/gold when it changed nothing). */
  predNormalised: string;
  goldNormalised: string;
  /** "normalised" (equal after normalisation) or the scorer's name with its score. */
  how: 'normalised' | { scorer: string; score: number };
  /** The evaluator rule that made the values equal, when it is not mwzeval's normalisation (trade, simpletod, convlab3). */
  rule?: string;
}

export interface PresetCorpus {
  corpus: Corpus;
  /** For each global turn of `corpus`, the turn in the input corpus it came from. */
  sourceTurn: Int32Array;
  /** Acceptances beyond equality, in turn order. */
  notes: MatchNote[];
  /** Gold slots dropped because their value (or one of its alternatives) is dontcare. */
  droppedDontcare: number;
  /** Gold turns not scored because the prediction file lacks them. */
  droppedTurns: number;
  issues: NormaliseIssues;
}

export interface ApplyOptions {
  map?: ValueMap;
}

/** The input corpus rewritten under `parts`. With the exact parts it is returned as it is (no copy). */
export function applyPresetParts(input: Corpus, parts: PresetParts, opts: ApplyOptions = {}): PresetCorpus {
  const map = opts.map ?? EMPTY_VALUE_MAP;
  const issues: NormaliseIssues = { unparsedTimes: 0 };
  const identity =
    parts.normalisation === 'none' &&
    parts.matcher.kind === 'exact' &&
    !parts.dropDontcareGold &&
    !parts.framesPresentOnly &&
    !parts.firstAlternative &&
    !parts.noneIsValue &&
    !parts.predictedTurnsOnly &&
    parts.goldFix === 'none' &&
    parts.simpletod === null &&
    !parts.convlabValues &&
    !parts.goldSlotsOnly;
  if (identity) {
    const sourceTurn = new Int32Array(input.turnIndex.length);
    for (let i = 0; i < sourceTurn.length; i++) sourceTurn[i] = i;
    return { corpus: input, sourceTurn, notes: [], droppedDontcare: 0, droppedTurns: 0, issues };
  }

  const b = new CorpusBuilder({ turns: input.turnIndex.length, pairs: input.goldPairs.length / 2 });
  for (const s of input.slots.names) b.slots.intern(s); // same slot ids
  const values: Interner = b.values;
  // The literal value "none": an ordinary value with its own id (id 0 stays "inactive", which nothing uses here).
  let literalNone = -1;
  const noneId = (): number => {
    if (literalNone < 0) {
      literalNone = values.intern('\u0000literal none');
      values.names[literalNone] = NONE;
    }
    return literalNone;
  };
  const slotKind = input.slots.names.map((s) => (parts.normalisation === 'mwzeval' ? mwzevalSlotName(s) : s));
  const nSlots = input.slots.size + 1;
  const normCache = new Map<number, number>();
  const normText = (slot: number, text: string): string =>
    parts.normalisation === 'mwzeval' ? mwzevalValue(slotKind[slot], text, map, issues) : text;
  /** The new id of input value `v` (or of the string `text`, for an alternative) on slot `slot`. */
  const norm = (slot: number, v: number): number => {
    if (v === NONE_ID) return parts.noneIsValue ? (parts.normalisation === 'mwzeval' ? internNorm(slot, NONE) : noneId()) : NONE_ID;
    const key = v * nSlots + slot;
    let out = normCache.get(key);
    if (out === undefined) {
      out = internNorm(slot, input.values.name(v));
      normCache.set(key, out);
    }
    return out;
  };
  const internNorm = (slot: number, text: string): number => {
    const n = normText(slot, text);
    return n === NONE ? noneId() : values.intern(n);
  };
  const internText = (t: string): number => (t === NONE ? noneId() : values.intern(t));
  const rawOf = (v: number): string => (v === NONE_ID ? NONE : input.values.name(v));
  const sw = parts.simpletod;
  const goldSlots = parts.goldSlotsOnly ? convlabGoldSlots(input) : null;
  /** The gold id under the trade, simpletod or convlab3 parts (-1: not scored); undefined when none of them applies. */
  const goldRule = (s: number, raw: string): number | undefined => {
    if (parts.goldFix === 'trade') return internNorm(s, tradeGoldValue(input.slots.name(s), raw));
    if (sw) {
      const item = simpletodScoredItem(input.slots.name(s), raw, 'gold', sw);
      return item === null ? -1 : internText(simpletodValueOf(input.slots.name(s), item));
    }
    if (parts.convlabValues) return internText(convlabAlternatives(raw).join('|'));
    return undefined;
  };
  /** The predicted id under those parts (-1: not scored); undefined when none of them applies. */
  const predRule = (s: number, raw: string): number | undefined => {
    if (sw) {
      const item = simpletodScoredItem(input.slots.name(s), raw, 'pred', sw);
      return item === null ? -1 : internText(simpletodValueOf(input.slots.name(s), item));
    }
    if (parts.convlabValues) {
      const p = convlabNormalise(raw);
      return p === '' ? -1 : internText(convlabAlternatives(p).join('|'));
    }
    return undefined;
  };
  // The rules depend on (slot, value) only: memoised per pair (values repeat heavily).
  const goldCache = new Map<number, number | undefined>();
  const predCache = new Map<number, number | undefined>();
  const cached = (
    cache: Map<number, number | undefined>,
    s: number,
    v: number,
    rule: (s: number, raw: string) => number | undefined,
  ): number | undefined => {
    const key = v * nSlots + s;
    if (cache.has(key)) return cache.get(key);
    const out = rule(s, rawOf(v));
    cache.set(key, out);
    return out;
  };
  const lists = input.valueLists;
  const scorer: PairScorer | null =
    parts.matcher.kind === 'fuzzy' ? memoFuzzScorer(values, parts.matcher.scorer, parts.matcher.backend) : null;
  const threshold = parts.matcher.kind === 'fuzzy' ? parts.matcher.threshold : 0;
  const predicted = input.predicted;

  const notes: MatchNote[] = [];
  const sourceTurn: number[] = [];
  let droppedDontcare = 0;
  let droppedTurns = 0;
  const gold: number[] = [];
  const pred: number[] = [];
  const goldOf = new Map<number, number>();
  const goldRaw = new Map<number, string>();
  for (let d = 0; d < input.dialogueIds.length; d++) {
    const from = input.dialogueStart[d];
    const to = input.dialogueStart[d + 1];
    let opened = false;
    for (let i = from; i < to; i++) {
      if (parts.predictedTurnsOnly && predicted && predicted[i] === 0) {
        droppedTurns++;
        continue;
      }
      if (!opened) {
        b.beginDialogue(input.dialogueIds[d]);
        opened = true;
      }
      gold.length = 0;
      pred.length = 0;
      goldOf.clear();
      goldRaw.clear();
      const gs = input.goldStart[i];
      const carried = parts.framesPresentOnly ? input.carriedGold?.get(i) : undefined;
      for (let k = gs; k < gs + input.goldLen[i]; k++) {
        const s = input.goldPairs[2 * k];
        const v = input.goldPairs[2 * k + 1];
        if (carried !== undefined && carried.includes(s)) continue;
        let id: number;
        let raw = v === NONE_ID ? NONE : input.values.name(v);
        const alts = v !== NONE_ID ? lists?.get(raw) : undefined;
        if (parts.dropDontcareGold && (raw === 'dontcare' || (alts !== undefined && alts.includes('dontcare')))) {
          droppedDontcare++;
          continue;
        }
        if (parts.firstAlternative && alts !== undefined) raw = alts[0];
        const ruled = raw === rawOf(v) ? cached(goldCache, s, v, goldRule) : goldRule(s, raw);
        if (ruled !== undefined) id = ruled;
        else if (parts.firstAlternative && alts !== undefined) id = internNorm(s, raw);
        else id = norm(s, v);
        if (id === NONE_ID || id < 0) continue; // inactive stays out of the state, as the engine expects
        gold.push(s, id);
        goldOf.set(s, id);
        goldRaw.set(s, raw);
      }
      const ps = input.predStart[i];
      const turn = sourceTurn.length;
      for (let k = ps; k < ps + input.predLen[i]; k++) {
        const s = input.predPairs[2 * k];
        const v = input.predPairs[2 * k + 1];
        if (goldSlots && !goldSlots.has(s)) continue;
        const ruled = cached(predCache, s, v, predRule);
        let id = ruled ?? norm(s, v);
        if (id === NONE_ID || id < 0) continue;
        const g = goldOf.get(s);
        if (g !== undefined) {
          const rawPred = rawOf(v);
          const rawGold = goldRaw.get(s)!;
          if (parts.convlabValues && g !== id && convlabMatches(rawPred, rawGold)) {
            notes.push({ ...note(turn, s, rawPred, rawGold, id, g, 'normalised'), rule: "ConvLab-3: a '|' alternative" });
            id = g;
          } else if (g === id) {
            if (rawPred !== rawGold) notes.push({ ...note(turn, s, rawPred, rawGold, id, g, 'normalised'), ...ruleOf(rawPred, rawGold) });
          } else if (scorer) {
            const score = scorer.score(id, g);
            if (score > threshold) {
              notes.push(note(turn, s, rawPred, rawGold, id, g, { scorer: (parts.matcher as { scorer: string }).scorer, score }));
              id = g;
            }
          }
        }
        pred.push(s, id);
      }
      const problem = b.addTurn(input.turnIndex[i], gold, pred, input.utterances?.system[i], input.utterances?.user[i]);
      if (problem) throw new Error(`preset: dialogue ${JSON.stringify(input.dialogueIds[d])}: ${problem}`);
      sourceTurn.push(i);
    }
    if (opened) b.endDialogue();
  }
  function ruleOf(rawPred: string, rawGold: string): { rule?: string } {
    if (parts.goldFix === 'trade') return { rule: 'TRADE fix_label on gold' };
    if (sw) return { rule: sw.defaultCleaning ? 'SimpleTOD default_cleaning' : 'SimpleTOD item stripped' };
    if (parts.convlabValues)
      return { rule: rawPred.includes('|') || rawGold.includes('|') ? "ConvLab-3: a '|' alternative" : 'ConvLab-3: whitespace and case' };
    return {};
  }
  function note(turn: number, s: number, p: string, g: string, pid: number, gid: number, how: MatchNote['how']): MatchNote {
    return { turn, slot: input.slots.name(s), pred: p, gold: g, predNormalised: values.name(pid), goldNormalised: values.name(gid), how };
  }
  const corpus = b.build();
  return { corpus, sourceTurn: Int32Array.from(sourceTurn), notes, droppedDontcare, droppedTurns, issues };
}
