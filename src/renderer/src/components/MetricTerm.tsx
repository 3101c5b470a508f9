// Layer: renderer (React component). A metric's name on screen (header
// scores, panel totals, TO/NU, GCA's parts) with its tooltip: the full name,
// the one-line definition and a link to the README section that explains it,
// which opens that section in the metric reference (the app is often offline,
// so the README's text ships with it). The tooltip shows on hover and on
// keyboard focus; Enter on a focused name opens the reference. Near a window
// edge it moves inward: shifted left at the right edge (right at the left
// edge), and above the name when there is no room below.

import { useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { metricHelp } from '../model/metric-help';
import { MetricReference } from './MetricReference';

export function MetricTerm({ id, children, side = 'start' }: { id: string; children?: ReactNode; side?: 'start' | 'end' }) {
  const help = metricHelp(id);
  const [open, setOpen] = useState(false);
  const tip = useId();
  const tipRef = useRef<HTMLSpanElement>(null);
  if (!help) return <>{children ?? id}</>;
  return (
    <span
      className={`term term-${side}`}
      data-term={id}
      onMouseEnter={(e) => placeTip(e.currentTarget, tipRef.current, side)}
      onFocus={(e) => placeTip(e.currentTarget, tipRef.current, side)}
    >
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
      <span role="tooltip" id={tip} className="term-tip" data-testid="metric-tooltip" ref={tipRef}>
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

/** Space kept between a tooltip and the window's edge, in CSS pixels. */
const EDGE = 6;

/**
 * Places a term's tooltip inside the window, in window coordinates (fixed, so
 * a scrolling pane such as the metric panel does not clip it either): below
 * the name, from its start (or end) edge by default; shifted inward where it
 * would cross the right or left edge; above the name where it would cross the
 * bottom edge and there is room above. Measured when the tooltip is about to
 * show (hover, focus); its size does not depend on where it is.
 */
function placeTip(term: HTMLElement, tip: HTMLElement | null, side: 'start' | 'end'): void {
  if (!tip) return;
  const r = term.getBoundingClientRect();
  // Measured shown (the :hover / :focus-within rule may not apply yet when the event arrives).
  tip.style.display = 'block';
  const w = tip.offsetWidth;
  const h = tip.offsetHeight;
  tip.style.display = '';
  if (!w || !h) return;
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  const wanted = side === 'start' ? r.left : r.right - w;
  const left = Math.max(EDGE, Math.min(wanted, vw - EDGE - w));
  const above = r.bottom + 2 + h > vh - EDGE && r.top - 2 - h >= EDGE;
  Object.assign(tip.style, {
    position: 'fixed',
    left: `${left}px`,
    right: 'auto',
    top: `${above ? r.top - 2 - h : r.bottom + 2}px`,
    bottom: 'auto',
    margin: '0',
  });
  tip.dataset.placement = `${above ? 'above' : 'below'}${left !== wanted ? ' shifted' : ''}`;
}
