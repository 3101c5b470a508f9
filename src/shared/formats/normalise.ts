// Layer: shared (pure TS). Value normalisation options (docs/reference/formats.md,
// "Normalisation"). Values are compared verbatim by default, as the metric
// papers scored; each option is off unless the user switches it on, and the
// options in force are named in the metric signature. They are applied to a
// loaded corpus as one pass over its pairs, the same for every layout, so one
// dialogue scores identically whichever format it came from.

import { Interner } from '../model/interner';
import { copyPairs, NONE, NONE_ID, type Corpus } from '../model/corpus';
import { tradeFix } from './trade-fixes';

/** Option names, in the order they are applied and named in the signature. */
export const VALUE_OPTIONS = ['lower', 'trade-fixes', 'empty', 'dontcare', 'alternatives'] as const;
export type ValueOption = (typeof VALUE_OPTIONS)[number];

export const VALUE_OPTION_HELP: Record<ValueOption, string> = {
  lower: 'lower-case values, trim them and collapse runs of whitespace',
  'trade-fixes': "TRADE's label typo fixes (utils/fix_label.py), on gold and prediction",
  empty: 'empty-value spellings ("", "not mentioned", "[NULL]", "[DELETE]", "not given", …) mean "none" (inactive)',
  dontcare: 'dontcare spellings ("dont care", "don\'t care", "do not care", "any", …) become "dontcare"',
  alternatives: 'gold alternatives ("a|b" or MultiWOZ 2.2/SGD value lists): a prediction equal to any of them is right',
};

export const EMPTY_SPELLINGS: ReadonlySet<string> = new Set([
  '',
  'none',
  'not mentioned',
  'not given',
  '[null]',
  '[delete]',
  'null',
  'n/a',
]);
export const DONTCARE_SPELLINGS: ReadonlySet<string> = new Set([
  'dontcare',
  'dont care',
  "don't care",
  'do not care',
  'do nt care',
  "do n't care",
  'does not care',
  'dontcare.',
  'any',
]);

/** Parses `--values a,b` (or "all" / "exact"); returns the options in canonical order, or a problem message. */
export function parseValueOptions(text: string): ValueOption[] | string {
  const parts = text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
  if (parts.length === 1 && parts[0] === 'exact') return [];
  if (parts.length === 1 && parts[0] === 'all') return [...VALUE_OPTIONS];
  for (const p of parts)
    if (!(VALUE_OPTIONS as readonly string[]).includes(p))
      return `unknown value option ${JSON.stringify(p)}; known: ${VALUE_OPTIONS.join(', ')}, all, exact`;
  return VALUE_OPTIONS.filter((o) => parts.includes(o));
}

/** Normalises one value of one slot under the options (alternatives aside). */
export function normaliseValue(slot: string, value: string, opts: ReadonlySet<ValueOption>): string {
  let v = value;
  if (opts.has('lower')) v = v.trim().toLowerCase().replace(/\s+/g, ' ');
  if (opts.has('trade-fixes')) v = tradeFix(slot, v);
  if (opts.has('empty') && EMPTY_SPELLINGS.has(v.trim().toLowerCase())) v = NONE;
  if (opts.has('dontcare') && DONTCARE_SPELLINGS.has(v.trim().toLowerCase())) v = 'dontcare';
  return v;
}

/** Gold alternatives of a value: "a|b" → ["a", "b"] (empty parts dropped). */
export function alternativesOf(value: string): string[] {
  if (!value.includes('|')) return [value];
  const alts = value.split('|').filter((s) => s !== '');
  return alts.length > 0 ? alts : [value];
}

/**
 * Applies value options to a corpus: a new corpus with the same dialogues,
 * turns and slots, and values rewritten. With `alternatives`, a gold value
 * "a|b" becomes the alternative the prediction chose, else the first one.
 */
export function applyValueOptions(corpus: Corpus, options: readonly ValueOption[]): Corpus {
  if (options.length === 0) return corpus;
  const opts = new Set(options);
  const values = new Interner([NONE]);
  const cache = new Map<number, number>();
  const nSlots = corpus.slots.size + 1;
  const mapValue = (slot: number, v: number): number => {
    if (v === NONE_ID) return NONE_ID;
    const key = v * nSlots + slot;
    let out = cache.get(key);
    if (out === undefined) {
      out = values.intern(normaliseValue(corpus.slots.name(slot), corpus.values.name(v), opts));
      cache.set(key, out);
    }
    return out;
  };
  const out = copyPairs(corpus);
  const gp = corpus.goldPairs;
  const pp = corpus.predPairs;
  const predOf = new Map<number, number>();
  for (let i = 0; i < corpus.turnIndex.length; i++) {
    predOf.clear();
    const ps = corpus.predStart[i];
    for (let k = ps; k < ps + corpus.predLen[i]; k++) {
      const v = mapValue(pp[2 * k], pp[2 * k + 1]);
      out.predPairs[2 * k + 1] = v;
      predOf.set(pp[2 * k], v);
    }
    const gs = corpus.goldStart[i];
    for (let k = gs; k < gs + corpus.goldLen[i]; k++) {
      const s = gp[2 * k];
      const raw = gp[2 * k + 1];
      const text = raw !== NONE_ID ? corpus.values.name(raw) : '';
      // A list-valued source (MultiWOZ 2.2, SGD) says which values are lists; others spell alternatives "a|b".
      const listed = corpus.valueLists ? corpus.valueLists.get(text) : text.includes('|') ? alternativesOf(text) : undefined;
      if (opts.has('alternatives') && listed !== undefined) {
        const name = corpus.slots.name(s);
        const alts = listed.map((a) => values.intern(normaliseValue(name, a, opts)));
        const p = predOf.get(s);
        out.goldPairs[2 * k + 1] = p !== undefined && alts.includes(p) ? p : alts[0];
      } else out.goldPairs[2 * k + 1] = mapValue(s, raw);
    }
  }
  return { ...corpus, values, ...out };
}
