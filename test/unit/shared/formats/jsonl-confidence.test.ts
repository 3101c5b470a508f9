// JSON Lines "confidence" objects (src/shared/formats/jsonl-confidence.ts):
// the byte reader (ConfidenceReader, what the loader tries first) against the
// plain path (the value parsed whole, then walked). On generated lines —
// flat "domain-slot" keys and domains, one number or named scores, numbers in
// several spellings, objects that repeat or extend the line before (the
// reader reuses what it read), keys written twice, keys of digits only,
// "__proto__", values of other types, broken JSON — each object is either
// declined (then the loader takes the plain path, as here) or read into the
// plain path's entries, with the cursor at the same place; slots are interned
// in the same order (the same ids); where the plain path refuses an object,
// the reader declines.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TurnCollector } from '../../../../src/shared/formats/collect';
import { JsonScanner } from '../../../../src/shared/formats/json-scanner';
import { ConfidenceReader, plainConfidence, type ConfidenceEntry } from '../../../../src/shared/formats/jsonl-confidence';

const enc = (s: string) => new TextEncoder().encode(s);

const flatKey = fc.constantFrom('hotel-area', 'hotel-book day', 'taxi-leaveAt', 'train-día', 'a-b-c');
const domain = fc.constantFrom('hotel', 'taxi', 'hôtel');
const slot = fc.constantFrom('area', 'stars', 'price range', 'x');
const num = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true }).map((x) => JSON.stringify(x)),
  fc.constantFrom('0.5', '0.90', '1e-3', '5E-1', '-0', '1', '1e999', '0.1234567890123456789'),
);
const scores = fc.oneof(
  num,
  fc
    .uniqueArray(fc.tuple(fc.constantFrom('softmax', 'verbalized', 'minicons', 'confidence'), num), { selector: ([k]) => k, maxLength: 3 })
    .map((xs) => `{${xs.map(([k, v]) => `"${k}": ${v}`).join(', ')}}`),
);
const member = fc.oneof(
  fc.tuple(flatKey, scores).map(([k, v]) => `"${k}": ${v}`),
  fc
    .tuple(domain, fc.uniqueArray(fc.tuple(slot, scores), { selector: ([k]) => k, maxLength: 3 }))
    .map(([d, xs]) => `"${d}": {${xs.map(([k, v]) => `"${k}":${v}`).join(',')}}`),
);
/** Members the plain path reads in its own way or refuses. */
const odd = fc.constantFrom(
  '"hotel-area": 0.1',
  '"12": {"area": 0.5}',
  '"hotel-stars": {"__proto__": 0.5}',
  '"hotel-stars": "high"',
  '"hotel-stars": [0.5]',
  '"hotel": 0.5',
  '"hotel-stars": {"softmax": null}',
  '"hotel-stars": 0.5,',
  '"h\\u00f4tel-area": 0.5',
  '"hotel": {"area": 1, "area": 2}',
);

/** Lines of objects; each line repeats a prefix of the previous one's members now and then (the reader's reuse). */
const lines = fc
  .array(
    fc.record({
      keep: fc.nat(4),
      more: fc.array(member, { maxLength: 4 }),
      odd: fc.oneof({ arbitrary: fc.constant(null), weight: 6 }, { arbitrary: odd, weight: 1 }),
      space: fc.constantFrom(', ', ','),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .map((specs) => {
    let prev: string[] = [];
    return specs.map(({ keep, more, odd: o, space }) => {
      const members = [...prev.slice(0, keep), ...more];
      prev = members;
      if (o) members.splice(members.length > 0 ? 1 : 0, 0, o);
      return `{${members.join(space)}}`;
    });
  });

type Read = { entries: [string, string[], number[]][]; end: number } | { error: string };

function run(text: string, count: number, fast: boolean): { reads: Read[]; slots: string[]; declined: number } {
  const bytes = enc(text);
  const col = new TurnCollector(bytes, 'c.jsonl');
  const sc = new JsonScanner(bytes, 'c.jsonl');
  const reader = new ConfidenceReader(col, sc);
  const reads: Read[] = [];
  let declined = 0;
  for (let i = 0; i < count; i++) {
    const start = sc.pos;
    const out = (entries: ConfidenceEntry[]): Read => ({
      entries: entries.map((e) => [col.slotName(e.slot), [...e.names], [...e.xs]]),
      end: sc.pos,
    });
    let got: ConfidenceEntry[] | null = fast ? reader.read() : null;
    if (fast && got === null) {
      declined++;
      expect(sc.pos).toBe(start);
    }
    try {
      got ??= plainConfidence(col, sc, 'line.confidence', (problem) => {
        throw new Error(problem);
      });
      reads.push(out(got));
    } catch (e) {
      reads.push({ error: (e as Error).message });
      // Resynchronise at the next line.
      const nl = bytes.indexOf(0x0a, start);
      sc.pos = nl < 0 ? bytes.length : nl;
    }
    sc.peek();
  }
  return { reads, slots: Array.from({ length: col.builder.slots.size }, (_, k) => col.slotName(k)), declined };
}

describe('"confidence" read from the bytes against the plain path', () => {
  it('declines or gives the plain path’s entries, cursor and slot ids; never reads what the plain path refuses', () => {
    let read = 0;
    let declined = 0;
    fc.assert(
      fc.property(lines, (ls) => {
        const text = ls.join('\n');
        const plain = run(text, ls.length, false);
        const fast = run(text, ls.length, true);
        expect(fast.reads).toEqual(plain.reads);
        expect(fast.slots).toEqual(plain.slots);
        read += ls.length - fast.declined;
        declined += fast.declined;
      }),
      { numRuns: 500 },
    );
    expect(read).toBeGreaterThan(500);
    expect(declined).toBeGreaterThan(50);
  });

  it('reads a cumulative run of objects itself, each as the plain path', () => {
    const ls = [
      '{"hotel-area": {"softmax": 0.5, "verbalized": 0.9}}',
      '{"hotel-area": {"softmax": 0.5, "verbalized": 0.9}, "taxi": {"leaveat": 0.7}}',
      '{"hotel-area": {"softmax": 0.5, "verbalized": 0.9}, "taxi": {"leaveat": 0.7}}',
      '{"hotel-area": {"softmax": 0.5, "verbalized": 0.8}, "taxi": {"leaveat": 0.7}}',
    ];
    const fast = run(ls.join('\n'), ls.length, true);
    expect(fast.declined).toBe(0);
    expect(fast.reads).toEqual(run(ls.join('\n'), ls.length, false).reads);
  });
});
