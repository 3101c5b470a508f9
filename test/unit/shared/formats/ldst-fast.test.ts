// The LDST loader's fast path (src/shared/formats/ldst-fast.ts: lines read in
// bytes, slots and responses interned by their bytes) gives exactly what the
// plain path (readLdstPlain: the file decoded, split into lines and at "|||")
// gives — corpus, warnings, counts — or declines (throws), and then loadLdst
// gives the plain path's result or error. On the fixtures and on the usual
// shapes it does not decline.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readLdstFast } from '../../../../src/shared/formats/ldst-fast';
import { loadLdst, readLdstPlain } from '../../../../src/shared/formats/lines';
import type { LoadOptions } from '../../../../src/shared/formats/types';
import { llmBytes } from './llm-samples';

const enc = (s: string) => new TextEncoder().encode(s);
const LDST = 'line-aligned/ldst-mw24/';

/** Fast equals plain, or fast declines; loadLdst equals plain (result or error). Returns whether fast accepted. */
function check(bytes: Uint8Array, opts: LoadOptions): boolean {
  let plain: unknown;
  let plainError: unknown;
  try {
    plain = readLdstPlain(bytes, opts);
  } catch (e) {
    plainError = e;
  }
  let fast: unknown;
  let accepted = false;
  try {
    fast = readLdstFast(bytes, opts);
    accepted = true;
  } catch {
    // declined
  }
  if (accepted) {
    expect(plainError).toBeUndefined();
    expect(fast).toEqual(plain);
  }
  if (plainError) expect(() => loadLdst(bytes, opts)).toThrow((plainError as Error).message);
  else expect(loadLdst(bytes, opts).corpus).toEqual((plain as { corpus: unknown }).corpus);
  return accepted;
}

describe('LDST fast path', () => {
  it('on the fixtures: not declined, the same as the plain path', () => {
    for (const name of ['test_LLM_result.txt', 'test_LLM_result-edge.txt']) expect(check(llmBytes(LDST + name), { file: name })).toBe(true);
    const idx = { file: 'test_LLM.idx', bytes: llmBytes(`${LDST}test_LLM.idx`) };
    expect(check(llmBytes(`${LDST}test_LLM_result.txt`), { file: 'r.txt', index: idx })).toBe(true);
    expect(check(llmBytes(`${LDST}test_LLM_result-short.txt`), { file: 'r.txt', index: idx })).toBe(false);
  });

  const dialogue = fc.constantFrom('MUL0001.json', 'PMUL2.json', 'SNG3.json', 'é.json', 'a|b.json', '');
  const turn = fc.oneof(fc.constantFrom('1', '3', '5', '21'), fc.constantFrom('0', '2', '03', ' 1', 'x', '1.0', '999999999', '1234567891'));
  const slotField = fc.constantFrom('hotel', 'area', 'price range', 'book day', '', 'a-b', '\uFEFFx', 'ü');
  const response = fc.oneof(
    fc.constantFrom("['NONE</s>']", "['east</s>']", '["saint catharine\'s college</s>"]', '[]', "['cut</s", "['a</s></s>']", "[' NONE ']"),
    fc.constantFrom("['x\\u00e9']", "['a', 'b']", "['|||']", 'east', "['']", "['\uFEFF']"),
    fc.string({ maxLength: 8 }).map((s) => `[${JSON.stringify(s)}]`),
  );
  const line = fc.record({
    d: dialogue,
    t: turn,
    f: fc.constantFrom('0', '1'),
    dom: slotField,
    slot: slotField,
    r: response,
    src: fc.constantFrom('data.json', 'data.json', 'data.json', 'sgd.json'),
  });
  const usual = fc.record({
    d: fc.constantFrom('MUL0001.json', 'PMUL2.json'),
    t: fc.constantFrom('1', '3', '5'),
    f: fc.constant('0'),
    dom: fc.constantFrom('hotel', 'train'),
    slot: fc.constantFrom('area', 'book day'),
    r: response,
    src: fc.constant('data.json'),
  });
  const text = (
    ls: { d: string; t: string; f: string; dom: string; slot: string; r: string; src: string }[],
    eol: string,
    final: boolean,
  ) => ls.map((l) => [l.src, l.d, l.t, l.f, l.dom, l.slot, l.r].join('|||')).join(eol) + (final ? eol : '');

  it('equals the plain path or declines, on generated files (odd fields, CRLF, BOM, repeated turns, invalid UTF-8)', () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 0, maxLength: 12 }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.constantFrom('', '\uFEFF', '\uFEFF\uFEFF'),
        fc.option(fc.integer({ min: 0, max: 200 })),
        (ls, eol, final, bom, cut) => {
          let bytes = enc(bom + text(ls, eol, final));
          if (cut !== null && bytes.length > 0) {
            bytes = bytes.slice();
            bytes[cut % bytes.length] = 0xff; // invalid UTF-8 somewhere
          }
          if (check(bytes, { file: 'r.txt' })) accepted++;
        },
      ),
      // About 3 in 400 random files are accepted, so 400 runs saw none about once in 20; 1600 runs (mean ~12) miss
      // them with a chance of about 1 in 150,000.
      { numRuns: 1600 },
    );
    expect(accepted).toBeGreaterThan(0); // the property is not only about declining
  });

  it('usual files are read by the fast path, with and without a matching --index', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(usual, { minLength: 1, maxLength: 30, selector: (l) => `${l.d} ${l.t} ${l.dom} ${l.slot}` }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        (lines, eol, final) => {
          // Each turn's lines together (a turn met again later is an error).
          const ls = [...lines].sort((a, b) => a.d.localeCompare(b.d) || Number(a.t) - Number(b.t));
          const body = text(ls, eol, final);
          expect(check(enc(body), { file: 'r.txt' })).toBe(true);
          const idx = ls.map((l) => [l.src, l.d, l.t, l.f, l.dom, l.slot].join('|||')).join('\n');
          expect(check(enc(body), { file: 'r.txt', index: { file: 'i.idx', bytes: enc(idx) } })).toBe(true);
          expect(check(enc(body), { file: 'r.txt', index: { file: 'i.idx', bytes: enc(idx + '\nx\n') } })).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});
