// Layer: shared (pure TS). Why the active matcher accepted a predicted value
// that is not the gold's text, written for a chip's tooltip and the turn card:
// `' centre' ≈ 'centre' (partial_ratio 100)`, or `'10 : 15' = '10:15' after
// normalisation`. Quotes are Python's (the evaluators' language), so leading
// and trailing spaces show.

import type { MatchNote } from './apply';

/** A value as Python's repr writes a str: single quotes unless the text has one and no double quote. */
export function pyQuote(s: string): string {
  if (s.includes("'") && !s.includes('"')) return `"${s}"`;
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The reason text of one acceptance. */
export function matchReasonText(n: Pick<MatchNote, 'pred' | 'gold' | 'how' | 'predNormalised'>): string {
  if (n.how === 'normalised') return `${pyQuote(n.pred)} = ${pyQuote(n.gold)} after normalisation (both ${pyQuote(n.predNormalised)})`;
  return `${pyQuote(n.pred)} ≈ ${pyQuote(n.gold)} (${n.how.scorer} ${n.how.score})`;
}
