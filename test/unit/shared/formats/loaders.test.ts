// Each loader on a small, faithful sample of its layout (test/fixtures/formats,
// see its README for the public code each follows), including the quirks:
// TRADE's unsorted turns, SOM-DST's [pred, gold] order and gaps, TripPy's "§§"
// and "none", ConvLab-3's utt_idx restarts, mwzeval's lower-case ids, SGD's
// per-service frames.
import { describe, expect, it } from 'vitest';
import { detectLoader, loadCorpus } from '../../../../src/shared/formats/detect';
import { loadReference } from '../../../../src/shared/formats/dialogue-sources';
import { plain, sample } from './samples';

const load = (name: string, extra = {}) => loadCorpus(sample(name), { file: name, ...extra });

// Each sample's detection as its layout (and no other) is tested for every
// registered layout in registry.test.ts.
describe('layout detection', () => {
  it.each([
    ['data.json', 'MultiWOZ 2.1 data.json'],
    ['test_dials.json', 'TRADE test_dials.json'],
    ['sgd/schema.json', 'SGD schema.json'],
  ])('%s is recognised as a dialogue file, not predictions', (name, label) => {
    expect(() => detectLoader(sample(name), name)).toThrow(`this is a dialogue file (${label})`);
  });
});

describe('TRADE all_prediction', () => {
  const r = load('all_prediction_TRADE.json');
  it('sorts the unsorted turns and keeps values containing "-"', () => {
    const p = plain(r.corpus);
    expect(Object.keys(p['PMUL1635.json']).map(Number)).toEqual([0, 1, 2]);
    expect(p['PMUL1635.json'][2].gold).toEqual({ 'hotel-book day': 'sunday', 'hotel-name': 'a-b guest house', 'hotel-book people': '2' });
    expect(p['PMUL1635.json'][1].pred).toEqual({ 'hotel-book day': 'monday' });
    expect(p['SNG0073.json'][0]).toEqual({
      gold: { 'taxi-leaveat': '10:15', 'taxi-destination': 'pizza hut' },
      pred: { 'taxi-leaveat': '10:15' },
    });
  });
});

describe('SOM-DST preds', () => {
  const p = plain(load('preds_29.json').corpus);
  it('reads [prediction, gold] in that order and keeps turn gaps', () => {
    expect(Object.keys(p['PMUL1635.json']).map(Number)).toEqual([0, 2]);
    expect(p['PMUL1635.json'][2].gold['hotel-book people']).toBe('2');
    expect(p['PMUL1635.json'][2].pred['hotel-book people']).toBeUndefined();
    expect(p['SNG0073.json'][0].gold['taxi-destination']).toBe('pizza hut');
  });
  it('keeps "[NULL]" verbatim by default and reads it as inactive with --values empty', () => {
    expect(p['PMUL1635.json'][0].pred['hotel-pricerange']).toBe('[NULL]');
    const q = plain(load('preds_29.json', { values: ['empty'] }).corpus);
    expect(q['PMUL1635.json'][0].pred['hotel-pricerange']).toBe('none');
  });
});

describe('TripPy pred_res', () => {
  const p = plain(load('pred_res.test.final.json').corpus);
  it('drops "none", strips "§§" and makes slot names canonical', () => {
    expect(p['MUL0003.json'][0]).toEqual({ gold: { 'hotel-area': 'north' }, pred: { 'hotel-area': 'north' } });
    expect(p['MUL0003.json'][1]).toEqual({
      gold: { 'hotel-area': 'north', 'hotel-book people': '2' },
      pred: { 'hotel-area': 'north', 'hotel-book people': '2' },
    });
  });
});

describe('ConvLab-3 predictions', () => {
  const r = load('convlab-predictions.json');
  const p = plain(r.corpus);
  it('starts a new dialogue where utt_idx restarts; turn = utt_idx / 2; "" is inactive', () => {
    expect(r.corpus.dialogueIds).toEqual(['dialogue-1', 'dialogue-2']);
    expect(Object.keys(p['dialogue-1']).map(Number)).toEqual([0, 1]);
    expect(p['dialogue-1'][0].gold).toEqual({ 'hotel-pricerange': 'cheap' });
    expect(p['dialogue-2'][0].pred).toEqual({ 'train-destination': 'ely', 'train-leaveat': '09:00' });
  });
  it('takes utterances from the sample and its context', () => {
    expect(p['dialogue-1'][1].system).toBe('What day?');
    expect(p['dialogue-1'][1].user).toBe('For sunday, in the centre or the north.');
  });
  it('keeps "a|b" verbatim by default (a wrong value) and accepts either with --values alternatives', () => {
    expect(p['dialogue-1'][1].gold['hotel-area']).toBe('centre|north');
    const q = plain(load('convlab-predictions.json', { values: ['alternatives'] }).corpus);
    expect(q['dialogue-1'][1].gold['hotel-area']).toBe('north');
  });
});

describe('IC-DST running_log', () => {
  const p = plain(load('running_log.json').corpus);
  it('reads flat states and the last utterances of the history', () => {
    expect(p['MUL0003.json'][1].gold).toEqual({ 'hotel-area': 'north', 'hotel-pricerange': 'cheap|moderate' });
    expect(p['MUL0003.json'][1].system).toBe('Any price range?');
    expect(p['MUL0003.json'][1].user).toBe('Cheap or moderate.');
  });
  it('with --values alternatives, a prediction equal to any alternative is right; otherwise the first is the gold', () => {
    const q = plain(load('running_log.json', { values: ['alternatives'] }).corpus);
    expect(q['MUL0003.json'][1].gold['hotel-pricerange']).toBe('moderate');
  });
});

