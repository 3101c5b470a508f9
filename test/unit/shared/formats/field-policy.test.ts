// The type policy of every layout (src/shared/formats/field-policy.ts and the
// reading rule of state-policy.ts): a value of the wrong type, a blank or
// non-string dialogue id, a misspelt required key, a frame without
// "slot_values" and a turn index written as 1e-400 are each a LoadError with
// the file, line:column and JSON path — never a silently different number.
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { loadReference } from '../../../../src/shared/formats/dialogue-sources';
import { LoadError } from '../../../../src/shared/formats/errors';
import { editDistance, missingKey, nearMiss, turnIndexOfLiteral } from '../../../../src/shared/formats/field-policy';

const enc = (s: string) => new TextEncoder().encode(s);

function error(run: () => unknown): LoadError {
  try {
    run();
  } catch (e) {
    if (e instanceof LoadError) return e;
    throw e;
  }
  throw new Error('expected a LoadError');
}

const predictions = (layout: string, text: string) => () => loadCorpus(enc(text), { file: 'p.json', layout });
const reference = (text: string) => () => loadReference(enc(text), { file: 'gold.json' });

// [what, load, message (after "p.json:" / "gold.json:"), byte offset of the place]
const CASES: [string, () => unknown, string][] = [
  // {} or [] as a slot value
  [
    'JSON Lines: {} as a flat slot value',
    predictions('jsonl', '{"dialogue_id":"a","turn":0,"gold":{"hotel-area":{}},"pred":{}}\n'),
    `1:37: at line 1.gold["hotel-area"]: "hotel-area" is a "domain-slot" key (a domain name never contains '-'), so its value must be a string, not an empty object {}`,
  ],
  [
    'JSON Lines: [] as a gold value',
    predictions('jsonl', '{"dialogue_id":"a","turn":0,"gold":{"hotel-area":[]},"pred":{}}\n'),
    '1:50: at line 1.gold["hotel-area"]: expected a value (a string, or a list of one or more strings), found an empty list; leave an inactive slot out',
  ],
  [
    'JSON Lines: [] as a predicted value',
    predictions('jsonl', '{"dialogue_id":"a","turn":0,"gold":{},"pred":{"hotel-area":[]}}\n'),
    '1:60: at line 1.pred["hotel-area"]: expected a value (a string, or a list of one or more strings), found an empty list; leave an inactive slot out',
  ],
  [
    'IC-DST: {} as a predicted value',
    predictions('icdst', '[{"ID":"a","turn_id":0,"slot_values":{},"pred":{"hotel-area":{}}}]'),
    `1:49: at $[0].pred["hotel-area"]: "hotel-area" is a "domain-slot" key (a domain name never contains '-'), so its value must be a string, not an empty object {}`,
  ],
  [
    'IC-DST: [] as a gold value',
    predictions('icdst', '[{"ID":"a","turn_id":0,"slot_values":{"hotel-area":[]},"pred":{}}]'),
    '1:52: at $[0].slot_values["hotel-area"]: expected a value (a string, or a list of one or more strings), found an empty list; leave an inactive slot out',
  ],
  [
    'FGA/GCA: a "domain-slot" key with an object under "gt"',
    predictions('fga', '{"a":{"0":{"gt":{"hotel-area":{}},"pr":{}}}}'),
    `1:18: at $.a["0"].gt["hotel-area"]: "hotel-area" is a "domain-slot" key (a domain name never contains '-'), so its value must be a string, not an empty object {}`,
  ],
  [
    'MultiWOZ 2.2 / SGD: [] as a value list',
    predictions(
      'sgd',
      '[{"dialogue_id":"a","turns":[{"speaker":"USER","utterance":"x","frames":[{"service":"hotel","state":{"slot_values":{"hotel-area":[]}}}]}]}]',
    ),
    '1:2: at $[0].turns[0].frames[0].state.slot_values["hotel-area"]: expected a value (a string, or a list of one or more strings), found an empty list; leave an inactive slot out',
  ],
  // dialogue ids
  [
    'JSON Lines: an empty dialogue id',
    predictions('jsonl', '{"dialogue_id":"","turn":0,"gold":{},"pred":{}}\n'),
    '1:16: at line 1.dialogue_id: the dialogue id is empty (""); every dialogue needs an id',
  ],
  [
    'JSON Lines: a number as the dialogue id',
    predictions('jsonl', '{"dialogue_id":5,"turn":0,"gold":{},"pred":{}}\n'),
    '1:16: at line 1.dialogue_id: expected a dialogue id string, found number 5',
  ],
  [
    'IC-DST: true as the dialogue id',
    predictions('icdst', '[{"ID":true,"turn_id":0,"slot_values":{},"pred":{}}]'),
    '1:8: at $[0].ID: expected a dialogue id string, found boolean true',
  ],
  [
    'IC-DST: a blank dialogue id',
    predictions('icdst', '[{"ID":"  ","turn_id":0,"slot_values":{},"pred":{}}]'),
    '1:8: at $[0].ID: the dialogue id is empty ("  "); every dialogue needs an id',
  ],
  [
    'TripPy: a number as the dialogue id in "guid"',
    predictions('trippy', '[{"guid":["test",5,"0"],"slot_prediction_hotel-area":"x","slot_groundtruth_hotel-area":"x"}]'),
    '1:10: at $[0].guid[1]: expected a dialogue id string, found number 5',
  ],
  [
    'TripPy: false as the dialogue id in "guid"',
    predictions('trippy', '[{"guid":["test",false,"0"],"slot_prediction_hotel-area":"x","slot_groundtruth_hotel-area":"x"}]'),
    '1:10: at $[0].guid[1]: expected a dialogue id string, found boolean false',
  ],
  [
    'FGA/GCA: an empty dialogue key',
    predictions('fga', '{"":{"0":{"gt":{},"pr":{}}}}'),
    '1:2: at $[""]: the dialogue id is empty (""); every dialogue needs an id',
  ],
  [
    'TRADE: a blank dialogue key',
    predictions('trade', '{" ":{"0":{"turn_belief":[],"pred_bs_ptr":[]}}}'),
    '1:2: at $[" "]: the dialogue id is empty (" "); every dialogue needs an id',
  ],
  [
    'SOM-DST: a blank dialogue id before "_<turn>"',
    predictions('somdst', '{" _0": [[], []]}'),
    '1:2: at $[" _0"]: the dialogue id is empty (" "); every dialogue needs an id',
  ],
  [
    'mwzeval: an empty dialogue key',
    predictions('mwzeval', '{"": [{"state": {}}]}'),
    '1:2: at $[""]: the dialogue id is empty (""); every dialogue needs an id',
  ],
  [
    'ConvLab-3: an empty dialogue_id',
    predictions('convlab', '[{"dialogue_id":"","utt_idx":0,"state":{},"predictions":{"state":{}}}]'),
    '1:17: at $[0].dialogue_id: the dialogue id is empty (""); every dialogue needs an id',
  ],
  [
    'MultiWOZ 2.2 / SGD: a number as the dialogue id',
    predictions('sgd', '[{"dialogue_id":7,"turns":[]}]'),
    '1:2: at $[0].dialogue_id: expected a dialogue id string, found number 7',
  ],
  // misspelt keys
  [
    'mwzeval: "stat" for "state" (was: an empty prediction)',
    predictions('mwzeval', '{"a":[{"response":"x","stat":{"hotel":{"area":"north"}}}]}'),
    '1:7: at $.a[0]: lacks "state" (the predicted state) but has "stat": a misspelling of "state"?',
  ],
  [
    'JSON Lines: "prd" for "pred"',
    predictions('jsonl', '{"dialogue_id":"a","turn":0,"gold":{},"prd":{}}\n'),
    '1:1: at line 1: lacks "pred" (the predicted state) but has "prd": a misspelling of "pred"?',
  ],
  [
    'IC-DST: "slot_value" for "slot_values"',
    predictions('icdst', '[{"ID":"a","turn_id":0,"slot_value":{},"pred":{}}]'),
    '1:2: at $[0]: lacks "slot_values" (the gold state) but has "slot_value": a misspelling of "slot_values"?',
  ],
  [
    'TRADE: "pred_bs_pt" for "pred_bs_ptr"',
    predictions('trade', '{"a":{"0":{"turn_belief":[],"pred_bs_pt":[]}}}'),
    '1:7: at $.a["0"]: lacks "pred_bs_ptr" (the predicted state) but has "pred_bs_pt": a misspelling of "pred_bs_ptr"?',
  ],
  [
    'FGA/GCA: "prr" for "pr"',
    predictions('fga', '{"a":{"0":{"gt":{},"prr":{}}}}'),
    '1:7: at $.a["0"]: turn has no "pr" (predicted state); it has "prr": a misspelling of "pr"?',
  ],
  [
    'ConvLab-3: "stat" inside "predictions"',
    predictions('convlab', '[{"utt_idx":0,"state":{},"predictions":{"stat":{}}}]'),
    '1:2: at $[0].predictions: lacks "state" (the predicted state) but has "stat": a misspelling of "state"?',
  ],
  [
    'TripPy: "slot_predicton_…" (a slot with one side would count as missed)',
    predictions('trippy', '[{"guid":["test","a","0"],"slot_predicton_hotel-area":"x","slot_groundtruth_hotel-area":"x"}]'),
    '1:2: at $[0]: has "slot_groundtruth_hotel-area" but no "slot_prediction_hotel-area"; it has "slot_predicton_hotel-area": a misspelling of "slot_prediction_hotel-area"? (TripPy writes both fields for every slot; a slot with one side would count as missed)',
  ],
  [
    'MultiWOZ 2.2 / SGD: a state without "slot_values" (was: an empty state)',
    predictions(
      'sgd',
      '[{"dialogue_id":"a","turns":[{"speaker":"USER","utterance":"x","frames":[{"service":"hotel","state":{"active_intent":"find_hotel"}}]}]}]',
    ),
    '1:2: at $[0].turns[0].frames[0].state: lacks "slot_values" (the slots and their values)',
  ],
  [
    'MultiWOZ 2.2 / SGD: "slot_value" for "slot_values"',
    predictions(
      'sgd',
      '[{"dialogue_id":"a","turns":[{"speaker":"USER","utterance":"x","frames":[{"service":"hotel","state":{"slot_value":{}}}]}]}]',
    ),
    '1:2: at $[0].turns[0].frames[0].state: lacks "slot_values" (the slots and their values) but has "slot_value": a misspelling of "slot_values"?',
  ],
  [
    'MultiWOZ 2.2 / SGD: a user frame with "stat" for "state"',
    predictions(
      'sgd',
      '[{"dialogue_id":"a","turns":[{"speaker":"USER","utterance":"x","frames":[{"service":"hotel","stat":{"slot_values":{}}}]}]}]',
    ),
    '1:2: at $[0].turns[0].frames[0]: lacks "state" (the dialogue state) but has "stat": a misspelling of "state"?',
  ],
  [
    'MultiWOZ 2.2 / SGD: a speaker that is neither USER nor SYSTEM (every later turn would shift)',
    predictions('sgd', '[{"dialogue_id":"a","turns":[{"speaker":"USR","utterance":"x","frames":[]}]}]'),
    '1:2: at $[0].turns[0].speaker: expected "USER" or "SYSTEM", found the string "USR"',
  ],
  // turn indices written as other numbers
  [
    'JSON Lines: turn 1e-400 (a JSON parser reads 0)',
    predictions('jsonl', '{"dialogue_id":"a","turn":1e-400,"gold":{},"pred":{}}\n'),
    '1:27: at line 1.turn: expected a turn index (an integer ≥ 0), found the number 1e-400 (a JSON parser reads it as 0)',
  ],
  [
    'JSON Lines: turn 1e400 (a JSON parser reads Infinity)',
    predictions('jsonl', '{"dialogue_id":"a","turn":1e400,"gold":{},"pred":{}}\n'),
    '1:27: at line 1.turn: expected a turn index (an integer ≥ 0), found the number 1e400 (a JSON parser reads it as Infinity)',
  ],
  [
    'JSON Lines: turn -0',
    predictions('jsonl', '{"dialogue_id":"a","turn":-0,"gold":{},"pred":{}}\n'),
    '1:27: at line 1.turn: expected a turn index (an integer ≥ 0), found the number -0 (a JSON parser reads it as 0)',
  ],
  [
    'JSON Lines: turn 12345678901234567890 (above 2^53: a JSON parser would round it)',
    predictions('jsonl', '{"dialogue_id":"a","turn":12345678901234567890,"gold":{},"pred":{}}\n'),
    '1:27: at line 1.turn: the turn index 12345678901234567890 is too large (at most 9007199254740991)',
  ],
  [
    'IC-DST: turn_id 2.0',
    predictions('icdst', '[{"ID":"a","turn_id":2.0,"slot_values":{},"pred":{}}]'),
    '1:22: at $[0].turn_id: expected a turn index written as an integer (digits only), found the number 2.0; write 2',
  ],
  [
    'ConvLab-3: utt_idx 1e-400',
    predictions('convlab', '[{"utt_idx":1e-400,"state":{},"predictions":{"state":{}}}]'),
    '1:13: at $[0].utt_idx: expected a turn index (an integer ≥ 0), found the number 1e-400 (a JSON parser reads it as 0)',
  ],
  [
    'TripPy: the turn in "guid" written 1e0',
    predictions('trippy', '[{"guid":["test","a",1e0],"slot_prediction_hotel-area":"x","slot_groundtruth_hotel-area":"x"}]'),
    '1:10: at $[0].guid[2]: expected a turn index written as an integer (digits only), found the number 1e0; write 1',
  ],
  [
    'TRADE test_dials.json: turn_idx 1e-400',
    reference('[{"dialogue_idx":"a","dialogue":[{"turn_idx":1e-400,"belief_state":[]}]}]'),
    '1:2: at $[0].dialogue[0].turn_idx: expected a turn index (an integer ≥ 0), found the number 1e-400 (a JSON parser reads it as 0)',
  ],
  // dataset files (gold, utterances)
  [
    'MultiWOZ 2.1 data.json: "metadat" for "metadata"',
    reference('{"a":{"log":[{"text":"x"},{"text":"y","metadat":{}}]}}'),
    '1:2: at $.a.log[1]: lacks "metadata" (the dialogue state) but has "metadat": a misspelling of "metadata"?',
  ],
  [
    'MultiWOZ 2.1 data.json: "sem" for "semi"',
    reference('{"a":{"log":[{"text":"x"},{"text":"y","metadata":{"hotel":{"sem":{"area":"north"},"book":{}}}}]}}'),
    '1:2: at $.a.log[1].metadata.hotel: lacks "semi" (the informable slots) but has "sem": a misspelling of "semi"?',
  ],
  [
    'TRADE test_dials.json: "belief_stat" for "belief_state"',
    reference('[{"dialogue_idx":"a","dialogue":[{"turn_idx":0,"belief_stat":[]}]}]'),
    '1:2: at $[0].dialogue[0]: lacks "belief_state" (the gold state) but has "belief_stat": a misspelling of "belief_state"?',
  ],
  [
    'TRADE test_dials.json: an empty dialogue id',
    reference('[{"dialogue_idx":"","dialogue":[]}]'),
    '1:2: at $[0].dialogue_idx: the dialogue id is empty (""); every dialogue needs an id',
  ],
  [
    'MultiWOZ 2.1 data.json: an empty dialogue key',
    reference('{"":{"log":[]}}'),
    '1:2: at $[""]: the dialogue id is empty (""); every dialogue needs an id',
  ],
];

