// `dst-inspector inspect` on the issue-18 layouts (test/fixtures/formats/llm):
// it says which layout it understood, what the layout carried beside the
// states (generated text, confidence columns) and lists every generation that
// could not be parsed with its place; --slot-vocab and --index reach the
// loaders; a count mismatch names both files and both counts.
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspectCommand } from '../../../../src/main/cli/inspect';
import { FIXTURES } from '../../../helpers/fixtures';

const LLM = join(FIXTURES, 'formats', 'llm');

async function run(argv: string[]): Promise<string> {
  let out = '';
  await inspectCommand(argv, (s) => (out += s));
  return out;
}

describe('inspect: LLM-era layouts', () => {
  it('belief spans: the layout, the grammar, the generated text and each unparseable span with its place', async () => {
    const file = join(LLM, 'belief-span', 'ubar-dst-BS-edge.json');
    const out = await run([file]);
    expect(out).toContain('format:        bspn\n');
    expect(out).toContain('generated:     25 turn(s)');
    expect(out).toContain('unparseable:   2 turn(s)');
    expect(out).toMatch(
      new RegExp(
        `  - ${file.replace(/[.]/g, '\\.')}:\\d+:\\d+: at \\$\\.mul0371\\["2"\\]\\.bspn_gen: word \\d+: the span opens with <sos_b> but never closes`,
      ),
    );
    expect(out).toMatch(/belief spans in the DAMD grammar/);
    const json = JSON.parse(await run([file, '--json']));
    expect(json.generation.unparseableTurns.map((u: { dialogue: string; turn: number }) => [u.dialogue, u.turn])).toEqual([
      ['mul0371', 2],
      ['sng01937', 1],
    ]);
  });

  it('--slot-vocab reaches the belief-span reader', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vocab-'));
    const vocab = join(dir, 'v.json');
    writeFileSync(vocab, JSON.stringify({ domains: { train: ['day'] } }));
    // A vocabulary without train-destination cannot read the gold spans: an error naming the span's place and the vocabulary.
    await expect(run([join(LLM, 'belief-span', 'pptod-test_joint_accuracy.json'), '--slot-vocab', vocab])).rejects.toThrow(
      /pptod-test_joint_accuracy\.json:\d+:\d+: at \$\.mul0371\["1"\]\.bspn: the gold belief span cannot be read: word 2: expected a slot name of \[train\], found "destination" \(slot vocabulary: .*v\.json/,
    );
  });

  it('--index joins line-aligned generations; a count mismatch names both files and both counts', async () => {
    const dir = join(LLM, 'line-aligned', 'sdp-mw24-alldomains');
    const index = join(dir, 'mw24_prompt_alldomains_test.json');
    expect(await run([join(dir, 'generated_predictions.txt'), '--index', index])).toContain('format:        lines\n');
    await expect(run([join(dir, 'generated_predictions-short.txt'), '--index', index])).rejects.toThrow(
      /generated_predictions-short\.txt: \d+ generation lines.*, but the index .*mw24_prompt_alldomains_test\.json has 25 lines/,
    );
  });

  it('CSV: confidence columns; LDST and CSV without gold say they need one', async () => {
    const out = await run([join(LLM, 'csv', 'sun2024-test_turn_few_example.csv'), '--gold', join(LLM, 'source-fga.json')]);
    expect(out).toContain('format:        csv\n');
    expect(out).toContain('confidence:    pair_verbalized, slot_confidence, pair_confidence, pair_minicons');
    const alone = await run([join(LLM, 'line-aligned', 'ldst-mw24', 'test_LLM_result.txt')]);
    expect(alone).toContain('format:        ldst\n');
    expect(alone).toMatch(/LDST results carry no gold states/);
  });
});
