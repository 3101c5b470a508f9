// ConvLab-3's unified evaluation files without utt_idx (layout convlab-eval,
// src/shared/formats/convlab.ts): the LLM tracker's output of ConvLab/ConvLab-3
// convlab/base_models/llm/evaluate_dst.py (load_data, evaluate) with and
// without dialogue_id, and SetSUMBT's predictions of
// convlab/dst/setsumbt/datasets/metrics.py JointGoalAccuracy.save_dialogues,
// on the samples of test/fixtures/formats/llm/convlab3.
import { describe, expect, it } from 'vitest';
import { detectLoader } from '../../../../src/shared/formats/detect';
import { LOADERS } from '../../../../src/shared/formats/registry';
import { expectSameByPosition, llmBytes, loadLlm, source, turnOf } from './llm-samples';
import { plain, PREDICTION_SAMPLES, sample } from './samples';

const enc = (s: string) => new TextEncoder().encode(s);

describe('ConvLab-3 unified evaluation files', () => {
  it.each([
    'convlab3/llm-multiwoz21_dst.json',
    'convlab3/llm-multiwoz21_dst-no-dialogue-id.json',
    'convlab3/llm-multiwoz21_dst-edge.json',
    'convlab3/setsumbt-predictions-test.json',
  ])('%s is detected as convlab-eval', (name) => {
    expect(detectLoader(llmBytes(name), name).id).toBe('convlab-eval');
  });

  it('the ConvLab-3 layout with utt_idx is still convlab, and no other sample is taken for convlab-eval', () => {
    for (const [name, id] of PREDICTION_SAMPLES) expect(detectLoader(sample(name), name).id).toBe(id);
    expect(LOADERS.some((l) => l.id === 'convlab-eval')).toBe(true);
  });

  it('the LLM output with dialogue_id scores exactly like the FGA original (ids are the unified ones: matched by position)', () => {
    const r = loadLlm('convlab3/llm-multiwoz21_dst.json');
    expect(r.corpus.dialogueIds).toEqual(['multiwoz21-test-900', 'multiwoz21-test-901', 'multiwoz21-test-902', 'multiwoz21-test-903']);
    expectSameByPosition(r.corpus, source());
  });

  it('without dialogue_id a dialogue starts where turn_id is "0"', () => {
    const r = loadLlm('convlab3/llm-multiwoz21_dst-no-dialogue-id.json');
    expect(r.corpus.dialogueIds).toEqual(['dialogue-1', 'dialogue-2', 'dialogue-3', 'dialogue-4']);
    expectSameByPosition(r.corpus, source());
  });

  it('reads the utterances from context (the last string is the user, the one before the system)', () => {
    const c = loadLlm('convlab3/llm-multiwoz21_dst.json').corpus;
    expect(c.utterances?.user[2]).toBe('Yes please, can you make the reservation for 7 people and then send me the reference number.');
    expect(c.utterances?.system[2]).toMatch(/^TR6886 departs at 06:48/);
    expect(c.utterances?.user[0]).toMatch(/^I need to find a particular train/);
    expect(c.utterances?.system[0]).toBeUndefined();
  });

  it('keeps a gold alternative verbatim (a|b)', () => {
    const c = loadLlm('convlab3/llm-multiwoz21_dst-edge.json').corpus;
    const p = plain(c);
    expect(Object.values(p['multiwoz21-test-900'][0].gold)).toContain('16:30|16:45');
  });

  it('SetSUMBT predictions: int turn ids, gold "do not care" kept verbatim', () => {
    const r = loadLlm('convlab3/setsumbt-predictions-test.json');
    expect(r.format).toBe('convlab-eval');
    expect(r.corpus.turnIndex.length).toBe(25);
    const values = new Set(r.corpus.values.names);
    expect(values.has('do not care')).toBe(true);
    expect(turnOf(r.corpus, 'multiwoz21-test-900', 0)).toBe(0);
  });

  it('a turn without turn_id is an error with the place and the keys it has', () => {
    const bytes = enc(
      '[{"dialogue_id": "d", "turn_id": 0, "state": {}, "predictions": {"state": {}}}, {"dialogue_id": "d", "state": {}, "predictions": {"state": {}}}]',
    );
    expect(() => detectLoader(bytes, 'p.json').load(bytes, { file: 'p.json' })).toThrow(/p\.json:1:\d+: at \$\[1\]: .*turn_id/);
  });

  it('a gold-only unified dataset file is not taken for predictions', () => {
    const bytes = enc('[{"dialogue_id": "d", "turn_id": 0, "state": {"hotel": {"area": "north"}}}]');
    expect(() => detectLoader(bytes, 'p.json')).toThrow(/ConvLab-3 unified evaluation JSON .* but .*no "predictions"/);
  });

  it('with a gold source the file may lack "state"', () => {
    const bytes = enc('[{"dialogue_id": "d", "turn_id": 0, "predictions": {"state": {"hotel": {"area": "north", "name": ""}}}}]');
    const r = detectLoader(bytes, 'p.json').load(bytes, { file: 'p.json', goldReplaced: true });
    expect(plain(r.corpus).d[0]).toEqual({ gold: {}, pred: { 'hotel-area': 'north' } });
  });
});
