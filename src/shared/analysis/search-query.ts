// Layer: shared (pure TS). The dialogue list's search query and the words
// that describe a filter. A query is words; a word `<class>:<slot>` (class
// correct, wrong, missed or overshot; slot a part of a slot name, as in
// `missed:train-leaveat` or `wrong:name`) keeps the dialogues with a turn
// where a matching slot has that class (spec section 8); the other words,
// joined by single spaces, must appear in the dialogue's id, utterances,
// slot names or values (gold or predicted). All parts must match.

import type { SlotClass } from '../metrics/evaluate';

export const SLOT_CLASSES: readonly SlotClass[] = ['correct', 'wrong', 'missed', 'overshot'];

export interface ClassTerm {
  cls: SlotClass;
  /** Lower-cased part of a slot name. */
  slot: string;
}

export interface SearchQuery {
  /** Lower-cased free text ('' when none). */
  text: string;
  terms: ClassTerm[];
}

const TERM = /^(correct|wrong|missed|overshot):(\S+)$/i;

export function parseSearch(query: string): SearchQuery {
  const terms: ClassTerm[] = [];
  const words: string[] = [];
  for (const w of query.trim().split(/\s+/)) {
    if (!w) continue;
    const m = TERM.exec(w);
    if (m) terms.push({ cls: m[1].toLowerCase() as SlotClass, slot: m[2].toLowerCase() });
    else words.push(w);
  }
  return { text: words.join(' ').toLowerCase(), terms };
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
