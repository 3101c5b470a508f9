// Layer: renderer (React component). The analysis view: the metric papers'
// analyses of this tab's run in two clicks — breakdowns per domain and per
// slot, every metric by turn position, where wrong turns come from, how the
// metrics correlate, and the spurious-trait analysis. Everything is computed
// on the Node side (a worker thread); every chart is a Scene and every table
// a Table carrying its signature.

import { useState } from 'react';
import type { ViewProps } from '../../app/views';
import { useConfig } from '../../app/app-context';
import { requestInspect, type InspectTarget } from '../../app/inspect-target';
import { ViewErrorBoundary } from '../../components/ViewErrorBoundary';
import { BreakdownSection } from './BreakdownSection';
import { CorrelationSection } from './CorrelationSection';
import { OriginSection } from './OriginSection';
import { PositionSection } from './PositionSection';
import { remember, remembered, type SectionProps } from './shared';
import { TraitsSection } from './TraitsSection';
import './analysis.css';

const SECTIONS: { id: string; label: string; title: string; component: (p: SectionProps) => React.ReactNode }[] = [
  {
    id: 'breakdown',
    label: 'Breakdowns',
    title: 'every metric per domain; counts, P/R/F1 and confusions per slot',
    component: BreakdownSection,
  },
  {
    id: 'position',
    label: 'Turn position',
    title: 'every metric by turn index or dialogue length, with bootstrap bands',
    component: PositionSection,
  },
  {
    id: 'origin',
    label: 'Error origin',
    title: 'fresh (type-1) vs carried (type-2) wrong turns, and their root causes',
    component: OriginSection,
  },
  {
    id: 'correlations',
    label: 'Correlations',
    title: 'Pearson and Spearman matrices of the metrics, per turn or per dialogue',
    component: CorrelationSection,
  },
  { id: 'traits', label: 'Spurious traits', title: "TO and NU against FGA and GCA (the GCA paper's Figure 4)", component: TraitsSection },
];

export function AnalysisView({ run, runs, onView }: ViewProps) {
  const config = useConfig();
  const [section, setSection] = useState<string>(() => remembered('analysis.section', 'breakdown'));
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
            onClick={() => setSection(remember('analysis.section', s.id))}
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
