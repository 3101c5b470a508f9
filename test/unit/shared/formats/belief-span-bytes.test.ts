// The belief-span loader's fast path (src/shared/formats/belief-span-bytes.ts:
// spans read from bytes, domain segment by domain segment, each distinct
// segment parsed once; a span equal to one of the last two read copied) gives
// exactly what the plain path gives (every span through belief-span.ts's
// parseSpan: loadBspn(…, fast = false)) — the same states, the same generated
// text, the same unparseable turns with the same reason and place, the same
// warnings, the same error for a gold span that cannot be read — on generated
// files with multi-word slot names and values, unknown slots and domains,
// special tokens, spans cut before their closing token, repeated and mutated
// segments, escapes and non-ASCII words. And it does not simply decline.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseSpan, type SpanGrammar } from '../../../../src/shared/formats/belief-span';
import { SpanBytes, usable } from '../../../../src/shared/formats/belief-span-bytes';
import { loadBspn } from '../../../../src/shared/formats/bspn';
import { compileSlotVocab, multiwozSlotVocab, type SlotVocab } from '../../../../src/shared/formats/slot-vocab';
import { Interner } from '../../../../src/shared/model/interner';
import type { Corpus } from '../../../../src/shared/model/corpus';
import type { LoadedCorpus } from '../../../../src/shared/formats/types';

const enc = (s: string) => new TextEncoder().encode(s);

/** Multi-word slot names, a stop word of two words, values read whole that contain slot words. */
const CUSTOM = compileSlotVocab(
  {
    domains: {
      hotel: ['area', 'price range', 'book people', 'name', 'stars'],
      flight: ['departure city', 'seat class', 'seat', 'day'],
      taxi: ['leave at', 'destination', 'day'],
    },
    stop_words: ['address', 'leave now'],
    values: ['first class', 'seat class act', 'the day of the jackal'],
  },
  'custom',
);

const DOMAINS = ['hotel', 'flight', 'taxi', 'restaurant', 'train', 'attraction'];
const SLOT_WORDS = ['area', 'price range', 'pricerange', 'book people', 'people', 'name', 'stars', 'departure city', 'seat class', 'seat', 'day', 'leave at', 'leave', 'destination', 'food', 'time', 'address', 'leave now', 'departure']; // prettier-ignore
const VALUE_WORDS = [
  'north',
  'cheap',
  'first class',
  'seat class act',
  'the day of the jackal',
  'whale of a time',
  'new york',
  '4',
  '17:15',
  'el shaddia guesthouse',
  'café',
  "people 's portraits",
  'a',
];
const ODD = [
  '[hotell]',
  '[value_area]',
  '[]',
  '<eos_b>',
  '<sos_b>',
  '<x>',
  '<eos_belief>',
  '[x',
  'y]',
  'tab\there',
  'line\nbreak',
  'nbsp\u00a0x',
];

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);

/** One domain segment: "[domain] slot value …" (DAMD) or "[domain] [value_slot] value …" (MTTOD), now and then an odd word. */
const segment = (grammar: SpanGrammar) =>
  fc
    .tuple(
      pick(DOMAINS),
      fc.array(fc.tuple(pick(SLOT_WORDS), fc.array(pick(VALUE_WORDS), { minLength: 0, maxLength: 2 })), { maxLength: 4 }),
      fc.option(fc.tuple(pick(ODD), fc.nat(12)), { freq: 6 }),
    )
    .map(([d, pairs, odd]) => {
      const words = [`[${d}]`];
      for (const [s, v] of pairs) words.push(grammar === 'mttod' ? `[value_${s.replace(/ /g, '')}]` : s, ...v);
      if (odd) words.splice(Math.min(odd[1], words.length), 0, odd[0]);
      return words.join(' ');
    });

