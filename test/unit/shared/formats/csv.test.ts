// CSV with JSON cells (src/shared/formats/csv.ts) on the samples of
// test/fixtures/formats/llm/csv, written in the shape of Sun et al. 2024's
// files (jennycs0830/Confidence_Score_DST run.py, the wandb table report_table
// exported as CSV): every field quoted, CRLF, ids "<dialogue>-<turn from 1>",
// confidence columns keyed "<slot>_<value>". Gold from a gold source.
import { describe, expect, it } from 'vitest';
import { detectLoader, loadCorpus } from '../../../../src/shared/formats/detect';
import { loadReference } from '../../../../src/shared/formats/dialogue-sources';
import { expectSameScores } from '../../../helpers/gold-diff';
import { llmBytes, loadLlm, source, turnOf } from './llm-samples';

const FILE = 'csv/sun2024-test_turn_few_example.csv';
const gold = () => loadReference(llmBytes('source-fga.json'), { file: 'source-fga.json' });
const enc = (s: string) => new TextEncoder().encode(s);
const HEAD = '"id","gt_domain","turn_state","total_state","pair_confidence"\r\n';

describe('CSV with JSON cells (Sun et al. 2024)', () => {
  it('is detected from its header', () => {
    expect(detectLoader(llmBytes(FILE), FILE).id).toBe('csv');
    expect(detectLoader(enc('id,turn_state\n"a-1","{}"\n'), 'x.csv').id).toBe('csv');
  });

  it('needs a gold source; with the FGA original as --gold it scores exactly like it', () => {
    expect(() => loadLlm(FILE)).toThrow(/CSV rows carry no gold states/);
    const r = loadLlm(FILE, { gold: gold() });
    expectSameScores(r.corpus, source());
    expect(r.warnings[0]).toContain('confidence columns: pair_verbalized, slot_confidence, pair_confidence, pair_minicons');
    expect(r.warnings[0]).toContain('"value_confidence" is keyed by the value alone');
  });

  it('carries the confidence of each pair of the turn update, per column, through the gold join', () => {
    const r = loadLlm(FILE, { gold: gold() });
    const c = r.corpus;
    const conf = c.generation!.confidence!;
    expect(conf.names).toEqual(['pair_verbalized', 'slot_confidence', 'pair_confidence', 'pair_minicons']);
    const t = turnOf(c, 'mul0371', 0);
    const entries = [];
    for (let e = conf.start[t]; e < conf.start[t + 1]; e++) entries.push([c.slots.name(conf.slot[e]), ...conf.values.map((v) => v[e])]);
    entries.sort();
    expect(entries).toEqual([
      ['train-arriveby', 0.5, 0.761541, 0.390386, 0.53318],
      ['train-day', 0.8, 0.877719, 0.808475, 0.636148],
    ]);
  });

  it('without total_state the turn_state updates accumulate under gt_domain', () => {
    const text =
      '"id","gt_domain","turn_state"\r\n"d1-1","hotel","{""area"": ""north""}"\r\n"d1-2","hotel","{""stars"": ""4""}"\r\n"d2-1","taxi","{}"\r\n';
    const c = loadCorpus(enc(text), { file: 't.csv', allowMissingGold: true } as never).corpus;
    const state = (i: number) => {
      const o: Record<string, string> = {};
      for (let k = c.predStart[i]; k < c.predStart[i] + c.predLen[i]; k++)
        o[c.slots.name(c.predPairs[2 * k])] = c.values.name(c.predPairs[2 * k + 1]);
      return o;
    };
    expect(c.dialogueIds).toEqual(['d1', 'd2']);
    expect(state(1)).toEqual({ 'hotel-area': 'north', 'hotel-stars': '4' });
    expect(state(2)).toEqual({});
  });

  it('a JSON cell that does not parse is an error naming the row, the column and the line', () => {
    expect(() => loadLlm('csv/sun2024-test_turn_few_example-edge.csv', { gold: gold() })).toThrow(
      /sun2024-test_turn_few_example-edge\.csv:3:1: row 3, column 3 \("turn_state"\): the cell is not JSON/,
    );
  });

  it('quoted fields with doubled quotes and embedded newlines are read; a broken quote is an error with its line', () => {
    const q = (x: string) => `"${x.replaceAll('"', '""')}"`;
    const name = 'a "b"';
    const rows = [
      [
        'd-1',
        'hotel',
        JSON.stringify({ name }, null, 1).replaceAll('\n', '\r\n'),
        JSON.stringify({ hotel: { name } }),
        JSON.stringify({ [`name_${name}`]: 0.5 }),
      ],
      ['d-2', 'hotel', '{}', '{"hotel": {"name": "x"}}', '{}'],
      ['d-3', 'hotel', '{}', '{', ''],
    ];
    const ok = HEAD + rows.map((r) => r.map(q).join(',') + '\r\n').join('');
    expect(() => loadCorpus(enc(ok), { file: 'q.csv', allowMissingGold: true } as never)).toThrow(
      /q\.csv:6:1: row 4, column 4 \("total_state"\): the cell is not JSON/,
    );
    const c = loadCorpus(enc(ok.slice(0, ok.indexOf('"d-3"'))), { file: 'q.csv', allowMissingGold: true } as never).corpus;
    expect(c.values.names).toContain(name);
    expect(c.generation?.confidence?.values[0][0]).toBe(0.5);
    const bad = `${HEAD}"d-1","hotel","{}","{}","{}"\r\n"d-2","hotel","{}"x,"{}","{}"\r\n`;
    expect(() => loadCorpus(enc(bad), { file: 'b.csv', allowMissingGold: true } as never)).toThrow(/b\.csv:3:1: CSV: /);
  });

  it('a bad id is an error naming the row and the column', () => {
    const bad = `${HEAD}"d-0","hotel","{}","{}","{}"\r\n`;
    expect(() => loadCorpus(enc(bad), { file: 'b.csv', allowMissingGold: true } as never)).toThrow(
      /row 2, column 1 \("id"\): expected "<dialogue>-<turn>" with the turn counted from 1/,
    );
  });

  it('scores that name no pair of the update, or hold no number, are left out and counted', () => {
    const text = `${HEAD}"d-1","hotel","{""area"": ""north""}","{""hotel"": {""area"": ""north""}}","{""area_north"": 0.9, ""area_south"": 0.1, ""x"": ""y""}"\r\n`;
    const r = loadCorpus(enc(text), { file: 'c.csv', gold: loadReference(enc('{"d": {"0": {"gt": {}, "pr": {}}}}'), { file: 'g.json' }) });
    expect(r.warnings.join('\n')).toContain('1 confidence score named no pair');
    expect(r.warnings.join('\n')).toContain('1 confidence entry held no number');
  });
});

describe("Sun et al.'s gold_states.json as the gold source (state-list-gold.ts)", () => {
  it('is a gold source: one state per user turn, canonical slot names; the CSV scores against it', () => {
    const ref = loadReference(llmBytes('csv/sun2024-gold_states.json'), { file: 'gold_states.json' });
    expect(ref.format).toBe('state-list');
    expect(ref.dialogues.get('mul0371')?.turns[0].state).toEqual([
      ['train-arriveby', '16:30'],
      ['train-day', 'saturday'],
    ]);
    const r = loadLlm(FILE, { gold: ref });
    expect(r.joins?.[0].matched).toBe(4);
    expect(r.corpus.turnIndex.length).toBe(25);
  });
  it('given as the prediction file, it is recognised as a gold file', () => {
    expect(() => detectLoader(llmBytes('csv/sun2024-gold_states.json'), 'gold_states.json')).toThrow(
      /this is a dialogue file \(gold states per turn/,
    );
  });
});