describe('wrong types, ids, misspelt keys and odd numbers are located errors', () => {
  it.each(CASES)('%s', (_what, load, message) => {
    const e = error(load);
    expect(e.message.replace(/^(p|gold)\.json:/, '')).toBe(message);
    expect(e.location).toBeDefined();
    expect(e.jsonPath).toBeDefined();
  });
});

describe('what stays accepted', () => {
  it('an empty domain object (ConvLab-3 lists "police": {}) and nested states', () => {
    const l = loadCorpus(
      enc('{"dialogue_id":"a","turn":0,"gold":{"police":{},"hotel":{"area":"north"}},"pred":{"hotel-area":"north"}}\n'),
      {
        file: 't.jsonl',
      },
    );
    expect(l.corpus.goldLen[0]).toBe(1);
  });

  it('a turn index as a string of digits, or 0; ConvLab-3 values that are all "" (inactive)', () => {
    expect(() => loadCorpus(enc('{"dialogue_id":"a","turn":"3","gold":{},"pred":{}}\n'), { file: 't.jsonl' })).not.toThrow();
    const c = loadCorpus(enc('[{"utt_idx":0,"state":{"hotel":{"area":["",""]}},"predictions":{"state":{"hotel":{"area":""}}}}]'), {
      file: 'c.json',
      layout: 'convlab',
    });
    expect(c.corpus.goldLen[0]).toBe(0);
  });

  it('mwzeval: a turn with only "response" counts as an empty prediction, said in scoreNotes (score prints them)', () => {
    const l = loadCorpus(enc('{"a":[{"response":"x","active_domains":[]},{"response":"y","state":{}}]}'), {
      file: 'm.json',
      layout: 'mwzeval',
      allowMissingGold: true,
    } as never);
    expect(l.scoreNotes).toEqual(['1 turn has no "state"; it counts as an empty prediction']);
    expect(l.warnings).toContain('1 turn has no "state"; it counts as an empty prediction');
  });

  it('a user frame without "state" and no near miss is skipped as before (system frames)', () => {
    const text =
      '[{"dialogue_id":"a","turns":[{"speaker":"USER","utterance":"x","frames":[{"service":"hotel","actions":[]},{"service":"taxi","state":{"slot_values":{"taxi-leaveat":["5"]}}}]}]}]';
    const l = loadCorpus(enc(text), { file: 's.json', layout: 'sgd', allowMissingGold: true } as never);
    expect(l.corpus.predLen[0]).toBe(1);
  });
});

