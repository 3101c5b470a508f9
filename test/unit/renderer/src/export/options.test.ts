// The Export menu's settings (src/renderer/src/export/options.ts): read back
// from the session's storage with anything malformed replaced by its
// default; tables narrowed to the chosen metric columns for LaTeX, Markdown
// and CSV (JSON whole, as the CLI's), with long cells shortened under the
// chosen width; a comparison narrowed exactly as compare --metrics narrows it
// (ids of another configuration passed over); figures with or without their
// signature line.
import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../../../src/shared/analysis/run-comparison';
import { restrictMetrics } from '../../../../../src/shared/analysis/compare-report';
import { defaultConfig } from '../../../../../src/shared/metrics/config';
import { evaluate } from '../../../../../src/shared/metrics/evaluate';
import { corpusRow } from '../../../../../src/shared/report/rows';
import { scoreTable } from '../../../../../src/shared/report/score-table';
import { seriesScene } from '../../../../../src/shared/viz/series-chart';
import { hasSignatureFooter } from '../../../../../src/shared/viz/signature-footer';
import {
  compareForExport,
  DEFAULT_EXPORT_OPTIONS,
  getExportOptions,
  parseOptions,
  sceneForExport,
  setExportOptions,
  tableForExport,
} from '../../../../../src/renderer/src/export/options';
import { exportTableText } from '../../../../../src/renderer/src/export/items';
import { source } from '../../../../helpers/runs';
import mulText from '../../../../fixtures/paper/mul1110.json?raw';
import { loadCorpus } from '../../../../../src/shared/formats/detect';

const config = defaultConfig({ lambdas: [0.5, 1] });
const mul = loadCorpus(new TextEncoder().encode(mulText), { file: 'mul1110.json' }).corpus;
const table = scoreTable(
  [corpusRow('a run with a name far longer than forty characters, as real runs have', evaluate(mul, config).corpus)],
  config,
  'sig',
  {
    details: true,
  },
);

describe('export settings', () => {
  it('read back from storage; malformed parts get their defaults', () => {
    expect(parseOptions(null)).toEqual(DEFAULT_EXPORT_OPTIONS);
    expect(parseOptions('{')).toEqual(DEFAULT_EXPORT_OPTIONS);
    expect(parseOptions('{"metrics":["JGA","GCA"],"maxCell":20,"signature":false}')).toEqual({
      metrics: ['JGA', 'GCA'],
      maxCell: 20,
      signature: false,
    });
    expect(parseOptions('{"metrics":[],"maxCell":-1}')).toEqual(DEFAULT_EXPORT_OPTIONS);
    expect(parseOptions('{"metrics":[1],"maxCell":1.5,"signature":"no"}')).toEqual(DEFAULT_EXPORT_OPTIONS);
    // Without a storage (here: no window) the settings hold for the page.
    setExportOptions({ maxCell: 12 });
    expect(getExportOptions().maxCell).toBe(12);
    setExportOptions(DEFAULT_EXPORT_OPTIONS);
  });

  it('tables: the chosen metric columns in LaTeX, Markdown and CSV; JSON keeps every metric', () => {
    const opts = { metrics: ['GCA', 'FGA_1'], maxCell: 40, signature: true };
    expect(tableForExport(table, 'csv', opts).columns.map((c) => c.key)).toEqual(['label', 'turns', 'FGA_1', 'GCA', 'C', 'W', 'M', 'O']);
    expect(tableForExport(table, 'latex', opts).columns.map((c) => c.key)).toContain('FGA_1');
    expect(tableForExport(table, 'json', opts)).toBe(table);
    expect(tableForExport(table, 'csv', DEFAULT_EXPORT_OPTIONS)).toBe(table);
    expect(() => tableForExport(table, 'csv', { ...opts, metrics: ['BLEU'] })).toThrow(
      /none of the chosen metrics \(BLEU\) is in this table; it has JGA, .*\(Export › Table columns chooses them\)/,
    );
  });

  it('the menu items render under the current settings: columns, and the cell width', () => {
    setExportOptions({ metrics: ['JGA'], maxCell: 20 });
    const md = exportTableText(table, 'markdown');
    expect(md.split('\n')[0]).toBe('| Model | turns | JGA |');
    expect(md).toContain('| a run with a name f… |');
    expect(md).toContain('1 cell longer than 20 characters shortened');
    expect(exportTableText(table, 'csv')).toContain('a run with a name far longer than forty characters, as real runs have');
    setExportOptions({ maxCell: 0 });
    expect(exportTableText(table, 'latex')).toContain('as real runs have');
    setExportOptions(DEFAULT_EXPORT_OPTIONS);
  });

  it('a comparison: as compare --metrics narrows it; ids it has no column for passed over; none at all refused', () => {
    const out = compareRuns([source('A', mul), source('B', mul)], config, { bootstrap: 0, trials: 0, seed: 1 });
    expect(compareForExport(out, DEFAULT_EXPORT_OPTIONS)).toBe(out);
    const chosen = compareForExport(out, { ...DEFAULT_EXPORT_OPTIONS, metrics: ['JGA', 'FGA_0.25', 'GCA', 'VP'] });
    expect(chosen).toEqual(restrictMetrics(out, ['JGA', 'GCA', 'VP']));
    expect(chosen.columns.map((c) => c.key)).toEqual(['JGA', 'GCA']);
    expect(chosen.parts).toEqual(['VP']);
    expect(() => compareForExport(out, { ...DEFAULT_EXPORT_OPTIONS, metrics: ['FGA_0.25', 'VP'] })).toThrow(/none of the chosen metrics/);
  });

  it('figures: the signature line kept, or taken off (the description keeps it)', () => {
    const s = seriesScene([{ key: 'JGA', header: 'JGA', points: [1, 2].map((x) => ({ run: `r${x}`, x, value: 0.5, ci: null })) }], {
      width: 400,
      signature: 'sig',
    });
    expect(sceneForExport(s, DEFAULT_EXPORT_OPTIONS)).toBe(s);
    const bare = sceneForExport(s, { ...DEFAULT_EXPORT_OPTIONS, signature: false });
    expect(hasSignatureFooter(bare)).toBe(false);
    expect(bare.desc).toBe('sig');
  });
});
