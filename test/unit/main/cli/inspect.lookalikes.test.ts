// `dst-inspector inspect` on a file whose predictions differ from gold only by
// whitespace, case or punctuation (test/fixtures/whitespace/lookalikes.json):
// the text report warns with counts per kind, an example with the values
// JSON-quoted and the value option that would make them equal; --json carries
// the same as a structure; with --values lower the whitespace and case
// warnings shrink to what lower leaves.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspectCommand, INSPECT_HELP } from '../../../../src/main/cli/inspect';
import { FIXTURES } from '../../../helpers/fixtures';

const FILE = join(FIXTURES, 'whitespace', 'lookalikes.json');

async function run(argv: string[]): Promise<string> {
  let out = '';
  await inspectCommand(argv, (s) => (out += s));
  return out;
}

describe('inspect: values that differ only by whitespace, case or punctuation', () => {
  it('warns per kind in the text report, with an example and the option to use', async () => {
    const out = await run([FILE]);
    expect(out).toContain(
      '  - 8 of 13 wrong slot values differ from gold only by whitespace — 5 distinct pairs, e.g. "WS0001.json" turn 0 hotel-area: gold "centre", pred " centre"; --values lower makes 7 of them equal\n',
    );
    expect(out).toMatch(
      /- 2 of 13 wrong slot values differ from gold only by letter case \(and whitespace\) .* --values lower makes all of them equal\n/,
    );
    expect(out).toMatch(
      /- 2 of 13 wrong slot values differ from gold only by punctuation .*gold "11:15", pred "1115"; --values dontcare makes 1 of them equal\n/,
    );
  });

  it('gives the counts as a structure with --json', async () => {
    const r = JSON.parse(await run([FILE, '--json']));
    expect(r.lookalikes.wrong).toBe(13);
    expect(r.lookalikes.groups.map((g: { kind: string; count: number }) => [g.kind, g.count])).toEqual([
      ['whitespace', 8],
      ['case', 2],
      ['punctuation', 2],
    ]);
    expect(r.lookalikes.groups[0].example).toEqual({
      dialogue: 'WS0001.json',
      turn: 0,
      slot: 'hotel-area',
      gold: 'centre',
      pred: ' centre',
    });
  });

  it('counts what is left with --values lower: the zero-width space, escaped', async () => {
    const out = await run([FILE, '--values', 'lower']);
    expect(out).toContain(
      '1 of 4 wrong slot values differs from gold only by whitespace — 1 distinct pair, e.g. "WS0003.json" turn 1 taxi-destination: gold "cambridge", pred "cambridge\\u200b"; no value option makes it equal',
    );
    expect(out).not.toContain('letter case');
  });

  it('says so in its help', () => {
    expect(INSPECT_HELP).toContain('differ from gold only by whitespace, case or');
  });
});
