// Layer: shared (pure TS). Predicted values that differ from the gold only by
// whitespace, case or punctuation — a model that writes " centre" for
// "centre" is wrong on every such slot under exact matching, and nothing on
// screen would show why. One pass over every turn's gold and predicted state
// (both sorted by slot id), each distinct (gold, prediction) pair classified
// once (most are set aside at once: their loose forms differ); for `inspect`'s warnings and the app's load summary: counts per
// kind, the first example in file order, and which value option
// (normalise.ts) would make how many of them equal.

import { NONE_ID, type Corpus } from '../model/corpus';
import { Interner } from '../model/interner';
import { isInvisible, quoteValue } from '../model/visible-text';
import { plural } from '../plural';
import { normaliseValue, VALUE_OPTIONS, type ValueOption } from './normalise';

/**
 * whitespace: equal once whitespace and invisible characters are removed;
 * case: equal once case is ignored too; punctuation: equal once punctuation
 * (Unicode P*) is removed too. Each pair has the first kind that makes it equal.
 */
export const LOOKALIKE_KINDS = ['whitespace', 'case', 'punctuation'] as const;
export type LookalikeKind = (typeof LOOKALIKE_KINDS)[number];

export interface LookalikeExample {
  dialogue: string;
  /** The turn index as written in the file. */
  turn: number;
  slot: string;
  gold: string;
  pred: string;
}

export interface LookalikeGroup {
  kind: LookalikeKind;
  /** Turn-slot occurrences (a value carried over counts at every turn, as the metrics count it). */
  count: number;
  /** Distinct (slot, gold, prediction) triples. */
  distinct: number;
  /** The first occurrence in file order. */
  example: LookalikeExample;
  /** Value options that would make some of them equal, each alone, most first. */
  fixedBy: { option: ValueOption; count: number }[];
}

export interface LookalikeReport {
  /** Turn-slot occurrences where gold and prediction are both active and differ. */
  wrong: number;
  groups: LookalikeGroup[];
}

/** The options a suggestion may name: the ones that rewrite a single value. */
const SINGLE_VALUE_OPTIONS = VALUE_OPTIONS.filter((o) => o !== 'alternatives');

const WHITESPACE = /\s/u;
const PUNCTUATION = /\p{P}/gu;

function squeeze(v: string): string {
  let out = '';
  for (const ch of v) if (!WHITESPACE.test(ch) && !isInvisible(ch)) out += ch;
  return out;
}

/** The value with whitespace, invisible characters, case and punctuation gone: two values are lookalikes when these are equal. */
function loose(v: string): string {
  return squeeze(v).toLowerCase().replace(PUNCTUATION, '');
}

/** Which kind of lookalike a differing pair is, or null when it differs in more than that. */
export function lookalikeKind(gold: string, pred: string): LookalikeKind | null {
  if (gold === pred) return null;
  const g = squeeze(gold);
  const p = squeeze(pred);
  if (g === p) return 'whitespace';
  const gl = g.toLowerCase();
  const pl = p.toLowerCase();
  if (gl === pl) return 'case';
  if (gl.replace(PUNCTUATION, '') === pl.replace(PUNCTUATION, '')) return 'punctuation';
  return null;
}

interface PairInfo {
  kind: LookalikeKind | null;
  /** Bit k: SINGLE_VALUE_OPTIONS[k] alone makes the pair equal. */
  fixed: number;
  /** Counted once already (for `distinct`). */
  seen: boolean;
}

