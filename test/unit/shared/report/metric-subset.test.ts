// The one metric-subset rule (src/shared/report/metric-subset.ts) behind the
// CLI's --metrics and the app's column chooser: metric ids keep every variant,
// column keys one; GCA's parts only when named and never alone; columns that
// are no metric's always stay; unknown ids are refused naming the known ones;
// and compare's restrictMetrics follows the same rule.
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { checkMetricSubset, keepsMetric, metricTags, parseMetricList, subsetTable } from '../../../../src/shared/report/metric-subset';
import { corpusRow } from '../../../../src/shared/report/rows';
import { scoreTable } from '../../../../src/shared/report/score-table';
import { evaluate } from '../../../../src/shared/metrics/evaluate';
import { join } from 'node:path';
import { HEADLINE, METRIC_IDS } from '../../../../src/shared/metrics/registry';
import { FIXTURES, loadFile } from '../../../helpers/fixtures';
import { metricKeys, only } from '../../../helpers/metrics';
import { turnTable } from '../../../../src/shared/report/turn-table';
import { dialogueResults } from '../../../../src/shared/metrics/evaluate';
import { renderCsvTable } from '../../../../src/shared/report/tables';

const config = defaultConfig({ lambdas: [0.5, 1] });
const ev = evaluate(loadFile(join(FIXTURES, 'paper', 'mul1110.json')), config);

describe('metric subsets', () => {
  it('parses a comma list', () => {
    expect(parseMetricList(' JGA, FGA_0.5 ,,GCA ')).toEqual(['JGA', 'FGA_0.5', 'GCA']);
    expect(parseMetricList('')).toEqual([]);
  });

  it('keeps a column when its metric id or its key is named; null keeps all', () => {
    const fga05 = { id: 'FGA', key: 'FGA_0.5' };
    expect(keepsMetric(fga05, ['FGA'])).toBe(true);
    expect(keepsMetric(fga05, ['FGA_0.5'])).toBe(true);
    expect(keepsMetric(fga05, ['FGA_1'])).toBe(false);
    expect(keepsMetric(fga05, null)).toBe(true);
    expect(keepsMetric({ id: 'VP', key: 'VP', part: true }, ['GCA'])).toBe(false);
  });

  it('refuses an empty list, unknown ids (naming the known ones) and GCA parts alone', () => {
    const tags = metricTags(config);
    // Every metric's keys (the registry's), then GCA's parts; the shipped ones in this order.
    const keys = tags.map((t) => t.key);
    expect(keys).toEqual([...metricKeys(config), 'VP', 'VR', 'LP', 'LR']);
    const shipped = ['JGA', 'SA', 'AGA', 'IAGA', 'F1', 'RSA', 'FGA_0.5', 'FGA_1', 'GCA', 'VP', 'VR', 'LP', 'LR'];
    expect(only(keys, shipped)).toEqual(shipped);
    expect(() => checkMetricSubset(tags, [])).toThrow('no metric given');
    expect(() => checkMetricSubset(tags, ['JGA', 'BLEU'])).toThrow(/^unknown metric "BLEU"; known: JGA, SA, /);
    const known = (() => {
      try {
        checkMetricSubset(tags, ['JGA', 'BLEU']);
      } catch (e) {
        return (e as Error).message.replace(/^.*; known: /, '').split(', ');
      }
    })();
    expect(only(known!, ['JGA', 'SA', 'AGA', 'IAGA', 'F1', 'RSA', 'FGA', 'FGA_0.5', 'FGA_1', 'GCA', 'VP'])).toEqual([
      'JGA',
      'SA',
      'AGA',
      'IAGA',
      'F1',
      'RSA',
      'FGA',
      'FGA_0.5',
      'FGA_1',
      'GCA',
      'VP',
    ]);
    for (const id of METRIC_IDS) expect(known).toContain(id);
    expect(() => checkMetricSubset(tags, ['VP', 'LR'])).toThrow(/VP, LR are shown beside the metrics/);
    expect(() => checkMetricSubset(tags, ['GCA', 'VP', 'FGA_1'])).not.toThrow();
  });

  it('a table keeps its other columns and the kept metrics in its own order', () => {
    const t = scoreTable([corpusRow('mul', ev.corpus)], config, 'sig', { details: true });
    const keys = (w: string[] | null) => subsetTable(t, w).columns.map((c) => c.key);
    expect(keys(null)).toEqual(t.columns.map((c) => c.key));
    expect(keys(['GCA', 'JGA'])).toEqual(['label', 'turns', 'JGA', 'GCA', 'C', 'W', 'M', 'O']);
    expect(keys(['FGA', 'LR'])).toEqual(['label', 'turns', 'FGA_0.5', 'FGA_1', 'LR']);
    // The rows are untouched: the CSV of the subset is the whole CSV's columns.
    const whole = renderCsvTable(t).split('\n');
    const part = renderCsvTable(subsetTable(t, ['GCA'])).split('\n');
    const col = (lines: string[], k: string) => lines[1].split(',')[lines[0].split(',').indexOf(k)];
    expect(col(part, 'GCA')).toBe(col(whole, 'GCA'));
  });

  it('a table that would keep no metric is refused, naming what it has; a table without metric columns is left alone', () => {
    const d = [...dialogueResults(ev, true)][0];
    const turns = turnTable(d.id, d.perTurn!, config, 'sig');
    expect(subsetTable(turns, ['FGA_0.5']).columns.map((c) => c.key)).toEqual(['turn', 'FGA', 'fgaClass', 'gcaDelta']);
    // The per-turn table has the headline metrics (JGA, FGA_0.5, RSA, GCA as shipped).
    const has = HEADLINE.map((m) => (m.variants(config) ? `${m.id}_${m.variants(config)![0]}` : m.id));
    expect(only(has, ['JGA', 'FGA_0.5', 'RSA', 'GCA'])).toEqual(['JGA', 'FGA_0.5', 'RSA', 'GCA']);
    expect(() => subsetTable(turns, ['SA', 'AGA'])).toThrow(
      `none of the chosen metrics (SA, AGA) is in this table; it has ${has.join(', ')}`,
    );
    const plain = { columns: [{ key: 'a', header: 'a', kind: 'label' as const }], rows: [], signature: 's' };
    expect(subsetTable(plain, ['JGA'])).toBe(plain);
  });
});
