// Edge cases of the FGA/GCA layout found by differential testing and review:
// huge turn keys, repeated domain keys, slot names that are JavaScript
// property names, escaped keys, an empty first dialogue, near-miss detection.
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../../../src/shared/formats/detect';
import { LoadError } from '../../../../../src/shared/formats/errors';
import { defaultConfig } from '../../../../../src/shared/metrics/config';
import { dialogueResults, evaluate } from '../../../../../src/shared/metrics/evaluate';

const enc = (s: string) => new TextEncoder().encode(s);
const load = (text: string, layout?: string) => loadCorpus(enc(text), { file: 'e.json', layout });
function error(text: string, layout?: string): LoadError {
  try {
    load(text, layout);
  } catch (e) {
    expect(e).toBeInstanceOf(LoadError);
    return e as LoadError;
  }
  throw new Error('expected a LoadError');
}
const turn = (g: string, p: string) => `{"gt": ${g}, "pr": ${p}}`;

describe('FGA/GCA layout edge cases', () => {
  it('a turn key beyond 2^31 − 1 is refused instead of wrapping around', () => {
    const e = error(`{"d": {"1": ${turn('{}', '{}')}, "2147483648": ${turn('{}', '{}')}}}`);
    expect(e.problem).toBe('turn key 2147483648 is too large (at most 2147483647)');
    expect(e.jsonPath).toBe('$.d["2147483648"]');
    const ok = load(
      `{"d": {"1": ${turn('{"hotel": {"area": "x"}}', '{"hotel": {"area": "z"}}')}, "2147483647": ${turn('{"hotel": {"area": "x"}}', '{"hotel": {"area": "z"}}')}}}`,
    );
    const t = [...dialogueResults(evaluate(ok.corpus, defaultConfig()), true)][0].perTurn!;
    expect(t[1]).toMatchObject({ turn: 2147483647, fgaClass: 'type2', fgaDistance: 2147483646 });
  });

  it('a domain written twice in one state is refused (a repeated slot, turn or dialogue is too)', () => {
    const e = error(`{"d": {"0": ${turn('{"hotel": {"area": "x"}, "hotel": {"name": "y"}}', '{}')}}}`);
    expect(e.problem).toBe('the domain "hotel" appears twice in this state; a state names each domain once');
    expect(e.jsonPath).toBe('$.d["0"].gt.hotel');
    expect(e.location?.line).toBe(1);
  });

  it('slot names that are JavaScript property names stay what they are', () => {
    const c = load(`{"d": {"0": ${turn('{"hotel": {"constructor": "x", "__proto__": "y", "toString": "z"}}', '{}')}}}`).corpus;
    // (MultiWOZ slot names are canonicalised: lower case, '_' read as a space, so "__proto__" is "proto")
    expect([...c.slots.names].sort()).toEqual(['hotel-constructor', 'hotel-proto', 'hotel-tostring']);
  });

  it('escaped keys are detected and read like plain ones', () => {
    const plain = load(`{"d": {"1": ${turn('{"hotel": {"area": "x"}}', '{"hotel": {"area": "x"}}')}}}`);
    const escaped = load(`{"d": {"\\u0031": {"g\\u0074": {"hotel": {"area": "x"}}, "pr": {"hotel": {"area": "x"}}}}}`);
    expect(escaped.format).toBe('fga');
    expect(evaluate(escaped.corpus, defaultConfig()).corpus).toEqual(evaluate(plain.corpus, defaultConfig()).corpus);
  });

  it('an empty first dialogue does not hide the layout; it is dropped with a warning', () => {
    const r = load(`{"empty": {}, "d": {"0": ${turn('{}', '{}')}}}`);
    expect(r.format).toBe('fga');
    expect(r.corpus.dialogueIds).toEqual(['d']);
    expect(r.warnings.join(' ')).toMatch(/"empty" has no turns/);
  });

  it('near misses and empty files say what is wrong', () => {
    expect(error(`{"d": {"-1": ${turn('{}', '{}')}}}`).message).toMatch(
      /looks like FGA\/GCA per-turn JSON but turn objects have "gt"\/"pr", but the turn key "-1" is not a non-negative integer/,
    );
    expect(error('{}').problem).toBe('the file holds no dialogues (an empty JSON object or list)');
    expect(error(' [ ] ').problem).toBe('the file holds no dialogues (an empty JSON object or list)');
  });

  it('turns written out of order are sorted, and the loader says so once', () => {
    const t = turn('{}', '{}');
    const r = load(`{"a": {"1": ${t}, "0": ${t}}, "b": {"0": ${t}}, "c": {"5": ${t}, "2": ${t}}}`);
    expect([...r.corpus.turnIndex]).toEqual([0, 1, 0, 2, 5]);
    expect(r.warnings).toEqual(['turns of 2 dialogues were out of order in the file ("a", "c"); they are sorted by turn index']);
    expect(load(`{"a": {"0": ${t}, "1": ${t}}}`).warnings).toEqual([]);
  });
});
