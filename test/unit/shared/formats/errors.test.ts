// Bad input gets a LoadError naming the file, the place (line:column and/or
// JSON path) and what was expected; near-miss layouts say what they lack.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { loadReference } from '../../../../src/shared/formats/dialogue-sources';
import { LoadError } from '../../../../src/shared/formats/errors';
import { mergeReferences } from '../../../../src/shared/formats/reference';
import { attachUtteranceFile } from '../../../../src/shared/formats/utterance-file';
import { FGA_PREDICTIONS, goldCases, MWZ_PREDICTIONS, TEST_DIALS } from './gold-turn-twice';
import { sample } from './samples';
import { turnTwiceCases } from './turn-twice';

const enc = (s: string) => new TextEncoder().encode(s);
function loadError(bytes: Uint8Array, file = 'x.json', layout?: string): LoadError {
  try {
    loadCorpus(bytes, { file, layout });
  } catch (e) {
    expect(e).toBeInstanceOf(LoadError);
    return e as LoadError;
  }
  throw new Error('expected a LoadError');
}

describe('located errors', () => {
  it('a truncated file: line and column of the end', () => {
    const bytes = sample('all_prediction_TRADE.json');
    const e = loadError(bytes.subarray(0, 300), 'all_prediction_TRADE.json');
    expect(e.message).toMatch(/^all_prediction_TRADE\.json:\d+:\d+: /);
    expect(e.location?.line).toBeGreaterThan(3);
  });

  it('a wrong type: JSON path and what was expected', () => {
    const e = loadError(enc('{"PMUL1635.json": {"0": {"turn_belief": 3, "pred_bs_ptr": []}}}'), 'p.json');
    expect(e.jsonPath).toBe('$["PMUL1635.json"]["0"].turn_belief');
    expect(e.problem).toBe('expected a list of "domain-slot-value" strings, found number 3');
  });

  it('a bad triple names the string', () => {
    const e = loadError(enc('{"a_0": [["hotel"], []]}'), 'preds.json');
    expect(e.jsonPath).toBe('$.a_0[0][0]');
    expect(e.problem).toContain('"domain-slot-value"');
  });

  it('a missing field says which', () => {
    const e = loadError(
      enc('[{"ID": "a", "turn_id": 0, "slot_values": {}, "pred": {}}, {"ID": "a", "slot_values": {}, "pred": {}}]'),
      'log.json',
    );
    expect(e.jsonPath).toBe('$[1]');
    expect(e.problem).toContain('lacks "turn_id"');
    expect(e.location?.line).toBe(1);
  });

  it('a duplicated turn is refused with both places', () => {
    const e = loadError(
      enc('{"dialogue_id":"a","turn":0,"gold":{},"pred":{}}\n{"dialogue_id":"a","turn":0,"gold":{},"pred":{}}\n'),
      't.jsonl',
    );
    expect(e.message).toBe('t.jsonl:2:1: dialogue "a": turn 0 appears twice (first at 1:1)');
  });

  it('two spellings of one slot are refused, with both places', () => {
    const e = loadError(enc('{"dialogue_id":"a","turn":0,"gold":{"hotel-leaveAt":"1","hotel-leave at":"2"},"pred":{}}\n'), 't.jsonl');
    expect(e.message).toBe(
      't.jsonl:1:57: at line 1.gold["hotel-leave at"]: slot "hotel-leaveat" is named twice in this state, as "hotel-leaveAt" (at 1:37 line 1.gold["hotel-leaveAt"]) and as "hotel-leave at"; a state names each slot once',
    );
  });

  it('JSON Lines: two objects on one line', () => {
    const e = loadError(enc('{"dialogue_id":"a","turn":0,"gold":{},"pred":{}} {"x":1}\n'), 't.jsonl');
    expect(e.message).toMatch(/^t\.jsonl:1:\d+: expected the end of the line/);
  });
});

