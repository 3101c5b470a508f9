// `gold diff` round trip in every layout the tool reads gold from: OLD and NEW
// in one layout (the repo's format samples as OLD, and 49 dialogues of the
// SOM-DST fixture's gold written in each layout), NEW made by planting
// changes in OLD's gold (a value one turn late or early, changes that persist
// and ones that do not, removals, a slot with a space in its name added, values
// with "|"); and across layouts (MultiWOZ 2.1 data.json against MultiWOZ 2.2
// dialogues, FGA against TRADE test_dials.json). The diff is written by the
// command (in process), and scoring OLD with it through the load pipeline
// (`--corrections`, with `--gold` for a dataset gold) equals scoring NEW:
// the same gold states and every corpus, dialogue and turn value to 1e-9.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAnnotations } from '../../../../src/shared/annotations/file';
import type { AnnotationRecord } from '../../../../src/shared/annotations/record';
import { fileSource, type FileSource } from '../../../../src/shared/source';
import { goldCommand } from '../../../../src/main/cli/gold';
import { loadSource } from '../../../../src/main/services/load-pipeline';
import { readGold } from '../../../../src/main/services/read-gold';
import { FIXTURES } from '../../../helpers/fixtures';
import { expectSameScores, goldStates } from '../../../helpers/gold-diff';
import {
  GOLD_LAYOUTS,
  goldSetOf,
  isDataset,
  perturbGold,
  renumbered,
  withPredictions,
  writeGoldLayout,
  writePredictions,
  type GoldLayout,
  type GoldSet,
} from '../../../helpers/gold-layouts';

const dir = mkdtempSync(join(tmpdir(), 'gold-diff-layouts-'));
const F = join(FIXTURES, 'formats');
const SOM = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');

let stderr: string[] = [];
beforeEach(() => {
  stderr = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => {
    stderr.push(String(s));
    return true;
  });
});
afterEach(() => vi.restoreAllMocks());

const ext = (l: GoldLayout) => (l === 'jsonl' ? '.jsonl' : l === 'sgd-folder' ? '' : '.json');
let seq = 0;

interface Side {
  path: string;
  layout: GoldLayout;
}

/** How a side is scored: a prediction file on its own gold, or the predictions given with this gold as --gold. */
function scoring(side: Side, preds: string, corrections?: string): FileSource {
  const c = corrections ? { corrections: { file: corrections } } : {};
  return isDataset(side.layout) ? fileSource([preds], { gold: side.path, ...c }) : fileSource([side.path], c);
}

/**
 * Diffs OLD and NEW with the command, applies the diff while scoring OLD and
 * checks it equals scoring NEW. `preds`: the prediction file a dataset side is
 * scored with (a prediction-layout OLD is it, when given as the same file).
 */
async function roundTrip(oldSide: Side, newSide: Side, preds: string): Promise<AnnotationRecord[]> {
  const out = join(dir, `diff-${++seq}.jsonl`);
  const code = await goldCommand(['diff', oldSide.path, newSide.path, '--out', out], () => undefined);
  // Notes may say what the loaders noticed (turns out of order in a sample); nothing is left out.
  expect([code, stderr.filter((s) => /left out|only in/.test(s))]).toEqual([0, []]);
  const parsed = parseAnnotations(readFileSync(out, 'utf8'), out);
  expect(parsed.problems).toEqual([]);
  // NEW: a dataset gold is scored with the predictions OLD is scored with.
  const newPreds = !isDataset(oldSide.layout) && isDataset(newSide.layout) ? oldSide.path : preds;
  const fixed = await loadSource(scoring(oldSide, isDataset(oldSide.layout) ? preds : newPreds, out), { analyse: false });
  const want = await loadSource(scoring(newSide, newPreds), { analyse: false });
  expect(fixed.corrections!.notes).toEqual([]);
  expect(fixed.corrections!.result.summary.count).toBe(parsed.records.length);
  expect(goldStates(fixed.loaded.corpus)).toEqual(goldStates(want.loaded.corpus));
  expectSameScores(fixed.loaded.corpus, want.loaded.corpus);
  return parsed.records.map((k) => k.record);
}

