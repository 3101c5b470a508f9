// Layer: renderer (React). The views the shell can show, in tab order. Each
// lives in its own folder under views/, gets the same props, and has a
// stable nav hook [data-testid="nav-<id>"]. A new view is one entry here.

import type { ComponentType } from 'react';
import type { Api, CorpusSummary, RunInfo } from '../../../shared/api';
import type { MetricConfig } from '../../../shared/metrics/config';
import { InspectView } from '../views/inspect/InspectView';
import { AnalysisView } from '../views/analysis/AnalysisView';
import type { ListFilter } from '../model/list-query';

export interface ViewProps {
  api: Api;
  /** This tab's run (ready: it has data). */
  run: RunInfo;
  /** Every run of the workspace. */
  runs: RunInfo[];
  config: MetricConfig;
  /** The run's corpus summary under `config`, once it has arrived. */
  summary: CorpusSummary | null;
  /** A dialog is open: it handles its own keys. */
  modalOpen: boolean;
  onNotice: (text: string) => void;
  /** Makes another run this tab's run. */
  onRun: (id: string) => void;
  /** Asks for a file to open as a new run (to compare). */
  onAddRun: () => void;
  /** Shows another view (the inspector's "Open in playground"). */
  onView?: (id: ViewId) => void;
  /** The inspect list's filter changed (null: no list shown); the header shows the filtered subset's scores. */
  onListFilter?: (filter: ListFilter | null) => void;
}

export interface ViewEntry {
  id: string;
  label: string;
  title: string;
  component: ComponentType<ViewProps>;
}

export const VIEWS: readonly ViewEntry[] = [
  { id: 'inspect', label: 'Inspect', title: 'one run, dialogue by dialogue, turn by turn', component: InspectView },
  { id: 'analysis', label: 'Analysis', title: 'breakdowns per domain and slot, turn position, error origin, correlations, spurious traits', component: AnalysisView },
];

export type ViewId = string;
