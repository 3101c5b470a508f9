// One reading rule for every layout (state-policy.ts, state-reader.ts): a key
// written twice, a slot named twice (two spellings), an empty domain or slot
// name and a value or text of the wrong type are refused in every layout that
// can hold them, with the file, line:column and JSON path — never a silently
// kept last value or an "-area" slot.
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { loadReference } from '../../../../src/shared/formats/dialogue-sources';
import { LoadError } from '../../../../src/shared/formats/errors';

const enc = (s: string) => new TextEncoder().encode(s);

function caught(run: () => unknown): LoadError {
  try {
    run();
  } catch (e) {
    if (e instanceof LoadError) return e;
    throw e;
  }
  throw new Error('expected a LoadError');
}

/** Line and column (1-based) of the n-th occurrence (0-based) of `needle` in `text`. */
function place(text: string, needle: string, nth = 0): string {
  let i = -1;
  for (let k = 0; k <= nth; k++) i = text.indexOf(needle, i + 1);
  if (i < 0) throw new Error(`no ${needle} in the test input`);
  const before = text.slice(0, i).split('\n');
  return `${before.length}:${before[before.length - 1].length + 1}`;
}

interface Case {
  layout: string;
  text: string;
  path: string;
  /** Where the error points: the n-th occurrence of a string (exact places), or the element's line (parsed elements). */
  at: [string, number] | { line: number };
  problem: RegExp;
}

function check(c: Case, load: (bytes: Uint8Array) => unknown): void {
  const e = caught(() => load(enc(c.text)));
  expect(e.file).toBe('f.json');
  expect(e.jsonPath).toBe(c.path);
  if (Array.isArray(c.at)) expect(`${e.location?.line}:${e.location?.column}`).toBe(place(c.text, c.at[0], c.at[1]));
  else expect(e.location?.line).toBe(c.at.line);
  expect(e.problem).toMatch(c.problem);
}

const predictions = (c: Case) => check(c, (b) => loadCorpus(b, { file: 'f.json', layout: c.layout }));
const reference = (c: Case) => check(c, (b) => loadReference(b, { file: 'f.json' }));

const TWICE = /appears twice|named twice/;
const EMPTY_DOMAIN = /the domain name is empty/;
const EMPTY_SLOT = /the slot name is empty/;

const jl = (gold: string, rest = '') => `{"dialogue_id": "a", "turn": 0, "gold": ${gold}, "pred": {}${rest}}\n`;
const ic = (gold: string, rest = '') => `[{"ID": "a", "turn_id": 0, "slot_values": ${gold}, "pred": {}${rest}}]`;
const mw = (state: string) => `{"sng1": [{"response": "ok", "state": ${state}}]}`;
const cl = (state: string, rest = '') =>
  `[{"utt_idx": 0, "speaker": "user", "utterance": "hi", "state": ${state}, "predictions": {"state": {}}${rest}}]`;
const tp = (fields: string) => `[{"guid": ["test", "A.json", "0"], ${fields}}]`;
const fga = (gt: string) => `{"d": {"0": {"gt": ${gt}, "pr": {}}}}`;
const sgd = (sv: string, extra = '') =>
  `[{"dialogue_id": "1_0", "turns": [{"speaker": "USER", "utterance": "hi"${extra}, "frames": [{"service": "Hotels_1", "state": {"slot_values": ${sv}}}]}]}]`;

