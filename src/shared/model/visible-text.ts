// Layer: shared (pure TS). Slot values with their invisible characters made
// visible: a space at either edge of a value or in a run of two or more (␣),
// a no-break space (⍽), a tab (→), a newline (⏎), any other space, control or
// format character — zero-width spaces, joiners, bidi marks, the BOM, soft
// hyphens, line and paragraph separators, lone surrogates — as ⟨U+XXXX⟩, and
// an empty string as ⟨empty⟩. The one function every view and every figure
// uses (SlotChip, PairChip, the review pane, viz/chips.ts), so screen and
// export draw a value alike; each marker is a segment of its own kind, drawn
// in a muted style so it reads as a marker, not as data. `changed` (from
// char-diff.ts) marks characters to highlight.

export type SegmentKind = 'plain' | 'space' | 'control';

export interface Segment {
  /** What is drawn: the characters themselves (plain) or a marker. */
  text: string;
  kind: SegmentKind;
  /** The characters of the value this segment stands for ('' for the ⟨empty⟩ marker). */
  raw: string;
  /** Highlighted by a character diff (deleted from gold or inserted in the prediction). */
  changed?: boolean;
}

export const SPACE_MARK = '␣';
export const NBSP_MARK = '⍽';
export const TAB_MARK = '→';
export const NEWLINE_MARK = '⏎';
export const EMPTY_MARK = '⟨empty⟩';

/**
 * Characters drawn as nothing or as a blank that could pass for a plain
 * space: C0/C1 controls, format characters (zero-width space and joiners,
 * bidi marks, soft hyphen, BOM, tags), line and paragraph separators, lone
 * surrogates, and the other default-ignorable code points (Hangul fillers,
 * CGJ) — variation selectors aside, which only pick a glyph's form.
 */
const CONTROL = /^(?:[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]|(?!\p{Variation_Selector})\p{Default_Ignorable_Code_Point})$/u;
/** Space separators other than U+0020 (no-break, thin, em, ideographic, …). */
const OTHER_SPACE = /^\p{Zs}$/u;

const NAMES: Readonly<Record<number, string>> = {
  0x09: 'tab',
  0x0a: 'line feed (newline)',
  0x0d: 'carriage return',
  0x20: 'space',
  0xa0: 'no-break space',
  0xad: 'soft hyphen',
  0x200b: 'zero-width space',
  0x200c: 'zero-width non-joiner',
  0x200d: 'zero-width joiner',
  0x200e: 'left-to-right mark',
  0x200f: 'right-to-left mark',
  0x2028: 'line separator',
  0x2029: 'paragraph separator',
  0x202f: 'narrow no-break space',
  0x2060: 'word joiner',
  0x3000: 'ideographic space',
  0xfeff: 'zero-width no-break space (BOM)',
};

/** "U+00A0". */
export function codePointLabel(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** "U+00A0 no-break space": what a marker stands for (a tooltip). */
export function describeChar(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  const name = NAMES[cp];
  return name ? `${codePointLabel(cp)} ${name}` : codePointLabel(cp);
}

/** Whether a character (one code point) is drawn as a marker wherever it stands. */
export function isInvisible(ch: string): boolean {
  return ch !== ' ' && (CONTROL.test(ch) || OTHER_SPACE.test(ch));
}

function markerOf(ch: string): { text: string; kind: SegmentKind } {
  if (ch === ' ') return { text: SPACE_MARK, kind: 'space' };
  if (ch === '\u00a0') return { text: NBSP_MARK, kind: 'space' };
  if (ch === '\t') return { text: TAB_MARK, kind: 'control' };
  if (ch === '\n') return { text: NEWLINE_MARK, kind: 'control' };
  const cp = ch.codePointAt(0) ?? 0;
  return { text: `⟨${codePointLabel(cp)}⟩`, kind: OTHER_SPACE.test(ch) ? 'space' : 'control' };
}

/** Printable ASCII with single spaces between visible characters: nothing to mark (the common case, decided at once). */
const PLAIN_ASCII = /^[!-~](?:[!-~]| (?=[!-~]))*$/;

/**
 * A value as segments to draw: runs of plain characters, and one marker
 * segment per invisible character. A space (U+0020) is plain between two
 * visible characters and a marker at either edge or in a run of two or more.
 * `changed[i]` highlights the i-th code point; plain runs split where it
 * changes. The segments' `raw` joined give the value back.
 */
export function visibleSegments(value: string, changed?: readonly boolean[]): Segment[] {
  if (value === '') return [{ text: EMPTY_MARK, kind: 'control', raw: '' }];
  if (!changed && PLAIN_ASCII.test(value)) return [{ text: value, kind: 'plain', raw: value }];
  const chars = [...value];
  const n = chars.length;
  // A space is marked when it is in a run of spaces touching an edge or at least two long.
  const markSpace = new Uint8Array(n);
  for (let i = 0; i < n;) {
    if (chars[i] !== ' ') {
      i++;
      continue;
    }
    let j = i;
    while (j < n && chars[j] === ' ') j++;
    if (i === 0 || j === n || j - i >= 2) markSpace.fill(1, i, j);
    i = j;
  }
  const out: Segment[] = [];
  for (let i = 0; i < n; i++) {
    const ch = chars[i];
    const ch0 = changed?.[i] === true;
    if ((ch === ' ' && markSpace[i]) || isInvisible(ch)) {
      const m = markerOf(ch);
      out.push(ch0 ? { ...m, raw: ch, changed: true } : { ...m, raw: ch });
      continue;
    }
    const last = out[out.length - 1];
    if (last && last.kind === 'plain' && (last.changed === true) === ch0) {
      last.text += ch;
      last.raw += ch;
    } else out.push(ch0 ? { text: ch, kind: 'plain', raw: ch, changed: true } : { text: ch, kind: 'plain', raw: ch });
  }
  return out;
}

/** The value as it is drawn, markers included, as one string ("␣1", "a→b"). */
export function visibleText(value: string): string {
  return visibleSegments(value)
    .map((s) => s.text)
    .join('');
}

/** Whether the value draws any marker (an edge or repeated space, an invisible character, or the empty string). */
export function hasMarkers(value: string): boolean {
  return visibleSegments(value).some((s) => s.kind !== 'plain');
}

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

/**
 * The value as a JSON string literal with every invisible character escaped
 * (JSON.stringify leaves no-break and zero-width spaces as they are):
 * `" 1"`, `"a\u200bb"`. For messages and tooltips, where styling is not
 * available: the quotes show edge spaces, the escapes the rest; JSON.parse
 * gives the value back.
 */
export function quoteValue(value: string): string {
  let out = '"';
  for (const ch of value) {
    const short = SHORT_ESCAPES[ch];
    if (short) out += short;
    else if (isInvisible(ch)) for (let k = 0; k < ch.length; k++) out += `\\u${ch.charCodeAt(k).toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return out + '"';
}

/** A value for an accessible name or tooltip: as it is when it draws no marker, else quoted (quoteValue). */
export function valueLabel(value: string): string {
  return hasMarkers(value) ? quoteValue(value) : value;
}
