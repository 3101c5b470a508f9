// valueLookalikes on test/fixtures/whitespace/lookalikes.json, whose counts
// were worked out by hand (see the fixture's README entry): 13 wrong slot
// values in 9 turns — 8 differ only by whitespace (5 distinct pairs: a
// leading space carried over 3 turns, a trailing space over 2, a double inner
// space, a no-break space, a zero-width space), 2 only by case (one with a
// trailing newline too), 2 only by punctuation (a time without its colon, a
// dontcare spelling), 1 really different. Which value option makes which
// equal; the warnings inspect prints; value options in force remove what
// they normalise; the kind of a pair, table-driven; merging any order of
// dialogues gives the same counts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { inspectCorpus } from '../../../../src/shared/formats/inspect-corpus';
import type { ValueOption } from '../../../../src/shared/formats/normalise';
import { lookalikeKind, lookalikeSuggestion, lookalikeWarnings, valueLookalikes } from '../../../../src/shared/formats/value-lookalikes';
import { FIXTURES } from '../../../helpers/fixtures';

const FILE = join(FIXTURES, 'whitespace', 'lookalikes.json');
const load = (values?: ValueOption[], text = readFileSync(FILE, 'utf8')) =>
  loadCorpus(new Uint8Array(Buffer.from(text)), { file: FILE, values });

describe('lookalikeKind', () => {
  it.each([
    ['centre', ' centre', 'whitespace'],
    ['2', '2 ', 'whitespace'],
    ['modern european', 'modern  european', 'whitespace'],
    ['guest house', 'guest\u00a0house', 'whitespace'],
    ['guest house', 'guesthouse', 'whitespace'],
    ['cambridge', 'cambridge\u200b', 'whitespace'],
    ['cambridge', '\ufeffcambridge', 'whitespace'],
    ['pizza hut', 'Pizza Hut', 'case'],
    ['cheap', 'Cheap\n', 'case'],
    ['11:15', '1115', 'punctuation'],
    ['dontcare', "Don't care", 'punctuation'],
    ['north', 'south', null],
    ['centre', 'center', null],
    ['x', 'x', null],
  ] as const)('%j vs %j: %s', (g, p, kind) => {
    expect(lookalikeKind(g, p)).toBe(kind);
  });
});

describe('valueLookalikes on the fixture', () => {
  const r = valueLookalikes(load().corpus);

  it('counts the wrong slot values and each kind, with distinct pairs', () => {
    expect(r.wrong).toBe(13);
    expect(r.groups.map((g) => [g.kind, g.count, g.distinct])).toEqual([
      ['whitespace', 8, 5],
      ['case', 2, 2],
      ['punctuation', 2, 2],
    ]);
  });

  it('gives the first example of each kind in file order', () => {
    expect(r.groups.map((g) => g.example)).toEqual([
      { dialogue: 'WS0001.json', turn: 0, slot: 'hotel-area', gold: 'centre', pred: ' centre' },
      { dialogue: 'WS0002.json', turn: 0, slot: 'restaurant-name', gold: 'pizza hut city centre', pred: 'Pizza Hut City Centre' },
      { dialogue: 'WS0002.json', turn: 1, slot: 'train-leaveat', gold: '11:15', pred: '1115' },
    ]);
  });

  it('says which value option makes how many equal (lower leaves the zero-width space; only dontcare fixes a dontcare spelling)', () => {
    expect(r.groups.map((g) => g.fixedBy)).toEqual([
      [{ option: 'lower', count: 7 }],
      [{ option: 'lower', count: 2 }],
      [{ option: 'dontcare', count: 1 }],
    ]);
    expect(r.groups.map((g) => lookalikeSuggestion(g))).toEqual([
      '--values lower makes 7 of them equal',
      '--values lower makes all of them equal',
      '--values dontcare makes 1 of them equal',
    ]);
    expect(lookalikeSuggestion({ ...r.groups[2], fixedBy: [] })).toBe('no value option makes them equal');
  });

  it('writes one warning per kind into inspect, values JSON-quoted with invisible characters escaped', () => {
    const rep = inspectCorpus(load());
    expect(rep.lookalikes).toEqual(r);
    const w = lookalikeWarnings(r);
    expect(w).toEqual([
      '8 of 13 wrong slot values differ from gold only by whitespace — 5 distinct pairs, e.g. "WS0001.json" turn 0 hotel-area: gold "centre", pred " centre"; --values lower makes 7 of them equal',
      '2 of 13 wrong slot values differ from gold only by letter case (and whitespace) — 2 distinct pairs, e.g. "WS0002.json" turn 0 restaurant-name: gold "pizza hut city centre", pred "Pizza Hut City Centre"; --values lower makes all of them equal',
      '2 of 13 wrong slot values differ from gold only by punctuation (and case or whitespace) — 2 distinct pairs, e.g. "WS0002.json" turn 1 train-leaveat: gold "11:15", pred "1115"; --values dontcare makes 1 of them equal',
    ]);
    for (const line of w) expect(rep.warnings).toContain(line);
  });

  it('counts only what is left once value options are in force', () => {
    const lower = valueLookalikes(load(['lower']).corpus);
    // lower: the 9 it makes equal are no longer wrong; the zero-width space and both punctuation pairs remain.
    expect(lower.wrong).toBe(4);
    expect(lower.groups.map((g) => [g.kind, g.count, g.fixedBy])).toEqual([
      ['whitespace', 1, []],
      ['punctuation', 2, [{ option: 'dontcare', count: 1 }]],
    ]);
    const all = valueLookalikes(load(['lower', 'dontcare']).corpus);
    expect(all.groups.map((g) => [g.kind, g.count])).toEqual([
      ['whitespace', 1],
      ['punctuation', 1],
    ]);
  });

  it('gives the same counts whatever the order of the dialogues (examples follow the file)', () => {
    const json = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>;
    const reversed = Object.fromEntries(Object.entries(json).reverse());
    const rr = valueLookalikes(load(undefined, JSON.stringify(reversed)).corpus);
    expect(rr.wrong).toBe(r.wrong);
    expect(rr.groups.map((g) => [g.kind, g.count, g.distinct, g.fixedBy])).toEqual(
      r.groups.map((g) => [g.kind, g.count, g.distinct, g.fixedBy]),
    );
    expect(rr.groups[0].example.dialogue).toBe('WS0003.json');
  });

  it('reports nothing for a file whose values all match or differ for real', () => {
    const clean = valueLookalikes(
      loadCorpus(new Uint8Array(readFileSync(join(FIXTURES, 'paper', 'mul1110.json'))), { file: 'mul1110.json' }).corpus,
    );
    expect(clean.groups).toEqual([]);
    expect(lookalikeWarnings(clean)).toEqual([]);
  });
});
