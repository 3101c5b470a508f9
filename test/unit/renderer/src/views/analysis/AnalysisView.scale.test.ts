// Every analysis of the analysis view rendered on a million turns (issue 15:
// the spurious-traits view threw "Maximum call stack size exceeded" on 66k
// dialogues and left a blank window). The seeded synthetic corpus of
// bench/generate.js (1M turns, 132k dialogues) is loaded, the engine the
// analysis worker runs answers each section's own queries (read from the
// query cache after a first render), and the section components the view
// shows — per-domain and per-slot breakdowns, turn position by index and by
// length, error origin, the four correlation matrices, spurious traits — are
// rendered with React to HTML, tables and charts included. Rendering throws
// if any of them throws. The traits chart must count every kept dialogue.
import { createElement, type FunctionComponent } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateText } from '../../../../../../bench/generate.js';
import { AnalysisEngine, type AnalysisKind } from '../../../../../../src/main/services/analysis-engine';
import type { Api, RunInfo } from '../../../../../../src/shared/api';
import { loadCorpus } from '../../../../../../src/shared/formats/detect';
import { defaultConfig } from '../../../../../../src/shared/metrics/config';
import { analyseCorpus } from '../../../../../../src/shared/metrics/turn-stats';
import type { TraitsView } from '../../../../../../src/shared/analysis/traits-points';
import { TRAITS_POINT_LIMIT } from '../../../../../../src/shared/viz/analysis-traits';
import { BreakdownSection } from '../../../../../../src/renderer/src/views/analysis/BreakdownSection';
import { CorrelationSection } from '../../../../../../src/renderer/src/views/analysis/CorrelationSection';
import { OriginSection } from '../../../../../../src/renderer/src/views/analysis/OriginSection';
import { PositionSection } from '../../../../../../src/renderer/src/views/analysis/PositionSection';
import { TraitsSection } from '../../../../../../src/renderer/src/views/analysis/TraitsSection';
import { remember, type SectionProps } from '../../../../../../src/renderer/src/views/analysis/shared';
import { AppContext } from '../../../../../../src/renderer/src/app/app-context';
import { testAppContext } from '../../../../../helpers/renderer/app-context';

const TURNS = 1_000_000;
const config = defaultConfig();
const run: RunInfo = {
  id: 'big',
  label: 'fga-1m',
  source: { kind: 'files', predictions: ['fga-1m.json'] },
  state: 'ready',
  revision: 1,
  attempts: 1,
  file: 'fga-1m.json',
};
const api: Api = {
  call: () => Promise.reject(new Error('the test answers from the engine, not the API')),
  onEvent: () => () => {},
} as unknown as Api;

let engine: AnalysisEngine;
let dialogues = 0;

beforeAll(() => {
  const g = generateText(TURNS, TURNS);
  const corpus = loadCorpus(new TextEncoder().encode(g.text), { file: 'fga-1m.json' }).corpus;
  dialogues = corpus.dialogueIds.length;
  engine = new AnalysisEngine(corpus, analyseCorpus(corpus), {});
}, 240_000);

/** Renders a section: once to learn its queries, then (answered by the engine) with its data; returns the HTML and the answers. */
function render(section: FunctionComponent<SectionProps>): { html: string; answers: unknown[] } {
  const queries = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const props: SectionProps = { run, runs: [run], config, inspect: () => {} };
  const tree = () =>
    createElement(
      QueryClientProvider,
      { client: queries },
      createElement(AppContext.Provider, { value: testAppContext(api, config) }, createElement(section, props)),
    );
  renderToString(tree());
  const answers: unknown[] = [];
  for (const q of queries.getQueryCache().getAll()) {
    const [kind, args] = q.queryKey as [AnalysisKind, { run: string; rev: number } & Record<string, unknown>];
    if (!args) continue;
    const { run: _run, rev: _rev, ...rest } = args;
    const answer = engine.run({ kind, args: rest } as never);
    queries.setQueryData(q.queryKey, answer);
    answers.push(answer);
  }
  expect(answers.length).toBeGreaterThan(0);
  return { html: renderToString(tree()), answers };
}

const count = (html: string, s: string) => html.split(s).length - 1;

// Each analysis takes seconds at this size; on a busy 2-core machine several times more.
describe(`the analysis view on ${TURNS.toLocaleString('en')} turns`, { timeout: 120_000 }, () => {
  it('has the size it claims', () => {
    expect(dialogues).toBeGreaterThan(130_000);
  });

  it.each([
    ['domain', 'breakdown-chart', 5],
    ['slot', 'breakdown-chart', 30],
  ])('breakdown per %s: chart and a row per group', (by, chart, rows) => {
    remember('bd.by', by);
    const { html } = render(BreakdownSection);
    expect(html).toContain(`data-testid="${chart}"`);
    expect(count(html, 'data-testid="breakdown-row"')).toBe(rows);
    remember('bd.by', 'domain');
  });

  it.each(['index', 'length'])('turn position by %s: chart and rows', (by) => {
    remember('pos.by', by);
    const { html } = render(PositionSection);
    expect(html).toContain('data-testid="position-chart"');
    expect(count(html, 'data-testid="position-row"')).toBeGreaterThan(5);
    remember('pos.by', 'index');
  });

  it('error origin: chart, summary and root causes', () => {
    const { html } = render(OriginSection);
    expect(html).toContain('data-testid="origin-chart"');
    expect(count(html, 'data-testid="origin-row"')).toBe(3);
    expect(count(html, 'data-testid="root-turn"')).toBe(50);
  });

  it.each([
    ['turn', 'pearson'],
    ['turn', 'spearman'],
    ['dialogue', 'pearson'],
    ['dialogue', 'spearman'],
  ])('correlations, %s level, %s: heat map and matrix', (level, method) => {
    remember('cor.level', level);
    remember('cor.method', method);
    const { html } = render(CorrelationSection);
    expect(html).toContain('data-testid="correlation-heatmap"');
    expect(count(html, 'data-testid="correlation-row"')).toBeGreaterThanOrEqual(7);
  });

  it('spurious traits: the chart counts every kept dialogue in its density cells, the table has both traits', () => {
    const { html, answers } = render(TraitsSection);
    const t = answers[0] as TraitsView;
    expect(t.points.length).toBeGreaterThan(TRAITS_POINT_LIMIT);
    expect(t.points.length).toBe(t.analysis.kept);
    expect(html).toContain('data-testid="traits-chart"');
    expect(count(html, 'data-testid="traits-row"')).toBe(2);
    // No mark per dialogue; per panel and metric the cells' counts add up to the kept dialogues.
    expect(html).not.toContain('data-dialogue=');
    for (const trait of ['TO', 'NU'])
      for (const metric of ['FGA', 'GCA']) {
        const cells = [...html.matchAll(/<rect[^>]*data-role="density"[^>]*>/g)]
          .map((m) => m[0])
          .filter((r) => r.includes(`data-metric="${metric}"`) && r.includes(`data-trait="${trait}"`));
        const sum = cells.reduce((s, r) => s + Number(/data-count="(\d+)"/.exec(r)![1]), 0);
        expect(sum, `${trait}/${metric}`).toBe(t.analysis.kept);
      }
    expect(html).toContain(`${t.analysis.kept} kept dialogues, more than ${TRAITS_POINT_LIMIT} to draw one by one`);
  });
});