/** A span from a dialogue's pool of segments: repeated, reordered, wrapped in special tokens (sometimes cut), odd spacing. */
const span = (pool: string[], grammar: SpanGrammar) =>
  fc
    .tuple(
      fc.array(fc.nat(pool.length - 1), { maxLength: 4 }),
      fc.constantFrom('none', 'wrapped', 'cut', 'trailing'),
      fc.constantFrom(' ', '  ', ' '),
      fc.boolean(),
    )
    .map(([which, wrap, sep, pad]) => {
      const body = which.map((i) => pool[i]).join(sep);
      const [open, close] = grammar === 'mttod' ? ['<bos_belief>', '<eos_belief>'] : ['<sos_b>', '<eos_b>'];
      const s =
        wrap === 'wrapped'
          ? `${open} ${body} ${close}`
          : wrap === 'cut'
            ? `${open} ${body}`
            : wrap === 'trailing'
              ? `${open} ${body} ${close} <sos_a> [hotel] [inform] <eos_a>`
              : body;
      return pad ? ` ${s} ` : s;
    });

interface Turn {
  bspn: string;
  bspn_gen: string;
}

/** The slots of a vocabulary's domains, as a span spells them (MTTOD: one-word names only, its [value_slot] tokens). */
function slotsOf(vocab: SlotVocab, grammar: SpanGrammar): [string, string[]][] {
  return [...vocab.domains]
    .map(([d, slots]): [string, string[]] => [d, [...slots].filter((x) => grammar === 'damd' || !x.includes(' '))])
    .filter(([, slots]) => slots.length > 0);
}

/** A segment of one domain the vocabulary knows, each slot once, with a value: parseable unless a value holds a slot word. */
const cleanSegment = (domain: string, slots: string[], grammar: SpanGrammar) =>
  fc
    .uniqueArray(pick(slots), { minLength: 1, maxLength: 4 })
    .chain((ss) =>
      fc.tuple(
        fc.constant(ss),
        fc.array(fc.array(pick(CLEAN_VALUES), { minLength: 1, maxLength: 2 }), { minLength: ss.length, maxLength: ss.length }),
      ),
    )
    .map(([ss, vs]) => [`[${domain}]`, ...ss.flatMap((x, i) => [grammar === 'mttod' ? `[value_${x}]` : x, ...vs[i]])].join(' '));

const CLEAN_VALUES = ['north', 'cheap', 'first class', 'whale of a time', 'new york', '4', '17:15', 'el shaddia guesthouse', 'café', 'a'];

/**
 * A file in one grammar for one vocabulary. Each dialogue has, per domain, a
 * few versions of its segment (a value changed, a slot added): a turn's gold
 * span takes one version of some domains (states repeat and change turn after
 * turn); the generated span is the gold one, or the gold one with a segment
 * swapped for another version or for an odd one (unknown slot or domain, a
 * special token, a cut span), or any span of the pool.
 */