describe('a turn written twice in one dialogue: the place of the second, and where the first is', () => {
  // FGA/GCA layout: the second turn key (not the dialogue key), its JSON path, and the first key's place.
  it.each(turnTwiceCases())('FGA/GCA, $name', (c) => {
    const e = loadError(enc(c.text), 'dup.json', 'fga');
    expect(e.message).toBe(`dup.json:${c.message}`);
    expect(e.location?.offset).toBe(c.secondAt);
    // Detected, not told, layout: the same message.
    expect(loadError(enc(c.text), 'dup.json').message).toBe(e.message);
  });

  it('FGA/GCA: the same index spelled two ways ("1" and "01") names both spellings', () => {
    const text = '{"D.json": {"1": {"gt": {}, "pr": {}},\n  "01": {"gt": {}, "pr": {}}}}';
    expect(loadError(enc(text), 'd.json').message).toBe(
      'd.json:2:3: at $["D.json"]["01"]: turn 1 appears twice in this dialogue, as "1" (first at 1:13 $["D.json"]["1"]) and as "01"; a dialogue has each turn once',
    );
  });

  it('FGA/GCA: with several repeats, the first repeat in file order', () => {
    const text =
      '{"D.json": {"3": {"gt": {}, "pr": {}}, "1": {"gt": {}, "pr": {}},\n "3": {"gt": {}, "pr": {}}, "1": {"gt": {}, "pr": {}}}}';
    expect(loadError(enc(text), 'd.json').message).toBe(
      'd.json:2:2: at $["D.json"]["3"]: turn 3 appears twice in this dialogue (first at 1:13 $["D.json"]["3"]); a dialogue has each turn once',
    );
  });

  // Layouts whose turns are gathered by dialogue (collect.ts): the second turn's key (or its entry, where the
  // turn index is a field), and the first's line:column (not just its line: a file may be one line).
  const other: [layout: string, text: string, second: string, first: string, dialogue: string][] = [
    [
      'trade',
      '{"A.json": {"0": {"turn_belief": [], "pred_bs_ptr": []}, "0": {"turn_belief": [], "pred_bs_ptr": []}}}',
      '1:58',
      '1:13',
      'A.json',
    ],
    [
      'trade',
      '{"A.json": {\n  "0": {"turn_belief": [], "pred_bs_ptr": []},\n  "0": {"turn_belief": [], "pred_bs_ptr": []}}}',
      '3:3',
      '2:3',
      'A.json',
    ],
    ['somdst', '{"A_0": [[], []], "A_1": [[], []], "A_0": [[], []]}', '1:36', '1:2', 'A'],
    [
      'trippy',
      '[{"guid": ["test", "A.json", "0"], "slot_prediction_hotel-area": "n", "slot_groundtruth_hotel-area": "n"}, {"guid": ["test", "A.json", "0"], "slot_prediction_hotel-area": "n", "slot_groundtruth_hotel-area": "n"}]',
      '1:108',
      '1:2',
      'A.json',
    ],
    [
      'icdst',
      '[{"ID": "a", "turn_id": 0, "slot_values": {}, "pred": {}}, {"ID": "a", "turn_id": 0, "slot_values": {}, "pred": {}}]',
      '1:60',
      '1:2',
      'a',
    ],
    [
      'convlab',
      '[{"dialogue_id": "a", "utt_idx": 1, "speaker": "user", "utterance": "hi", "state": {}, "predictions": {"state": {}}}, {"dialogue_id": "a", "utt_idx": 1, "speaker": "user", "utterance": "hi", "state": {}, "predictions": {"state": {}}}]',
      '1:119',
      '1:2',
      'a',
    ],
    [
      'jsonl',
      '{"dialogue_id": "a", "turn": 0, "gold": {}, "pred": {}}\n{"dialogue_id": "a", "turn": 0, "gold": {}, "pred": {}}\n',
      '2:1',
      '1:1',
      'a',
    ],
  ];
  it.each(other)('%s: %s', (layout, text, second, first, dialogue) => {
    expect(loadError(enc(text), 'f.json', layout).message).toBe(
      `f.json:${second}: dialogue ${JSON.stringify(dialogue)}: turn 0 appears twice (first at ${first})`,
    );
  });
});