describe('JSON Lines', () => {
  const p = plain(load('turns.jsonl').corpus);
  it('reads flat and nested states in any line order, skipping blank lines', () => {
    expect(p['MUL0003.json'][0]).toEqual({
      gold: { 'hotel-area': 'north' },
      pred: { 'hotel-area': 'north' },
      system: '',
      user: 'A hotel in the north.',
    });
    expect(p['MUL0003.json'][1].gold).toEqual({ 'hotel-area': 'north', 'hotel-book day': 'sunday' });
  });
});

describe('mwzeval predictions', () => {
  it('needs a gold source', () => {
    expect(() => load('mwzeval-predictions.json')).toThrow(/carry no gold.*--gold/);
  });
  it('matches lower-case ids with MultiWOZ 2.1 ids, reads free-form slots, reports the unmatched', () => {
    const gold = loadReference(sample('data.json'), { file: 'data.json' });
    const r = load('mwzeval-predictions.json', { gold });
    const p = plain(r.corpus);
    expect(p.mul0003[1].gold).toEqual({ 'hotel-area': 'north', 'hotel-pricerange': 'cheap', 'hotel-book people': '2' });
    expect(p.mul0003[1].pred).toEqual({ 'hotel-area': 'north', 'hotel-pricerange': 'cheap', 'hotel-book people': '2' });
    expect(p.sng0073[0].gold).toEqual({ 'taxi-leaveat': '10:15', 'taxi-destination': 'pizza hut' });
    expect(p.mul0003[1].user).toBe('Cheap, for two people.');
    expect(p.mul0003[1].system).toBe('Any price range?');
    expect(r.joins?.[0]).toMatchObject({ role: 'gold', matched: 2, missingInSource: [], missingInPredictions: ['PMUL9999.json'] });
  });
});

describe('MultiWOZ 2.2 / SGD', () => {
  it('as predictions, needs --gold; SGD frames carry each service state over; value lists kept as alternatives', () => {
    expect(() => load('sgd-pred/dialogues_001.json')).toThrow(/--gold/);
    const gold = loadReference(sample('sgd/dialogues_001.json'), { file: 'sgd/dialogues_001.json' });
    const p = plain(load('sgd-pred/dialogues_001.json', { gold }).corpus);
    expect(p['1_00000'][1].gold).toEqual({ 'restaurants_1-city': 'San Jose', 'hotels_1-destination': 'San Jose|SJ' });
    expect(p['1_00000'][1].pred).toEqual({ 'restaurants_1-city': 'San Jose', 'hotels_1-destination': 'SJ' });
    const q = plain(load('sgd-pred/dialogues_001.json', { gold, values: ['alternatives'] }).corpus);
    expect(q['1_00000'][1].gold['hotels_1-destination']).toBe('SJ');
  });
  it('schema.json gives the slots', () => {
    const s = loadReference(sample('sgd/schema.json'), { file: 'schema.json' });
    expect(s.schemaSlots).toEqual([
      'restaurants_1-restaurant_name',
      'restaurants_1-city',
      'restaurants_1-party_size',
      'hotels_1-destination',
      'hotels_1-number_of_rooms',
    ]);
  });
});

describe('gold and utterance sources', () => {
  it('TRADE test_dials.json gives gold and text', () => {
    const ref = loadReference(sample('test_dials.json'), { file: 'test_dials.json' });
    const d = ref.dialogues.get('mul0003');
    expect(d?.turns[1]).toEqual({
      index: 1,
      state: [
        ['hotel-area', 'north'],
        ['hotel-pricerange', 'cheap'],
        ['hotel-book people', '2'],
      ],
      system: 'any price range ?',
      user: 'cheap , for two people .',
      pos: 1,
    });
  });
  it('MultiWOZ 2.1 data.json: not mentioned / "" dropped, booked skipped, leaveAt canonical', () => {
    const ref = loadReference(sample('data.json'), { file: 'data.json' });
    expect(ref.dialogues.get('sng0073')?.turns[0].state).toEqual([
      ['taxi-leaveat', '10:15'],
      ['taxi-destination', 'pizza hut'],
    ]);
    expect(Object.fromEntries(ref.dialogues.get('mul0003')?.turns[1].state ?? [])).toEqual({
      'hotel-book people': '2',
      'hotel-area': 'north',
      'hotel-pricerange': 'cheap',
    });
    expect(ref.dialogues.get('mul0003')?.turns[0]).toMatchObject({ user: 'I need a hotel in the north.', system: undefined });
  });
  it('wanted ids skip other dialogues', () => {
    const ref = loadReference(sample('data.json'), { file: 'data.json', wanted: new Set(['sng0073']) });
    expect([...ref.dialogues.keys()]).toEqual(['sng0073']);
  });
});

describe('--gold on a layout that has its own gold', () => {
  it('replaces the gold, keeps only the dialogues the source has, and says which are missing', () => {
    const gold = loadReference(sample('data.json'), { file: 'data.json' });
    const r = load('all_prediction_TRADE.json', { gold });
    expect(r.corpus.dialogueIds).toEqual(['SNG0073.json']);
    expect(plain(r.corpus)['SNG0073.json'][0].gold).toEqual({ 'taxi-leaveat': '10:15', 'taxi-destination': 'pizza hut' });
    expect(r.joins?.[0].missingInSource).toEqual(['PMUL1635.json']);
    expect(r.warnings.join('\n')).toContain('1 prediction dialogue not in the source: "PMUL1635.json"');
  });
});
