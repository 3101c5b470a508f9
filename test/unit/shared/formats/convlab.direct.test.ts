// ConvLab-3 files read straight into the corpus builder (convlabDirect in
// src/shared/formats/convlab.ts: no turn collector, states by NestedStates
// with its whole-state, whole-domain and common-prefix shortcuts, a sample's
// known keys checked by a bit each) give exactly the corpus and warnings of
// the plain reading (every turn through the collector, every state by the
// state reader), or decline — and where they decline, loadConvlab gives the
// plain result or the plain error. Usual files (dialogues contiguous, turn
// indices increasing, cumulative states growing and changing as a tracker's
// do) must not decline.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convlabDirect, loadConvlab } from '../../../../src/shared/formats/convlab';
import { readFileSync } from 'node:fs';
import { llmBytes } from './llm-samples';

const enc = (s: string) => new TextEncoder().encode(s);

const domainName = fc.constantFrom('hotel', 'train', 'restaurant', 'taxi');
const slotName = fc.constantFrom('area', 'price range', 'book day', 'leave at', 'name');
const valueText = fc.constantFrom('', 'north', 'nort', 'nortx', 'cheap', '17:15', 'é', 'a "q"', 'do not care', 'x\\y');

type State = Map<string, Map<string, string>>;

/** A state as ConvLab-3 writes it (json.dumps, or compact), domains and slots in insertion order. */
function stateText(st: State, spaced: boolean): string {
  const sep = spaced ? ', ' : ',';
  const colon = spaced ? ': ' : ':';
  return `{${[...st].map(([d, slots]) => `${JSON.stringify(d)}${colon}{${[...slots].map(([k, v]) => `${JSON.stringify(k)}${colon}${JSON.stringify(v)}`).join(sep)}}`).join(sep)}}`;
}

/** One edit of a dialogue's state: set a slot (new or changed), or blank it (""). */
const edit = fc.tuple(domainName, slotName, valueText);

const dialogueArb = fc.record({
  edits: fc.array(fc.array(edit, { maxLength: 3 }), { minLength: 1, maxLength: 6 }),
  // Per turn: the prediction is the gold, or the gold with some edits of its own.
  predEdits: fc.array(fc.option(fc.array(edit, { minLength: 1, maxLength: 2 })), { minLength: 6, maxLength: 6 }),
  turnIds: fc.constantFrom('string', 'int'),
  // evaluate_dst.py's context (read from the bytes when all ASCII strings, else parsed): utterances with
  // escapes and UTF-8, and now and then an element of another type (an object with a key twice: an error).
  context: fc.option(
    fc.array(
      fc.oneof(
        { weight: 12, arbitrary: fc.constantFrom('""', '"i need a train"', '"to \\"ely\\""', '"caf\\u00e9"', '"café"', '"a\\nb"') },
        { weight: 1, arbitrary: fc.constantFrom('3', '{"a": 1}', '{"a": 1, "a": 2}', '"\\ud800"') },
      ),
      { maxLength: 5 },
    ),
  ),
});

type Dialogue = typeof dialogueArb extends fc.Arbitrary<infer T> ? T : never;

function usualFile(dialogues: Dialogue[], spaced: boolean, withIds: boolean): string {
  const samples: string[] = [];
  dialogues.forEach((d, k) => {
    const gold: State = new Map();
    const pred: State = new Map();
    d.edits.forEach((edits, t) => {
      for (const [dom, s, v] of edits) {
        if (!gold.has(dom)) gold.set(dom, new Map());
        gold.get(dom)!.set(s, v);
        if (!pred.has(dom)) pred.set(dom, new Map());
        pred.get(dom)!.set(s, v);
      }
      const own = d.predEdits[t];
      let p: State = gold;
      if (own) {
        for (const [dom, s, v] of own) {
          if (!pred.has(dom)) pred.set(dom, new Map());
          pred.get(dom)!.set(s, v);
        }
        p = pred;
      }
      const id = withIds ? `"dialogue_id": "multiwoz21-test-${k}", ` : '';
      const turn = d.turnIds === 'string' ? `"${t}"` : String(t);
      const extra = d.context ? `, "context": [${d.context.join(t % 2 ? ', ' : ',')}]` : '';
      samples.push(
        `{${id}"turn_id": ${turn}${extra}, "state": ${stateText(gold, spaced)}, "predictions": {"state": ${stateText(p, spaced)}}}`,
      );
    });
  });
  return `[${samples.join(spaced ? ',\n' : ',')}]`;
}

const read = (f: () => unknown) => {
  try {
    return f();
  } catch (e) {
    return (e as Error).message;
  }
};

