// Layer: shared (pure TS). The dialogue list's search query and the words
// that describe a filter. A query is words, split at white space as a shell
// does: "double" or 'single' quotes keep spaces inside a word, and a
// backslash takes the next character as it is (\" \' \\ \ ). A word
// `<class>:<slot>` (class correct, wrong, missed or overshot, written without
// quotes; slot a part of a slot name: `missed:train-leaveat`, `wrong:name`,
// `wrong:"hotel-book stay"`) keeps the dialogues with a turn where a matching
// slot has that class (spec section 8). The other words, joined by single
// spaces, must appear in the dialogue's id, utterances, slot names or values
// (gold or predicted). A word `confident-wrong:T` (T a number in [0, 1])
// keeps the dialogues with a wrong predicted pair whose confidence is at
// least T (runs with confidences only; calibration/confident-wrong.ts).
// All parts must match. An unclosed quote is an error
// with its place, never a different query. formatTerm / quoteIfNeeded write
// a word that reads back as itself: every link that builds a query uses them.

import { AppError } from '../app-error';
import type { SlotClass } from '../metrics/evaluate';
import { canonicalFlatSlot, canonicalSlotPart, MULTIWOZ_DOMAINS } from '../formats/slot-names';

export const SLOT_CLASSES: readonly SlotClass[] = ['correct', 'wrong', 'missed', 'overshot'];

export interface ClassTerm {
  cls: SlotClass;
  /** A part of a slot name, as typed (quotes and escapes removed). */
  slot: string;
}

export interface SearchQuery {
  /** The free words as typed (quotes and escapes removed), joined by single spaces; '' when none. */
  text: string;
  terms: ClassTerm[];
  /** `confident-wrong:T`: keep dialogues with a wrong pair of confidence ≥ T (the highest T when given twice). */
  confidentWrong?: number;
}

/** A query that cannot be read: what is wrong, and where (0-based offset into the query). */
export class SearchSyntaxError extends AppError {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super('bad-args', message);
    this.name = 'SearchSyntaxError';
  }
}

/** The longest search the API takes (shared/calls/inspect.ts): a longer one is refused, never cut (a cut could open a quote). */
export const MAX_SEARCH = 500;

