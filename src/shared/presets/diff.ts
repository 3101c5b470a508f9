// Layer: shared (pure TS). Which turns flip between two settings (two presets,
// or a preset and one changed part): each input turn scored under both, the
// turns whose joint correctness differs listed, each explained by the slots
// whose class changed, grouped by reason ("leading or trailing space",
// "letter case", "dontcare in gold dropped", "normalised", "partial_ratio
// accepted", …) with counts and examples.

import { NONE, NONE_ID, type Corpus } from '../model/corpus';
import { analyseCorpus } from '../metrics/turn-stats';
import { slotRecords, type SlotClass } from '../metrics/evaluate';
import { applyPresetParts, type MatchNote, type PresetCorpus } from './apply';
import type { PresetParts } from './parts';
import type { ValueMap } from './value-map';
import { mwzevalSlotName } from './mwzeval-normalise';
import { tradeGoldValue } from './trade-eval';

export interface FlipExample {
  dialogue: string;
  turn: number;
  slot: string;
  pred: string | null;
  gold: string | null;
  a: SlotClass | 'not scored';
  b: SlotClass | 'not scored';
}

export interface FlipReason {
  reason: string;
  /** Turns with at least one slot flipped for this reason. */
  turns: number;
  examples: FlipExample[];
}

export interface PresetDiff {
  /** Input turns scored under A, under B, under both. */
  scored: { a: number; b: number; both: number };
  /** Turns scored under both that are joint-correct under B only, under A only. */
  flips: { toCorrect: number; toWrong: number };
  /** Largest count first. */
  reasons: FlipReason[];
}

function turnJoint(p: PresetCorpus): Map<number, boolean> {
  const stats = analyseCorpus(p.corpus);
  const out = new Map<number, boolean>();
  for (let i = 0; i < p.sourceTurn.length; i++) out.set(p.sourceTurn[i], stats.wrong[i] + stats.missed[i] + stats.overshot[i] === 0);
  return out;
}

/** What mwzeval's normalisation does to a slot, by its slot name (mwzeval-normalise.ts). */
const NORMALISED: Record<string, string> = {
  name: 'venue name (strip, lower, "&", name map)',
  destination: 'venue name (strip, lower, "&", name map)',
  departure: 'venue name (strip, lower, "&", name map)',
  type: 'type spelling (type map)',
  food: 'food type (strip, lower, food map)',
  arrive: 'time format',
  leave: 'time format',
  time: 'time format',
  parking: 'free → yes',
  internet: 'free → yes',
};

const stripWs = (s: string) => s.replace(/^\s+|\s+$/g, '');

/** Which of the trade / simpletod / convlab3 parts either side sets (their reasons are only looked for then). */
interface RuleParts {
  tradeFix: boolean;
  slotsOnly: boolean;
  dontcarePred: boolean;
}

const DONTCARE = /dontcare|dont care|do not care/;

/** Why one slot's class differs between A and B. */
function reasonOf(
  slot: string,
  pred: string | null,
  gold: string | null,
  note: MatchNote | undefined,
  goldIn: { a: boolean; b: boolean },
  predIn: { a: boolean; b: boolean },
  rules: RuleParts,
): string {
  if (gold !== null && goldIn.a !== goldIn.b) {
    if (gold === 'dontcare' || gold.split('|').includes('dontcare')) return 'dontcare in gold dropped';
    if (gold.includes('not mentioned')) return '"not mentioned" dropped (SimpleTOD ignore_none)';
    return 'gold slot carried over / dropped';
  }
  if (note?.rule) return note.rule;
  if (pred !== null && predIn.a !== predIn.b) {
    if (rules.dontcarePred && DONTCARE.test(pred)) return 'dontcare in prediction ignored (ignore_dontcare_in_pred)';
    if (rules.slotsOnly && gold === null) return "predicted slot outside the gold's slots not scored (ConvLab-3)";
    if (pred === NONE || /\snone$/.test(pred)) return 'a predicted "none" item removed (SimpleTOD)';
  }
  if (rules.tradeFix && gold !== null && tradeGoldValue(slot, gold) !== gold) return 'TRADE fix_label on gold';
  if (pred === NONE || pred === '') return `"${pred}" predicted: a value, not "inactive"`;
  if (note) {
    if (note.how !== 'normalised') return `${note.how.scorer} accepted (${note.how.scorer} ${note.how.score})`;
    if (pred !== null && gold !== null && stripWs(pred) === stripWs(gold)) return 'leading or trailing space';
    if (pred !== null && gold !== null && pred.toLowerCase() === gold.toLowerCase()) return 'letter case';
    return `normalised: ${NORMALISED[mwzevalSlotName(note.slot)] ?? 'the same value'}`;
  }
  if (pred !== null && gold !== null) {
    if (stripWs(pred) === stripWs(gold)) return 'leading or trailing space';
    if (pred.toLowerCase() === gold.toLowerCase()) return 'letter case';
    if (gold.includes('|')) return 'gold value list';
  }
  return 'other';
}

