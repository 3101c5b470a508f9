// Layer: renderer (React component). The top bar: the views, this tab's run
// (with the other runs of the workspace to switch to), the run's corpus
// scores (every metric of the registry, percentages with 2 decimals, each
// name with its definition on hover or focus) with a filtered subset's under
// them, their signature, λ/K, and the global actions. Its first Tab stop is the skip link to the dialogue list.

import type { CorpusSummary, RunInfo } from '../../../shared/api';
import type { MetricConfig } from '../../../shared/metrics/config';
import { METRICS } from '../../../shared/metrics/registry';
import { renderSignature } from '../../../shared/metrics/signature';
import { metricValue } from '../../../shared/metrics/values';
import { useRef } from 'react';
import { plural } from '../../../shared/plural';
import { sgdMenuNote } from '../../../shared/presets/sgd-notice';
import { ConfigControls } from '../components/ConfigControls';
import { PresetSelect } from '../components/PresetSelect';
import { LookalikeNotice } from '../components/LookalikeNotice';
import { MetricTerm } from '../components/MetricTerm';
import { SkipLink } from '../components/SkipLink';
import { pct } from '../model/format';
import { FilteredValue, ScoreLineLabels, type FilteredState } from './FilteredScoresRow';
import { useRovingFocus } from './roving';
import type { ViewId } from './views';

interface Props {
  summary: CorpusSummary | null;
  config: MetricConfig | null;
  runs: RunInfo[];
  run: RunInfo | null;
  view: ViewId;
  views: readonly { id: ViewId; label: string; title: string }[];
  onView: (v: ViewId) => void;
  onRun: (id: string) => void;
  onConfig: (c: MetricConfig) => void;
  onOpen: () => void;
  onHelp: () => void;
  /** The value map the server read (appInfo): the preset menu's mwzeval uses it. */
  valueMap?: string;
  /** Opens "which turns flip between two presets" (absent: no run to ask about). */
  onFlips?: () => void;

  /** Copies a link to the current view (L). */
  onCopyLink?: () => void;
  /** The Export menu (components/ExportMenu), shown beside the actions. */
  exportMenu?: React.ReactNode;
  /** A filter is on in the inspect list: its subset's scores, shown under the corpus's (FilteredScoresRow). */
  filtered?: FilteredState | null;
  /** Follow the run's files (reload when one changes); absent: no Watch toggle. */
  onWatch?: (on: boolean) => void;
}

/** What the preset menu adds to an entry on this run: sgd equals exact without the gold's service frames. */
function presetNotes(summary: CorpusSummary): Partial<Record<MetricConfig['preset']['name'], string>> {
  const sgd = sgdMenuNote(summary.carriedTurns ?? 0);
  return sgd ? { sgd } : {};
}

function baseName(p: string): string {
  return p.split(/[\\/]/).pop() ?? p;
}

function runOption(r: RunInfo): string {
  return r.state === 'ready' ? r.label : `${r.label} (${r.state === 'loading' ? 'loading…' : 'failed'})`;
}