describe('a key written twice in a state is refused with its place, in every layout', () => {
  it.each<Case>([
    {
      layout: 'fga',
      text: fga('{"hotel": {"area": "n", "area": "s"}}'),
      path: '$.d["0"].gt.hotel.area',
      at: ['"area"', 1],
      problem: /the key "hotel.area" appears twice in this state \(first at 1:31 \$\.d\["0"\]\.gt\.hotel\.area\)/,
    },
    {
      layout: 'fga',
      text: fga('{"hotel": {"area": "n"}, "hotel": {"name": "x"}}'),
      path: '$.d["0"].gt.hotel',
      at: ['"hotel"', 1],
      problem: /the domain "hotel" appears twice in this state/,
    },
    {
      layout: 'jsonl',
      text: jl('{"hotel-area": "n", "hotel-area": "n"}'),
      path: 'line 1.gold["hotel-area"]',
      at: ['"hotel-area"', 1],
      problem: /the key "hotel-area" appears twice in this state/,
    },
    {
      layout: 'jsonl',
      text: jl('{"hotel": {"area": "n"}, "hotel": {"area": "s"}}'),
      path: 'line 1.gold.hotel',
      at: ['"hotel"', 1],
      problem: /the domain "hotel" appears twice/,
    },
    {
      layout: 'icdst',
      text: ic('{"hotel-area": "n", "hotel-area": "s"}'),
      path: '$[0].slot_values["hotel-area"]',
      at: ['"hotel-area"', 1],
      problem: TWICE,
    },
    {
      layout: 'mwzeval',
      text: mw('{"hotel": {"area": "n", "area": "s"}}'),
      path: '$.sng1[0].state.hotel.area',
      at: ['"area"', 1],
      problem: TWICE,
    },
    {
      layout: 'convlab',
      text: cl('{"hotel": {"area": "", "area": "north"}}'),
      path: '$[0].state.hotel.area',
      at: ['"area"', 1],
      problem: TWICE,
    },
    {
      layout: 'trippy',
      text: tp('"slot_prediction_hotel-area": "n", "slot_groundtruth_hotel-area": "n", "slot_prediction_hotel-area": "s"'),
      path: '$[0]["slot_prediction_hotel-area"]',
      at: ['"slot_prediction_hotel-area"', 1],
      problem: /appears twice in this object \(first at 1:36\)/,
    },
    {
      layout: 'trade',
      text: '{"A.json": {"0": {"turn_belief": ["hotel-area-n", "hotel-area-n"], "pred_bs_ptr": []}}}',
      path: '$["A.json"]["0"].turn_belief[1]',
      at: ['"hotel-area-n"', 1],
      problem: /the entry "hotel-area-n" appears twice in this state/,
    },
    {
      layout: 'somdst',
      text: '{"A_0": [["hotel-area-n"], ["hotel-area-n", "hotel-area-s"]]}',
      path: '$.A_0[1][1]',
      at: ['"hotel-area-s"', 0],
      problem: /slot "hotel-area" is named twice in this state, as "hotel-area-n"/,
    },
    {
      layout: 'sgd',
      text: sgd('{"area": ["n"], "area": ["s"]}'),
      path: '$[0].turns[0].frames[0].state.slot_values.area',
      at: ['"area"', 1],
      problem: /the key "area" appears twice in this object/,
    },
  ])('$layout: $path', predictions);

  it.each<Case>([
    {
      layout: 'multiwoz21',
      text: '{"A.json": {"log": [{"text": "hi", "metadata": {}}, {"text": "ok", "metadata": {"hotel": {"book": {}, "semi": {"area": "n", "area": "s"}}}}]}}',
      path: '$["A.json"].log[1].metadata.hotel.semi.area',
      at: ['"area"', 1],
      problem: /the key "area" appears twice in this object/,
    },
    {
      layout: 'trade-dials',
      text: '[{"dialogue_idx": "A.json", "dialogue": [{"turn_idx": 0, "transcript": "hi", "belief_state": [{"slots": [["hotel-area", "n"]], "act": "inform"}, {"slots": [["hotel-area", "s"]], "act": "inform"}]}]}]',
      path: '$[0].dialogue[0].belief_state[1].slots[0]',
      at: { line: 1 },
      problem: /the key "hotel-area" appears twice in this state/,
    },
    {
      layout: 'sgd-source',
      text: sgd('{"area": ["n"], "area": ["s"]}'),
      path: '$[0].turns[0].frames[0].state.slot_values.area',
      at: ['"area"', 1],
      problem: /appears twice/,
    },
  ])('dataset file $layout: $path', reference);

  it('a record key written twice (JSON Lines "turn", TRADE "turn_belief", IC-DST "pred", ConvLab-3 "state") is refused too', () => {
    const cases: [string, string, string, string, number][] = [
      ['jsonl', '{"dialogue_id": "a", "turn": 0, "turn": 1, "gold": {}, "pred": {}}\n', 'line 1.turn', '"turn"', 1],
      [
        'trade',
        '{"A.json": {"0": {"turn_belief": [], "pred_bs_ptr": [], "turn_belief": ["hotel-area-n"]}}}',
        '$["A.json"]["0"].turn_belief',
        '"turn_belief"',
        1,
      ],
      ['icdst', ic('{}', ', "pred": {"hotel-area": "n"}'), '$[0].pred', '"pred"', 1],
      ['convlab', cl('{}', ', "state": {}'), '$[0].state', '"state"', 2],
    ];
    for (const [layout, text, path, key, nth] of cases)
      predictions({ layout, text, path, at: [key, nth], problem: /appears twice in this object/ });
  });
});

