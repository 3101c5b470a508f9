// JSON Lines extended for LLM trackers (src/shared/formats/jsonl.ts; issue 18):
// raw, prompt, unparseable, per-slot confidence (one number or named scores,
// flat or nested by domain) and a per-turn update. A file written from the
// fixture with these fields scores exactly like the fixture.
import { describe, expect, it } from 'vitest';
import { detectLoader, loadCorpus } from '../../../../src/shared/formats/detect';
import type { Corpus } from '../../../../src/shared/model/corpus';
import { unparseableCount } from '../../../../src/shared/model/generation';
import { expectSameScores } from '../../../helpers/gold-diff';
import { dialoguesOf } from './layouts';
import { source } from './llm-samples';

const enc = (s: string) => new TextEncoder().encode(s);
const load = (text: string) => loadCorpus(enc(text), { file: 't.jsonl' });

/** The fixture as JSON Lines with updates instead of states (when a turn only adds), raw text and confidences. */
function writeExtended(c: Corpus): string {
  const lines: string[] = [];
  for (const d of dialoguesOf(c)) {
    let prev: Record<string, string> = {};
    for (const t of d.turns) {
      const onlyAdds = Object.entries(prev).every(([k, v]) => t.pred[k] === v);
      const update = Object.fromEntries(Object.entries(t.pred).filter(([k, v]) => prev[k] !== v));
      const confidence = Object.fromEntries(Object.keys(t.pred).map((k, i) => [k, { softmax: 0.5 + i / 100, verbalized: 0.9 }]));
      const line: Record<string, unknown> = {
        dialogue_id: d.id,
        turn: t.index,
        gold: t.gold,
        raw: JSON.stringify(update),
        prompt: 'p',
        confidence,
      };
      if (onlyAdds) line.update = update;
      else line.pred = t.pred;
      lines.push(JSON.stringify(line));
      prev = t.pred;
    }
  }
  return lines.join('\n');
}

describe('JSON Lines, extended', () => {
  it('a file with updates, raw text, prompts and confidences scores exactly like the fixture', () => {
    const text = writeExtended(source());
    expect(detectLoader(enc(text), 't.jsonl').id).toBe('jsonl');
    const c = load(text).corpus;
    expectSameScores(c, source());
    expect(c.generation?.raw?.filter((x) => x !== undefined)).toHaveLength(25);
    expect(c.generation?.confidence?.names).toEqual(['softmax', 'verbalized']);
  });

  it('reads one number as the column "confidence", nested by domain too, and drops a score for a slot not predicted', () => {
    const r = load(
      '{"dialogue_id": "d", "turn": 0, "gold": {}, "pred": {"hotel-area": "north", "hotel-stars": "4"}, "confidence": {"hotel": {"area": 0.7}, "hotel-stars": 0.6, "taxi-leaveat": 0.1}}',
    );
    const g = r.corpus.generation!.confidence!;
    expect(g.names).toEqual(['confidence']);
    const got = Array.from({ length: g.start[1] - g.start[0] }, (_, e) => [r.corpus.slots.name(g.slot[e]), g.values[0][e]]);
    expect(got.sort()).toEqual([
      ['hotel-area', 0.7],
      ['hotel-stars', 0.6],
    ]);
    expect(r.warnings.join('\n')).toContain('1 confidence score names a slot the turn does not predict');
  });

  it('"unparseable": true or a reason marks the turn, whose pred is scored as written', () => {
    const r = load(
      '{"dialogue_id": "d", "turn": 0, "gold": {}, "pred": {}, "raw": "{hotel-area: nor", "unparseable": "cut JSON"}\n{"dialogue_id": "d", "turn": 1, "gold": {}, "pred": {}, "unparseable": false}',
    );
    expect(unparseableCount(r.corpus.generation)).toBe(1);
    expect(r.corpus.generation!.problem![0]).toBe('line 1: cut JSON');
    expect(r.corpus.generation!.raw![0]).toBe('{hotel-area: nor');
  });

  it('updates accumulate per dialogue', () => {
    const c = load(
      [
        '{"dialogue_id": "d", "turn": 0, "gold": {}, "update": {"hotel-area": "north"}}',
        '{"dialogue_id": "d", "turn": 1, "gold": {}, "update": {"hotel-stars": "4"}}',
        '{"dialogue_id": "e", "turn": 0, "gold": {}, "update": {}}',
      ].join('\n'),
    ).corpus;
    expect(Array.from(c.predLen)).toEqual([1, 2, 0]);
  });

  it.each([
    ['{"confidence": [0.5]}', /\$?line 1\.confidence: expected "confidence" to be an object/],
    ['{"confidence": {"hotel-area": "high"}}', /the confidence of "hotel-area" is not a number/],
    ['{"confidence": {"hotel-area": {"softmax": "x"}}}', /the score "softmax" of "hotel-area" is not a number/],
    ['{"unparseable": 3}', /expected true, false or a reason/],
    ['{"raw": 3}', /raw.*expected a string/],
  ])('refuses %s with the place', (extra, message) => {
    const o = { dialogue_id: 'd', turn: 0, gold: {}, pred: { 'hotel-area': 'north' }, ...JSON.parse(extra) };
    expect(() => load(JSON.stringify(o))).toThrow(message);
  });
});