const file = (grammar: SpanGrammar, vocab: SlotVocab) => {
  const domains = slotsOf(vocab, grammar);
  const versions = fc.tuple(...domains.map(([d, slots]) => fc.array(cleanSegment(d, slots, grammar), { minLength: 1, maxLength: 3 })));
  const dialogue = versions.chain((byDomain) => {
    const goldSpan = fc
      .tuple(
        fc.subarray(
          byDomain.map((_, i) => i),
          { maxLength: 3 },
        ),
        fc.array(fc.nat(2), { minLength: 3, maxLength: 3 }),
        fc.boolean(),
      )
      .map(([ds, vs, wrap]) => {
        const body = ds.map((d, k) => byDomain[d][vs[k] % byDomain[d].length]).join(' ');
        return wrap ? (grammar === 'mttod' ? `<bos_belief> ${body} <eos_belief>` : `<sos_b> ${body} <eos_b>`) : body;
      });
    const pool = byDomain.flat();
    const turn = fc.tuple(goldSpan, fc.nat(5), segment(grammar), span(pool, grammar), goldSpan).map(([g, how, odd, any, other]): Turn => {
      const parts = g.split(/(?= \[(?!value_))/);
      const gen =
        how < 2
          ? g
          : how === 2
            ? other
            : how === 3
              ? any
              : parts.length > 1
                ? [parts[0], ` ${odd}`, ...parts.slice(2)].join('')
                : `${g} ${odd}`;
      return { bspn: g, bspn_gen: gen };
    });
    return fc.array(turn, { minLength: 1, maxLength: 6 });
  });
  return fc.array(dialogue, { minLength: 1, maxLength: 4 }).chain((dialogues) =>
    fc.constantFrom('lists', 'objects', 'flat', 'reversed').map((shape) => {
      const id = (d: number) => `pmul${1000 + d}`;
      if (shape === 'flat') return JSON.stringify(dialogues.flatMap((ts, d) => ts.map((t, i) => ({ dial_id: id(d), turn_num: i, ...t }))));
      if (shape === 'objects')
        return JSON.stringify(Object.fromEntries(dialogues.map((ts, d) => [id(d), Object.fromEntries(ts.map((t, i) => [String(i), t]))])));
      // 'reversed': turns listed last first (the builder sorts them, raw texts and all).
      const num = (i: number, n: number) => (shape === 'reversed' ? n - 1 - i : i);
      return JSON.stringify(
        Object.fromEntries(dialogues.map((ts, d) => [id(d), ts.map((t, i) => ({ turn_num: num(i, ts.length), ...t }))])),
      );
    }),
  );
};

/** Everything a loaded file says, by name (slot and value ids may be numbered differently). */
function described(r: LoadedCorpus) {
  const c: Corpus = r.corpus;
  const state = (pairs: Int32Array, s: number, n: number) => {
    const out: string[] = [];
    for (let k = s; k < s + n; k++) out.push(`${c.slots.name(pairs[2 * k])}=${c.values.name(pairs[2 * k + 1])}`);
    return out.sort();
  };
  const turns = [];
  for (let i = 0; i < c.turnIndex.length; i++)
    turns.push({
      t: c.turnIndex[i],
      gold: state(c.goldPairs, c.goldStart[i], c.goldLen[i]),
      pred: state(c.predPairs, c.predStart[i], c.predLen[i]),
    });
  const g = c.generation;
  return {
    ids: c.dialogueIds,
    start: [...c.dialogueStart],
    turns,
    raw: g?.raw,
    unparseable: g?.unparseable ? [...g.unparseable] : undefined,
    problem: g?.problem,
    warnings: r.warnings,
    scoreNotes: r.scoreNotes,
  };
}

/** The outcome of a load: what it read, or the error's message. */
function outcome(text: string, vocab: SlotVocab, goldReplaced: boolean, fast: boolean) {
  try {
    return { ok: described(loadBspn(enc(text), { file: 'r.json', slotVocab: vocab, goldReplaced }, fast)) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

describe('belief-span fast path', () => {
  it.each([
    ['DAMD', 'damd'],
    ['MTTOD', 'mttod'],
  ] as const)('%s files load exactly as with every span through parseSpan (states, raw text, unparseable turns, errors)', (_, grammar) => {
    const read = { files: 0, unparseable: 0 };
    for (const vocab of [CUSTOM, multiwozSlotVocab()]) {
      fc.assert(
        fc.property(file(grammar, vocab), fc.nat(4), (text, r) => {
          const goldReplaced = r === 0;
          const fast = outcome(text, vocab, goldReplaced, true);
          expect(fast).toEqual(outcome(text, vocab, goldReplaced, false));
          if (fast.ok && !goldReplaced) read.files++;
          if (fast.ok?.unparseable?.includes(1)) read.unparseable++;
        }),
        { numRuns: 150 },
      );
    }
    // Most files are read (their gold spans parse), many with unparseable generated spans: the comparison is not only of errors.
    expect(read.files).toBeGreaterThan(100);
    expect(read.unparseable).toBeGreaterThan(50);
  });

  /** SpanBytes over one span written as a JSON string, or 'declined'; with parseSpan's answer by name. */
  function both(s: string, grammar: SpanGrammar, vocab: SlotVocab) {
    const bytes = enc(JSON.stringify(s));
    const slots = new Interner();
    const values = new Interner();
    const sb = new SpanBytes(bytes, grammar, vocab, { slotById: (x) => slots.intern(x), value: (v) => values.intern(v) });
    const ids = sb.read(1, bytes.length - 1);
    const plain = parseSpan(s, grammar, vocab);
    const fast =
      ids && Array.from({ length: ids.length / 2 }, (_, k): [string, string] => [slots.name(ids[2 * k]), values.name(ids[2 * k + 1])]);
    return { fast, plain };
  }

  it('a span is read as parseSpan reads it, or declined; ordinary spans are not declined', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<SpanGrammar>('damd', 'mttod').chain((g) =>
          fc.tuple(
            fc.constant(g),
            fc.array(segment(g), { maxLength: 4 }).chain((pool) => (pool.length ? span(pool, g) : fc.constant(''))),
          ),
        ),
        pick([CUSTOM, multiwozSlotVocab()]),
        ([grammar, s], vocab) => {
          if (/[\\"\u0080-\uffff]|[\t\n]/.test(s)) return; // escapes and non-ASCII: the loader never hands those to SpanBytes
          const { fast, plain } = both(s, grammar, vocab);
          // Read as parseSpan reads it; declined only where parseSpan refuses the span (these spans have no word like "<a<b>").
          if (fast) expect(plain).toEqual({ ok: true, pairs: fast });
          else expect(plain.ok).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
    // Not declined: multi-word names and values, wrapped, several domains, MTTOD.
    expect(
      both('<sos_b> [flight] seat class first class departure city new york [taxi] leave at 17:15 <eos_b>', 'damd', CUSTOM).fast,
    ).toEqual([
      ['flight-seat class', 'first class'],
      ['flight-departure city', 'new york'],
      ['taxi-leaveat', '17:15'],
    ]);
    expect(
      both('<bos_belief> [train] [value_destination] cambridge [value_arrive] 16:30 <eos_belief>', 'mttod', multiwozSlotVocab()).fast,
    ).toEqual([
      ['train-destination', 'cambridge'],
      ['train-arriveby', '16:30'],
    ]);
    expect(both('', 'damd', CUSTOM).fast).toEqual([]);
  });

  /** SpanBytes over spans written one after the other as JSON strings, read in turn: each one's pairs by name or undefined (declined). */
  function inTurn(spans: string[], grammar: SpanGrammar, vocab: SlotVocab) {
    const parts = spans.map((x) => JSON.stringify(x));
    const bytes = enc(parts.join(','));
    const slots = new Interner();
    const values = new Interner();
    const sb = new SpanBytes(bytes, grammar, vocab, { slotById: (x) => slots.intern(x), value: (v) => values.intern(v) });
    let at = 0;
    const read = parts.map((part) => {
      const ids = sb.read(at + 1, at + part.length - 1);
      at += part.length + 1;
      return (
        ids && Array.from({ length: ids.length / 2 }, (_, k): [string, string] => [slots.name(ids[2 * k]), values.name(ids[2 * k + 1])])
      );
    });
    return { read, reused: sb.reused };
  }

  it('a span sharing a prefix and a suffix with the last one read takes those segments from it, and reads as parseSpan does', () => {
    let reused = 0;
    for (const grammar of ['damd', 'mttod'] as const)
      for (const vocab of [CUSTOM, multiwozSlotVocab()]) {
        const domains = slotsOf(vocab, grammar);
        // Segments of distinct domains the vocabulary reads (so the first span is read and the second can take from it); the
        // changed one is another version of a segment's domain, or now and then an odd one.
        const segsAndOther = fc
          .shuffledSubarray(domains, { minLength: 1, maxLength: Math.min(5, domains.length) })
          .chain((ds) =>
            fc.tuple(
              fc.tuple(...ds.map(([d, slots]) => cleanSegment(d, slots, grammar))),
              fc.nat(4),
              fc.oneof({ arbitrary: fc.nat(9), weight: 4 }, { arbitrary: fc.constant(-1), weight: 1 }),
            ),
          )
          .chain(([segs, where, v]) => {
            const i = where % segs.length;
            const [d, slots] = domains.find(([x]) => segs[i].startsWith(`[${x}]`))!;
            return fc.tuple(fc.constant(segs), v < 0 ? segment(grammar) : cleanSegment(d, slots, grammar), fc.constant(i));
          });
        fc.assert(
          fc.property(
            segsAndOther,
            // What joins the changed segment to the next: glued ("x[hotel]" is one word, not a domain) or spaced.
            fc.constantFrom('', ' ', '  '),
            fc.constantFrom('none', 'wrapped', 'cut'),
            ([segs, other, i], glue, wrap) => {
              const [open, close] = grammar === 'mttod' ? ['<bos_belief>', '<eos_belief>'] : ['<sos_b>', '<eos_b>'];
              const changed = [...segs.slice(0, i), other + glue + (i + 1 < segs.length ? segs[i + 1] : ''), ...segs.slice(i + 2)];
              const wrapIt = (body: string) =>
                wrap === 'wrapped' ? `${open} ${body} ${close}` : wrap === 'cut' ? `${open} ${body}` : body;
              const spans = [wrapIt(segs.join(' ')), wrapIt(changed.join(' ').trim())];
              if (spans.some((x) => /[\\"\u0080-\uffff]|[\t\n]/.test(x))) return;
              const r = inTurn(spans, grammar, vocab);
              reused += r.reused;
              spans.forEach((x, k) => {
                const plain = parseSpan(x, grammar, vocab);
                if (r.read[k]) expect(plain).toEqual({ ok: true, pairs: r.read[k] });
                else expect(plain.ok).toBe(false);
              });
            },
          ),
          { numRuns: 300 },
        );
      }
    expect(reused).toBeGreaterThan(100);
    // The taxi segment changed: the flight segment is taken from the common prefix, the hotel one from the common suffix.
    const a = '<sos_b> [flight] seat class first class [taxi] leave at 17:15 [hotel] area north <eos_b>';
    const r = inTurn([a, a.replace('17:15', '18:00')], 'damd', CUSTOM);
    expect(r.read[1]).toEqual([
      ['flight-seat class', 'first class'],
      ['taxi-leaveat', '18:00'],
      ['hotel-area', 'north'],
    ]);
    expect(r.reused).toBe(2);
  });

  it('declines what only parseSpan can say: a slot twice across segments of one domain, a cut span, a word before the first domain', () => {
    for (const s of [
      '[hotel] area north [taxi] day monday [hotel] area south',
      '<sos_b> [hotel] area north',
      'north [hotel] area south',
      '[hotel] area',
    ]) {
      const { fast, plain } = both(s, 'damd', CUSTOM);
      expect(fast).toBeUndefined();
      expect(plain.ok).toBe(false);
    }
  });

  it('a span beginning like the last one read (its start not scanned again) still has its bad bytes found, at their place', () => {
    const a = '<sos_b> [hotel] area north stars 4 <eos_b>';
    for (const bad of ['\t', '\u0001', '"', '\\x']) {
      const text = `{"pmul1": {"0": {"bspn": "${a}", "bspn_gen": "${a}"}, "1": {"bspn": "${a.slice(0, 20)}${bad}${a.slice(20)}", "bspn_gen": "${a}"}}}`;
      const fast = outcome(text, CUSTOM, false, true);
      const at = text.indexOf(`${a.slice(0, 20)}${bad}`) + 21; // the column of the bad byte (the text is ASCII, one line)
      expect(fast.error).toMatch(bad === '"' ? /^r\.json:1:\d+: / : new RegExp(`^r\\.json:1:${at}: `));
      expect(fast).toEqual(outcome(text, CUSTOM, false, false));
    }
  });

  it('is used only with a vocabulary whose words are not [tokens]', () => {
    expect(usable(CUSTOM)).toBe(true);
    expect(usable(multiwozSlotVocab())).toBe(true);
    expect(usable(compileSlotVocab({ domains: { a: ['x'] }, values: ['[b] c'] }, 't'))).toBe(false);
  });
});
