// visibleSegments: which characters of a value are drawn as markers (edge and
// repeated spaces, tabs, newlines, no-break and other spaces, zero-width and
// other format characters, controls, lone surrogates, the empty string), that
// plain text stays one segment, that the raw characters give the value back
// (property), and the diff marks; quoteValue: a JSON literal that parses back
// and shows no invisible character.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeChar,
  hasMarkers,
  isInvisible,
  quoteValue,
  valueLabel,
  visibleSegments,
  visibleText,
  type Segment,
} from '../../../../src/shared/model/visible-text';

const brief = (segs: Segment[]) => segs.map((s) => [s.kind, s.text]);

describe('visibleSegments', () => {
  it('leaves a value without invisible characters as one plain segment (single inner spaces included)', () => {
    expect(visibleSegments('centre')).toEqual([{ text: 'centre', kind: 'plain', raw: 'centre' }]);
    expect(visibleSegments('modern european')).toEqual([{ text: 'modern european', kind: 'plain', raw: 'modern european' }]);
    expect(hasMarkers('a b c')).toBe(false);
  });

  it('marks spaces at either edge, and every space of an inner run of two or more', () => {
    expect(brief(visibleSegments(' 1'))).toEqual([
      ['space', '␣'],
      ['plain', '1'],
    ]);
    expect(brief(visibleSegments('2 '))).toEqual([
      ['plain', '2'],
      ['space', '␣'],
    ]);
    expect(brief(visibleSegments('  a  b c '))).toEqual([
      ['space', '␣'],
      ['space', '␣'],
      ['plain', 'a'],
      ['space', '␣'],
      ['space', '␣'],
      ['plain', 'b c'],
      ['space', '␣'],
    ]);
    expect(visibleText('modern  european')).toBe('modern␣␣european');
    // A value of spaces only: every one is at an edge.
    expect(visibleText('   ')).toBe('␣␣␣');
    expect(visibleText(' ')).toBe('␣');
  });

  it('marks tabs and newlines wherever they stand, as control characters', () => {
    expect(brief(visibleSegments('a\tb'))).toEqual([
      ['plain', 'a'],
      ['control', '→'],
      ['plain', 'b'],
    ]);
    expect(brief(visibleSegments('cheap\n'))).toEqual([
      ['plain', 'cheap'],
      ['control', '⏎'],
    ]);
    expect(visibleText('a\r\nb')).toBe('a⟨U+000D⟩⏎b');
  });

  it('marks a no-break space (⍽) and other space separators (code point), even between letters', () => {
    expect(brief(visibleSegments('guest\u00a0house'))).toEqual([
      ['plain', 'guest'],
      ['space', '⍽'],
      ['plain', 'house'],
    ]);
    expect(brief(visibleSegments('a\u2009b\u3000c\u202fd'))).toEqual([
      ['plain', 'a'],
      ['space', '⟨U+2009⟩'],
      ['plain', 'b'],
      ['space', '⟨U+3000⟩'],
      ['plain', 'c'],
      ['space', '⟨U+202F⟩'],
      ['plain', 'd'],
    ]);
  });

  it('marks zero-width, bidi, soft hyphen, BOM, separators, C0/C1 controls, tags and lone surrogates by code point', () => {
    for (const [ch, label] of [
      ['\u200b', 'U+200B'],
      ['\u200c', 'U+200C'],
      ['\u200d', 'U+200D'],
      ['\u200e', 'U+200E'],
      ['\u202e', 'U+202E'],
      ['\u2060', 'U+2060'],
      ['\u00ad', 'U+00AD'],
      ['\ufeff', 'U+FEFF'],
      ['\u2028', 'U+2028'],
      ['\u2029', 'U+2029'],
      ['\u0000', 'U+0000'],
      ['\u007f', 'U+007F'],
      ['\u0085', 'U+0085'],
      ['\u3164', 'U+3164'],
      ['\u{e0041}', 'U+E0041'],
      ['\ud800', 'U+D800'],
    ]) {
      const segs = visibleSegments(`x${ch}y`);
      expect(brief(segs), label).toEqual([
        ['plain', 'x'],
        ['control', `⟨${label}⟩`],
        ['plain', 'y'],
      ]);
      expect(segs[1].raw).toBe(ch);
      expect(isInvisible(ch)).toBe(true);
    }
  });

  it('keeps printing characters plain: accents, CJK, emoji with a variation selector, combining marks, punctuation', () => {
    for (const v of ['café', '北京', '❤️', 'é', 'don’t care', '11:15', '→ arrow', '␣'])
      expect(brief(visibleSegments(v)), v).toEqual([['plain', v]]);
  });

  it('draws the empty string as one ⟨empty⟩ marker', () => {
    expect(visibleSegments('')).toEqual([{ text: '⟨empty⟩', kind: 'control', raw: '' }]);
    expect(hasMarkers('')).toBe(true);
  });

  it('splits plain runs where the diff marks change, and carries the mark onto markers', () => {
    expect(visibleSegments(' centre', [true, false, false, false, false, false, false])).toEqual([
      { text: '␣', kind: 'space', raw: ' ', changed: true },
      { text: 'centre', kind: 'plain', raw: 'centre' },
    ]);
    expect(visibleSegments('center', [false, false, false, false, true, true])).toEqual([
      { text: 'cent', kind: 'plain', raw: 'cent' },
      { text: 'er', kind: 'plain', raw: 'er', changed: true },
    ]);
  });

  it('gives the value back from the raw characters, and draws no invisible character (property)', () => {
    const chars = fc.constantFrom(' ', ' ', 'a', 'b', '\t', '\n', '\r', '\u00a0', '\u200b', '\ufeff', '\u0000', 'é', '\ud83d', '\ude00');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.array(chars).map((a) => a.join('')),
        ),
        (v) => {
          const segs = visibleSegments(v);
          expect(segs.map((s) => s.raw).join('')).toBe(v);
          const drawn = segs.map((s) => s.text).join('');
          expect([...drawn].filter(isInvisible)).toEqual([]);
          expect(drawn.startsWith(' ') || drawn.endsWith(' ') || drawn.includes('  ')).toBe(false);
          // Adjacent plain segments never have the same diff mark (they would have been one).
          segs.forEach((s, i) => {
            if (i > 0 && s.kind === 'plain' && segs[i - 1].kind === 'plain') expect(s.changed).not.toBe(segs[i - 1].changed);
          });
        },
      ),
      { seed: 15, numRuns: 400 },
    );
  });
});

