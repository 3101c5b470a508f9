// The belief-span layout (src/shared/formats/bspn.ts, belief-span.ts) on the
// samples of test/fixtures/formats/llm/belief-span, written in the shapes of
// UBAR-DST train_DST.py Model.validate, PPTOD DST/inference.py zip_result and
// E2E_TOD/inference_pptod.py, FnCTOD src/multiwoz/inference.py and MTTOD
// runner.py MTTOD.predict (see the fixtures' README): every faithful sample
// scores exactly like the FGA original; each edge case is an unparseable turn
// with its reason and place, never a dropped one.
import { describe, expect, it } from 'vitest';
import { parseSpan, spanGrammar } from '../../../../src/shared/formats/belief-span';
import { detectLoader } from '../../../../src/shared/formats/detect';
import { LoadError } from '../../../../src/shared/formats/errors';
import { compileSlotVocab, multiwozSlotVocab, parseSlotVocab } from '../../../../src/shared/formats/slot-vocab';
import { unparseableCount } from '../../../../src/shared/model/generation';
import { expectSameScores } from '../../../helpers/gold-diff';
import { llmBytes, loadLlm, source, turnOf } from './llm-samples';
import { plain } from './samples';

const FAITHFUL = [
  'belief-span/ubar-dst-BS.json',
  'belief-span/fnctod-test1000-dst0shot.json',
  'belief-span/mttod-pred.json',
  'belief-span/pptod-test_joint_accuracy.json',
  'belief-span/pptod-e2e-inference_result.json',
];
const EDGE = [
  'belief-span/ubar-dst-BS-edge.json',
  'belief-span/fnctod-test1000-dst0shot-edge.json',
  'belief-span/mttod-pred-edge.json',
  'belief-span/pptod-test_joint_accuracy-edge.json',
];

