// Layer: renderer (React component). The metric reference: every metric's
// one-line definition (the registry's, plus TO, NU and GCA's parts) and the
// sections of docs/reference/metrics.md they come from, shipped with the app (that file is bundled
// at build time), opened from a metric's tooltip at that metric.

import { useEffect, useRef } from 'react';
import reference from '../../../../docs/reference/metrics.md?raw';
import { METRIC_HELP, readmeSection } from '../model/metric-help';
import { MarkdownText } from './MarkdownText';
import { Modal } from './Modal';

export function MetricReference({ focus, onClose }: { focus: string; onClose: () => void }) {
  const target = useRef<HTMLElement>(null);
  useEffect(() => {
    target.current?.scrollIntoView({ block: 'start' });
  }, []);
  const anchor = METRIC_HELP.find((h) => h.id === focus)?.readme.anchor;
  const sections = [...new Set(METRIC_HELP.map((h) => h.readme.anchor))];
  return (
    <Modal title="Metric reference" onClose={onClose} testId="metric-reference">
      <div className="metric-reference">
        <dl className="glossary">
          {METRIC_HELP.map((h) => (
            <div key={h.id} className={h.id === focus ? 'focus' : ''} data-glossary={h.id}>
              <dt>
                {h.id === 'no-changes' ? 'no changes' : h.id} <span className="muted">{h.name}</span>
              </dt>
              <dd>
                {h.definition}{' '}
                <span className="muted">
                  (Reference: {h.readme.title}
                  {h.spec ? `; metrics contract §${h.spec}` : ''})
                </span>
              </dd>
            </div>
          ))}
        </dl>
        {sections.map((a) => {
          const s = readmeSection(reference, a);
          if (!s) return null;
          return (
            <section key={a} ref={a === anchor ? target : undefined} className="readme-section" data-readme={a}>
              <h3>Reference: {s.heading}</h3>
              <MarkdownText text={s.body} />
            </section>
          );
        })}
      </div>
    </Modal>
  );
}
