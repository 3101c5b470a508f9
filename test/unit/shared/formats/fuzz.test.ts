// Fuzzing every loader (the samples of every registered layout's test kit,
// layout-kits.ts) and dialogue source with mutations of valid samples
// (truncate, flip bytes, delete or duplicate ranges, change a value's type):
// the result is always a corpus or a LoadError — never another exception,
// never a hang. And the reading rule (state-policy.ts): an object member
// written twice, with the same or another value, is a located LoadError
// saying "twice", or (inside a value the loader skips unread) changes nothing —
// never a silently different corpus. And the type policy (field-policy.ts):
// numbers a JSON parser reads as others (1e-400, 1e400, 2.0, -0, > 2^53),
// strings replaced by "", a number, a boolean, {} or [], misspelt keys — every
// outcome a corpus or a located LoadError (an unlocated one about part of the
// file counts as a crash). Kept small (about a thousand cases in all).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { loadReference } from '../../../../src/shared/formats/dialogue-sources';
import { LoadError } from '../../../../src/shared/formats/errors';
import type { Reference } from '../../../../src/shared/formats/reference';
import { sampleCases } from './layout-kits';
import { fixture, plain, sample } from './samples';

type Mutation = (b: Uint8Array) => Uint8Array;

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.nat().map((n) => (b: Uint8Array) => b.subarray(0, n % (b.length + 1))),
  fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })).map(([n, v]) => (b: Uint8Array) => {
    const c = b.slice();
    c[n % c.length] = v;
    return c;
  }),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 40 })).map(([n, len]) => (b: Uint8Array) => {
    const at = n % b.length;
    return new Uint8Array([...b.subarray(0, at), ...b.subarray(at + len)]);
  }),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 60 })).map(([n, len]) => (b: Uint8Array) => {
    const at = n % b.length;
    return new Uint8Array([...b.subarray(0, at + len), ...b.subarray(at)]);
  }),
  fc.tuple(fc.nat(), fc.constantFrom('1', 'null', '{}', '[]', 'true', '"x"', '[1]', '{"a":1}')).map(([n, repl]) => (b: Uint8Array) => {
    // Replace the n-th string value (or any string) by another type.
    const text = new TextDecoder().decode(b);
    const strings = [...text.matchAll(/"(?:[^"\\]|\\.)*"/g)];
    if (strings.length === 0) return b;
    const m = strings[n % strings.length];
    return new TextEncoder().encode(text.slice(0, m.index) + repl + text.slice((m.index ?? 0) + m[0].length));
  }),
);

/** The problems a LoadError may give without a place: they are about the whole file. */
const FILE_LEVEL = [
  /^the file is empty$/,
  /^the file holds no dialogue/,
  /^unknown (dialogue )?layout/,
  /^this is a dialogue file/,
  /^this is not a text file|^this file looks like UTF-|^NUL byte at offset/,
  /carry no (gold|separate gold)/,
  /^none of the .* appears in this dialogue source/,
  /^dialogue id .* is also in /,
  /^turn \d+ appears twice in dialogue/,
  /^two prediction dialogues|match one gold dialogue/,
];

/**
 * A corpus, or a LoadError with its place (line:column or JSON path) or about
 * the whole file. Anything else — another exception, or a LoadError without a
 * place about one part of the file — is a crash.
 */
function expectCorpusOrLoadError(run: () => unknown): void {
  try {
    run();
  } catch (e) {
    if (!(e instanceof LoadError)) throw e;
    if (!e.location && !e.jsonPath && !FILE_LEVEL.some((r) => r.test(e.problem)))
      throw new Error(`a LoadError without a place: ${e.message}`);
  }
}

const SOURCES = ['data.json', 'test_dials.json', 'sgd/dialogues_001.json', 'sgd/schema.json'];

