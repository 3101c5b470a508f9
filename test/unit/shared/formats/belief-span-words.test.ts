// The byte reader of one new domain segment (src/shared/formats/belief-span-words.ts,
// used by the belief-span fast path for the segments it has not seen yet):
// on generated segments in both grammars — multi-word slot names, stop words
// and values read whole, values that hold slot words, unknown slots and
// domains, [value_x] tokens in the wrong grammar, <tokens>, odd spacing — it
// gives exactly the pairs belief-span.ts's parseSpan gives on the segment's
// text, or declines (null) where parseSpan refuses it; it declines little else;
// and a segment it declines interns no slot and no value in the collector.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSpan, type SpanGrammar } from '../../../../src/shared/formats/belief-span';
import { SegmentWords } from '../../../../src/shared/formats/belief-span-words';
import { compileSlotVocab, multiwozSlotVocab, type SlotVocab } from '../../../../src/shared/formats/slot-vocab';
import { Interner } from '../../../../src/shared/model/interner';

const enc = (s: string) => new TextEncoder().encode(s);

const CUSTOM = compileSlotVocab(
  {
    domains: {
      hotel: ['area', 'price range', 'book people', 'name', 'stars'],
      flight: ['departure city', 'seat class', 'seat', 'day'],
    },
    stop_words: ['address', 'leave now'],
    values: ['first class', 'seat class act', 'the day of the jackal', 'north'],
  },
  'custom',
);

const DOMAINS = ['[hotel]', '[flight]', '[restaurant]', '[train]', '[hotell]'];
const WORDS = ['area', 'price', 'range', 'pricerange', 'book', 'people', 'name', 'stars', 'departure', 'city', 'seat', 'class', 'day', 'act', 'leave', 'now', 'address', 'destination', 'food', 'the', 'of', 'jackal', 'first', 'north', 'cheap', '4', '17:15', 'new', 'york', 'a']; // prettier-ignore
const ODD = ['[value_area]', '[value_day]', '[value_seat]', '[value_]', '[x]', '<x>', '<eos_b>', '<a', 'b>', '[', ']'];
const SPACES = [' ', ' ', ' ', '  ', '\t', ' \n '];

const SLOTS = ['area', 'price range', 'pricerange', 'book people', 'people', 'name', 'stars', 'departure city', 'seat class', 'seat', 'day', 'leave', 'destination', 'food']; // prettier-ignore
const VALUES = ['north', 'cheap', 'first class', 'seat class act', 'the day of the jackal', 'new york', '4', '17:15', 'el shaddia guesthouse', 'a', 'price', '']; // prettier-ignore

/** Words joined by assorted white space. */
const spaced = (words: fc.Arbitrary<string[]>) =>
  fc
    .tuple(words, fc.array(fc.constantFrom(...SPACES), { minLength: 40, maxLength: 40 }))
    .map(([ws, spaces]) => ws.map((w, i) => (i === 0 ? w : spaces[i % 40] + w)).join(''));

/**
 * A DAMD segment: a domain of the vocabulary first, then its slot names (now and then another) and values (now and
 * then an odd word), or any words at all.
 */
const segment = (vocab: SlotVocab) => {
  const domains = [...vocab.domains].filter(([, slots]) => slots.size > 0).map(([d, slots]): [string, string[]] => [d, [...slots]]);
  const pair = (slots: string[]) =>
    fc.tuple(fc.oneof({ arbitrary: fc.constantFrom(...slots), weight: 6 }, fc.constantFrom(...SLOTS)), fc.constantFrom(...VALUES));
  const clean = fc
    .constantFrom(...domains)
    .chain(([d, slots]) =>
      fc.tuple(
        fc.constant(`[${d}]`),
        fc.array(pair(slots), { maxLength: 4 }),
        fc.option(fc.tuple(fc.constantFrom(...WORDS, ...ODD), fc.nat(12)), { freq: 4 }),
      ),
    )
    .map(([d, pairs, odd]) => {
      const words = [d, ...pairs.flatMap(([x, v]) => [...x.split(' '), ...v.split(' ').filter(Boolean)])];
      if (odd) words.splice(1 + (odd[1] % words.length), 0, odd[0]);
      return words;
    });
  const any = fc
    .tuple(fc.constantFrom(...DOMAINS), fc.array(fc.constantFrom(...WORDS, ...ODD), { maxLength: 12 }))
    .map(([d, ws]) => [d, ...ws]);
  return spaced(fc.oneof({ arbitrary: clean, weight: 3 }, { arbitrary: any, weight: 1 }));
};

