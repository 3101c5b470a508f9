// "Adding a metric is one file": the example metric of
// docs/dev/adding-a-metric.md (DCR, dontcare recall, which needs two per-turn
// facts TurnFacts lacks and is a headline metric) is added to the registry
// through its own input, as a file in defs/ would be, and must then appear,
// with the values its definition gives, in `score`'s JSON (corpus, per
// dialogue, per turn), the score tables (CSV, LaTeX), the per-turn chart and
// table, the dialogue figure, and compare (statistics and lanes) — with no
// other file changed. The panel and the dialogue list are checked in
// test/unit/renderer/src/components/one-file-metric.test.ts;
// scripts/check-one-file-metric.sh runs the whole suite with the file added.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { compareRuns } from '../../../src/shared/analysis/run-comparison';
import { loadCorpus } from '../../../src/shared/formats/detect';
import { defaultConfig } from '../../../src/shared/metrics/config';
import { dialogueDetail, evaluate, type TurnRecord } from '../../../src/shared/metrics/evaluate';
import { HEADLINE_IDS, METRIC_IDS } from '../../../src/shared/metrics/registry';
import { jsonChunks } from '../../../src/shared/report/json';
import { corpusRow } from '../../../src/shared/report/rows';
import { scoreTable } from '../../../src/shared/report/score-table';
import { renderCsvTable, renderLatex } from '../../../src/shared/report/tables';
import { turnTable } from '../../../src/shared/report/turn-table';
import { lanesScene } from '../../../src/shared/viz/compare-lanes';
import { dialogueFigure } from '../../../src/shared/viz/dialogue-figure';
import { turnChartLayout } from '../../../src/shared/viz/turn-chart';
import { FIXTURES } from '../../helpers/fixtures';
import { source } from '../../helpers/runs';
import { perturbFga } from '../../helpers/perturb';
import { byTestId } from '../../helpers/scene-walk';

vi.mock('../../../src/shared/metrics/registry', async (importOriginal) => {
  const { registryWithDocMetric } = await import('../../helpers/doc-metric');
  return registryWithDocMetric(await importOriginal());
});

const config = defaultConfig();
const text = readFileSync(join(FIXTURES, 'paper', 'mul1110.json'), 'utf8');
const corpus = loadCorpus(new TextEncoder().encode(text), { file: 'mul1110.json' }).corpus;
const detail = dialogueDetail(corpus, 0, config);
const turns = detail.perTurn!;

/** DCR of a turn from its slot records (an independent reading of the definition): null when the gold has no dontcare. */
function expectedTurn(t: TurnRecord): number | null {
  const gold = t.slots.filter((s) => s.gold === 'dontcare');
  return gold.length === 0 ? null : gold.filter((s) => s.pred === 'dontcare').length / gold.length;
}
const expectedTurns = turns.map(expectedTurn);
const defined = expectedTurns.filter((v): v is number => v !== null);
const expectedDialogue = defined.reduce((a, b) => a + b, 0) / defined.length;

describe('a metric added as one file in defs/', () => {
  it('is registered, as a headline metric, after the papers’ three per-turn ones', () => {
    expect(METRIC_IDS).toContain('DCR');
    expect(HEADLINE_IDS.indexOf('DCR')).toBe(HEADLINE_IDS.indexOf('RSA') + 1);
    // The fixture has turns with and without a gold dontcare, and one the prediction misses (the check is not vacuous).
    expect(defined.length).toBeGreaterThan(0);
    expect(defined.length).toBeLessThan(turns.length);
  });

  it('is scored from the facts it declares: corpus, dialogue and per turn, in score’s JSON', () => {
    const json = JSON.parse([...jsonChunks(evaluate(corpus, config), { perDialogue: true, perTurn: true })].join(''));
    expect(json.corpus.DCR).toBeCloseTo(expectedDialogue, 9);
    expect(json.dialogues[0].DCR).toBeCloseTo(expectedDialogue, 9);
    json.dialogues[0].perTurn.forEach((t: Record<string, unknown>, i: number) => {
      if (expectedTurns[i] === null) expect(t.DCR).toBeNull();
      else expect(t.DCR).toBeCloseTo(expectedTurns[i]!, 9);
    });
  });

  it('is a column of the score tables (CSV, LaTeX)', () => {
    const table = scoreTable([corpusRow('model', evaluate(corpus, config).corpus)], config, 'sig', { details: true });
    const csv = renderCsvTable(table).split('\n');
    const col = csv[0].split(',').indexOf('DCR');
    expect(col).toBeGreaterThan(0);
    expect(Number(csv[1].split(',')[col])).toBeCloseTo(expectedDialogue * 100, 2);
    expect(renderLatex(table)).toContain('DCR');
  });

  it('is a lane of the per-turn chart and a column of the per-turn table', () => {
    const chart = turnChartLayout(turns, config, { width: 640 });
    expect(chart.lanes.map((l) => l.id)).toContain('DCR');
    const bars = byTestId(chart.scene, 'chart-bar').filter((p) => p.data.metric === 'DCR');
    expect(bars).toHaveLength(turns.length);
    const table = turnTable('MUL1110', turns, config, 'sig');
    expect(table.columns.map((c) => c.key)).toContain('DCR');
    expect(table.rows.map((r) => r.cells.DCR)).toEqual(expectedTurns);
  });

  it('is in the dialogue figure: its total and a value per turn', () => {
    const scene = dialogueFigure({ id: detail.id, values: detail.values, perTurn: turns }, config, { signature: 'sig' });
    const cells = byTestId(scene, 'figure-turn-metric').filter((p) => p.data.metric === 'DCR');
    expect(cells).toHaveLength(turns.length);
    expect(JSON.stringify(scene)).toContain('"DCR"');
  });

  it('is compared: paired statistics and the compare lanes', () => {
    const other = loadCorpus(new TextEncoder().encode(perturbFga(text)), { file: 'b.json' }).corpus;
    const out = compareRuns([source('a', corpus), source('b', other)], config, { bootstrap: 50, trials: 50, seed: 1 });
    expect(out.columns.map((c) => c.metric)).toContain('DCR');
    expect(out.comparisons.some((c) => c.metric === 'DCR')).toBe(true);
    expect(out.runs[0].corpus.values.DCR).toBeCloseTo(expectedDialogue, 9);
    const lanes = lanesScene(
      [
        {
          name: 'a',
          turns: turns.map((t, i) => ({
            turn: t.turn,
            values: { ...Object.fromEntries(HEADLINE_IDS.map((id) => [id, 0])), DCR: expectedTurns[i] },
          })),
        },
      ],
      { width: 600 },
    );
    expect(byTestId(lanes, 'lane-point').filter((p) => p.data.metric === 'DCR')).toHaveLength(defined.length);
  });
});