/** Every sample of every registered layout's test kit (layout-kits.ts), with the gold partner of a layout without gold. */
const SAMPLE_CASES = sampleCases();
const golds = new Map<string, Reference>();
const goldOf = (file: string | undefined): Reference | undefined => {
  if (file === undefined) return undefined;
  let g = golds.get(file);
  if (!g) golds.set(file, (g = loadReference(fixture(file), { file })));
  return g;
};

/**
 * The cases of the type policy (field-policy.ts): a number literal replaced by
 * one a JSON parser reads as another number (1e-400 → 0, 1e400 → Infinity,
 * 2.0, -0, above 2^53); a string replaced by an empty or blank one, a number,
 * a boolean, {} or []; a key misspelt (a letter dropped, doubled or swapped).
 */
const typeMutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc
    .tuple(fc.nat(), fc.constantFrom('1e-400', '1e400', '-1e400', '2.0', '-0', '12345678901234567890', '0.5', '-1', '1E2', '0e0'))
    .map(([n, repl]) => (b: Uint8Array) => {
      const text = new TextDecoder().decode(b);
      const numbers = [...text.matchAll(/(?<=[:,[]\s*)-?[0-9][0-9.eE+-]*/g)];
      if (numbers.length === 0) return b;
      const m = numbers[n % numbers.length];
      return new TextEncoder().encode(text.slice(0, m.index) + repl + text.slice((m.index ?? 0) + m[0].length));
    }),
  fc
    .tuple(fc.nat(), fc.constantFrom('""', '"  "', '5', '0', 'true', 'false', '{}', '[]', '[[]]', '1e-400'))
    .map(([n, repl]) => (b: Uint8Array) => {
      const text = new TextDecoder().decode(b);
      const strings = [...text.matchAll(/"(?:[^"\\]|\\.)*"(?!\s*:)/g)];
      if (strings.length === 0) return b;
      const m = strings[n % strings.length];
      return new TextEncoder().encode(text.slice(0, m.index) + repl + text.slice((m.index ?? 0) + m[0].length));
    }),
  fc.tuple(fc.nat(), fc.nat(), fc.constantFrom('drop', 'double', 'swap', 'case')).map(([n, k, how]) => (b: Uint8Array) => {
    const text = new TextDecoder().decode(b);
    const keys = [...text.matchAll(/"((?:[^"\\]|\\.)+)"(?=\s*:)/g)];
    if (keys.length === 0) return b;
    const m = keys[n % keys.length];
    const key = m[1];
    const i = k % key.length;
    const spelt =
      how === 'drop'
        ? key.slice(0, i) + key.slice(i + 1)
        : how === 'double'
          ? key.slice(0, i + 1) + key.slice(i)
          : how === 'swap' && i + 1 < key.length
            ? key.slice(0, i) + key[i + 1] + key[i] + key.slice(i + 2)
            : key.toUpperCase();
    if (spelt.endsWith('\\') && !spelt.endsWith('\\\\')) return b; // would escape the closing quote: another mutation's job
    return new TextEncoder().encode(text.slice(0, (m.index ?? 0) + 1) + spelt + text.slice((m.index ?? 0) + 1 + key.length));
  }),
);

describe('the type policy under fuzzing: wrong-type values and ids, misspelt keys, huge and tiny numbers', () => {
  const inputs: [string, Uint8Array, (b: Uint8Array) => unknown][] = [
    ...SAMPLE_CASES.map(({ file, layout, gold }): [string, Uint8Array, (b: Uint8Array) => unknown] => [
      file,
      fixture(file),
      (b) => loadCorpus(b, { file, layout, gold: goldOf(gold) }),
    ]),
    ...SOURCES.map((name): [string, Uint8Array, (b: Uint8Array) => unknown] => [
      name,
      sample(name),
      (b) => loadReference(b, { file: name }),
    ]),
  ];
  it.each(inputs)('%s: 0 crashes (every error located), 0 hangs', (_name, bytes, load) => {
    fc.assert(
      fc.property(typeMutation, (m) => expectCorpusOrLoadError(() => load(m(bytes)))),
      { numRuns: 60, seed: 15 },
    );
  });
});

