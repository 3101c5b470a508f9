// Line-aligned generations (src/shared/formats/lines.ts) on the samples of
// test/fixtures/formats/llm/line-aligned: DST-as-Prompting's
// generated_predictions.txt (chiahsuan156/DST-as-Prompting run_t5.py) joined
// to its JSON Lines index (data/preprocess_mw24_prompt_by_slot.py
// process_and_write_dials, data/preprocess_mw24_prompt_alldomains.py) with
// --index, and LDST's results (WoodScene/LDST generate_few-shot.py), whose
// lines carry their index fields, with a gold source. A count mismatch is an
// error naming both files and both counts (the original scripts zip and
// truncate silently).
import { describe, expect, it } from 'vitest';
import { detectLoader, loadCorpus } from '../../../../src/shared/formats/detect';
import { loadReference } from '../../../../src/shared/formats/dialogue-sources';
import { parseDstString, parsePyList, textLines } from '../../../../src/shared/formats/lines';
import type { Corpus } from '../../../../src/shared/model/corpus';
import { unparseableCount } from '../../../../src/shared/model/generation';
import { expectSameScores } from '../../../helpers/gold-diff';
import { llmBytes, loadLlm, source, turnOf } from './llm-samples';

const BY_SLOT = 'line-aligned/sdp-mw24-by-slot/';
const ALL = 'line-aligned/sdp-mw24-alldomains/';
const LDST = 'line-aligned/ldst-mw24/';
const index = (name: string) => ({ file: name, bytes: llmBytes(name) });
const enc = (s: string) => new TextEncoder().encode(s);

/** The source's dialogues that a sample holds (the by-slot sample has two). */
function sourceOf(ids: string[]): Corpus {
  const keep = new Set(ids.map((x) => x.toLowerCase()));
  const text = JSON.parse(new TextDecoder().decode(llmBytes('source-fga.json'))) as Record<string, unknown>;
  const sub = Object.fromEntries(Object.entries(text).filter(([k]) => keep.has(k.toLowerCase())));
  return loadCorpus(enc(JSON.stringify(sub)), { file: 'sub.json' }).corpus;
}

describe('DST-as-Prompting by slot', () => {
  const idx = index(`${BY_SLOT}mw24_prompt_by_slot_test.json`);
  it('--index chooses the layout; scores exactly like the FGA original', () => {
    const r = loadLlm(`${BY_SLOT}generated_predictions.txt`, { index: idx });
    expect(r.format).toBe('lines');
    expect(r.warnings[0]).toContain('one generated value per slot');
    expectSameScores(r.corpus, sourceOf(['SNG01937.json', 'MUL1110.json']));
    expect(r.corpus.generation?.raw?.some((x) => x && x.includes('taxi-departure='))).toBe(true);
  });
  it('a missing line is an error naming both files and both counts', () => {
    expect(() => loadLlm(`${BY_SLOT}generated_predictions-short.txt`, { index: idx })).toThrow(
      /generated_predictions-short\.txt: 329 generation lines, but the index .*mw24_prompt_by_slot_test\.json has 330 lines/,
    );
  });
  it('a final newline does not count as an empty line, and the message says how it was read', () => {
    const text = new TextDecoder().decode(llmBytes(`${BY_SLOT}generated_predictions-short.txt`)) + '\n';
    expect(() => loadCorpus(enc(text), { file: 'g.txt', index: idx })).toThrow(
      /329 generation lines \(a final newline does not count; with it as an empty last line, 330\)/,
    );
  });
  it('"NONE" is inactive (case ignored, as the evaluator) and said so', () => {
    const r = loadLlm(`${BY_SLOT}generated_predictions-edge.txt`, { index: idx });
    expect(r.warnings.join('\n')).toMatch(/read as inactive although not written "none" exactly/);
  });
  it('generations given alone: detection says to give the index', () => {
    expect(() => detectLoader(llmBytes(`${BY_SLOT}generated_predictions.txt`), 'generated_predictions.txt')).toThrow(/--index FILE/);
  });
  it('the index given as the prediction file: detection says what it is', () => {
    expect(() => detectLoader(idx.bytes, 'mw24_prompt_by_slot_test.json')).toThrow(
      /DST-as-Prompting index: give the generations .* with --index/,
    );
  });
});