/** The flips between settings A and B on one corpus; at most `examples` examples per reason. */
export function diffPresets(
  input: Corpus,
  a: PresetParts,
  b: PresetParts,
  map: { a?: ValueMap; b?: ValueMap } = {},
  examples = 5,
): PresetDiff {
  const pa = applyPresetParts(input, a, { map: map.a });
  const pb = applyPresetParts(input, b, { map: map.b });
  const ja = turnJoint(pa);
  const jb = turnJoint(pb);
  const posA = new Map<number, number>();
  pa.sourceTurn.forEach((s, i) => posA.set(s, i));
  const posB = new Map<number, number>();
  pb.sourceTurn.forEach((s, i) => posB.set(s, i));
  const notesOf = (p: PresetCorpus) => {
    const m = new Map<string, MatchNote>();
    for (const n of p.notes) m.set(`${p.sourceTurn[n.turn]}\u0000${n.slot}`, n);
    return m;
  };
  const na = notesOf(pa);
  const nb = notesOf(pb);
  const dialogueOf = new Int32Array(input.turnIndex.length);
  for (let d = 0; d < input.dialogueIds.length; d++)
    for (let i = input.dialogueStart[d]; i < input.dialogueStart[d + 1]; i++) dialogueOf[i] = d;

  const rules: RuleParts = {
    tradeFix: a.goldFix === 'trade' || b.goldFix === 'trade',
    slotsOnly: a.goldSlotsOnly || b.goldSlotsOnly,
    dontcarePred: !!(a.simpletod?.ignoreDontcareInPred || b.simpletod?.ignoreDontcareInPred),
  };
  const reasons = new Map<string, FlipReason>();
  let both = 0;
  const flips = { toCorrect: 0, toWrong: 0 };
  for (const [src, okA] of ja) {
    const okB = jb.get(src);
    if (okB === undefined) continue;
    both++;
    if (okA === okB) continue;
    if (okB) flips.toCorrect++;
    else flips.toWrong++;
    const classes = (p: PresetCorpus, pos: Map<number, number>) =>
      new Map(slotRecords(p.corpus, pos.get(src)!, new Set()).map((r) => [r.slot, r.class]));
    const ca = classes(pa, posA);
    const cb = classes(pb, posB);
    const raw = new Map(slotRecords(input, src, new Set()).map((r) => [r.slot, r]));
    const seen = new Set<string>();
    for (const slot of new Set([...ca.keys(), ...cb.keys()])) {
      const x = ca.get(slot) ?? 'not scored';
      const y = cb.get(slot) ?? 'not scored';
      if (x === y) continue;
      const r = raw.get(slot);
      const pred = r?.pred ?? literalNone(input, src, slot);
      const gold = r?.gold ?? null;
      const note = (okB ? nb : na).get(`${src}\u0000${slot}`) ?? (okB ? na : nb).get(`${src}\u0000${slot}`);
      const goldIn = { a: ca.has(slot) && x !== 'overshot', b: cb.has(slot) && y !== 'overshot' };
      const predIn = { a: x === 'correct' || x === 'wrong' || x === 'overshot', b: y === 'correct' || y === 'wrong' || y === 'overshot' };
      const reason = reasonOf(slot, pred, gold, note, goldIn, predIn, rules);
      let fr = reasons.get(reason);
      if (!fr) reasons.set(reason, (fr = { reason, turns: 0, examples: [] }));
      if (!seen.has(reason)) {
        fr.turns++;
        seen.add(reason);
      }
      if (fr.examples.length < examples)
        fr.examples.push({ dialogue: input.dialogueIds[dialogueOf[src]], turn: input.turnIndex[src], slot, pred, gold, a: x, b: y });
    }
  }
  const list = [...reasons.values()].sort((p, q) => q.turns - p.turns || (p.reason < q.reason ? -1 : 1));
  return { scored: { a: ja.size, b: jb.size, both }, flips, reasons: list };
}

/** "none" when the prediction of `slot` in turn i is the literal "none" (id 0), else null. */
function literalNone(c: Corpus, i: number, slot: string): string | null {
  for (let k = c.predStart[i]; k < c.predStart[i] + c.predLen[i]; k++)
    if (c.slots.name(c.predPairs[2 * k]) === slot && c.predPairs[2 * k + 1] === NONE_ID) return NONE;
  return null;
}
