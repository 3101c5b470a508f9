// "Confident but wrong" (src/shared/analysis/calibration/confident-wrong.ts):
// per dialogue the highest confidence of a wrong predicted pair, against a
// straightforward computation written here — every predicted pair with a
// score in the first confidence column, wrong when its value is not the gold
// value of its slot in its turn (rule domain), the maximum per dialogue —
// on Sun et al.'s CSV with its gold, and on random columns (fast-check);
// absent (null) for a run without confidences.
import fc from 'fast-check';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRuns } from '../../../../../src/main/cli/runs';
import {
  confidentWrongByDialogue,
  confidentWrongColumn,
  maxWrongConfidence,
  passesConfidentWrong,
} from '../../../../../src/shared/analysis/calibration/confident-wrong';
import { pairsOf } from '../../../../../src/shared/analysis/calibration/pairs';
import type { Corpus } from '../../../../../src/shared/model/corpus';
import { FIXTURES } from '../../../../helpers/fixtures';

const CSV = join(FIXTURES, 'formats', 'llm', 'csv', 'sun2024-test_turn_few_example.csv');
const GOLD = join(FIXTURES, 'formats', 'llm', 'csv', 'sun2024-gold_states.json');
const FGA = join(FIXTURES, 'formats', 'llm', 'source-fga.json');

async function load(file: string, gold?: string): Promise<Corpus> {
  const [{ run }] = await loadRuns([file], (gold ? { gold } : {}) as never);
  return run.loaded.corpus;
}

/** Per dialogue id, the highest confidence of a wrong pair, from the states by name (no id arithmetic). */
function byDefinition(c: Corpus): Map<string, number> {
  const conf = c.generation!.confidence!;
  const out = new Map<string, number>();
  const state = (pairs: Int32Array, s: number, n: number) => {
    const m = new Map<string, string>();
    for (let j = s; j < s + n; j++)
      if (c.values.name(pairs[2 * j + 1]) !== 'none') m.set(c.slots.name(pairs[2 * j]), c.values.name(pairs[2 * j + 1]));
    return m;
  };
  for (let d = 0; d < c.dialogueIds.length; d++)
    for (let t = c.dialogueStart[d]; t < c.dialogueStart[d + 1]; t++) {
      const gold = state(c.goldPairs, c.goldStart[t], c.goldLen[t]);
      const pred = state(c.predPairs, c.predStart[t], c.predLen[t]);
      for (let e = conf.start[t]; e < conf.start[t + 1]; e++) {
        const v = conf.values[0][e];
        if (Number.isNaN(v)) continue;
        const slot = c.slots.name(conf.slot[e]);
        if (gold.get(slot) === pred.get(slot)) continue;
        out.set(c.dialogueIds[d], Math.max(out.get(c.dialogueIds[d]) ?? -Infinity, v));
      }
    }
  return out;
}

describe('confident but wrong', () => {
  it('on Sun et al.’s CSV with its gold: the most confident wrong pair of each dialogue, as the definition gives it', async () => {
    const c = await load(CSV, GOLD);
    expect(confidentWrongColumn(c)).toBe(c.generation!.confidence!.names[0]);
    const got = confidentWrongByDialogue(c)!;
    const want = byDefinition(c);
    expect(want.size).toBeGreaterThan(0); // the fixture has wrong pairs with confidences
    for (let d = 0; d < c.dialogueIds.length; d++) {
      const w = want.get(c.dialogueIds[d]);
      if (w === undefined) expect(got[d]).toBeNaN();
      else expect(got[d]).toBe(w);
    }
  });

  it('is absent for a run without confidences', async () => {
    const c = await load(FGA);
    expect(confidentWrongColumn(c)).toBeNull();
    expect(confidentWrongByDialogue(c)).toBeNull();
  });

  it('maxWrongConfidence equals the maximum over each dialogue’s wrong pairs (random columns, ties, dialogues without wrong pairs)', () => {
    const rowArb = fc.record({
      confidence: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 0.5, 0.9, 1)),
      correct: fc.boolean(),
      dialogue: fc.integer({ min: 0, max: 5 }),
    });
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 50 }), (rows) => {
        const got = maxWrongConfidence(pairsOf(rows, ['dialogue']), 6);
        for (let d = 0; d < 6; d++) {
          const wrong = rows.filter((r) => r.dialogue === d && !r.correct).map((r) => r.confidence);
          if (wrong.length === 0) expect(got[d]).toBeNaN();
          else expect(got[d]).toBe(Math.max(...wrong));
          // The filter keeps exactly the dialogues with a wrong pair at or above the threshold.
          for (const t of [0, 0.5, 0.9, 1]) expect(passesConfidentWrong(got[d], t)).toBe(wrong.some((x) => x >= t));
        }
      }),
      { numRuns: 300 },
    );
  });
});
