// The inspect and convert commands, and score's source and value flags:
// inspect reports what was detected; convert's output re-loads to identical
// scores (JSON Lines and FGA); value options appear in the signature; an SGD
// schema sets K.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { convertCommand } from '../../../../src/main/cli/convert';
import { inspectCommand } from '../../../../src/main/cli/inspect';
import { scoreCommand } from '../../../../src/main/cli/score';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { dialogueDetail, evaluate } from '../../../../src/shared/metrics/evaluate';
import { FIXTURES, LAMBDAS } from '../../../helpers/fixtures';

const S = join(FIXTURES, 'formats');
const dir = mkdtempSync(join(tmpdir(), 'dsti-convert-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(cmd: (argv: string[], write: (s: string) => void) => unknown, argv: string[]): Promise<string> {
  let out = '';
  await cmd(argv, (s) => (out += s));
  return out;
}
const load = (file: string, values?: ('lower' | 'empty')[]) => loadCorpus(new Uint8Array(readFileSync(file)), { file, values }).corpus;
const config = defaultConfig({ lambdas: LAMBDAS });

describe('inspect', () => {
  it('prints format, sizes, slots with counts, domains and warnings', async () => {
    const out = await run(inspectCommand, [join(S, 'all_prediction_TRADE.json')]);
    expect(out).toMatch(/format: +trade/);
    expect(out).toMatch(/dialogues: +2/);
    expect(out).toMatch(/turns: +4/);
    expect(out).toMatch(/domains: +hotel, taxi/);
    expect(out).toMatch(/values: +exact/);
    expect(out).toMatch(/hotel-book day +2 +2\n/);
    expect(out).toMatch(/turns of 1 dialogue were out of order/);
  });
  it('--json, with a gold source: the join, gaps and slots outside the schema', async () => {
    const r = JSON.parse(
      await run(inspectCommand, [
        join(S, 'mwzeval-predictions.json'),
        '--gold',
        join(S, 'data.json'),
        '--json',
        '--values',
        'lower,dontcare',
      ]),
    );
    expect(r.format).toBe('mwzeval');
    expect(r.valueOptions).toEqual(['lower', 'dontcare']);
    expect(r.hasUtterances).toBe(true);
    expect(r.warnings.join('\n')).toContain('gold: 2 dialogues matched');
    expect(r.warnings.join('\n')).toContain('"PMUL9999.json"');
    const gaps = JSON.parse(await run(inspectCommand, [join(S, 'preds_29.json'), '--json']));
    expect(gaps.warnings.join('\n')).toContain('1 dialogue has missing turns (gaps in turn indices): "PMUL1635.json"');
    const sgd = JSON.parse(await run(inspectCommand, [join(S, 'sgd-pred', 'dialogues_001.json'), '--gold', join(S, 'sgd'), '--json']));
    expect(sgd.slotCount).toBe(5);
    expect(sgd.warnings.join('\n')).not.toContain('outside');
  });
});

describe('convert', () => {
  const random = join(FIXTURES, 'random', 'random-7.json');
  const expectSame = (a: ReturnType<typeof load>, b: ReturnType<typeof load>) => {
    expect(evaluate(a, config).corpus).toEqual(evaluate(b, config).corpus);
    for (let d = 0; d < b.dialogueIds.length; d += 37) expect(dialogueDetail(a, d, config)).toEqual(dialogueDetail(b, d, config));
  };

  it.each(['jsonl', 'fga'])('--to %s round-trips to identical scores', async (to) => {
    const out = join(dir, `random.${to}`);
    await run(convertCommand, [random, '--to', to, '--out', out]);
    expectSame(load(out), load(random));
  });

  it('keeps utterances in JSON Lines and applies value options', async () => {
    const text = await run(convertCommand, [join(S, 'mwzeval-predictions.json'), '--gold', join(S, 'data.json'), '--to', 'jsonl']);
    const first = JSON.parse(text.split('\n')[0]);
    expect(first).toEqual({
      dialogue_id: 'mul0003',
      turn: 0,
      gold: { 'hotel-area': 'north' },
      pred: { 'hotel-area': 'north' },
      user: 'I need a hotel in the north.',
    });
    const out = join(dir, 'lower.jsonl');
    await run(convertCommand, [random, '--to', 'jsonl', '--values', 'lower,empty', '--out', out]);
    expectSame(load(out), load(random, ['lower', 'empty']));
  });

  it('needs --to', async () => {
    await expect(run(convertCommand, [random])).rejects.toThrow('--to jsonl|fga is required');
  });
});

describe('score with sources and value options', () => {
  it('records the value options in the signature', async () => {
    const out = await run(scoreCommand, [join(S, 'preds_29.json'), '--values', 'empty,lower', '--format', 'json']);
    expect(JSON.parse(out).signature).toContain('values=lower+empty');
    expect(JSON.parse(await run(scoreCommand, [join(S, 'preds_29.json'), '--format', 'json'])).signature).toContain('values=exact');
  });
  it('an SGD schema gives K unless --slots says otherwise', async () => {
    const args = [join(S, 'sgd-pred', 'dialogues_001.json'), '--gold', join(S, 'sgd', 'dialogues_001.json'), '--format', 'json'];
    expect(JSON.parse(await run(scoreCommand, [...args, '--schema', join(S, 'sgd', 'schema.json')])).signature).toContain('SA K=5');
    expect(JSON.parse(await run(scoreCommand, [...args, '--schema', join(S, 'sgd', 'schema.json'), '--slots', '12'])).signature).toContain(
      'SA K=12',
    );
  });
  it('--values alternatives turns an "a|b" gold into the matched alternative', async () => {
    const exact = JSON.parse(await run(scoreCommand, [join(S, 'running_log.json'), '--format', 'json']));
    const alt = JSON.parse(await run(scoreCommand, [join(S, 'running_log.json'), '--format', 'json', '--values', 'alternatives']));
    expect(exact.corpus.JGA).toBe(0.5);
    expect(alt.corpus.JGA).toBe(1);
  });
  it('rejects unknown value options', async () => {
    await expect(run(scoreCommand, [join(S, 'preds_29.json'), '--values', 'nope'])).rejects.toThrow(
      /--values: unknown value option "nope"/,
    );
  });
});