describe('quoteValue and valueLabel', () => {
  it('quotes as JSON and escapes every invisible character', () => {
    expect(quoteValue(' centre')).toBe('" centre"');
    expect(quoteValue('a\u200bb')).toBe('"a\\u200bb"');
    expect(quoteValue('guest\u00a0house')).toBe('"guest\\u00a0house"');
    expect(quoteValue('Cheap\n')).toBe('"Cheap\\n"');
    expect(quoteValue('say "hi"\\')).toBe('"say \\"hi\\"\\\\"');
    expect(quoteValue('\u{e0041}')).toBe('"\\udb40\\udc41"');
    expect(quoteValue('')).toBe('""');
  });

  it('parses back to the value and shows no invisible character (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (v) => {
        const q = quoteValue(v);
        expect(JSON.parse(q)).toBe(v);
        expect([...q].filter(isInvisible)).toEqual([]);
      }),
      { seed: 15, numRuns: 400 },
    );
  });

  it('labels a value as it is unless it draws a marker', () => {
    expect(valueLabel('centre')).toBe('centre');
    expect(valueLabel(' centre')).toBe('" centre"');
    expect(valueLabel('')).toBe('""');
  });

  it('names the characters it marks', () => {
    expect(describeChar('\u00a0')).toBe('U+00A0 no-break space');
    expect(describeChar('\u200b')).toBe('U+200B zero-width space');
    expect(describeChar('\u0001')).toBe('U+0001');
  });
});