export function valueLookalikes(c: Corpus): LookalikeReport {
  const info = new Map<number, Map<number, PairInfo>>();
  const groups = new Map<LookalikeKind, { count: number; distinct: number; example: LookalikeExample; fixed: number[] }>();
  let wrong = 0;
  // Each value's loose form, interned (computed when the value is first met in
  // a wrong pair): a pair can be a lookalike only when both have the same one,
  // so most wrong pairs are set aside with two array reads.
  const looseId = new Int32Array(c.values.size).fill(-1);
  const looseForms = new Interner();
  const looseOf = (v: number): number => {
    let k = looseId[v];
    if (k < 0) k = looseId[v] = looseForms.intern(loose(c.values.name(v)));
    return k;
  };
  const classify = (slot: number, g: number, p: number): PairInfo => {
    // Keyed by slot too: trade-fixes rewrite per slot.
    const key = g * (c.slots.size + 1) + slot;
    let byPred = info.get(key);
    if (!byPred) info.set(key, (byPred = new Map()));
    let r = byPred.get(p);
    if (r) return r;
    const gold = c.values.name(g);
    const pred = c.values.name(p);
    const kind = lookalikeKind(gold, pred);
    let fixed = 0;
    if (kind) {
      const name = c.slots.name(slot);
      SINGLE_VALUE_OPTIONS.forEach((o, k) => {
        const one = new Set<ValueOption>([o]);
        if (normaliseValue(name, gold, one) === normaliseValue(name, pred, one)) fixed |= 1 << k;
      });
    }
    r = { kind, fixed, seen: false };
    byPred.set(p, r);
    return r;
  };
  for (let d = 0; d < c.dialogueIds.length; d++) {
    for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++) {
      // Both states are sorted by slot id: walk them together.
      let a = c.goldStart[i];
      const aEnd = a + c.goldLen[i];
      let b = c.predStart[i];
      const bEnd = b + c.predLen[i];
      while (a < aEnd && b < bEnd) {
        const sa = c.goldPairs[2 * a];
        const sb = c.predPairs[2 * b];
        if (sa < sb) a++;
        else if (sb < sa) b++;
        else {
          const g = c.goldPairs[2 * a + 1];
          const p = c.predPairs[2 * b + 1];
          a++;
          b++;
          if (g === NONE_ID || p === NONE_ID || g === p) continue;
          wrong++;
          if (looseOf(g) !== looseOf(p)) continue;
          const r = classify(sa, g, p);
          if (!r.kind) continue;
          let grp = groups.get(r.kind);
          if (!grp) {
            grp = {
              count: 0,
              distinct: 0,
              example: {
                dialogue: c.dialogueIds[d],
                turn: c.turnIndex[i],
                slot: c.slots.name(sa),
                gold: c.values.name(g),
                pred: c.values.name(p),
              },
              fixed: SINGLE_VALUE_OPTIONS.map(() => 0),
            };
            groups.set(r.kind, grp);
          }
          grp.count++;
          if (!r.seen) {
            r.seen = true;
            grp.distinct++;
          }
          for (let k = 0; k < SINGLE_VALUE_OPTIONS.length; k++) if (r.fixed & (1 << k)) grp.fixed[k]++;
        }
      }
    }
  }
  return {
    wrong,
    groups: LOOKALIKE_KINDS.filter((k) => groups.has(k)).map((kind) => {
      const g = groups.get(kind)!;
      const fixedBy = SINGLE_VALUE_OPTIONS.map((option, k) => ({ option, count: g.fixed[k] }))
        .filter((f) => f.count > 0)
        .sort((x, y) => y.count - x.count);
      return { kind, count: g.count, distinct: g.distinct, example: g.example, fixedBy };
    }),
  };
}

export const LOOKALIKE_LABEL: Record<LookalikeKind, string> = {
  whitespace: 'only by whitespace',
  case: 'only by letter case (and whitespace)',
  punctuation: 'only by punctuation (and case or whitespace)',
};

/**
 * "--values lower makes 812 of them equal", each option that would make some
 * of them equal, most first; or "no value option makes them equal". `how`
 * names an option (the app says where to switch it on).
 */
export function lookalikeSuggestion(g: LookalikeGroup, how: (o: ValueOption) => string = (o) => `--values ${o}`): string {
  if (g.fixedBy.length === 0) return `no value option makes ${g.count === 1 ? 'it' : 'them'} equal`;
  const part = (f: { option: ValueOption; count: number }) =>
    `${how(f.option)} makes ${f.count === g.count ? (g.count === 1 ? 'it' : 'all of them') : `${f.count.toLocaleString('en-US')} of them`} equal`;
  return g.fixedBy.map(part).join('; ');
}

/** One warning line per kind, for `inspect` (values JSON-quoted, invisible characters escaped). */
export function lookalikeWarnings(r: LookalikeReport): string[] {
  return r.groups.map((g) => {
    const e = g.example;
    return (
      `${g.count.toLocaleString('en-US')} of ${plural(r.wrong, 'wrong slot value')} ${g.count === 1 ? 'differs' : 'differ'} from gold ${LOOKALIKE_LABEL[g.kind]} ` +
      `— ${plural(g.distinct, 'distinct pair')}, e.g. ${quoteValue(e.dialogue)} turn ${e.turn} ${e.slot}: gold ${quoteValue(e.gold)}, pred ${quoteValue(e.pred)}; ` +
      lookalikeSuggestion(g)
    );
  });
}
