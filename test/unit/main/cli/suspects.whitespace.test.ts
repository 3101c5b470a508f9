// `dst-inspector suspects` on test/fixtures/whitespace/lookalikes.json: the
// text table quotes a value whose spaces would vanish in a padded column
// (" centre", "2 ", "modern  european") and leaves the others as they are;
// JSON keeps the values themselves.
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
  it('quotes them in the text table', async () => {
    const out = await run([FILE]);
    expect(out).toMatch(/ hotel-area +centre +" centre" +consensus\n/);
    expect(out).toMatch(/ hotel-book people +2 +"2 " +consensus\n/);
    expect(out).toContain('"modern  european"');
    expect(out).toMatch(/ restaurant-name +pizza hut city centre +Pizza Hut City Centre +consensus\n/);
  });

  it('keeps the values themselves in JSON', async () => {
    const r = JSON.parse(await run([FILE, '--format', 'json']));
    const rows = (Array.isArray(r) ? r : r.suspects) as { slot: string; pred: string }[];
    expect(rows.find((s) => s.slot === 'hotel-area')?.pred).toBe(' centre');
  });
});
