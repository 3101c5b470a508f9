// Layer: shared (pure TS). Format-only differences between the gold and a
// prediction are not label errors: a run that writes " centre" for "centre",
// "Guest House" for "guesthouse", "7 pm" for "19:00" or " none" where the
// gold has no value is right about the value and wrong about its spelling.
// Such places are never suspects; the ranking counts them in one note
// ("format"), by kind, with an example, so the person sees them once and can
// choose a value option (--values) instead of walking hundreds of them.
// Kinds: whitespace, case, punctuation (value-lookalikes.ts decides these),
// variant (known spellings of one value: TRADE's label fixes, "the" before a
// name, centre/center, guesthouse/guest house, number words, spoken times,
// dontcare spellings), alternative (the gold lists alternatives "a|b" and the
// prediction is one of them), empty (an empty-value spelling — " none", "",
// "not mentioned", "[NULL]" — against an absent slot), and convention (a
// renaming that a run flagged as following another gold version writes
// consistently: detectors/version.ts).

import { lookalikeKind, LOOKALIKE_KINDS } from '../../formats/value-lookalikes';
import { DONTCARE_SPELLINGS, EMPTY_SPELLINGS, normaliseValue, type ValueOption } from '../../formats/normalise';
import { normText } from '../text-match';

export const FORMAT_KINDS = [...LOOKALIKE_KINDS, 'variant', 'alternative', 'empty', 'convention'] as const;
export type FormatKind = (typeof FORMAT_KINDS)[number];

const VARIANT_OPTIONS: ReadonlySet<ValueOption> = new Set(['lower', 'trade-fixes', 'dontcare']);
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** Slots whose values are times ("train-leaveat", "restaurant-book time", …). */
const TIME_SLOT = /leave|arrive|time/;
const SPELLINGS: Record<string, string> = { center: 'centre', 'guest house': 'guesthouse', theater: 'theatre' };

/** "7 pm", "7:30pm", "0730", "7.30" → "07:30" style 24-hour time, or null. */
function time24(v: string): string | null {
  let m = /^(\d{1,2})(?::(\d\d))? ?(am|pm)$/.exec(v);
  if (m) {
    let h = Number(m[1]) % 12;
    if (m[3] === 'pm') h += 12;
    return h < 24 && Number(m[2] ?? '0') < 60 ? `${String(h).padStart(2, '0')}:${m[2] ?? '00'}` : null;
  }
  m = /^(\d{1,2}):?(\d\d)$/.exec(v);
  if (m && Number(m[1]) < 24 && Number(m[2]) < 60) return `${m[1].padStart(2, '0')}:${m[2]}`;
  return null;
}

/** The form a value is compared in for `variant`: one spelling of each known variant. */
export function variantForm(slot: string, value: string): string {
  let v = normaliseValue(slot, value, VARIANT_OPTIONS);
  v = normText(v).trim();
  if (v.startsWith('the ')) v = v.slice(4);
  v = SPELLINGS[v] ?? v;
  const w = NUMBER_WORDS.indexOf(v);
  if (w >= 0) v = String(w);
  return (TIME_SLOT.test(slot) ? time24(v) : null) ?? v;
}

const isEmptySpelling = (v: string) => EMPTY_SPELLINGS.has(v.trim().toLowerCase());

/**
 * Whether gold and prediction (null: absent) differ only in format, and how;
 * null when they are equal or differ in more than that.
 */
export function formatKind(slot: string, gold: string | null, pred: string | null): FormatKind | null {
  if (gold === pred) return null;
  if (gold === null || pred === null) return isEmptySpelling(gold ?? pred!) ? 'empty' : null;
  if (isEmptySpelling(gold) || isEmptySpelling(pred)) return null;
  const look = lookalikeKind(gold, pred);
  if (look) return look;
  if (gold.includes('|') && gold.split('|').some((alt) => alt === pred || lookalikeKind(alt, pred) !== null)) return 'alternative';
  const dc = (v: string) => DONTCARE_SPELLINGS.has(v.trim().toLowerCase());
  if (dc(gold) && dc(pred)) return 'variant';
  const g = variantForm(slot, gold);
  return g !== '' && g !== 'none' && g === variantForm(slot, pred) ? 'variant' : null;
}

export interface FormatExample {
  dialogue: string;
  turn: number;
  slot: string;
  gold: string | null;
  pred: string | null;
  run: string;
}

export interface FormatGroup {
  kind: FormatKind;
  /** Turn-slot-run occurrences. */
  count: number;
  /** Distinct (slot, gold, prediction) triples. */
  distinct: number;
  /** The first occurrence in the corpus's order. */
  example: FormatExample;
}

/** The one note for every format-only difference: never suspects. */
export interface FormatNote {
  /** Occurrences in all (a run's prediction at a turn and slot). */
  count: number;
  groups: FormatGroup[];
}

/** Counts format-only differences as the ranking meets them. */
export class FormatTally {
  private readonly groups = new Map<FormatKind, { count: number; seen: Set<string>; example: FormatExample }>();
  private total = 0;

  add(kind: FormatKind, key: string, example: () => FormatExample): void {
    this.total++;
    let g = this.groups.get(kind);
    if (!g) this.groups.set(kind, (g = { count: 0, seen: new Set(), example: example() }));
    g.count++;
    g.seen.add(key);
  }

  note(): FormatNote {
    return {
      count: this.total,
      groups: FORMAT_KINDS.filter((k) => this.groups.has(k)).map((kind) => {
        const g = this.groups.get(kind)!;
        return { kind, count: g.count, distinct: g.seen.size, example: g.example };
      }),
    };
  }
}

export const FORMAT_LABEL: Record<FormatKind, string> = {
  whitespace: 'whitespace',
  case: 'letter case',
  punctuation: 'punctuation',
  variant: 'a known variant spelling',
  alternative: 'one of the gold’s alternatives',
  empty: 'an empty-value spelling against an absent slot',
  convention: 'another gold version’s convention',
};

/** "412 predictions differ from the gold only in format (310 whitespace, 102 letter case): not suspects" — or null when there are none. */
export function formatNoteText(note: FormatNote): string | null {
  if (note.count === 0) return null;
  const parts = note.groups.map((g) => `${g.count.toLocaleString('en-US')} ${FORMAT_LABEL[g.kind]}`);
  return `${note.count.toLocaleString('en-US')} prediction${note.count === 1 ? '' : 's'} differ${note.count === 1 ? 's' : ''} from the gold only in format (${parts.join(', ')}): not suspects`;
}