describe('two spellings of one slot in one state are refused with both places', () => {
  it.each<Case>([
    {
      layout: 'fga',
      text: fga('{"hotel": {"day": "mon", "book day": "mon"}}'),
      path: '$.d["0"].gt.hotel["book day"]',
      at: ['"book day"', 0],
      problem: /slot "hotel-book day" is named twice in this state, as "hotel.day" \(at 1:31 .*\) and as "hotel.book day"/,
    },
    {
      layout: 'jsonl',
      text: jl('{"hotel-leaveAt": "1", "hotel": {"leave at": "1"}}'),
      path: 'line 1.gold.hotel["leave at"]',
      at: ['"leave at"', 0],
      problem: /slot "hotel-leaveat" is named twice/,
    },
    {
      layout: 'mwzeval',
      text: mw('{"train": {"leave": "1", "leaveAt": "1"}}'),
      path: '$.sng1[0].state.train.leaveAt',
      at: ['"leaveAt"', 0],
      problem: /slot "train-leaveat" is named twice/,
    },
    {
      layout: 'trippy',
      text: tp('"slot_groundtruth_taxi-leaveAt": "none", "slot_groundtruth_taxi-leave_at": "1", "slot_prediction_taxi-leaveAt": "none"'),
      path: '$[0]["slot_groundtruth_taxi-leave_at"]',
      at: ['"slot_groundtruth_taxi-leave_at"', 0],
      problem: /slot "taxi-leaveat" is named twice/,
    },
    {
      layout: 'sgd',
      text: '[{"dialogue_id": "1_0", "turns": [{"speaker": "USER", "utterance": "hi", "frames": [{"service": "hotel", "state": {"slot_values": {"hotel-bookday": ["mon"], "bookday": ["mon"]}}}]}]}]',
      path: '$[0].turns[0].frames[0].state.slot_values.bookday',
      at: { line: 1 },
      problem: /slot "hotel-book day" is named twice/,
    },
  ])('$layout: $path', predictions);

  it('MultiWOZ 2.1 data.json: a slot in "semi" and in "book" of one domain', () => {
    reference({
      layout: 'multiwoz21',
      text: '{"A.json": {"log": [{"text": "hi", "metadata": {}}, {"text": "ok", "metadata": {"hotel": {"book": {"stay": "2"}, "semi": {"book stay": "2"}}}}]}}',
      path: '$["A.json"].log[1].metadata.hotel.book.stay',
      at: { line: 1 },
      problem: /slot "hotel-book stay" is named twice in this state, as "hotel.semi.book stay" \(at 1:2 .*\) and as "hotel.book.stay"/,
    });
  });
});

describe('empty domain and slot names are refused with their place', () => {
  it.each<Case>([
    { layout: 'fga', text: fga('{"": {"area": "n"}}'), path: '$.d["0"].gt[""]', at: ['""', 0], problem: EMPTY_DOMAIN },
    { layout: 'fga', text: fga('{"hotel": {" ": "n"}}'), path: '$.d["0"].gt.hotel[" "]', at: ['" "', 0], problem: EMPTY_SLOT },
    { layout: 'jsonl', text: jl('{"-area": "n"}'), path: 'line 1.gold["-area"]', at: ['"-area"', 0], problem: EMPTY_DOMAIN },
    { layout: 'jsonl', text: jl('{"hotel-": "n"}'), path: 'line 1.gold["hotel-"]', at: ['"hotel-"', 0], problem: EMPTY_SLOT },
    { layout: 'jsonl', text: jl('{"": {"area": "n"}}'), path: 'line 1.gold[""]', at: ['""', 0], problem: EMPTY_DOMAIN },
    { layout: 'icdst', text: ic('{"-area": "n"}'), path: '$[0].slot_values["-area"]', at: ['"-area"', 0], problem: EMPTY_DOMAIN },
    { layout: 'mwzeval', text: mw('{"hotel": {"": "n"}}'), path: '$.sng1[0].state.hotel[""]', at: ['""', 0], problem: EMPTY_SLOT },
    { layout: 'convlab', text: cl('{"": {"area": ""}}'), path: '$[0].state[""]', at: ['""', 0], problem: EMPTY_DOMAIN },
    {
      layout: 'trippy',
      text: tp('"slot_prediction_-area": "n"'),
      path: '$[0]["slot_prediction_-area"]',
      at: ['"slot_prediction_-area"', 0],
      problem: EMPTY_DOMAIN,
    },
    {
      layout: 'trade',
      text: '{"A.json": {"0": {"turn_belief": ["-area-n"], "pred_bs_ptr": []}}}',
      path: '$["A.json"]["0"].turn_belief[0]',
      at: ['"-area-n"', 0],
      problem: EMPTY_DOMAIN,
    },
    { layout: 'somdst', text: '{"A_0": [["hotel--n"], []]}', path: '$.A_0[0][0]', at: ['"hotel--n"', 0], problem: EMPTY_SLOT },
    {
      layout: 'sgd',
      text: sgd('{"": ["n"]}'),
      path: '$[0].turns[0].frames[0].state.slot_values[""]',
      at: { line: 1 },
      problem: EMPTY_SLOT,
    },
  ])('$layout: $path', predictions);

  it.each<Case>([
    {
      layout: 'multiwoz21',
      text: '{"A.json": {"log": [{"text": "hi", "metadata": {}}, {"text": "ok", "metadata": {"hotel": {"semi": {"": "n"}}}}]}}',
      path: '$["A.json"].log[1].metadata.hotel.semi[""]',
      at: { line: 1 },
      problem: EMPTY_SLOT,
    },
    {
      layout: 'trade-dials',
      text: '[{"dialogue_idx": "A.json", "dialogue": [{"turn_idx": 0, "transcript": "hi", "belief_state": [{"slots": [["-area", "n"]], "act": "inform"}]}]}]',
      path: '$[0].dialogue[0].belief_state[0].slots[0]',
      at: { line: 1 },
      problem: EMPTY_DOMAIN,
    },
  ])('dataset file $layout: $path', reference);
});

