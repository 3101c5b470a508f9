// `analyze PRED --gold G --calibration` as a real process on Sun et al.'s CSV
// example: the JSON shape issue 18 gives ({pairs: {count, accuracy, ece,
// auroc, bins: [{lo, hi, count, accuracy, confidence}]}, joint: {ece, l2,
// bins}, by_slot}), the alias equal to --kind calibration byte for byte, the
// table formats, the flags' errors, and --figure writing the reliability
// diagram as PDF and SVG with its signature.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../../../helpers/fixtures';
import { requireBuild, runCli } from '../../../helpers/cli';

const CSV = join(FIXTURES, 'formats', 'llm', 'csv', 'sun2024-test_turn_few_example.csv');
const GOLD = join(FIXTURES, 'formats', 'llm', 'csv', 'sun2024-gold_states.json');
const SUN = JSON.parse(readFileSync(join(FIXTURES, 'calibration', 'sun2024-example.json'), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'analyze-calibration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(() => requireBuild());

describe('analyze --calibration', () => {
  it('writes the JSON shape of the issue, with Sun et al.’s numbers under their rule and binning', () => {
    const args = [
      CSV,
      '--gold',
      GOLD,
      '--confidence',
      'pair_confidence',
      '--calibration-rule',
      'sun2024',
      '--ece-bins',
      'sun2024',
      '--format',
      'json',
    ];
    const r = runCli(['analyze', ...args, '--calibration', '--bootstrap', '0']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    for (const k of ['count', 'accuracy', 'ece', 'auroc', 'bins']) expect(j.pairs).toHaveProperty(k);
    for (const k of ['lo', 'hi', 'count', 'accuracy', 'confidence']) expect(j.pairs.bins[0]).toHaveProperty(k);
    for (const k of ['ece', 'l2', 'bins']) expect(j.joint).toHaveProperty(k);
    expect(Object.keys(j.by_slot).length).toBeGreaterThan(0);
    const e = SUN.columns.pair_confidence.expected.rule_sun2024;
    expect(j.pairs.count).toBe(e.pairs);
    expect(j.pairs.ece).toBeCloseTo(e.ece_sun2024_original, 9);
    expect(j.pairs.auroc).toBeCloseTo(e.auroc, 9);
    expect(j.signature).toContain('calibration column=pair_confidence rule=sun2024 bins=sun2024/10');
    const k = runCli(['analyze', ...args, '--kind', 'calibration', '--bootstrap', '0']);
    expect(k.stdout).toBe(r.stdout);
  }, 60_000);

  it('table formats, and a flag error before reading the file', () => {
    for (const format of ['table', 'csv', 'latex']) {
      const r = runCli(['analyze', CSV, '--gold', GOLD, '--calibration', '--tables', 'bins', '--bootstrap', '50', '--format', format]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/accuracy/);
    }
    const bad = runCli(['analyze', join(FIXTURES, 'nope.csv'), '--calibration', '--ece-bins', 'numpy']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--ece-bins: "numpy" is not one of setsumbt, sun2024/);
  }, 120_000);

  it('--figure writes the reliability diagram as PDF and SVG, with the signature naming column and bins', () => {
    const pdf = join(dir, 'reliability.pdf');
    const svg = join(dir, 'reliability.svg');
    for (const f of [pdf, svg]) {
      const r = runCli(['analyze', CSV, '--gold', GOLD, '--calibration', '--bootstrap', '0', '--figure', f, '--format', 'json']);
      expect(r.code, r.stderr).toBe(0);
    }
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    const text = readFileSync(svg, 'utf8');
    expect(text).toContain('column=pair_verbalized rule=domain bins=setsumbt/10');
    expect(text).toMatch(/data-role="bin"/);
  }, 60_000);
});