export function Header({
  summary,
  config,
  runs,
  run,
  view,
  views,
  onView,
  onRun,
  onConfig,
  onOpen,
  onHelp,
  onFlips,
  valueMap,

  onCopyLink,
  exportMenu,
  filtered,
  onWatch,
}: Props) {
  const scores = useRef<HTMLDListElement>(null);
  useRovingFocus(scores);
  return (
    <header className="app-header">
      <SkipLink />
      <div className="brand">
        <h1>DST Inspector</h1>
        <nav className="views" aria-label="views">
          {views.map((v) => (
            <button
              key={v.id}
              data-testid={`nav-${v.id}`}
              aria-current={v.id === view ? 'page' : undefined}
              className={v.id === view ? 'on' : ''}
              title={v.title}
              onClick={() => onView(v.id)}
            >
              {v.label}
            </button>
          ))}
        </nav>
        {runs.length > 1 ? (
          <label className="run-pick">
            Run{' '}
            <select
              data-testid="run-select"
              aria-label="run shown in this tab"
              value={run?.id ?? ''}
              onChange={(e) => onRun(e.target.value)}
            >
              {runs.map((r) => (
                <option key={r.id} value={r.id}>
                  {runOption(r)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {summary && (
          <span className="corpus" title={summary.file}>
            {summary.isDemo ? 'demo corpus' : (run?.label ?? baseName(summary.file))} · {plural(summary.dialogues, 'dialogue')} ·{' '}
            {plural(summary.turns, 'turn')}
            {summary.hasUtterances && summary.dialoguesFile ? ` · text: ${baseName(summary.dialoguesFile)}` : ''}
          </span>
        )}
      </div>
      {summary && config && (
        <div className="score-block">
          <ScoreLineLabels filtered={filtered ?? null} />
          <dl
            className="corpus-scores"
            aria-label="corpus scores (arrow keys move between them; Enter opens the metric reference)"
            ref={scores}
          >
            {METRICS.map((m) => (
              <div key={m.id}>
                <dt>
                  <MetricTerm id={m.id} />
                </dt>
                <dd data-testid="corpus-metric" data-metric={m.id} data-scope="corpus">
                  {pct(metricValue(summary.scores.values, m.id, config))}
                </dd>
                <FilteredValue metric={m.id} filtered={filtered ?? null} config={config} />
              </div>
            ))}
          </dl>
        </div>
      )}
      {config && <ConfigControls key={`${config.lambdas[0]}|${config.slotCount}`} config={config} onChange={onConfig} />}
      {config && (
        <div className="preset-controls">
          <PresetSelect
            value={config.preset}
            valueMap={valueMap}
            onChange={(preset) => onConfig({ ...config, preset })}
            notes={summary ? presetNotes(summary) : undefined}
          />
          {onFlips && (
            <button
              type="button"
              onClick={onFlips}
              data-testid="flips-button"
              title="The turns whose correctness changes between two presets"
            >
              Compare with preset…
            </button>
          )}
        </div>
      )}
      <div className="actions">
        {exportMenu}
        {onWatch && run && run.source.kind === 'files' && (
          <button
            onClick={() => onWatch(!run.watching)}
            aria-pressed={!!run.watching}
            data-testid="watch-toggle"
            title="Follow a training run: reload this run when its file changes (serve --watch)"
          >
            {run.watching ? 'Watching' : 'Watch'}
          </button>
        )}
        {onCopyLink && (
          <button
            onClick={onCopyLink}
            data-testid="copy-link"
            title="Copy a link to this view: run, dialogue, turn, filter, analysis (L). It carries no token."
          >
            Copy link
          </button>
        )}
        <button onClick={onOpen} title="Open a predictions file (Ctrl/Cmd+O)" data-testid="open-button">
          Open…
        </button>
        <button onClick={onHelp} title="Keyboard shortcuts (?)" aria-label="keyboard shortcuts">
          ?
        </button>
      </div>
      {summary && (
        <p className="signature" data-testid="signature" title="metric signature">
          {renderSignature(summary.signature)}
        </p>
      )}
      {summary?.presetNotice && (
        <p className="metric-warning" role="status" data-testid="preset-notice">
          ⚠ {summary.presetNotice}
        </p>
      )}
      {summary?.slotCountWarning && (
        <p className="metric-warning" role="status" data-testid="slot-count-warning">
          ⚠ {summary.slotCountWarning}
        </p>
      )}
      {summary && summary.warnings.length > 0 && (
        <ul className="warnings" role="status" data-testid="warnings">
          {summary.warnings.slice(0, 3).map((w, i) => (
            <li key={i}>{w}</li>
          ))}
          {summary.warnings.length > 3 && <li>(+{summary.warnings.length - 3} more)</li>}
        </ul>
      )}
      {summary?.lookalikes && <LookalikeNotice report={summary.lookalikes} />}
    </header>
  );
}