describe('values and texts of the wrong type are refused with their place', () => {
  it.each<Case>([
    {
      layout: 'jsonl',
      text: jl('{}', ', "user": 5'),
      path: 'line 1.user',
      at: ['5', 0],
      problem: /expected a string \(the user's utterance; leave the key out when there is none\), found number 5/,
    },
    {
      layout: 'jsonl',
      text: jl('{"hotel-area": 3}'),
      path: 'line 1.gold["hotel-area"]',
      at: ['3', 0],
      problem: /expected a string value or a list of strings, found number 3/,
    },
    {
      layout: 'icdst',
      text: ic('{}', ', "dialog": {"sys": [""], "usr": [7]}'),
      path: '$[0].dialog.usr[0]',
      at: { line: 1 },
      problem: /expected an utterance string, found number 7/,
    },
    {
      layout: 'convlab',
      text: cl('{}', ', "context": [{"speaker": "system", "utterance": null}]').replace('"utterance": "hi"', '"utterance": "hi"'),
      path: '$[0].context[0].utterance',
      at: { line: 1 },
      problem: /expected an utterance string, found null/,
    },
    {
      layout: 'mwzeval',
      text: mw('{"hotel": {"area": ["n", 2]}}'),
      path: '$.sng1[0].state.hotel.area',
      at: ['[', 1],
      problem: /expected a list of string values/,
    },
    {
      layout: 'sgd',
      text: sgd('{}', '').replace('"utterance": "hi"', '"utterance": 3'),
      path: '$[0].turns[0].utterance',
      at: { line: 1 },
      problem: /expected an utterance string, found number 3/,
    },
  ])('$layout: $path', predictions);

  it('dataset files: MultiWOZ 2.1 metadata that is not an object, TRADE test_dials text that is not a string', () => {
    reference({
      layout: 'multiwoz21',
      text: '{"A.json": {"log": [{"text": "hi", "metadata": {}}, {"text": "ok", "metadata": "x"}]}}',
      path: '$["A.json"].log[1].metadata',
      at: { line: 1 },
      problem: /expected an object of domains/,
    });
    reference({
      layout: 'trade-dials',
      text: '[{"dialogue_idx": "A.json", "dialogue": [{"turn_idx": 0, "transcript": 5, "belief_state": []}]}]',
      path: '$[0].dialogue[0].transcript',
      at: { line: 1 },
      problem: /expected an utterance string, found number 5/,
    });
  });
});

describe('what the rule leaves alone', () => {
  it('the same value under a key in two different states, and the same slot in gold and prediction, load', () => {
    const text =
      '{"dialogue_id": "a", "turn": 0, "gold": {"hotel-area": "n"}, "pred": {"hotel-area": "n"}}\n{"dialogue_id": "a", "turn": 1, "gold": {"hotel-area": "n"}, "pred": {"hotel": {"area": "n"}}}\n';
    expect(loadCorpus(enc(text), { file: 'f.json' }).corpus.turnIndex.length).toBe(2);
  });
  it('an escaped spelling of the same key is the same key', () => {
    const e = caught(() => loadCorpus(enc(jl('{"hotel-area": "n", "hotel-\\u0061rea": "n"}')), { file: 'f.json', layout: 'jsonl' }));
    expect(e.problem).toMatch(/appears twice|named twice/);
  });
});