describe('gold and utterance sources: a turn index written twice, and gold a join refuses, located in the source', () => {
  const thrown = (f: () => unknown): LoadError => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(LoadError);
      return e as LoadError;
    }
    throw new Error('expected a LoadError');
  };
  it.each(goldCases())('as gold (--gold): $name', (c) => {
    const e = thrown(() => loadCorpus(enc(MWZ_PREDICTIONS), { file: 'p.json', gold: loadReference(enc(c.text), { file: 'g.json' }) }));
    expect(e.message).toBe(`g.json:${c.message}`);
    expect(e.jsonPath).toBe('$[0].dialogue[1]');
  });
  it.each(goldCases().filter((c) => c.asDialogues))("as utterances (--dialogues, the app's attachUtteranceFile): $name", (c) => {
    expect(thrown(() => loadReference(enc(c.text), { file: 'd.json' })).message).toBe(`d.json:${c.message}`);
    const corpus = loadCorpus(enc(FGA_PREDICTIONS), { file: 'p.json' }).corpus;
    expect(thrown(() => attachUtteranceFile(corpus, enc(c.text), 'd.json')).message).toBe(`d.json:${c.message}`);
  });
  it('turn indices out of order but each once: no error (the fast check only starts the search)', () => {
    const text =
      '[{"dialogue_idx": "MUL0003.json", "dialogue": [{"turn_idx": 1, "transcript": "b", "belief_state": []}, {"turn_idx": 0, "transcript": "a", "belief_state": []}]}]';
    const ref = loadReference(enc(text), { file: 'd.json' });
    expect(ref.dialogues.get('mul0003')!.turns.map((t) => [t.index, t.user])).toEqual([
      [0, 'a'],
      [1, 'b'],
    ]);
  });
  it('two prediction dialogues that match one gold dialogue are refused (its turns would count twice)', () => {
    const preds =
      '{"mul0003": [{"response": "", "state": {}}, {"response": "", "state": {}}], "MUL0003.json": [{"response": "", "state": {}}, {"response": "", "state": {}}]}';
    const gold = loadReference(readFileSync(TEST_DIALS), { file: 'g.json' });
    const e = thrown(() => loadCorpus(enc(preds), { file: 'p.json', gold }));
    expect(e.message).toMatch(
      /^g\.json:\d+:\d+: at \$\[0\]: the predictions' dialogues "mul0003" and "MUL0003\.json" both match gold dialogue "MUL0003\.json" \(ids match case-insensitively, with or without \.json\), so its turns would count twice; rename or remove one$/,
    );
  });
  it('with several repeats, the first repeat in file order', () => {
    const text = '[{"dialogue_idx": "A", "dialogue": [{"turn_idx": 2}, {"turn_idx": 1},\n {"turn_idx": 2}, {"turn_idx": 1}]}]';
    expect(thrown(() => loadReference(enc(text), { file: 'd.json' })).message).toBe(
      'd.json:2:2: at $[0].dialogue[2]: turn 2 appears twice in dialogue "A" (first at 1:37 $[0].dialogue[0]); a dialogue has each turn once',
    );
  });
  it('a join refusal in a folder of MultiWOZ 2.2 / SGD files names the file and the turn (one service spelled "hotel" and "hotel ")', () => {
    const turn = (service: string, value: string) =>
      `{"speaker": "USER", "utterance": "u", "frames": [{"service": "${service}", "state": {"slot_values": {"area": ["${value}"]}}}]}`;
    const ok = `[{"dialogue_id": "MUL0001.json", "turns": [${turn('hotel', 'north')}]}]`;
    const bad = `[{"dialogue_id": "MUL0002.json", "turns": [\n  ${turn('hotel', 'north')},\n  {"speaker": "SYSTEM", "utterance": "s", "frames": []},\n  ${turn('hotel ', 'south')}]}]`;
    const gold = mergeReferences([
      loadReference(enc(ok), { file: 'd/dialogues_001.json' }),
      loadReference(enc(bad), { file: 'd/dialogues_002.json' }),
    ]);
    const preds = '{"mul0002": [{"state": {}}, {"state": {}}], "mul0001": [{"state": {}}]}';
    const e = thrown(() => loadCorpus(enc(preds), { file: 'p.json', gold }));
    expect(e.message).toBe(
      'd/dialogues_002.json:4:3: at $[0].turns[2]: dialogue "MUL0002.json" turn 1: gold state names slot "hotel-area" twice',
    );
  });
});

