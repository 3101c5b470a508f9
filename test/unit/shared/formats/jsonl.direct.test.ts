// JSON Lines read straight into the corpus builder (jsonlDirect in
// src/shared/formats/jsonl.ts, reading with jsonl-direct.ts: no turn
// collector, flat states from the bytes of the last ones, confidences into
// the builder's flat API, raw text as bytes) gives exactly the corpus and
// warnings of the collected reading (loadJsonlCollected: every line through
// the turn collector, TurnExtra objects), or declines — and where it
// declines, loadJsonl gives the collected result or error. Usual files
// (each dialogue's lines together, turns in order, cumulative states, named
// confidence scores, some for slots the turn does not predict or for one
// slot twice, raw text in ASCII, in UTF-8 and escaped, utterances,
// unparseable marks, blank lines, CRLF) must not decline.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonlDirect, loadJsonl, loadJsonlCollected } from '../../../../src/shared/formats/jsonl';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const enc = (s: string) => new TextEncoder().encode(s);

const slotArb = fc.constantFrom('hotel-area', 'hotel-book day', 'train-leaveat', 'taxi-destination', 'restaurant-food');
const valueArb = fc.constantFrom('north', 'nort', 'nortx', 'cheap', '17:15', 'é', 'a "q"', 'do not care', '');
const scoreArb = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true }).map((x) => JSON.stringify(x)),
  fc.constantFrom('0.5', '0.9', '1', '0.25'),
);
const scoresArb = fc.oneof(
  scoreArb,
  fc
    .uniqueArray(fc.tuple(fc.constantFrom('softmax', 'verbalized', 'minicons'), scoreArb), {
      selector: ([k]) => k,
      minLength: 1,
      maxLength: 3,
    })
    .map((xs) => `{${xs.map(([k, v]) => `"${k}": ${v}`).join(', ')}}`),
);
const rawArb = fc.option(fc.constantFrom('[hotel] area north', '[hotel] área norte', 'say \\"hi\\"\\n', '', 'x\\u0041'));

const turnArb = fc.record({
  edits: fc.array(fc.tuple(slotArb, valueArb), { maxLength: 2 }),
  predEdits: fc.option(fc.array(fc.tuple(slotArb, valueArb), { minLength: 1, maxLength: 2 })),
  raw: rawArb,
  // Per predicted slot kept, its scores; extra entries for slots maybe not predicted; one written nested too.
  conf: fc.option(
    fc.record({ scores: fc.array(scoresArb, { maxLength: 6 }), stray: fc.option(fc.tuple(slotArb, scoresArb)), nested: fc.boolean() }),
  ),
  utterances: fc.boolean(),
  unparseable: fc.constantFrom<null | string>(null, 'true', '"no closing bracket"', 'false'),
});

const dialogueArb = fc.array(turnArb, { minLength: 1, maxLength: 5 });

type Turn = typeof turnArb extends fc.Arbitrary<infer T> ? T : never;

function usualFile(dialogues: Turn[][], crlf: boolean, blank: boolean): string {
  const lines: string[] = [];
  dialogues.forEach((turns, k) => {
    const gold = new Map<string, string>();
    const pred = new Map<string, string>();
    turns.forEach((t, i) => {
      for (const [s, v] of t.edits) {
        gold.set(s, v);
        pred.set(s, v);
      }
      let p = gold;
      if (t.predEdits) {
        for (const [s, v] of t.predEdits) pred.set(s, v);
        p = pred;
      }
      const parts = [
        `"dialogue_id": "MUL${k}.json"`,
        `"turn": ${i}`,
        `"gold": ${JSON.stringify(Object.fromEntries(gold))}`,
        `"pred": ${JSON.stringify(Object.fromEntries(p))}`,
      ];
      if (t.raw !== null) parts.push(`"raw": "${t.raw}"`);
      if (t.conf) {
        const slots = [...p.keys()];
        const members = t.conf.scores.slice(0, slots.length).map((sc, j) => {
          const [d, s] = slots[j].split('-');
          return t.conf!.nested && j === 0 ? `"${d}": {"${s}": ${sc}}` : `"${slots[j]}": ${sc}`;
        });
        if (t.conf.stray) {
          const [s, sc] = t.conf.stray;
          const [d, name] = s.split('-');
          // A slot not predicted (counted and left out), or one already scored (written nested: dropped by the builder).
          members.push(members.some((m) => m.startsWith(`"${s}"`)) ? `"${d}": {"${name}": ${sc}}` : `"${s}": ${sc}`);
        }
        parts.push(`"confidence": {${members.join(', ')}}`);
      }
      if (t.utterances) parts.push(`"system": "how can i help?"`, `"user": "i need a hotel"`);
      if (t.unparseable !== null) parts.push(`"unparseable": ${t.unparseable}`);
      lines.push(`{${parts.join(', ')}}`);
      if (blank && i === 0) lines.push('');
    });
  });
  return lines.join(crlf ? '\r\n' : '\n') + '\n';
}

