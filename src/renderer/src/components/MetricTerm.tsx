// Layer: renderer (React component). A metric's name on screen (header
// scores, panel totals, TO/NU, GCA's parts) with its tooltip: the full name,
// the one-line definition and a link to the README section that explains it,
// which opens that section in the metric reference (the app is often offline,
// so the README's text ships with it). The tooltip shows on hover and on
// keyboard focus; Enter on a focused name opens the reference.

import { useId, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { metricHelp } from '../model/metric-help';
import { MetricReference } from './MetricReference';

export function MetricTerm({ id, children, side = 'start' }: { id: string; children?: ReactNode; side?: 'start' | 'end' }) {
  const help = metricHelp(id);
  const [open, setOpen] = useState(false);
  const tip = useId();
  if (!help) return <>{children ?? id}</>;
  return (
    <span className={`term term-${side}`} data-term={id}>
      <span
        className="term-name"
        data-roving=""
        tabIndex={-1}
        aria-describedby={tip}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {children ?? id}
      </span>
      <span role="tooltip" id={tip} className="term-tip" data-testid="metric-tooltip">
        <strong>{help.name}.</strong> {help.definition}{' '}
        <a
          href={`docs/reference/metrics.md${help.readme.anchor}`}
          tabIndex={-1}
          onClick={(e) => {
            e.preventDefault();
            setOpen(true);
          }}
        >
          Reference: {help.readme.title} ›
        </a>
      </span>
      {open && createPortal(<MetricReference focus={id} onClose={() => setOpen(false)} />, document.body)}
    </span>
  );
}
