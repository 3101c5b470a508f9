// Joining utterances: the MultiWOZ 2.1 dialogues of the somdst-100 fixture
// onto its predictions (user turn t = log[2t], the system turn before it =
// log[2t-1]), ids matched case-insensitively with or without ".json", and
// what is missing reported on both sides.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { loadReference } from '../../../../src/shared/formats/dialogue-sources';
import { attachUtterances } from '../../../../src/shared/formats/join';
import { attachUtteranceFile } from '../../../../src/shared/formats/utterance-file';
import { FIXTURES, loadFile } from '../../../helpers/fixtures';
import { plain, sample } from './samples';

const dir = join(FIXTURES, 'multiwoz-somdst-100');
const dialogues = new Uint8Array(readFileSync(join(dir, 'dialogues.json')));
const log = JSON.parse(new TextDecoder().decode(dialogues)) as Record<string, { log: { text: string }[] }>;

describe('attachUtterances', () => {
  const corpus = loadFile(join(dir, 'predictions.json'));
  it('puts log[2t] and log[2t-1] on turn t of every dialogue', () => {
    const r = attachUtteranceFile(corpus, dialogues, 'dialogues.json');
    expect(r.matched).toBe(100);
    expect(r.warnings).toEqual([]);
    const p = plain(r.corpus);
    expect(p['MUL0144.json'][0].user).toBe(log['MUL0144.json'].log[0].text);
    expect(p['MUL0144.json'][0].system).toBeUndefined();
    expect(p['MUL0144.json'][2].user).toBe(log['MUL0144.json'].log[4].text);
    expect(p['MUL0144.json'][2].system).toBe(log['MUL0144.json'].log[3].text);
  });
  it('matches ids case-insensitively without ".json" and reports the missing on both sides', () => {
    const renamed = {
      ...corpus,
      dialogueIds: corpus.dialogueIds.map((id, d) => (d === 0 ? 'NOT-THERE' : id.toLowerCase().replace('.json', ''))),
    };
    const { corpus: out, summary } = attachUtterances(renamed, loadReference(dialogues, { file: 'dialogues.json' }));
    expect(summary.matched).toBe(99);
    expect(summary.missingInSource).toEqual(['NOT-THERE']);
    expect(summary.missingInPredictions).toEqual([corpus.dialogueIds[0]]);
    expect(out.utterances?.user[corpus.dialogueStart[1]]).toBe(log[corpus.dialogueIds[1]].log[0].text);
  });
  it('no dialogue in common is an error', () => {
    expect(() => attachUtteranceFile(corpus, sample('data.json'), 'data.json')).toThrow(/none of the 100 prediction dialogues/);
    expect(() => loadCorpus(sample('turns.jsonl'), { file: 't.jsonl', dialogues: loadReference(dialogues, { file: 'd.json' }) })).toThrow(
      /none of the 1 prediction/,
    );
  });
});

describe('duplicated dialogue ids', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  it('TRADE and mwzeval: a repeated key is refused with both places', () => {
    const t = '{"a": {"0": {"turn_belief": [], "pred_bs_ptr": []}},\n"a": {"1": {"turn_belief": [], "pred_bs_ptr": []}}}';
    expect(() => loadCorpus(enc(t), { file: 't.json' })).toThrow('t.json:2:1: at $.a: dialogue id "a" appears twice (first at line 1)');
    const m = '{"a": [{"state": {}}],\n"a": [{"state": {}}]}';
    expect(() => loadCorpus(enc(m), { file: 'm.json', gold: loadReference(sample('data.json'), { file: 'd' }) })).toThrow(
      'dialogue id "a" appears twice',
    );
  });
  it('dialogue sources keep the first and warn', () => {
    const d = '{"A.json": {"log": [{"text": "x"}]}, "a": {"log": [{"text": "y"}]}}';
    const ref = loadReference(enc(d), { file: 'd.json' });
    expect(ref.warnings).toEqual(['dialogue "a" appears twice in d.json; the first is used']);
  });
});
