// `dst-inspector score --preset trade|simpletod|convlab3` run as a real
// process: the evaluator's own object in --format json (its keys and units),
// the preset and its parts in the signature, --cleaning on its own, and
// --diff-preset with the new parts' reasons. Expected numbers are what the
// evaluators' own code returned on the same inputs (test/fixtures/presets,
// README there): TRADE models/TRADE.py::evaluate_metrics after
// utils/fix_label.py::fix_general_label_error (jasonwu0731/trade-dst @ b77fcf1),
// SimpleTOD compute_joint_acc.py (salesforce/simpletod @ a6050a4), ConvLab-3
// convlab/dst/evaluate_unified_datasets.py::evaluate (ConvLab/ConvLab-3 @ 2a168fc).
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES } from '../../../helpers/fixtures';
import { requireBuild, runCli } from '../../../helpers/cli';

const P = join(FIXTURES, 'presets');
const SOMDST = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON reports
type Json = any;
const expected = (name: string): Json => JSON.parse(readFileSync(join(P, name, 'expected.json'), 'utf8'));

function score(args: string[]): Json {
  const r = runCli(['score', ...args, '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}
const close = (got: Record<string, number>, want: Record<string, number>) => {
  expect(Object.keys(got)).toEqual(Object.keys(want));
  for (const [k, v] of Object.entries(want)) expect(Math.abs(got[k] - v), k).toBeLessThan(1e-9);
};

beforeAll(() => requireBuild(), 120_000);

describe('score --preset trade, simpletod, convlab3', () => {
  it('trade: a `trade` object equal to evaluate_metrics, our JGA on the same classes, the preset in the signature', () => {
    const out = score([SOMDST, '--preset', 'trade']);
    close(out.trade, expected('trade').somdst100.result);
    expect(out.corpus.JGA).toBe(out.trade['Joint Acc']);
    expect(out.signature).toMatch(/\| preset=trade( |$)/);
    const edge = score([join(P, 'trade', 'edge.json'), '--preset', 'trade', '--signature', 'full']);
    close(edge.trade, expected('trade').edge.result);
    expect(edge.signature).toMatch(/preset=trade\(norm=none match=exact gold=as-is none=inactive turns=predicted fix=trade\)/);
    // TRADE's own all_prediction file: its gold is already fixed and keeps "hotel-type-none", which no prediction matches.
    const own = score([join(P, 'trade', 'all_prediction_edge.json'), '--preset', 'trade']);
    close(own.trade, expected('trade').all_prediction_edge.result);
  }, 60_000);

  it('simpletod: each switch on its own and together, written in the signature', () => {
    const exp = expected('simpletod');
    const edge = join(P, 'simpletod', 'edge.json');
    for (const setting of ['none', 'default', 'type2', 'ignore-dontcare-pred', 'default,type2']) {
      const out = score([edge, '--preset', 'simpletod', '--cleaning', setting]);
      expect(Object.keys(out.simpletod)).toEqual(['joint_accuracy', 'turns']);
      expect(Math.abs(out.simpletod.joint_accuracy - exp.edge[setting].joint_accuracy), setting).toBeLessThan(1e-9);
      if (setting === 'none') expect(out.signature).toMatch(/\| preset=simpletod( |$)/);
      else expect(out.signature).toContain(`preset=simpletod(cleaning=${setting.replace(',', '+')})`);
    }
    const full = score([edge, '--preset', 'simpletod', '--signature', 'full']).signature;
    expect(full).toContain('cleaning=none');
    const som = score([SOMDST, '--preset', 'simpletod', '--cleaning', 'default']);
    expect(Math.abs(som.simpletod.joint_accuracy - exp.somdst100.default.joint_accuracy)).toBeLessThan(1e-9);
  }, 90_000);

  it('convlab3: a `convlab3` object equal to evaluate(), keys and fractions as it returns them', () => {
    const exp = expected('convlab3');
    for (const name of ['somdst100', 'edge']) {
      const out = score([join(P, 'convlab3', `${name}.json`), '--preset', 'convlab3']);
      close(out.convlab3, exp[name].result);
      expect(out.corpus.JGA).toBe(out.convlab3.accuracy);
    }
  }, 60_000);

  it('--cleaning belongs to simpletod; a bad switch is named', () => {
    for (const [args, msg] of [
      [['--preset', 'trade', '--cleaning', 'default'], /--cleaning sets SimpleTOD's switches/],
      [['--preset', 'simpletod', '--cleaning', 'type3'], /--cleaning: unknown switch "type3"/],
    ] as const) {
      const r = runCli(['score', SOMDST, ...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(msg);
    }
  }, 30_000);
});

describe('score --diff-preset with the new presets', () => {
  const diff = (file: string, spec: string): Json => {
    const r = runCli(['score', file, '--diff-preset', spec, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    return Object.fromEntries(JSON.parse(r.stdout).reasons.map((x: Json) => [x.reason, x]));
  };
  it('exact,trade: the gold fixes that flip turns', () => {
    const r = diff(join(P, 'trade', 'edge.json'), 'exact,trade');
    expect(r['TRADE fix_label on gold'].examples.map((e: Json) => [e.slot, e.pred, e.gold, e.a, e.b])).toContainEqual([
      'hotel-area',
      'centre',
      'center',
      'wrong',
      'correct',
    ]);
    // The prediction equals the raw gold, but TRADE's gold is "none": correct → wrong.
    expect(r['TRADE fix_label on gold'].examples).toContainEqual(
      expect.objectContaining({ gold: 'bed and breakfast', a: 'correct', b: 'wrong' }),
    );
  }, 30_000);
  it('exact,convlab3: whitespace and case, alternatives, slots outside the gold not scored', () => {
    const r = diff(join(P, 'convlab3', 'edge.json'), 'exact,convlab3');
    expect(r['ConvLab-3: whitespace and case'].turns).toBeGreaterThan(0);
    expect(r["ConvLab-3: a '|' alternative"].examples).toContainEqual(
      expect.objectContaining({ pred: 'east|centre', gold: 'centre', a: 'wrong', b: 'correct' }),
    );
    expect(r["predicted slot outside the gold's slots not scored (ConvLab-3)"].examples.map((e: Json) => e.slot).sort()).toEqual([
      'hotel-bogus',
      'police-name',
    ]);
  }, 30_000);
  it('simpletod,simpletod:cleaning=default+ignore-dontcare-pred: one side with switches changed', () => {
    const r = diff(join(P, 'simpletod', 'edge.json'), 'simpletod,simpletod:cleaning=default+ignore-dontcare-pred');
    expect(r['SimpleTOD default_cleaning'].examples).toContainEqual(
      expect.objectContaining({ slot: 'hotel-internet', a: 'wrong', b: 'correct' }),
    );
    expect(r['dontcare in prediction ignored (ignore_dontcare_in_pred)'].turns).toBe(2);
  }, 30_000);
});