describe('the helpers', () => {
  it('turnIndexOfLiteral: digits in a number or string; every other literal gives a reason', () => {
    expect(turnIndexOfLiteral('3')).toBe(3);
    expect(turnIndexOfLiteral('"12"')).toBe(12);
    expect(turnIndexOfLiteral('0')).toBe(0);
    for (const bad of ['1e-400', '1.5', '-1', '-0', '2.0', '1e2', 'true', 'null', '"x"', '"-1"', '[]', '{}', '9007199254740993'])
      expect(typeof turnIndexOfLiteral(bad), bad).toBe('string');
    expect(turnIndexOfLiteral('1e2')).toBe('expected a turn index written as an integer (digits only), found the number 1e2; write 100');
  });

  it('nearMiss: case and separators, one edit for short keys, two for longer ones', () => {
    expect(nearMiss('state', ['stat', 'response'])).toBe('stat');
    expect(nearMiss('dialogue_id', ['dialogueId'])).toBe('dialogueId');
    expect(nearMiss('pr', ['gt'])).toBeUndefined();
    expect(nearMiss('gold', ['glod'])).toBe('glod');
    expect(nearMiss('slot_values', ['turn_slot_values'])).toBeUndefined();
    expect(editDistance('stat', 'state')).toBe(1);
    expect(editDistance('abcdefgh', 'zzzzzzzz', 2)).toBe(3);
  });

  it('missingKey names a near miss, else a few unknown keys, else nothing more', () => {
    expect(missingKey('pred', 'the predicted state', ['gold', 'prd'], ['gold', 'pred'])).toBe(
      'lacks "pred" (the predicted state) but has "prd": a misspelling of "pred"?',
    );
    expect(missingKey('pred', 'the predicted state', ['gold', 'model_output'], ['gold', 'pred'])).toBe(
      'lacks "pred" (the predicted state); it has "model_output", which this layout does not read',
    );
    expect(missingKey('pred', 'the predicted state', ['gold'], ['gold', 'pred'])).toBe('lacks "pred" (the predicted state)');
  });
});
