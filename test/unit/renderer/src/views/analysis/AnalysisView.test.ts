// The analysis view's tabs come from the analyses registry: one per def with
// `tab: true`, in the registry's order, with its CLI name as the tab's id
// (data-testid="analysis-tab-<name>"), its label and its summary as the
// tooltip. Rendered with React to HTML; the API never answers (the sections'
// content is tested in AnalysisView.scale.test.ts and end to end).
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ANALYSES } from '../../../../../../src/shared/analysis/registry';
import type { Api, RunInfo } from '../../../../../../src/shared/api';
import { defaultConfig } from '../../../../../../src/shared/metrics/config';
import type { ViewProps } from '../../../../../../src/renderer/src/app/views';
import { AnalysisView } from '../../../../../../src/renderer/src/views/analysis/AnalysisView';
import { AppContext } from '../../../../../../src/renderer/src/app/app-context';
import { testAppContext } from '../../../../../helpers/renderer/app-context';

const run: RunInfo = {
  id: 'r1',
  label: 'run',
  source: { kind: 'files', predictions: ['run.json'] },
  state: 'ready',
  revision: 1,
  attempts: 1,
  file: 'run.json',
};
const api = { call: () => new Promise(() => {}), onEvent: () => () => {} } as unknown as Api;

describe('AnalysisView', () => {
  it("has a tab per analysis of the registry shown in the app, in the registry's order, named and explained by its def", () => {
    const props = { api, run, runs: [run], config: defaultConfig(), summary: null, modalOpen: false } as unknown as ViewProps;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const html = renderToString(
      createElement(
        QueryClientProvider,
        { client },
        createElement(AppContext.Provider, { value: testAppContext(api, defaultConfig()) }, createElement(AnalysisView, props)),
      ),
    );
    const tabs = [...html.matchAll(/data-testid="analysis-tab-([^"]+)"[^>]*title="([^"]*)"[^>]*>([^<]*)</g)].map((m) => ({
      id: m[1],
      title: m[2].replace(/&#x27;/g, "'"),
      label: m[3],
    }));
    const shown = ANALYSES.filter((d) => d.tab);
    expect(shown.length).toBeGreaterThan(0);
    expect(tabs).toEqual(shown.map((d) => ({ id: d.name, title: d.summary, label: d.label })));
  });
});