describe('belief-span results', () => {
  it.each([...FAITHFUL, ...EDGE])('%s is detected as bspn', (name) => {
    expect(detectLoader(llmBytes(name), name).id).toBe('bspn');
  });

  it.each(FAITHFUL)('%s scores exactly like the FGA original, keeps every generated span and has no unparseable turn', (name) => {
    const r = loadLlm(name);
    expectSameScores(r.corpus, source());
    expect(r.corpus.generation?.raw?.filter((x) => x !== undefined)).toHaveLength(25);
    expect(unparseableCount(r.corpus.generation)).toBe(0);
    expect(r.warnings[0]).toMatch(/belief spans in the (DAMD|MTTOD) grammar/);
  });

  it('MTTOD files are read in the [value_slot] grammar, the others in the DAMD one', () => {
    expect(loadLlm('belief-span/mttod-pred.json').warnings[0]).toContain('MTTOD grammar');
    expect(loadLlm('belief-span/ubar-dst-BS.json').warnings[0]).toContain('DAMD grammar');
  });

  it('UBAR: a span cut at the length limit and a word before the first domain are unparseable, each with its place', () => {
    const r = loadLlm('belief-span/ubar-dst-BS-edge.json');
    const g = r.corpus.generation!;
    expect(unparseableCount(g)).toBe(2);
    const cut = turnOf(r.corpus, 'mul0371', 2);
    expect(g.unparseable![cut]).toBe(1);
    expect(g.problem![cut]).toMatch(
      /^\d+:\d+: at \$\.mul0371\["2"\]\.bspn_gen: word \d+: the span opens with <sos_b> but never closes with <eos_b>/,
    );
    const lead = turnOf(r.corpus, 'sng01937', 1);
    expect(g.problem![lead]).toMatch(/bspn_gen: word \d+: .* comes before the first \[domain\]/);
    // Scored as an empty prediction, the generated text kept.
    expect(r.corpus.predLen[cut]).toBe(0);
    expect(g.raw![cut]).toContain('people');
    expect(r.scoreNotes?.join('\n')).toContain('2 generated spans (bspn_gen) could not be parsed');
  });

  it('MTTOD: [value_area] before any domain is unparseable', () => {
    const r = loadLlm('belief-span/mttod-pred-edge.json');
    const t = turnOf(r.corpus, 'pmul3778', 3);
    expect(unparseableCount(r.corpus.generation)).toBe(1);
    expect(r.corpus.generation!.problem![t]).toContain('"[value_area]" comes before the first [domain]');
  });

  it('PPTOD: a slot without a value is unparseable', () => {
    const r = loadLlm('belief-span/pptod-test_joint_accuracy-edge.json');
    const t = turnOf(r.corpus, 'mul1110', 4);
    expect(r.corpus.generation!.problem![t]).toContain('the slot "name" of [hotel] has no value');
  });

  it('FnCTOD: an empty generated span is an empty prediction, counted, not unparseable', () => {
    const r = loadLlm('belief-span/fnctod-test1000-dst0shot-edge.json');
    expect(unparseableCount(r.corpus.generation)).toBe(0);
    expect(r.scoreNotes?.join('\n')).toContain('4 turns have an empty generated span');
    expect(r.corpus.predLen[turnOf(r.corpus, 'MUL1110', 3)]).toBe(0);
  });

  it('a turn without bspn_gen is an error naming the place and the keys it has', () => {
    const bytes = new TextEncoder().encode(
      '{"mul1": {"0": {"bspn": "[hotel] area north", "bspn_gen": "[hotel] area north"}, "1": {"bspn": "[hotel] area north"}}}',
    );
    let err: unknown;
    try {
      detectLoader(bytes, 'bs.json').load(bytes, { file: 'bs.json' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(LoadError);
    expect(String((err as Error).message)).toMatch(/bs\.json:1:\d+: .*\$\.mul1\["1"\].*bspn_gen/);
  });

  it('a gold span that cannot be read is an error, unless a gold source replaces the gold', () => {
    const bytes = new TextEncoder().encode('{"mul1": {"0": {"bspn": "north [hotel] area north", "bspn_gen": "[hotel] area north"}}}');
    const l = detectLoader(bytes, 'bs.json');
    expect(() => l.load(bytes, { file: 'bs.json' })).toThrow(
      /the gold belief span cannot be read: word 1: "north" comes before the first \[domain\]/,
    );
    const r = l.load(bytes, { file: 'bs.json', goldReplaced: true });
    expect(plain(r.corpus).mul1[0].pred).toEqual({ 'hotel-area': 'north' });
  });

  it('UBAR end-to-end header entries ("trun_num") are skipped and said so', () => {
    const bytes = new TextEncoder().encode(
      JSON.stringify([
        { dial_id: 'mul1', trun_num: 2, bspn: '', bspn_gen: '' },
        { dial_id: 'mul1', turn_num: 0, bspn: '[hotel] area north', bspn_gen: '[hotel] area north' },
        { dial_id: 'mul1', turn_num: 1, bspn: '[hotel] area north stars 4', bspn_gen: '[hotel] area north stars 5' },
      ]),
    );
    const r = detectLoader(bytes, 'e2e.json').load(bytes, { file: 'e2e.json' });
    expect(plain(r.corpus).mul1[1]).toEqual({
      gold: { 'hotel-area': 'north', 'hotel-stars': '4' },
      pred: { 'hotel-area': 'north', 'hotel-stars': '5' },
    });
    expect(r.warnings.join('\n')).toContain('1 dialogue header entry');
  });
});

describe('belief-span grammar', () => {
  const v = multiwozSlotVocab();
  const ok = (span: string) => {
    const r = parseSpan(span, spanGrammar(span), v);
    if (!r.ok) throw new Error(`${r.problem} at word ${r.word}`);
    return Object.fromEntries(r.pairs);
  };
  it('reads DAMD spans: multi-word values end at the next slot or domain; spellings map to canonical names', () => {
    expect(ok('<sos_b> [restaurant] food indian pricerange moderate time 17:15 [train] day saturday leave 09:00 people 7 <eos_b>')).toEqual(
      {
        'restaurant-food': 'indian',
        'restaurant-pricerange': 'moderate',
        'restaurant-book time': '17:15',
        'train-day': 'saturday',
        'train-leaveat': '09:00',
        'train-book people': '7',
      },
    );
    expect(ok('[hotel] name el shaddia guesthouse area centre')).toEqual({ 'hotel-name': 'el shaddia guesthouse', 'hotel-area': 'centre' });
  });
  it('reads values that contain a slot word whole (the vocabulary lists them)', () => {
    expect(ok('[attraction] name whale of a time area west')).toEqual({ 'attraction-name': 'whale of a time', 'attraction-area': 'west' });
    expect(ok("[attraction] name people 's portraits exhibition at girton college")).toEqual({
      'attraction-name': "people 's portraits exhibition at girton college",
    });
  });
  it('reads MTTOD spans', () => {
    expect(ok('<bos_belief> [train] [value_destination] cambridge [value_arrive] 16:30 <eos_belief>')).toEqual({
      'train-destination': 'cambridge',
      'train-arriveby': '16:30',
    });
  });
  it.each([
    ['[hotel] area', 'has no value', 2],
    ['[hotel] food indian', 'is not a slot of [hotel]', 2],
    ['[hotel] area north area south', 'written twice', 4],
    ['[hotell] area north', 'unknown token "[hotell]"', 1],
    ['<sos_b> [hotel] area north', 'never closes with <eos_b>', 4],
    ['[hotel] area north <eos_a>', 'unexpected special token', 4],
  ])('refuses %j (%s, word %i)', (span, problem, word) => {
    const r = parseSpan(span, 'damd', v);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problem).toContain(problem);
      expect(r.word).toBe(word);
    }
  });
  it('words after the closing token are not part of the span', () => {
    expect(ok('<sos_b> [hotel] area north <eos_b> <sos_a> [hotel] [inform] area <eos_a>')).toEqual({ 'hotel-area': 'north' });
  });
});

describe('--slot-vocab', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  it('reads another vocabulary (multi-word slot names) and loads spans with it', () => {
    const vocab = parseSlotVocab(
      enc('{"_note": "x", "domains": {"flight": ["departure city", "seat class"]}, "values": ["first class"]}'),
      'v.json',
    );
    const r = parseSpan('[flight] departure city new york seat class first class', 'damd', vocab);
    expect(r).toEqual({
      ok: true,
      pairs: [
        ['flight-departure city', 'new york'],
        ['flight-seat class', 'first class'],
      ],
    });
    const bytes = enc(
      JSON.stringify({ d1: [{ turn_num: 0, bspn: '[flight] seat class economy', bspn_gen: '[flight] seat class first class' }] }),
    );
    const c = detectLoader(bytes, 'f.json').load(bytes, { file: 'f.json', slotVocab: vocab });
    expect(plain(c.corpus).d1[0]).toEqual({ gold: { 'flight-seat class': 'economy' }, pred: { 'flight-seat class': 'first class' } });
    expect(c.warnings[0]).toContain('slot vocabulary: v.json');
  });
  it.each([
    ['[]', /v\.json: at \$: expected a slot vocabulary/],
    ['{"domains": {}}', /names no domain/],
    ['{"domains": {"a": ["x[y"]}}', /v\.json: at \$\.domains\["a"\]\[0\]: .*contains "\[" or "\]"/],
    ['{"domains": {"a": ["x"]}, "slots": []}', /unknown member "slots"/],
  ])('refuses %s, naming the place', (text, message) => {
    expect(() => parseSlotVocab(enc(text), 'v.json')).toThrow(message);
  });
  it('compileSlotVocab: longest slot name first', () => {
    const v = compileSlotVocab({ domains: { a: ['x', 'x y'] } }, 't');
    expect(parseSpan('[a] x y 1 x 2', 'damd', v)).toEqual({
      ok: true,
      pairs: [
        ['a-x y', '1'],
        ['a-x', '2'],
      ],
    });
  });
});