/** A class prefix written without quotes at the start of a word. */
const CLASS_PREFIX = /^(correct|wrong|missed|overshot):/i;
/** The confident-but-wrong prefix, written without quotes at the start of a word. */
const CONFIDENT_PREFIX = /^confident-wrong:/i;
/** A threshold as written after it: 0.9, .9, 1, 0. */
const THRESHOLD = /^(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/i;
const SPACE = /\s/;

const EXAMPLE = 'as in wrong:"hotel-book stay"';

/** The query's parts, or what is wrong with it (never throws). */
export function readSearch(query: string): SearchQuery | SearchSyntaxError {
  if (query.trim().length > MAX_SEARCH)
    return new SearchSyntaxError(`the search is ${query.trim().length} characters long; at most ${MAX_SEARCH}`, MAX_SEARCH);
  const terms: ClassTerm[] = [];
  const words: string[] = [];
  let confidentWrong: number | undefined;
  const n = query.length;
  let i = 0;
  for (;;) {
    while (i < n && SPACE.test(query[i])) i++;
    if (i >= n) break;
    const start = i;
    let word = '';
    /** The characters before the first quote or escape (where a class prefix may be). */
    let lead = '';
    let plain = true;
    while (i < n && !SPACE.test(query[i])) {
      const c = query[i];
      if (c === '"' || c === "'") {
        const open = i++;
        while (i < n && query[i] !== c) {
          if (query[i] === '\\' && i + 1 < n) i++;
          word += query[i++];
        }
        if (i >= n) return new SearchSyntaxError(`unclosed ${c} at character ${open + 1}: close the quote, ${EXAMPLE}`, open);
        i++;
        plain = false;
      } else if (c === '\\') {
        if (i + 1 >= n) return new SearchSyntaxError(`a \\ at the end (character ${i + 1}) escapes nothing: write \\\\ for a backslash`, i);
        word += query[i + 1];
        i += 2;
        plain = false;
      } else {
        word += c;
        if (plain) lead += c;
        i++;
      }
    }
    const cw = CONFIDENT_PREFIX.exec(lead);
    const m = CLASS_PREFIX.exec(lead);
    if (cw) {
      const t = word.slice(cw[0].length);
      const x = THRESHOLD.test(t) ? Number(t) : Number.NaN;
      if (!(x >= 0 && x <= 1))
        return new SearchSyntaxError(
          `${cw[0]} at character ${start + 1} needs a confidence threshold from 0 to 1${t === '' ? '' : `, not ${JSON.stringify(t)}`}: write e.g. confident-wrong:0.9`,
          start,
        );
      confidentWrong = confidentWrong === undefined ? x : Math.max(confidentWrong, x);
    } else if (m) {
      const slot = word.slice(m[0].length);
      if (slot === '')
        return new SearchSyntaxError(`${m[0]} at character ${start + 1} names no slot: write the slot after the colon, ${EXAMPLE}`, start);
      terms.push({ cls: m[1].toLowerCase() as SlotClass, slot });
    } else if (word !== '') words.push(word);
  }
  return confidentWrong === undefined ? { text: words.join(' '), terms } : { text: words.join(' '), terms, confidentWrong };
}

/** The query's parts; throws SearchSyntaxError when it cannot be read. */
export function parseSearch(query: string): SearchQuery {
  const q = readSearch(query);
  if (q instanceof SearchSyntaxError) throw q;
  return q;
}

/**
 * One word of a query that reads back as `s`: as it is when it has no white
 * space, quote or backslash and does not start like a class term; else in
 * double quotes, with `"` and `\` escaped.
 */
export function quoteIfNeeded(s: string): string {
  if (s !== '' && !/[\s"'\\]/.test(s) && !CLASS_PREFIX.test(s) && !CONFIDENT_PREFIX.test(s)) return s;
  return `"${s.replace(/[\\"]/g, '\\$&')}"`;
}

/** The class term that keeps the dialogues where `slot` has class `cls`: `wrong:"hotel-book stay"`, `missed:train-leaveat`. */
export function formatTerm(cls: SlotClass, slot: string): string {
  return `${cls}:${quoteIfNeeded(slot)}`;
}

/** A query that reads back as `q` (terms first, then the free text as one word). */
export function formatSearch(q: SearchQuery): string {
  const parts = q.terms.map((t) => formatTerm(t.cls, t.slot));
  if (q.confidentWrong !== undefined) parts.push(`confident-wrong:${q.confidentWrong}`);
  if (q.text !== '') parts.push(quoteIfNeeded(q.text));
  return parts.join(' ');
}

/** A slot name as a search compares it: lower-cased, without spaces and underscores (`hotel-book stay` → `hotel-bookstay`). */
function squashKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '');
}

/**
 * The keys a term's slot is compared by: as typed and in the canonical
 * spelling of formats/slot-names.ts (`hotel-book_stay`, `Hotel-BookStay`,
 * `hotel-stay` → `hotel-book stay`; `train-book day` → `train-day`;
 * `semi_area` → `area`), both squashed.
 */
export function termKeys(slot: string): string[] {
  const s = slot.trim().toLowerCase();
  const dash = s.indexOf('-');
  const canonical = dash > 0 && MULTIWOZ_DOMAINS.has(s.slice(0, dash).trim()) ? canonicalFlatSlot(s) : canonicalSlotPart(s);
  return [...new Set([squashKey(s), squashKey(canonical)])];
}

/**
 * Which of `names` (a corpus's slot names) a term's slot names: the slots it
 * names in full, in any of those spellings, when there are such; else every
 * slot whose name contains it (`name` → every *-name slot; `book` → every
 * booking slot; `book_stay` → `hotel-book stay`).
 */
export function slotsOfTerm(slot: string, names: readonly string[]): boolean[] {
  const keys = termKeys(slot).filter((k) => k !== '');
  if (keys.length === 0) return names.map(() => false);
  const nameKeys = names.map(squashKey);
  if (nameKeys.some((k) => keys.includes(k))) return nameKeys.map((k) => keys.includes(k));
  return nameKeys.map((k) => keys.some((t) => k.includes(t)));
}

/** The filter in words, for labels: `domain taxi · has mistakes · "missed:train-leaveat"`; '' for no filter. */
export function describeFilter(f: { domain?: string; mistakesOnly?: boolean; search?: string }): string {
  const parts: string[] = [];
  if (f.domain) parts.push(`domain ${f.domain}`);
  if (f.mistakesOnly) parts.push('has mistakes');
  const s = f.search?.trim();
  if (s) parts.push(`“${s}”`);
  return parts.join(' · ');
}
