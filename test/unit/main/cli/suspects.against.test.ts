// `dst-inspector suspects --against KNOWN` end to end on the planted-error
// copy of the 100-dialogue SOM-DST fixture: the known errors are the
// corrections `gold diff PLANTED ORIGINAL` writes; the JSON carries AP,
// P@k, R@k, each known error's rank and the seeded random baseline; the
// table says the same; --pr-figure writes the figure; the flags it needs
// are checked.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { suspectsCommand } from '../../../../src/main/cli/suspects';
import { goldCommand } from '../../../../src/main/cli/gold';
import { plantErrors, SOM } from '../../../helpers/planted';

const dir = mkdtempSync(join(tmpdir(), 'against-'));
const PLANTED = join(dir, 'planted.json');
const KNOWN = join(dir, 'known.jsonl');
let planted: ReturnType<typeof plantErrors>['planted'];

async function run(argv: string[]): Promise<string> {
  let out = '';
  await suspectsCommand(argv, (s) => (out += s));
  return out;
}

beforeAll(async () => {
  const p = plantErrors(4);
  planted = p.planted;
  writeFileSync(PLANTED, JSON.stringify(p.json));
  await goldCommand(['diff', PLANTED, join(SOM, 'predictions.json'), '--out', KNOWN], () => {});
});

describe('suspects --against', () => {
  it('measures the ranking against the corrections of a gold diff, with utterances and without', async () => {
    const withText = JSON.parse(
      await run([PLANTED, '--dialogues', join(SOM, 'dialogues.json'), '--against', KNOWN, '--format', 'json', '--top', '5']),
    );
    const a = withText.against;
    expect(a).toMatchObject({
      file: 'known.jsonl',
      known: planted.length,
      found: planted.length,
      tolerance: 0,
      candidates: withText.total,
    });
    expect(a.atK.map((x: { k: number }) => x.k)).toEqual([10, 50, 100, 500]);
    expect(a.ranks).toHaveLength(planted.length);
    for (const p of planted)
      expect(a.ranks).toContainEqual(expect.objectContaining({ dialogue: p.dialogue, turn: p.turn, rank: expect.any(Number) }));
    expect(a.random).toMatchObject({ seed: 12345, shuffles: 100 });
    expect(a.ap).toBeGreaterThan(2 * a.random.ap);
    expect(a.signature).toMatch(
      /^suspects-eval\|against:known\.jsonl\|known:20\|candidates:\d+\|tolerance:0\|random:seed=12345,shuffles=100\|runs:planted\.json\|text:yes$/,
    );
    // The suspects themselves are still limited by --top; the evaluation is over all of them.
    expect(withText.suspects).toHaveLength(5);
    const noText = JSON.parse(await run([PLANTED, '--against', KNOWN, '--format', 'json', '--seed', '3', '--shuffles', '10']));
    expect(noText.against.signature).toMatch(/random:seed=3,shuffles=10\|runs:planted\.json\|text:no$/);
    expect(noText.against.found).toBe(planted.length);
  });

  it('prints the table and writes the precision–recall figure', async () => {
    const fig = join(dir, 'pr.svg');
    const out = await run([
      PLANTED,
      '--dialogues',
      join(SOM, 'dialogues.json'),
      '--against',
      KNOWN,
      '--tolerance',
      '1',
      '--pr-figure',
      fig,
      '--top',
      '3',
    ]);
    expect(out).toMatch(/Against known\.jsonl: 20 known errors, 20 hit by the \d+ suspects \(tolerance 1 turn\)/);
    expect(out).toMatch(/\n {28}\s+AP\s+P@10\s+R@10\s+P@50/);
    expect(out).toMatch(/\nranking {21}\s+0\.\d{3}/);
    expect(out).toMatch(/\nrandom order \(mean of 100\)\s+0\.\d{3}/);
    const svg = readFileSync(fig, 'utf8');
    expect(svg).toContain('<desc>suspects-eval|against:known.jsonl');
    expect(svg.match(/data-testid="pr-curve"/g)).toHaveLength(2);
  });

  it('refuses the evaluation flags without --against, and a figure name of no figure format', async () => {
    await expect(run([PLANTED, '--tolerance', '1'])).rejects.toThrow(/--tolerance needs --against KNOWN/);
    await expect(run([PLANTED, '--against', KNOWN, '--pr-figure', join(dir, 'x.txt')])).rejects.toThrow(/\.txt is not a figure format/);
    await expect(run([PLANTED, '--against', KNOWN, '--tolerance', '-1'])).rejects.toThrow(/--tolerance/);
  });
});
