// Layer: shared (pure TS). mwzeval's state normalisation, re-implemented from
// Tomiinek/MultiWOZ_Evaluation @ 7f19ee01ffd97652bfad5b067fce40704d9c9de2,
// mwzeval/normalization.py: `normalize_data` (slot names: lower-cased, ' '
// removed, arriveby → arrive, leaveat → leave) and
// `normalize_state_slot_value` (dispatch on that name: name/destination/
// departure → name_to_canonical, type → type_to_canonical, food →
// food_to_canonical, arrive/leave/time → time_to_canonical, parking/internet
// free → yes, anything else unchanged). The rules are written here; the
// tables of canonical spellings are a ValueMap the user supplies.

import { pyStrip } from '../matching/python';
import type { ValueMap } from './value-map';

/** mwzeval's slot name for a canonical "domain-slot" name: the part after '-', lower-cased, ' ' removed, arriveby/leaveat renamed. */
export function mwzevalSlotName(canonical: string): string {
  const i = canonical.indexOf('-');
  const slot = (i < 0 ? canonical : canonical.slice(i + 1)).toLowerCase().replaceAll(' ', '');
  return slot === 'arriveby' ? 'arrive' : slot === 'leaveat' ? 'leave' : slot;
}

/** What a normalisation did that mwzeval itself could not: a time its int() would refuse (it raises ValueError there). */
export interface NormaliseIssues {
  unparsedTimes: number;
}

/** `normalize_state_slot_value(slot_name, value)` for mwzeval's slot name (see mwzevalSlotName). */
export function mwzevalValue(slotName: string, value: string, map: ValueMap, issues?: NormaliseIssues): string {
  switch (slotName) {
    case 'name':
    case 'destination':
    case 'departure':
      return nameToCanonical(value, map);
    case 'type':
      return map.type.get(value) ?? value;
    case 'food': {
      const f = pyLower(pyStrip(value));
      return map.food.get(f) ?? f;
    }
    case 'arrive':
    case 'leave':
    case 'arriveby':
    case 'leaveat':
    case 'time':
      return timeToCanonical(value, map, issues);
    case 'parking':
    case 'internet':
      return value === 'free' ? 'yes' : value;
    default:
      return value;
  }
}

const pyLower = (s: string): string => s.toLowerCase();

/** name_to_canonical(name, domain=None): strip, lower, ' & ' and '&' → ' and ', " '" → "'", then the map (whole value). */
export function nameToCanonical(value: string, map: ValueMap): string {
  const n = pyLower(pyStrip(value)).replaceAll(' & ', ' and ').replaceAll('&', ' and ').replaceAll(" '", "'");
  return map.name.get(n) ?? n;
}

const cps = (s: string): string[] => Array.from(s);
/** Python str.isdigit() for the characters times hold (decimal digits of any script). */
const isDigits = (s: string): boolean => s.length > 0 && /^\p{Nd}+$/u.test(s);
/** Python int() of a string: optional whitespace and sign, digits with single '_' between them; null where Python raises. */
function pyInt(s: string): number | null {
  const t = pyStrip(s);
  if (!/^[+-]?\p{Nd}+(?:_\p{Nd}+)*$/u.test(t)) return null;
  const ascii = t.replace(/_/g, '').replace(/\p{Nd}/gu, (d) => String(digitValue(d)));
  return Number(ascii);
}
function digitValue(d: string): number {
  // Unicode's decimal digits come in runs of whole sets of ten, each starting at its zero.
  const cp = d.codePointAt(0)!;
  let start = cp;
  while (start > 0 && /\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
  return (cp - start) % 10;
}
const zfill2 = (s: string): string => (cps(s).length >= 2 ? s : '0'.repeat(2 - cps(s).length) + s);

/** time_to_canonical(time) as mwzeval writes it (normalization.py L165-219), its whole-value table from the map. */
export function timeToCanonical(value: string, map: ValueMap, issues?: NormaliseIssues): string {
  let t = pyLower(pyStrip(value));
  const whole = map.time.get(t);
  if (whole !== undefined) return whole;
  for (const [prefix, to] of map.timePrefix) if (t.startsWith(prefix)) return to;
  if (t.startsWith('by')) t = cps(t).slice(3).join('');
  if (t.startsWith('after')) t = pyStrip(cps(t).slice(5).join(''));
  if (t.startsWith('afer')) t = pyStrip(cps(t).slice(4).join(''));
  if (t.endsWith('am')) t = pyStrip(t.slice(0, -2));
  if (t.endsWith('a.m.')) t = pyStrip(t.slice(0, -4));
  if (t.endsWith('pm') || t.endsWith('p.m.')) {
    if (t.endsWith('pm')) t = pyStrip(t.slice(0, -2));
    if (t.endsWith('p.m.')) t = pyStrip(t.slice(0, -4));
    const tokens = t.split(':');
    if (tokens.length === 2) {
      const h = pyInt(tokens[0]);
      if (h !== null) return String(h + 12) + ':' + tokens[1];
      // mwzeval raises ValueError here and stops; the value is kept as it stands and counted.
      if (issues) issues.unparsedTimes++;
    } else if (tokens.length === 1 && isDigits(tokens[0])) return String(pyInt(tokens[0])! + 12) + ':00';
  }
  const c = cps(t);
  if (c.length === 0) return '00:00';
  if (c[c.length - 1] === '.' || c[c.length - 1] === ',' || c[c.length - 1] === '?') t = c.slice(0, -1).join('');
  const n = cps(t).length;
  if (isDigits(t) && n === 4) return cps(t).slice(0, 2).join('') + ':' + cps(t).slice(2).join('');
  if (isDigits(t)) return zfill2(t) + ':00';
  if (t.includes(':')) t = t.split(' ').join('');
  const d = cps(t);
  if (d.length === 4 && d[1] === ':') {
    const tokens = t.split(':');
    return zfill2(tokens[0]) + ':' + tokens[1];
  }
  return t;
}