describe('unknown and near-miss layouts', () => {
  it('TRADE without predictions', () => {
    const e = loadError(enc('{"PMUL1635.json": {"0": {"turn_belief": ["hotel-area-east"]}}}'));
    expect(e.problem).toContain('this looks like TRADE all_prediction JSON but turns have "turn_belief" but no "pred_bs_ptr"');
  });
  it('ConvLab-3 data without predictions', () => {
    const e = loadError(enc('[{"utt_idx": 0, "speaker": "user", "state": {}}]'));
    expect(e.problem).toContain('this looks like ConvLab-3 DST predictions JSON but samples have "utt_idx" but no "predictions"');
  });
  it('mwzeval responses without states', () => {
    const e = loadError(enc('{"sng0073": [{"response": "hi"}]}'));
    expect(e.problem).toContain('no "state"');
  });
  it('something else entirely', () => {
    expect(loadError(enc('{"a": 1}')).problem).toMatch(/^unknown layout: not one of/);
    expect(loadError(enc('hello')).problem).toMatch(/does not start with/);
  });
  it('binary garbage and empty files', () => {
    expect(loadError(new Uint8Array([0x7b, 0, 1, 2, 0xff])).problem).toBe(
      'this is not a text file: NUL byte at offset 1 (line 1, column 2); expected a JSON prediction file',
    );
    expect(loadError(enc('  \n')).problem).toBe('the file is empty');
    expect(() => loadReference(new Uint8Array([1, 0, 2]), { file: 'd.json' })).toThrow(
      'd.json: this is not a text file: NUL byte at offset 1 (line 1, column 2); expected a JSON dialogue file',
    );
  });
  it('an unknown --layout lists the known ones', () => {
    expect(loadError(enc('{}'), 'x.json', 'nope').problem).toMatch(/unknown layout "nope"; known layouts: fga, trade, somdst/);
  });
  it('a forced layout on the wrong file says what it expected', () => {
    const e = loadError(sample('all_prediction_TRADE.json'), 'a.json', 'trippy');
    expect(e.problem).toBe('expected a list of TripPy turn predictions, found an object');
    expect(e.jsonPath).toBe('$');
  });
});

describe('MultiWOZ 2.1 data.json as a gold or utterance source', () => {
  const refError = (text: string): LoadError => {
    try {
      loadReference(enc(text), { file: 'data.json' });
    } catch (e) {
      expect(e).toBeInstanceOf(LoadError);
      return e as LoadError;
    }
    throw new Error('expected a LoadError');
  };
  const dialogue = (state: string, text = '"hi"') =>
    `{"SNG1.json": {"log": [{"text": ${text}, "metadata": {}}, {"text": "ok", "metadata": {"train": {"book": {"booked": []}, "semi": ${state}}}}]}}`;

  it('a gold value that is not a string is an error, not a silently dropped slot', () => {
    const e = refError(dialogue('{"leaveAt": 5}'));
    expect(e.jsonPath).toBe('$["SNG1.json"].log[1].metadata.train.semi.leaveAt');
    expect(e.problem).toBe('expected a string value, found number 5');
  });
  it('an utterance that is not a string is an error', () => {
    const e = refError(dialogue('{"leaveAt": "10:00"}', '7'));
    expect(e.jsonPath).toBe('$["SNG1.json"].log[0].text');
  });
  it('a well-formed dialogue loads, with "booked" lists and empty values skipped', () => {
    const ref = loadReference(enc(dialogue('{"leaveAt": "10:00", "day": "not mentioned"}')), { file: 'data.json' });
    const turn = [...ref.dialogues.values()][0].turns[0];
    expect(turn.state).toEqual([['train-leaveat', '10:00']]);
    expect(turn.user).toBe('hi');
  });
});

describe('JSON Lines error places', () => {
  it('name the line the bad turn is on, blank lines included', () => {
    const ok = '{"dialogue_id": "a", "turn": 0, "gold": {}, "pred": {}}';
    const e = loadError(
      enc(`${ok}\n${ok.replace('"turn": 0', '"turn": 1')}\n\n{"dialogue_id": "a", "turn": 2, "gold": {}}\n`),
      't.jsonl',
      'jsonl',
    );
    expect(e.jsonPath).toBe('line 4');
    expect(e.location?.line).toBe(4);
    expect(e.problem).toMatch(/lacks "pred"/);
  });
});