/** MTTOD segments: "[domain] [value_slot] value …", now and then a word out of place. */
const mttodSegment = fc
  .tuple(
    fc.constantFrom(...DOMAINS),
    fc.array(
      fc.tuple(
        fc.constantFrom('[value_area]', '[value_day]', '[value_seat]', '[value_name]', '[value_stars]', '[value_food]', 'north'),
        fc.array(fc.constantFrom(...WORDS, '[hotel]'), { maxLength: 2 }),
      ),
      { maxLength: 4 },
    ),
    fc.constantFrom(' ', '  '),
  )
  .map(([d, pairs, sep]) => [d, ...pairs.flatMap(([s, v]) => [s, ...v])].join(sep));

/** Whether a word after the first is a <token>, or a [token] that starts a segment (in MTTOD, one not [value_x]). */
function notOneSegment(text: string, grammar: SpanGrammar): boolean {
  return text
    .trim()
    .split(/\s+/)
    .slice(1)
    .some((w) => /^<[^<>\s]*>$/.test(w) || (/^\[.*\]$/.test(w) && (grammar === 'damd' || !w.startsWith('[value_'))));
}

function read(text: string, grammar: SpanGrammar, vocab: SlotVocab) {
  const bytes = enc(`"${text}"`);
  const slots = new Interner();
  const values = new Interner();
  const w = new SegmentWords(bytes, grammar, vocab, { slotById: (x) => slots.intern(x), value: (v) => values.intern(v) });
  // The segment once, then again (its words, slots and values now known).
  const first = w.parse(1, bytes.length - 1);
  const again = w.parse(1, bytes.length - 1);
  expect(again).toEqual(first);
  const named = first && Array.from({ length: first.length / 2 }, (_, k) => [slots.name(first[2 * k]), values.name(first[2 * k + 1])]);
  return { named, slots: slots.size, values: values.size };
}

describe('SegmentWords', () => {
  it.each([
    ['DAMD', 'damd', segment],
    ['MTTOD', 'mttod', () => mttodSegment],
  ] as const)('%s: a segment is read as parseSpan reads its text, or declined where parseSpan refuses it', (_, grammar, seg) => {
    let read1 = 0;
    for (const vocab of [CUSTOM, multiwozSlotVocab()])
      fc.assert(
        fc.property(seg(vocab), (text) => {
          const fast = read(text, grammar, vocab);
          const plain = parseSpan(text, grammar, vocab);
          if (fast.named) {
            read1++;
            expect(plain).toEqual({ ok: true, pairs: fast.named });
          } else {
            // Declined: parseSpan refuses it, or it is not one segment as the fast path hands them over (it holds a <token> word,
            // left to parseSpan, which may drop what follows a closing one; or a second domain token).
            if (plain.ok) expect(notOneSegment(text, grammar)).toBe(true);
            // Nothing of a declined segment reaches the collector.
            expect(fast.slots + fast.values).toBe(0);
          }
        }),
        { numRuns: 400 },
      );
    // Not simply declining.
    expect(read1).toBeGreaterThan(60); // of 800 (about 150 DAMD, 115 MTTOD)
  });

  it('reads multi-word slot names and values, values read whole, stop words, and odd spacing', () => {
    expect(read('[flight] seat class first class departure city the day of the jackal', 'damd', CUSTOM).named).toEqual([
      ['flight-seat class', 'first class'],
      ['flight-departure city', 'the day of the jackal'],
    ]);
    // "seat class act" is a value read whole; a value runs to a stop word ("address") otherwise.
    expect(read('[flight] seat seat class act day 4 new  york\taddress', 'damd', CUSTOM).named).toBeNull();
    expect(parseSpan('[flight] seat seat class act day 4 new  york\taddress', 'damd', CUSTOM).ok).toBe(false);
    expect(read('[flight] seat seat class act day new  york\tcity', 'damd', CUSTOM).named).toEqual([
      ['flight-seat', 'seat class act'],
      ['flight-day', 'new york city'],
    ]);
    expect(read('[train] [value_day] monday [value_leave]  17:15', 'mttod', multiwozSlotVocab()).named).toEqual([
      ['train-day', 'monday'],
      ['train-leaveat', '17:15'],
    ]);
  });
});
