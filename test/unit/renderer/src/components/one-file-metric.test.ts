// "Adding a metric is one file", in the app: the example metric of
// docs/dev/adding-a-metric.md (DCR, a headline metric) added to the registry
// through its own input shows in the metric panel (its dialogue score, its
// per-turn column and its lane of the per-turn chart) and in the dialogue
// list's rows, with no other file changed. The panel is rendered to static
// markup (react-dom/server): no browser needed. The engine side is checked in
// test/unit/project/one-file-metric.test.ts.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { MetricPanel } from '../../../../../src/renderer/src/components/MetricPanel';
import { TURN_METRICS, turnMetricText } from '../../../../../src/renderer/src/model/format';
import { DialogueRowView } from '../../../../../src/renderer/src/views/inspect/DialogueRowView';
import { loadCorpus } from '../../../../../src/shared/formats/detect';
import { defaultConfig } from '../../../../../src/shared/metrics/config';
import { dialogueDetail } from '../../../../../src/shared/metrics/evaluate';
import { makeSignature } from '../../../../../src/shared/metrics/signature';
import mulText from '../../../../fixtures/paper/mul1110.json?raw';

vi.mock('../../../../../src/shared/metrics/registry', async (importOriginal) => {
  const { registryWithDocMetric } = await import('../../../../helpers/doc-metric');
  return registryWithDocMetric(await importOriginal());
});

const config = defaultConfig();
const corpus = loadCorpus(new TextEncoder().encode(mulText), { file: 'mul1110.json' }).corpus;
const result = dialogueDetail(corpus, 0, config);
const turns = result.perTurn!;
const detail = { ...result, position: 0, signature: makeSignature(config), domains: [] };

/** Every data-metric value of elements with data-testid `testid` in the markup. */
function metricsOf(html: string, testid: string): string[] {
  return [...html.matchAll(new RegExp(`data-testid="${testid}"[^>]*?data-metric="([^"]+)"`, 'g'))].map((m) => m[1]);
}

describe('a metric added as one file in defs/, in the app', () => {
  it('is a per-turn metric of the panel’s table, written as a fraction', () => {
    expect(TURN_METRICS).toContain('DCR');
    const dc = turns.findIndex((t) => t.slots.some((s) => s.gold === 'dontcare'));
    expect(dc).toBeGreaterThanOrEqual(0);
    expect(turnMetricText(turns[dc], 'DCR', config)).toMatch(/^[01]\.\d\d$/);
  });

  it('shows in the metric panel: its dialogue score, a cell per turn, a lane of the chart', () => {
    const html = renderToStaticMarkup(
      createElement(MetricPanel, { detail, config, turn: 0, hoverTurn: null, onHover: () => {}, onTurn: () => {}, resizable: false }),
    );
    expect(metricsOf(html, 'dialogue-metric')).toContain('DCR');
    expect(metricsOf(html, 'turn-metric').filter((m) => m === 'DCR')).toHaveLength(turns.length);
    expect(metricsOf(html, 'chart-bar').filter((m) => m === 'DCR')).toHaveLength(turns.length);
  });

  it('shows in the dialogue list’s rows', () => {
    const row = {
      id: detail.id,
      position: 0,
      turns: turns.length,
      domains: [],
      values: { JGA: 0.5, FGA: 0.5, RSA: 0.5, GCA: 0.5, DCR: 0.25 },
      disagreement: 0,
      mistakes: 1,
    };
    const html = renderToStaticMarkup(
      createElement(DialogueRowView, { row, sortKey: 'position', index: 0, selected: false, onSelect: () => {} }),
    );
    expect(html).toMatch(/data-metric="DCR"[^>]*>.*?25\.00/);
  });
});