describe('fuzzed inputs give a corpus or a LoadError', () => {
  it.each(SAMPLE_CASES.map((c) => [c.file, c.layout, c.gold] as const))('%s (detected and forced %s)', (file, layout, gold) => {
    const bytes = fixture(file);
    const g = goldOf(gold);
    fc.assert(
      fc.property(mutation, fc.boolean(), (m, force) => {
        expectCorpusOrLoadError(() => loadCorpus(m(bytes), { file, layout: force ? layout : undefined, gold: g }));
      }),
      { numRuns: 30, seed: 42 },
    );
  });

  it.each(SOURCES)('dialogue source %s', (name) => {
    const bytes = sample(name);
    fc.assert(
      fc.property(mutation, (m) => expectCorpusOrLoadError(() => loadReference(m(bytes), { file: name }))),
      { numRuns: 20, seed: 3 },
    );
  });
});

/** The members `"key": value` of a valid JSON (or JSON Lines) text: byte ranges of the whole member and of its value. */
function members(text: string): { start: number; end: number; valueStart: number }[] {
  const out: { start: number; end: number; valueStart: number }[] = [];
  let i = 0;
  const ws = () => {
    while (/\s/.test(text[i] ?? '')) i++;
  };
  const str = () => {
    i++;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '"') return str();
    if (c === '{' || c === '[') {
      i++;
      ws();
      if (text[i] === (c === '{' ? '}' : ']')) {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (c === '{') {
          const start = i;
          str();
          ws();
          i++; // ':'
          ws();
          const valueStart = i;
          value();
          out.push({ start, end: i, valueStart });
        } else value();
        ws();
        if (text[i++] !== ',') return;
      }
    }
    while (i < text.length && !/[,\]}\s]/.test(text[i])) i++;
  };
  while (i < text.length) {
    ws();
    if (i < text.length) value();
  }
  return out;
}

describe('a member written twice: a located error, or (in a part the loader skips) no change', () => {
  const dec = new TextDecoder();
  const cases: [string, Uint8Array, (b: Uint8Array) => unknown][] = [
    ...SAMPLE_CASES.map(({ file, layout, gold }): [string, Uint8Array, (b: Uint8Array) => unknown] => [
      file,
      fixture(file),
      (b) => plain(loadCorpus(b, { file, layout, gold: goldOf(gold) }).corpus),
    ]),
    ...SOURCES.map((name): [string, Uint8Array, (b: Uint8Array) => unknown] => [
      name,
      sample(name),
      (b) => JSON.parse(JSON.stringify([...loadReference(b, { file: name }).dialogues].map(([k, d]) => [k, { ...d, place: undefined }]))),
    ]), // byte offsets move with the text
  ];
  it.each(cases)('%s', (_name, bytes, load) => {
    const text = dec.decode(bytes);
    const ms = members(text);
    const original = load(new TextEncoder().encode(text));
    fc.assert(
      fc.property(fc.nat(), fc.boolean(), (n, otherValue) => {
        const m = ms[n % ms.length];
        const member = text.slice(m.start, m.end);
        const copy = otherValue && text[m.valueStart] === '"' ? text.slice(m.start, m.valueStart) + '"zz-other"' : member;
        const mutated = new TextEncoder().encode(text.slice(0, m.end) + ', ' + copy + text.slice(m.end));
        let result: unknown;
        try {
          result = load(mutated);
        } catch (e) {
          if (!(e instanceof LoadError)) throw e;
          expect(e.problem, member).toMatch(/twice/);
          expect(e.location, member).toBeDefined();
          return;
        }
        expect(result, `${member} was written twice and silently changed the result`).toEqual(original);
      }),
      { numRuns: 30, seed: 11 },
    );
  });
});