/** OLD as given; NEW: OLD's gold with changes planted, written in `layout`. */
async function plantedRoundTrip(oldPath: string, layout: GoldLayout): Promise<{ records: AnnotationRecord[]; kinds: string[] }> {
  const old = await readGold(oldPath, {});
  const set = goldSetOf(old.corpus);
  const { set: changed, planted } = perturbGold(set, { all: true });
  const newPath = writeGoldLayout(layout, changed, join(dir, `new-${++seq}${ext(layout)}`));
  const preds = writePredictions(withPredictions(set), join(dir, `preds-${seq}.jsonl`));
  const records = await roundTrip({ path: oldPath, layout }, { path: newPath, layout }, preds);
  expect(records.length).toBeGreaterThan(0);
  return { records, kinds: planted.kinds };
}

describe('gold diff round trip on the format samples (OLD the sample, NEW with changes planted)', () => {
  const samples: [GoldLayout, string][] = [
    ['fga', join(FIXTURES, 'paper', 'mul1110.json')],
    ['jsonl', join(F, 'turns.jsonl')],
    ['trade', join(F, 'all_prediction_TRADE.json')],
    ['somdst', join(F, 'preds_29.json')],
    ['trippy', join(F, 'pred_res.test.final.json')],
    ['convlab', join(F, 'convlab-predictions.json')],
    ['icdst', join(F, 'running_log.json')],
    ['multiwoz21', join(F, 'data.json')],
    ['trade-dials', join(F, 'test_dials.json')],
    ['sgd', join(F, 'sgd', 'dialogues_001.json')],
    ['sgd-folder', join(F, 'sgd')],
  ];
  it('covers every gold layout', () => expect(samples.map((s) => s[0]).sort()).toEqual([...GOLD_LAYOUTS].sort()));
  for (const [layout, path] of samples) {
    it(`${layout}: ${path.slice(FIXTURES.length + 1)}`, async () => {
      const old = await readGold(path, {});
      expect(old.layout).toBe(layout === 'sgd-folder' ? 'sgd+sgd-schema' : layout);
      await plantedRoundTrip(path, layout);
    });
  }
});

describe('gold diff round trip on the SOM-DST fixture’s gold, in every layout', () => {
  let base: GoldSet;
  let changed: GoldSet;
  let kinds: string[];
  beforeEach(async () => {
    // 49 of its dialogues: seven of each kind of change (and the test stays quick).
    base ??= renumbered(goldSetOf((await readGold(SOM, {})).corpus)).slice(0, 49);
    if (!changed)
      ({
        set: changed,
        planted: { kinds },
      } = perturbGold(base));
  });

  it('plants every kind of change', () => {
    expect(new Set(kinds)).toEqual(
      new Set(['delayed', 'persistent change', 'one-turn change', 'removal', 'addition', 'value with |', 'early']),
    );
  });

  for (const layout of GOLD_LAYOUTS) {
    it(layout, async () => {
      const oldPath = writeGoldLayout(layout, base, join(dir, `old-${layout}${ext(layout)}`));
      const newPath = writeGoldLayout(layout, changed, join(dir, `new-${layout}${ext(layout)}`));
      const preds = writePredictions(base, join(dir, `preds-${layout}.jsonl`));
      const records = await roundTrip({ path: oldPath, layout }, { path: newPath, layout }, preds);
      const cats = new Set<string>(records.map((r) => r.category));
      for (const c of ['wrong-value', 'missing-slot', 'extra-slot', 'early-or-late']) expect([layout, cats.has(c)]).toEqual([layout, true]);
      expect(records.some((r) => r.scope === 'onward') && records.some((r) => r.scope === 'turn')).toBe(true);
      expect(records.some((r) => r.slot === 'hotel-book stay' && r.to === '2|3')).toBe(true);
      expect(records.some((r) => r.to === 'one|two')).toBe(true);
    });
  }

  it('across layouts: MultiWOZ 2.1 data.json → MultiWOZ 2.2 dialogues, FGA → TRADE test_dials.json, SGD folder → JSON Lines', async () => {
    const preds = writePredictions(base, join(dir, 'preds-cross.jsonl'));
    const pairs: [GoldLayout, GoldLayout][] = [
      ['multiwoz21', 'sgd-folder'],
      ['fga', 'trade-dials'],
      ['sgd-folder', 'jsonl'],
    ];
    for (const [a, b] of pairs) {
      const oldPath = writeGoldLayout(a, base, join(dir, `x-old-${a}-${b}${ext(a)}`));
      const newPath = writeGoldLayout(b, changed, join(dir, `x-new-${a}-${b}${ext(b)}`));
      const records = await roundTrip({ path: oldPath, layout: a }, { path: newPath, layout: b }, preds);
      expect(records.length).toBeGreaterThan(10);
    }
  });
});
