// Layer: renderer (React component). The top bar: corpus name, corpus scores
// (percentages, 2 decimals), the metric signature, λ/K, and the actions.

import type { CorpusSummary } from '../../../shared/api';
import type { MetricConfig } from '../../../shared/metrics/config';
import { lambdaKey } from '../../../shared/metrics/config';
import { count, pct } from '../model/format';
import { ConfigControls } from './ConfigControls';

interface Props {
  summary: CorpusSummary | null;
  config: MetricConfig | null;
  showRaw: boolean;
  onConfig: (c: MetricConfig) => void;
  onOpen: () => void;
  onToggleRaw: () => void;
  onHelp: () => void;
  onGuide: () => void;
}

function baseName(p: string): string {
  return p.split(/[\\/]/).pop() ?? p;
}

export function Header({ summary, config, showRaw, onConfig, onOpen, onToggleRaw, onHelp, onGuide }: Props) {
  const lk = config ? lambdaKey(config.lambdas[0]) : '0.5';
  const scores: [string, number | null][] = summary
    ? [
        ['JGA', summary.scores.JGA],
        ['SA', summary.scores.SA],
        ['AGA', summary.scores.AGA],
        ['RSA', summary.scores.RSA],
        ['FGA', summary.scores.FGA[lk] ?? null],
        ['GCA', summary.scores.GCA],
      ]
    : [];
  return (
    <header className="app-header">
      <div className="brand">
        <h1>DST Inspector</h1>
        {summary && (
          <span className="corpus" title={summary.file}>
            {summary.isDemo ? 'demo corpus' : baseName(summary.file)} · {count(summary.dialogues)} dialogues · {count(summary.turns)} turns
            {summary.hasUtterances && summary.dialoguesFile ? ` · text: ${baseName(summary.dialoguesFile)}` : ''}
          </span>
        )}
      </div>
      {summary && (
        <dl className="corpus-scores" aria-label="corpus scores">
          {scores.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd data-testid="corpus-metric" data-metric={k}>
                {pct(v)}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {config && <ConfigControls key={`${config.lambdas[0]}|${config.slotCount}`} config={config} onChange={onConfig} />}
      <div className="actions">
        <button onClick={onOpen} title="Open a predictions file (Ctrl/Cmd+O)" data-testid="open-button">
          Open…
        </button>
        <button onClick={onToggleRaw} aria-pressed={showRaw} title="Raw JSON (r)">
          Raw
        </button>
        <button onClick={onGuide} title="What the colours mean">
          Colours
        </button>
        <button onClick={onHelp} title="Keyboard shortcuts (?)" aria-label="keyboard shortcuts">
          ?
        </button>
      </div>
      {summary && (
        <p className="signature" data-testid="signature" title="metric signature">
          {summary.signature}
        </p>
      )}
      {summary && summary.warnings.length > 0 && (
        <p className="warnings" role="status">
          {summary.warnings.slice(0, 3).join(' · ')}
          {summary.warnings.length > 3 ? ` (+${summary.warnings.length - 3} more)` : ''}
        </p>
      )}
    </header>
  );
}
