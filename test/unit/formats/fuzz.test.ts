// Fuzzing every loader and dialogue source with mutations of valid samples
// (truncate, flip bytes, delete or duplicate ranges, change a value's type):
// the result is always a corpus or a LoadError — never another exception,
// never a hang. Kept small (a few hundred cases in all).
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { loadCorpus } from '../../../src/shared/formats/detect';
import { loadReference } from '../../../src/shared/formats/dialogue-sources';
import { LoadError } from '../../../src/shared/formats/errors';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES } from '../../helpers/fixtures';
import { PREDICTION_SAMPLES, sample } from './samples';

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

function expectCorpusOrLoadError(run: () => unknown): void {
  try {
    run();
  } catch (e) {
    if (!(e instanceof LoadError)) throw e;
  }
}

const SOURCES = ['data.json', 'test_dials.json', 'sgd/dialogues_001.json', 'sgd/schema.json'];

describe('fuzzed inputs give a corpus or a LoadError', () => {
  const gold = loadReference(sample('data.json'), { file: 'data.json' });
  const sgdGold = loadReference(sample('sgd/dialogues_001.json'), { file: 'dialogues_001.json' });
  const fgaHead = new Uint8Array(readFileSync(join(FIXTURES, 'paper', 'mul1110.json')));

  it.each(PREDICTION_SAMPLES)('%s (detected and forced %s)', (name, layout) => {
    const bytes = sample(name);
    const g = layout === 'sgd' ? sgdGold : undefined;
    fc.assert(
      fc.property(mutation, fc.boolean(), (m, force) => {
        expectCorpusOrLoadError(() => loadCorpus(m(bytes), { file: name, layout: force ? layout : undefined, gold: g }));
      }),
      { numRuns: 30, seed: 42 },
    );
  });

  it('mwzeval with a gold source', () => {
    const bytes = sample('mwzeval-predictions.json');
    fc.assert(
      fc.property(mutation, (m) => expectCorpusOrLoadError(() => loadCorpus(m(bytes), { file: 'm.json', layout: 'mwzeval', gold }))),
      { numRuns: 30, seed: 7 },
    );
  });

  it('the FGA layout', () => {
    fc.assert(
      fc.property(mutation, (m) => expectCorpusOrLoadError(() => loadCorpus(m(fgaHead), { file: 'f.json' }))),
      { numRuns: 30, seed: 9 },
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
