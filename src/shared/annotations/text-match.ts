// Layer: shared (pure TS). Does an utterance mention a slot value? Case,
// punctuation and whitespace are normalised, numbers match their words
// ("2" = "two"), a leading "the" is optional, a few MultiWOZ spellings meet
// ("centre" = "center", "guesthouse" = "guest house"), and gold alternatives
// "a|b" match either. Values that are never said as such (dontcare, yes, no,
// none) are not looked for at all.

const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];

/** Values that are not said in the text as such: looking for them proves nothing. */
const UNSAID = new Set(['dontcare', "don't care", 'dont care', 'do not care', 'yes', 'no', 'none', 'not mentioned', 'free', 'any']);

const SYNONYMS: Record<string, string[]> = {
  centre: ['center', 'central', 'centrally'],
  center: ['centre', 'central'],
  guesthouse: ['guest house'],
  'guest house': ['guesthouse'],
  moderate: ['moderately'],
  cheap: ['inexpensive', 'cheaply', 'cheaper', 'cheapest'],
  expensive: ['upscale', 'pricey'],
};

/** Generic words a name is often said without ("Finches" for "finches bed and breakfast"). */
const GENERIC =
  / (bed and breakfast|guest ?house|hotel|restaurant|college|museum|church|gallery|theatre|cinema|pool|park|hall|centre|train station|station)$/;

/**
 * "6.10" or "19.45" said as a time becomes "6:10", "19:45"; not a price ("£10.10", "10.10 pounds", "4.40 gbp").
 * Applied to lower-cased text.
 */
const DOT_TIME = /(^|[^£$€\d.])(\d{1,2})\.([0-5]\d)(?!\d|\.\d)(?!\s*(?:pounds?|gbp|quid|euros?|eur|dollars?|usd|pence|p)\b)/gu;

/**
 * Lower case, a dot time written with a colon ("6.10" → "6:10"), every run of non-letters/digits (but ':' in times) one space,
 * "st" for "saint", a plural or possessive "s" dropped from longer words;
 * padded with spaces for whole-word search.
 */
export function normText(s: string): string {
  const words = s
    .toLowerCase()
    .replace(DOT_TIME, '$1$2:$3')
    .replace(/[’']/g, '')
    .replace(/[^\p{L}\p{N}:]+/gu, ' ')
    .trim()
    .split(' ')
    .map((w) => (w === 'saint' ? 'st' : w.length > 4 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
  return ` ${words.join(' ')} `;
}

/** "19:00" is also said "7 pm", "7:00 pm", "7pm", "1900" (and "19.00", "7.00pm": normText reads a dot time as a colon one); "06:10" also "6:10". */
function timeForms(v: string): string[] {
  const m = /^([0-9]{1,2}):([0-9]{2})$/.exec(v);
  if (!m) return [];
  const h = Number(m[1]);
  const mm = m[2];
  const h12 = h % 12 === 0 ? 12 : h % 12;
  const ampm = h < 12 ? 'am' : 'pm';
  const out = [`${h}:${mm}`, v.replace(':', ''), `${h12}:${mm}`, `${h12}:${mm} ${ampm}`, `${h12}:${mm}${ampm}`];
  if (mm === '00') out.push(`${h12} ${ampm}`, `${h12}${ampm}`, `${h12} o clock`);
  return out;
}

/** Whether a value is one that is never said literally (dontcare, yes, no, …). */
export function isUnsaid(value: string): boolean {
  return UNSAID.has(value.trim().toLowerCase());
}

/** The normalised forms a value may take in the text. */
export function valueForms(value: string): string[] {
  const out = new Set<string>();
  for (const alt of value.split('|')) {
    const v = normText(alt).trim();
    if (v === '') continue;
    out.add(v);
    if (v.startsWith('the ')) out.add(v.slice(4));
    const n = Number(v);
    if (/^[0-9]+$/.test(v) && n < NUMBER_WORDS.length) out.add(NUMBER_WORDS[n]);
    const w = NUMBER_WORDS.indexOf(v);
    if (w >= 0) out.add(String(w));
    for (const s of SYNONYMS[v] ?? []) out.add(normText(s).trim());
    for (const t of timeForms(v)) out.add(normText(t).trim());
    const head = GENERIC.exec(v);
    if (head) {
      const rest = v.slice(0, head.index).replace(/^the /, '');
      if (rest.length >= 4) out.add(rest);
    }
  }
  return [...out];
}

/** Whether normalised text `text` (from normText) mentions the value. Unsaid values are never "mentioned". */
export function mentions(text: string, value: string): boolean {
  if (isUnsaid(value)) return false;
  const squashed = text.replace(/ /g, '');
  for (const f of valueForms(value)) {
    if (text.includes(` ${f} `)) return true;
    // "guest house" written "guesthouse" (long values only: short ones would match inside words)
    if (f.length >= 6 && squashed.includes(f.replace(/ /g, ''))) return true;
  }
  return false;
}