describe('ConvLab-3 files read straight into the builder', () => {
  it('usual files: not declined, the plain reading’s corpus and warnings', () => {
    fc.assert(
      fc.property(fc.array(dialogueArb, { minLength: 1, maxLength: 4 }), fc.boolean(), fc.boolean(), (ds, spaced, withIds) => {
        const bytes = enc(usualFile(ds, spaced, withIds));
        const direct = convlabDirect(bytes, { file: 'p.json' }, 'turn_id');
        const plain = read(() => loadConvlab(bytes, { file: 'p.json' }, 'turn_id', true));
        if (typeof plain === 'string') {
          // A context the plain reading refuses (a key twice in an element, a non-string last utterance): declined, the same error.
          expect(direct).toBeNull();
          expect(read(() => loadConvlab(bytes, { file: 'p.json' }, 'turn_id'))).toBe(plain);
          return;
        }
        expect(direct).not.toBeNull();
        expect(direct).toEqual(plain);
      }),
      { numRuns: 300 },
    );
  });

  it('unusual files (repeated or reordered samples, repeated keys, broken values): the plain result, or declined and the plain error', () => {
    const sample = fc.oneof(
      { weight: 6, arbitrary: fc.constant(null) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '{"dialogue_id": "multiwoz21-test-0", "turn_id": "0", "state": {}, "predictions": {"state": {}}}',
          '{"dialogue_id": "multiwoz21-test-0", "turn_id": "0", "turn_id": "1", "state": {}, "predictions": {"state": {}}}',
          '{"dialogue_id": "zz", "turn_id": "3", "state": {"hotel": {"area": ["north", "south"]}}, "predictions": {"state": {"hotel": {"area": "north"}}}}',
          '{"dialogue_id": "zz", "turn_id": "4", "state": {"hotel": {"area": "north"}, "Hotel": {"area": ""}}, "predictions": {"state": {}}}',
          '{"dialogue_id": "zz", "turn_id": "5", "state": {"hotel-area": "north"}, "predictions": {"state": {}}}',
          '{"dialogue_id": "zz", "turn_id": "6", "state": {}, "predictions": {"state": {}, "state": {}}}',
          '{"dialogue_id": "zz", "turn_id": "7", "st\\u0061te": {}, "state": {}, "predictions": {"state": {}}}',
          '{"dialogue_id": "zz", "turn_id": "8", "state": {}, "predictions": {"state": {}}, "x": 1, "x": 2}',
          '{"dialogue_id": "zz", "turn_id": "2", "state": {}, "predictions": {"state": {}}}',
          '{"dialogue_id": "zz", "turn_id": 1.5, "state": {}, "predictions": {"state": {}}}',
          '{"dialogue_id": "", "turn_id": "0", "state": {}, "predictions": {"state": {}}}',
          '{"dialogue_id": "zz", "turn_id": "9", "state": {"hotel": {"area": 3}}, "predictions": {"state": {}}}',
          '{"dialogue_id": "zz", "turn_id": "10", "state": {}}',
        ),
      },
    );
    fc.assert(
      fc.property(fc.array(dialogueArb, { minLength: 1, maxLength: 3 }), fc.array(sample, { minLength: 1, maxLength: 8 }), (ds, odd) => {
        const usual = usualFile(ds, true, true).slice(1, -1).split(',\n');
        const mixed: string[] = [];
        usual.forEach((s, i) => {
          mixed.push(s);
          const o = odd[i % odd.length];
          if (o && i % 2 === 0) mixed.push(o);
        });
        const bytes = enc(`[${mixed.join(',\n')}]`);
        const run = (plain: boolean) => {
          try {
            return loadConvlab(bytes, { file: 'p.json' }, 'turn_id', plain);
          } catch (e) {
            return (e as Error).message;
          }
        };
        const direct = convlabDirect(bytes, { file: 'p.json' }, 'turn_id');
        const expected = run(true);
        if (direct !== null) expect(direct).toEqual(expected);
        expect(run(false)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('the fixtures: read straight into the builder, as the plain reading reads them', () => {
    for (const name of [
      'llm-multiwoz21_dst.json',
      'llm-multiwoz21_dst-no-dialogue-id.json',
      'llm-multiwoz21_dst-edge.json',
      'setsumbt-predictions-test.json',
    ]) {
      const bytes = llmBytes(`convlab3/${name}`);
      const direct = convlabDirect(bytes, { file: name }, 'turn_id');
      const plain = loadConvlab(bytes, { file: name }, 'turn_id', true);
      // The edge file holds gold alternatives (lists): NestedStates leaves those states to the state reader.
      expect(direct).toEqual(plain);
    }
  });

  it('ConvLab-3 predictions with utt_idx (the convlab layout): usual samples read straight into the builder, as the plain reading reads them', () => {
    const bytes = new Uint8Array(readFileSync('test/fixtures/formats/convlab-predictions.json'));
    const direct = convlabDirect(bytes, { file: 'p.json' }, 'utt_idx');
    expect(direct).not.toBeNull();
    expect(direct).toEqual(loadConvlab(bytes, { file: 'p.json' }, 'utt_idx', true));
    fc.assert(
      fc.property(fc.array(dialogueArb, { minLength: 1, maxLength: 3 }), (ds) => {
        // The same samples with utt_idx (2 × the user turn) and a speaker, without dialogue ids.
        const text = usualFile(ds, true, false).replace(
          /"turn_id": "?(\d+)"?/g,
          (_, t: string) => `"utt_idx": ${2 * Number(t)}, "speaker": "user"`,
        );
        const b = enc(text);
        const d = convlabDirect(b, { file: 'p.json' }, 'utt_idx');
        const plain = read(() => loadConvlab(b, { file: 'p.json' }, 'utt_idx', true));
        if (typeof plain === 'string') expect(d).toBeNull();
        else {
          expect(d).not.toBeNull();
          expect(d).toEqual(plain);
        }
      }),
      { numRuns: 100 },
    );
  });
});
