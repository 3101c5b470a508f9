// Layer: renderer (React component). The analysis view: the metric papers'
// analyses of this tab's run in two clicks — breakdowns per domain and per
// slot, every metric by turn position, where wrong turns come from, how the
// metrics correlate, and the spurious-trait analysis. Everything is computed
// on the Node side (a worker thread); every chart is a Scene and every table
// a Table carrying its signature. The tabs, their names and tooltips come
// from the analyses registry (src/shared/analysis/defs).

import { useEffect, useState, useSyncExternalStore } from 'react';
import { ANALYSIS_SPECS } from '../../../../shared/analysis/specs';
import type { ViewProps } from '../../app/views';
import { useConfig, useNotify } from '../../app/app-context';
import { requestInspect, type InspectTarget } from '../../app/inspect-target';
import { ViewErrorBoundary } from '../../components/ViewErrorBoundary';
import { BreakdownSection } from './BreakdownSection';
import { CalibrationSection } from './CalibrationSection';
import { CorrelationSection } from './CorrelationSection';
import { OriginSection } from './OriginSection';
import { PositionSection } from './PositionSection';
import {
  remember,
  remembered,
  rememberedOptions,
  rememberOnly,
  rememberedVersion,
  SECTION_KEY,
  subscribeRemembered,
  type SectionProps,
} from './shared';
import { useReportLink, useTakeLink } from '../../app/view-link';
import { TraitsSection } from './TraitsSection';
import './analysis.css';

/** Each analysis's section, by its CLI name; the tabs are the registry's analyses with `tab: true`, in its order. */
const SECTION_OF: Readonly<Record<string, (p: SectionProps) => React.ReactNode>> = {
  breakdown: BreakdownSection,
  position: PositionSection,
  origin: OriginSection,
  correlations: CorrelationSection,
  traits: TraitsSection,
  calibration: CalibrationSection,
};

const SECTIONS = ANALYSIS_SPECS.filter((d) => d.tab && SECTION_OF[d.name]).map((d) => ({
  id: d.name,
  label: d.label,
  title: d.summary,
  component: SECTION_OF[d.name],
}));

export function AnalysisView({ run, runs, onView }: ViewProps) {
  const config = useConfig();
  const notify = useNotify();
  // A link (view-link.tsx) names the analysis and its controls: they are remembered before the section mounts.
  const linked = useTakeLink('analysis')?.state.analysis;
  const [section, setSection] = useState<string>(() => {
    if (linked) {
      rememberOnly(linked.options);
      if (SECTIONS.some((s) => s.id === linked.section)) return remember(SECTION_KEY, linked.section);
    }
    return remembered(SECTION_KEY, SECTIONS[0].id);
  });
  const [unknown] = useState(() => (linked && !SECTIONS.some((s) => s.id === linked.section) ? linked.section : null));
  useEffect(() => {
    if (unknown !== null)
      notify(`The link's analysis "${unknown}" is not one of ${SECTIONS.map((s) => s.id).join(', ')}; showing ${SECTIONS[0].id}.`);
  }, [unknown, notify]);
  useSyncExternalStore(subscribeRemembered, rememberedVersion, rememberedVersion);
  useReportLink('analysis', [run.id], { analysis: { section, options: rememberedOptions() } });
  const inspect = (t: InspectTarget) => {
    requestInspect(t);
    onView?.('inspect');
  };
  const current = SECTIONS.find((s) => s.id === section) ?? SECTIONS[0];
  const Section = current.component;
  return (
    <main className="analysis-view" aria-label="analysis" data-view-root="analysis">
      <nav className="analysis-tabs" aria-label="analyses">
        {SECTIONS.map((s) => (
          <button
            key={s.id}
            data-testid={`analysis-tab-${s.id}`}
            aria-current={s.id === section ? 'page' : undefined}
            className={s.id === section ? 'on' : ''}
            title={s.title}
            onClick={() => setSection(remember(SECTION_KEY, s.id))}
          >
            {s.label}
          </button>
        ))}
        <span className="analysis-run">
          {run.label} · {run.file}
        </span>
      </nav>
      <div className="analysis-body">
        {/* One section failing leaves the others (and their tabs) usable. */}
        <ViewErrorBoundary key={`${current.id}|${run.id}@${run.revision}`} name={`Analysis › ${current.label}`}>
          <Section run={run} runs={runs} config={config} inspect={inspect} />
        </ViewErrorBoundary>
      </div>
    </main>
  );
}
