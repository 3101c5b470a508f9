// Layer: renderer (React). The views the shell can show, in tab order. Each
// lives in its own folder under views/, gets the same props, and has a
// stable nav hook [data-testid="nav-<id>"]. A new view is one entry here.

import type { ComponentType } from 'react';
import type { CorpusSummary, RunInfo } from '../../../shared/api';
import { InspectView } from '../views/inspect/InspectView';
import { PlaygroundView } from '../views/playground/PlaygroundView';
import { CompareView } from '../views/compare/CompareView';
import { AnalysisView } from '../views/analysis/AnalysisView';
import type { ListFilter } from '../model/list-query';

export type { NoticeKind } from './app-context';

/** A view's props; the Api, the metric config and the notice line come from the app's context (useApi, useConfig, useNotify). */
export interface ViewProps {
  /** This tab's run (ready: it has data). */
  run: RunInfo;
  /** Every run of the workspace. */
  runs: RunInfo[];
  /** The run's corpus summary under `config`, once it has arrived. */
  summary: CorpusSummary | null;
  /** A dialog is open: it handles its own keys. */
  modalOpen: boolean;
  /** Makes another run this tab's run. */
  onRun: (id: string) => void;
  /** Asks for a file to open as a new run (to compare). */
  onAddRun: () => void;
  /** Shows another view (the inspector's "Open in playground"). */
  onView?: (id: ViewId) => void;
  /** The inspect list's filter changed (null: no list shown); the header shows the filtered subset's scores. */
  onListFilter?: (filter: ListFilter | null) => void;
}

/** What a view that shows without a ready run gets (the playground): the same, with the run when there is one. */
export interface AnyRunViewProps extends Omit<ViewProps, 'run'> {
  run: RunInfo | null;
}

interface ViewMeta {
  id: string;
  label: string;
  title: string;
  /** The view shows every run: a run added while it is shown does not become this tab's run. */
  keepsRunOnAdd?: boolean;
}

/** A view; `needsRun: false` shows it even when no run is open or ready. */
export type ViewEntry = ViewMeta &
  ({ needsRun?: true; component: ComponentType<ViewProps> } | { needsRun: false; component: ComponentType<AnyRunViewProps> });

export const VIEWS: readonly ViewEntry[] = [
  { id: 'inspect', label: 'Inspect', title: 'one run, dialogue by dialogue, turn by turn', component: InspectView },
  {
    id: 'compare',
    label: 'Compare',
    title: 'runs against a baseline: deltas, intervals, significance; two runs side by side',
    component: CompareView,
    keepsRunOnAdd: true,
  },
  {
    id: 'analysis',
    label: 'Analysis',
    title: 'breakdowns per domain and slot, turn position, error origin, correlations, spurious traits',
    component: AnalysisView,
  },
  {
    id: 'playground',
    label: 'Playground',
    title: 'write a dialogue and watch every metric react as you type',
    component: PlaygroundView,
    needsRun: false,
  },
];

export type ViewId = string;
