// The calibration analysis (src/shared/analysis/calibration/analysis.ts) on
// loaded files, against an independent straightforward computation written
// here from the definitions (docs/reference/calibration.md): per predicted
// pair with a score, correct when its value equals the gold of its slot in
// its turn (rule domain); ECE by looping over the bins and their members
// (SetSUMBT: bin 0 = [0, .1], bin k = (k/10, (k+1)/10], mean confidence,
// empty bins skipped, weight n_b/N); AUROC by the rank formula with tied
// ranks averaged, (R_pos − P(P+1)/2) / (P·N) — sklearn's roc_auc_score;
// joint ECE over turns with turn confidence = the minimum pair confidence
// and turn correct = JGA. Edge cases: empty bins, all correct (AUROC null),
// ties. The rules' labels and the numbers of Sun et al.'s own pipeline on
// their CSV example (test/fixtures/calibration/sun2024-example.json, from
// jennycs0830/Confidence_Score_DST evaluation_minicons.py get_match,
// plot_reliability, plot_roc_curve run as they are) close the loop.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRuns } from '../../../../../src/main/cli/runs';
import { calibrationAnalysis, type CalibrationArgs } from '../../../../../src/shared/analysis/calibration/analysis';
import { corpusPairs } from '../../../../../src/shared/analysis/calibration/corpus';
import { defaultConfig } from '../../../../../src/shared/metrics/config';
import { evaluate } from '../../../../../src/shared/metrics/evaluate';
import type { Corpus } from '../../../../../src/shared/model/corpus';
import { FIXTURES } from '../../../../helpers/fixtures';

const CSV = join(FIXTURES, 'formats', 'llm', 'csv', 'sun2024-test_turn_few_example.csv');
const GOLD = join(FIXTURES, 'formats', 'llm', 'csv', 'sun2024-gold_states.json');
const SUN = JSON.parse(readFileSync(join(FIXTURES, 'calibration', 'sun2024-example.json'), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'calibration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function load(file: string, gold?: string): Promise<Corpus> {
  const [{ run }] = await loadRuns([file], (gold ? { gold } : {}) as never);
  return run.loaded.corpus;
}

const ARGS: CalibrationArgs = { rule: 'domain', binning: 'setsumbt', bootstrap: 0, seed: 1 };
const run = (c: Corpus, a: Partial<CalibrationArgs> = {}) => calibrationAnalysis(evaluate(c, defaultConfig()), { ...ARGS, ...a });

type Item = { confidence: number; correct: boolean };

/** Every scored pair of a column, straight from the corpus's states: (confidence, value == gold of the slot). */
function pairsByDefinition(c: Corpus, column: string): { items: Item[]; turns: { min: number; jga: boolean }[] } {
  const conf = c.generation!.confidence!;
  const k = conf.names.indexOf(column);
  const items: Item[] = [];
  const turns: { min: number; jga: boolean }[] = [];
  const state = (pairs: Int32Array, s: number, n: number) => {
    const m = new Map<string, string>();
    for (let j = s; j < s + n; j++) if (pairs[2 * j + 1] !== 0) m.set(c.slots.name(pairs[2 * j]), c.values.name(pairs[2 * j + 1]));
    return m;
  };
  for (let t = 0; t < c.turnIndex.length; t++) {
    const gold = state(c.goldPairs, c.goldStart[t], c.goldLen[t]);
    const pred = state(c.predPairs, c.predStart[t], c.predLen[t]);
    let min = Infinity;
    for (let e = conf.start[t]; e < conf.start[t + 1]; e++) {
      const v = conf.values[k][e];
      if (Number.isNaN(v)) continue;
      const slot = c.slots.name(conf.slot[e]);
      items.push({ confidence: v, correct: gold.get(slot) === pred.get(slot) });
      min = Math.min(min, v);
    }
    const jga = gold.size === pred.size && [...gold].every(([s, v]) => pred.get(s) === v);
    if (min !== Infinity) turns.push({ min, jga });
  }
  return { items, turns };
}

/** SetSUMBT's pair-level ECE written out: bins [0, .1], (.1, .2], …, mean confidence, empty bins skipped. */
function eceByDefinition(items: Item[]): number | null {
  if (items.length === 0) return null;
  let ece = 0;
  for (let b = 0; b < 10; b++) {
    const lo = b / 10;
    const hi = (b + 1) / 10;
    const m = items.filter((x) => (b === 0 ? x.confidence >= lo : x.confidence > lo) && x.confidence <= hi);
    if (m.length === 0) continue;
    const acc = m.filter((x) => x.correct).length / m.length;
    const conf = m.reduce((s, x) => s + x.confidence, 0) / m.length;
    ece += (m.length / items.length) * Math.abs(acc - conf);
  }
  return ece;
}

/** AUROC by the rank formula, tied ranks averaged. */
function aurocByRanks(items: Item[]): number | null {
  const P = items.filter((x) => x.correct).length;
  const N = items.length - P;
  if (P === 0 || N === 0) return null;
  const sorted = [...items].sort((a, b) => a.confidence - b.confidence);
  let rPos = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j].confidence === sorted[i].confidence) j++;
    const rank = (i + 1 + j) / 2; // ranks i+1 … j averaged
    for (let k = i; k < j; k++) if (sorted[k].correct) rPos += rank;
    i = j;
  }
  return (rPos - (P * (P + 1)) / 2) / (P * N);
}

