// `dst-inspector suspects` on test/fixtures/whitespace/lookalikes.json:
// predictions that differ from the gold only in spaces or case (" centre",
// "2 ", "modern  european", "Pizza Hut City Centre") are not suspects but one
// format note; the text table quotes a value whose spaces would vanish in a
// padded column and leaves the others as they are; JSON keeps the values
// themselves (the note's examples).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { suspectsCommand } from '../../../../src/main/cli/suspects';
import { FIXTURES } from '../../../helpers/fixtures';

const FILE = join(FIXTURES, 'whitespace', 'lookalikes.json');

async function run(argv: string[]): Promise<string> {
  let out = '';
  await suspectsCommand(argv, (s) => (out += s));
  return out;
}

describe('suspects: values with invisible characters', () => {
  it('groups them into one format note, not suspects; quotes values with invisible characters in the table', async () => {
    const out = await run([FILE]);
    expect(out).toMatch(
      /^note: \d+ predictions differ from the gold only in format \(\d+ whitespace, \d+ letter case, \d+ punctuation\): not suspects\n/,
    );
    expect(out).not.toMatch(/ hotel-area +centre +" centre"/);
    expect(out).not.toMatch(/ restaurant-name +pizza hut city centre/);
    const table = await run([FILE, '--format', 'json']);
    const r = JSON.parse(table) as { suspects: { gold: string | null; pred: string | null }[] };
    // What is left is not a format difference; any value with an edge space is quoted in the table.
    for (const s of r.suspects) if (s.pred !== null && s.pred !== s.pred.trim()) expect(out).toContain(JSON.stringify(s.pred));
  });

  it('keeps the values themselves in JSON (the note’s examples)', async () => {
    const r = JSON.parse(await run([FILE, '--format', 'json']));
    const groups = r.format.groups as { kind: string; count: number; example: { slot: string; pred: string } }[];
    expect(groups.map((g) => g.kind)).toEqual(['whitespace', 'case', 'punctuation']);
    expect(groups[0].example).toMatchObject({ slot: 'hotel-area', gold: 'centre', pred: ' centre' });
    expect(r.format.count).toBe(groups.reduce((a, g) => a + g.count, 0));
    expect(r.suspects.some((s: { pred: string | null }) => s.pred === ' centre' || s.pred === '2 ')).toBe(false);
    // A real disagreement in the same slot stays a suspect.
    expect(r.suspects).toContainEqual(
      expect.objectContaining({ dialogue: 'WS0002.json', slot: 'hotel-area', gold: 'north', pred: 'south' }),
    );
  });
});