const read = (f: () => unknown) => {
  try {
    return f();
  } catch (e) {
    return (e as Error).message;
  }
};

describe('JSON Lines read straight into the builder', () => {
  it('usual files: not declined, the collected reading’s corpus and warnings', () => {
    fc.assert(
      fc.property(fc.array(dialogueArb, { minLength: 1, maxLength: 4 }), fc.boolean(), fc.boolean(), (ds, crlf, blank) => {
        const bytes = enc(usualFile(ds, crlf, blank));
        const direct = jsonlDirect(bytes, { file: 'p.jsonl' });
        const collected = read(() => loadJsonlCollected(bytes, { file: 'p.jsonl' }));
        if (typeof collected === 'string') {
          // The file is refused (an object nested under a key that is not a domain, say): declined, the same error.
          expect(direct).toBeNull();
          expect(read(() => loadJsonl(bytes, { file: 'p.jsonl' }))).toBe(collected);
          return;
        }
        expect(direct).not.toBeNull();
        expect(direct).toEqual(collected);
      }),
      { numRuns: 300 },
    );
  });

  it('unusual lines among usual ones: the collected result, or declined and the collected error', () => {
    const odd = fc.constantFrom(
      '{"dialogue_id": "MUL0.json", "turn": 0, "gold": {}, "pred": {}}',
      '{"dialogue_id": "zz", "turn": 3, "gold": {"hotel-area": ["north", "south"]}, "pred": {"hotel-area": ["north", "south"]}}',
      '{"dialogue_id": "zz", "turn": 4, "gold": {"hotel": {"area": "north"}}, "pred": {"hotel-area": "north"}}',
      '{"dialogue_id": "zz", "turn": 5, "gold": {}, "update": {"hotel-area": "north"}}',
      '{"dialogue_id": "zz", "turn": 6, "gold": {}, "pred": {}, "turn": 7}',
      '{"dialogue_id": "zz", "turn": 8, "gold": {}, "pred": {}, "x": 1, "x": 2}',
      '{"dialogue_id": "zz", "turn": 2, "gold": {}, "pred": {}}',
      '{"dialogue_id": "zz", "turn": "9", "gold": {}, "pred": {}, "confidence": {"12": 0.5}}',
      '{"dialogue_id": "zz", "turn": 10, "gold": {}, "pred": {}, "confidence": {"hotel-area": "high"}}',
      '{"dialogue_id": "zz", "turn": 11, "gold": {}, "pred": {}, "unparseable": 3}',
      '{"dialogue_id": "zz", "turn": 12, "gold": {}} {"x": 1}',
      '{"dialogue_id": "zz", "turn": 1.5, "gold": {}, "pred": {}}',
      '{"dialogue_id": "zz", "turn": 13, "gold": {}}',
      '{"dialogue_id": "zz", "turn": 14, "gold": {"hotel-area": "a", "Hotel-Area": "b"}, "pred": {}}',
      '{"dialogue_id": "zz", "turn": 15, "gold": {}, "pred": {}, "system": 3}',
    );
    fc.assert(
      fc.property(
        fc.array(dialogueArb, { minLength: 1, maxLength: 3 }),
        fc.array(odd, { minLength: 1, maxLength: 3 }),
        fc.nat(),
        (ds, odds, at) => {
          const lines = usualFile(ds, false, false).trimEnd().split('\n');
          odds.forEach((o, k) => lines.splice((at + k) % (lines.length + 1), 0, o));
          const bytes = enc(lines.join('\n'));
          const collected = read(() => loadJsonlCollected(bytes, { file: 'p.jsonl' }));
          const direct = jsonlDirect(bytes, { file: 'p.jsonl' });
          if (direct !== null) expect(direct).toEqual(collected);
          expect(read(() => loadJsonl(bytes, { file: 'p.jsonl' }))).toEqual(collected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the fixtures: read straight into the builder as the collected reading reads them, or (turns out of order) declined', () => {
    const fixture = (name: string) => new Uint8Array(readFileSync(join('test/fixtures/formats', name)));
    const usual = fixture('llm/jsonl/confident-wrong.jsonl');
    expect(jsonlDirect(usual, { file: 'c.jsonl' })).not.toBeNull();
    expect(jsonlDirect(usual, { file: 'c.jsonl' })).toEqual(loadJsonlCollected(usual, { file: 'c.jsonl' }));
    const reordered = fixture('turns.jsonl');
    expect(jsonlDirect(reordered, { file: 't.jsonl' })).toBeNull();
    expect(loadJsonl(reordered, { file: 't.jsonl' })).toEqual(loadJsonlCollected(reordered, { file: 't.jsonl' }));
  });
});