function close(actual: number | null, expected: number | null): void {
  if (expected === null) expect(actual).toBeNull();
  else expect(actual).toBeCloseTo(expected, 9);
}

/** A JSON Lines run: per turn, gold and predicted states and each predicted slot's confidence. */
function jsonl(
  name: string,
  turns: { d: string; gold: Record<string, string>; pred: Record<string, string>; conf: Record<string, number> }[],
): string {
  const file = join(dir, name);
  const n = new Map<string, number>();
  const lines = turns.map((t) => {
    const k = n.get(t.d) ?? 0;
    n.set(t.d, k + 1);
    return JSON.stringify({ dialogue_id: t.d, turn: k, gold: t.gold, pred: t.pred, confidence: t.conf });
  });
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

describe('calibration analysis', () => {
  it('Sun et al.’s CSV with its gold: every column equals the straightforward computation (pairs, bins, joint)', async () => {
    const c = await load(CSV, GOLD);
    for (const column of c.generation!.confidence!.names) {
      const r = run(c, { column });
      const { items, turns } = pairsByDefinition(c, column);
      expect(r.pairs.count).toBe(items.length);
      expect(r.pairs.correct).toBe(items.filter((x) => x.correct).length);
      close(r.pairs.ece, eceByDefinition(items));
      close(r.pairs.auroc, aurocByRanks(items));
      const ti = turns.map((t) => ({ confidence: t.min, correct: t.jga }));
      expect(r.joint.count).toBe(ti.length);
      close(r.joint.ece, eceByDefinition(ti));
      close(r.joint.auroc, aurocByRanks(ti));
      // Per slot: the same on the slot's pairs (checked through its count and ECE).
      const slotsSeen = Object.keys(r.bySlot);
      expect(slotsSeen.length).toBeGreaterThan(0);
      expect(Object.values(r.bySlot).reduce((s, v) => s + v.count, 0)).toBe(items.length);
      expect(Object.values(r.byDomain).reduce((s, v) => s + v.count, 0)).toBe(items.length);
    }
  });

  it('labels each pair as Sun et al.’s get_match does (rule sun2024) and by its own domain (rule domain)', async () => {
    const c = await load(CSV, GOLD);
    for (const column of ['pair_confidence', 'pair_verbalized', 'pair_minicons']) {
      const want = SUN.columns[column].pairs as {
        id: string;
        key: string;
        confidence: number;
        correct_sun2024: boolean;
        correct_domain: boolean;
      }[];
      for (const rule of ['sun2024', 'domain'] as const) {
        const p = corpusPairs(c, column, rule);
        const got = Array.from(p.confidence, (conf, i) => {
          const t = p.turn![i];
          const slot = c.slots.name(p.group![i]).split('-')[1].replace(/ /g, '');
          return `${c.dialogueIds[p.dialogue![i]]}-${c.turnIndex[t] + 1} ${slot} ${conf} ${p.correct[i] === 1}`;
        }).sort();
        const expected = want
          .map((x) => `${x.id} ${x.key.split('_')[0]} ${x.confidence} ${rule === 'sun2024' ? x.correct_sun2024 : x.correct_domain}`)
          .sort();
        expect(got, `${column} ${rule}`).toEqual(expected);
      }
    }
  });

  it('reproduces Sun et al.’s numbers on their example: ECE (both binnings) and AUROC under both rules', async () => {
    const c = await load(CSV, GOLD);
    for (const column of ['pair_confidence', 'pair_verbalized', 'pair_minicons']) {
      const e = SUN.columns[column].expected;
      const sun = run(c, { column, rule: 'sun2024', binning: 'sun2024' });
      expect(sun.pairs.count).toBe(e.rule_sun2024.pairs);
      expect(sun.pairs.correct).toBe(e.rule_sun2024.correct);
      close(sun.pairs.ece, e.rule_sun2024.ece_sun2024_original);
      close(sun.pairs.auroc, e.rule_sun2024.auroc);
      close(run(c, { column, rule: 'sun2024' }).pairs.ece, e.rule_sun2024.ece_setsumbt);
      const dom = run(c, { column });
      expect(dom.pairs.correct).toBe(e.rule_domain.correct);
      close(dom.pairs.ece, e.rule_domain.ece_setsumbt);
      close(dom.pairs.auroc, e.rule_domain.auroc);
      close(run(c, { column, binning: 'sun2024' }).pairs.ece, e.rule_domain.ece_sun2024);
    }
  });

  it('edge cases: empty bins, all correct (AUROC null), ties', async () => {
    // Empty bins: confidences only in (0.2, 0.3] and (0.9, 1]; ties at 0.95 with both classes.
    const c1 = await load(
      jsonl('edges.jsonl', [
        {
          d: 'a',
          gold: { 'hotel-area': 'north', 'hotel-stars': '4' },
          pred: { 'hotel-area': 'north', 'hotel-stars': '3' },
          conf: { 'hotel-area': 0.95, 'hotel-stars': 0.95 },
        },
        { d: 'a', gold: { 'hotel-area': 'north' }, pred: { 'hotel-area': 'north' }, conf: { 'hotel-area': 0.25 } },
        { d: 'b', gold: { 'taxi-leaveat': '10:00' }, pred: { 'taxi-leaveat': '11:00' }, conf: { 'taxi-leaveat': 0.3 } },
        { d: 'b', gold: { 'taxi-leaveat': '10:00' }, pred: { 'taxi-leaveat': '10:00' }, conf: { 'taxi-leaveat': 0.95 } },
      ]),
    );
    const r1 = run(c1, { column: 'confidence' });
    const d1 = pairsByDefinition(c1, 'confidence');
    expect(d1.items).toHaveLength(5);
    close(r1.pairs.ece, eceByDefinition(d1.items));
    close(r1.pairs.auroc, aurocByRanks(d1.items));
    expect(r1.pairs.bins.filter((b) => b.count === 0)).toHaveLength(8);
    expect(r1.pairs.bins.filter((b) => b.count === 0).every((b) => b.accuracy === null && b.confidence === null)).toBe(true);
    // By hand: bin (0.2, 0.3]: 0.25 ✓, 0.3 ✗ → acc 0.5, conf 0.275; bin (0.9, 1]: 0.95 ✓ ✗ ✓ → acc 2/3, conf 0.95.
    close(r1.pairs.ece, (2 / 5) * Math.abs(0.5 - 0.275) + (3 / 5) * Math.abs(2 / 3 - 0.95));
    // Ties: 0.95 holds 2 correct and 1 wrong. Rank formula by hand, P = 3, N = 2, sorted: 0.25✓(1) 0.3✗(2) 0.95✓✗✓ (4,4,4) → R_pos = 1 + 8 = 9; AUROC = (9 − 6) / 6 = 0.5.
    close(r1.pairs.auroc, 0.5);
    // All correct: AUROC undefined (null), ECE defined.
    const c2 = await load(
      jsonl('all-correct.jsonl', [
        { d: 'a', gold: { 'hotel-area': 'north' }, pred: { 'hotel-area': 'north' }, conf: { 'hotel-area': 0.7 } },
        { d: 'a', gold: { 'hotel-area': 'north' }, pred: { 'hotel-area': 'north' }, conf: { 'hotel-area': 0.7 } },
      ]),
    );
    const r2 = run(c2);
    expect(r2.pairs.auroc).toBeNull();
    expect(r2.joint.auroc).toBeNull();
    close(r2.pairs.ece, 0.3);
    close(r2.pairs.accuracy, 1);
  });

  it('several columns: a comparison against the chosen one, seeded (the same twice), with the column in the signature', async () => {
    const c = await load(CSV, GOLD);
    const a = run(c, { column: 'pair_verbalized', bootstrap: 200, seed: 7 });
    const b = run(c, { column: 'pair_verbalized', bootstrap: 200, seed: 7 });
    expect(a.comparison).toEqual(b.comparison);
    expect(a.comparison!.columns[0].name).toBe('pair_verbalized');
    expect(a.comparison!.comparisons).toHaveLength(c.generation!.confidence!.names.length - 1);
    const sig = a.signature.parts.map((p) => p.text).join(' | ');
    expect(sig).toContain('column=pair_verbalized');
    expect(sig).toContain('bins=setsumbt');
    expect(sig).toContain('rule=domain');
  });

  it('refuses a run without confidences, and an unknown column, naming the columns there are', async () => {
    const plain = join(dir, 'plain.jsonl');
    writeFileSync(plain, JSON.stringify({ dialogue_id: 'a', turn: 0, gold: { 'hotel-area': 'x' }, pred: { 'hotel-area': 'x' } }) + '\n');
    await expect(load(plain).then((c) => run(c))).rejects.toThrow(/carry no confidence scores/);
    const c = await load(CSV, GOLD);
    expect(() => run(c, { column: 'nope' })).toThrow(/no column "nope"; the predictions carry pair_verbalized/);
  });
});