describe('DST-as-Prompting all domains (turn updates)', () => {
  const idx = index(`${ALL}mw24_prompt_alldomains_test.json`);
  it('updates accumulate per dialogue; scores exactly like the FGA original', () => {
    const r = loadLlm(`${ALL}generated_predictions.txt`, { index: idx });
    expectSameScores(r.corpus, source());
    expect(unparseableCount(r.corpus.generation)).toBe(0);
  });
  it('a piece without "=" is unparseable: the update is empty, the previous state carries over, the line is named', () => {
    const r = loadLlm(`${ALL}generated_predictions-edge.txt`, { index: idx });
    const g = r.corpus.generation!;
    expect(unparseableCount(g)).toBe(1);
    const t = turnOf(r.corpus, 'PMUL3778', 2);
    expect(g.problem![t]).toMatch(/^\d+:1: line \d+: "restaurant-area" is not one "domain-slot=value"/);
    expect(g.raw![t]).toBe('restaurant-food=korean, restaurant-area');
    const prev = turnOf(r.corpus, 'PMUL3778', 1);
    const state = (i: number) =>
      Array.from(r.corpus.predPairs.subarray(2 * r.corpus.predStart[i], 2 * (r.corpus.predStart[i] + r.corpus.predLen[i])));
    expect(state(t)).toEqual(state(prev));
    expect(r.scoreNotes?.join('\n')).toContain('1 generated update could not be parsed');
  });
  it('a missing line is an error naming both files and both counts', () => {
    expect(() => loadLlm(`${ALL}generated_predictions-short.txt`, { index: idx })).toThrow(
      /23 generation lines, but the index .* has 25 lines|24 generation lines, but the index .* has 25 lines/,
    );
  });
  it('parseDstString', () => {
    expect(parseDstString('hotel-area=north, hotel-book day=monday, ')).toEqual({
      pairs: [
        ['hotel-area', 'north'],
        ['hotel-book day', 'monday'],
      ],
    });
    expect(parseDstString('none')).toEqual({ pairs: [] });
    expect(parseDstString('hotel-area=a=b')).toEqual({ problem: '"hotel-area=a=b" is not one "domain-slot=value"' });
    expect(parseDstString('area=north')).toEqual({ problem: '"area" is not a "domain-slot" name' });
  });
});

describe('LDST results', () => {
  const gold = () => loadReference(llmBytes('source-fga.json'), { file: 'source-fga.json' });
  it('is detected from its first line', () => {
    expect(detectLoader(llmBytes(`${LDST}test_LLM_result.txt`), 'test_LLM_result.txt').id).toBe('ldst');
  });
  it('needs a gold source; with the FGA original as --gold it scores exactly like it', () => {
    expect(() => loadLlm(`${LDST}test_LLM_result.txt`)).toThrow(/LDST results carry no gold states/);
    const r = loadLlm(`${LDST}test_LLM_result.txt`, { gold: gold() });
    expectSameScores(r.corpus, source());
  });
  it('with --index, a count mismatch is an error naming both files and both counts', () => {
    expect(() => loadLlm(`${LDST}test_LLM_result-short.txt`, { gold: gold(), index: index(`${LDST}test_LLM.idx`) })).toThrow(
      /test_LLM_result-short\.txt: 772 generation lines .*, but the index .*test_LLM\.idx has 775 lines/,
    );
  });
  it('a cut list literal is unparseable (that slot not predicted, the turn listed with the line); [] is not generated', () => {
    const r = loadLlm(`${LDST}test_LLM_result-edge.txt`, { gold: gold() });
    const g = r.corpus.generation!;
    expect(unparseableCount(g)).toBe(1);
    const t = turnOf(r.corpus, 'SNG01937', 1);
    expect(g.problem![t]).toBe('491:1: taxi-destination: the string is not closed (the line may have been cut)');
    expect(r.scoreNotes?.join('\n')).toMatch(/1 slot not generated/);
  });
  it('the index given alone is recognised and refused', () => {
    expect(() => detectLoader(llmBytes(`${LDST}test_LLM.idx`), 'test_LLM.idx')).toThrow(/six "\|\|\|" fields of an index/);
  });
  it('parsePyList reads Python string literals', () => {
    expect(parsePyList("['east</s>']")).toEqual({ value: 'east</s>' });
    expect(parsePyList('["saint catharine\'s college</s>"]')).toEqual({ value: "saint catharine's college</s>" });
    expect(parsePyList("['a\\'b\\\\c\\x41\\u00e9']")).toEqual({ value: "a'b\\cAé" });
    expect(parsePyList('[]')).toEqual({ value: null });
    expect(parsePyList("['jinling noodle</s")).toEqual({ problem: 'the string is not closed (the line may have been cut)' });
    expect(parsePyList("['a', 'b']")).toEqual({ problem: 'the list does not end after its one string' });
  });
  it('textLines: CRLF, a BOM, byte offsets', () => {
    const r = textLines(enc('\uFEFFé\r\nb\n'));
    expect(r.lines).toEqual(['é', 'b']);
    expect(r.finalNewline).toBe(true);
    expect(Array.from(r.starts)).toEqual([0, 7]);
  });
});

describe('--gold from a prediction file that carries gold states', () => {
  it('the FGA layout (its gt) gives the gold; its predictions are not used', () => {
    const ref = loadReference(llmBytes('source-fga.json'), { file: 'source-fga.json' });
    expect(ref.format).toBe('fga');
    expect(ref.hasState).toBe(true);
    expect(ref.warnings[0]).toContain('its predictions are not used');
  });
  it('a belief-span file scored against the FGA gold equals the file itself', () => {
    const ref = loadReference(llmBytes('source-fga.json'), { file: 'source-fga.json' });
    const r = loadLlm('belief-span/ubar-dst-BS.json', { gold: ref });
    expectSameScores(r.corpus, source());
    expect(r.corpus.generation?.raw?.filter(Boolean)).toHaveLength(25);
  });
  it('a layout without gold cannot give it', () => {
    expect(() => loadReference(llmBytes(`${LDST}test_LLM_result.txt`), { file: 'r.txt' })).toThrow(
      /LDST results carry no gold states, so this .* cannot give the gold/,
    );
  });
  it('--layout names a prediction layout for the gold', () => {
    expect(loadReference(llmBytes('source-fga.json'), { file: 'g.json', layout: 'fga' }).format).toBe('fga');
  });
});
