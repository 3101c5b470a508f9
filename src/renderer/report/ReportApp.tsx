// Layer: renderer (React). The HTML report's read-only dialogue viewer: a list
// of the chosen dialogues, the inspector's dialogue view (the same turn cards
// and chips) and its metric panel (the same totals and per-turn chart), one
// run at a time. Everything it shows is in the page's data block.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReportData } from '../../shared/report/html-report';
import { metricValue } from '../../shared/metrics/values';
import { lambdaKey } from '../../shared/metrics/config';
import { MetricPanel } from '../src/components/MetricPanel';
import { DialogueView } from '../src/views/inspect/DialogueView';
import { pct } from '../src/model/format';
import type { TurnViewMode } from '../src/model/turn-view';

export function ReportApp({ data }: { data: ReportData }) {
  const [runIndex, setRunIndex] = useState(0);
  const [position, setPosition] = useState(0);
  const [turn, setTurn] = useState(0);
  const [hoverTurn, setHoverTurn] = useState<number | null>(null);
  const [mode, setMode] = useState<TurnViewMode>('full');
  const [focusRequest, setFocusRequest] = useState(0);
  const run = data.runs[runIndex];
  const dialogues = run.dialogues;
  const detail = dialogues[position] ?? null;
  const lk = lambdaKey(data.config.lambdas[0]);

  const select = useCallback(
    (p: number) => {
      setPosition(Math.max(0, Math.min(dialogues.length - 1, p)));
      setTurn(0);
      setHoverTurn(null);
    },
    [dialogues.length],
  );
  const selectTurn = useCallback((i: number) => {
    setTurn(i);
    setFocusRequest((n) => n + 1);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || (e.target as HTMLElement | null)?.closest?.('input, select, textarea')) return;
      const turns = detail?.perTurn?.length ?? 0;
      if (e.key === 'j' || e.key === 'ArrowDown') select(position + 1);
      else if (e.key === 'k' || e.key === 'ArrowUp') select(position - 1);
      else if (e.key === 'ArrowRight' && turns) selectTurn(Math.min(turns - 1, turn + 1));
      else if (e.key === 'ArrowLeft' && turns) selectTurn(Math.max(0, turn - 1));
      else if (e.key === 'c') setMode((m) => (m === 'full' ? 'changes' : 'full'));
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [detail, position, turn, select, selectTurn]);

  const rows = useMemo(
    () =>
      dialogues.map((d) => ({
        id: d.id,
        turns: d.turns,
        jga: metricValue(d.values, 'JGA', lk),
        gca: metricValue(d.values, 'GCA', lk),
      })),
    [dialogues, lk],
  );

  return (
    <div className="report-viewer">
      {data.runs.length > 1 && (
        <div className="report-runs" role="tablist" aria-label="runs">
          {data.runs.map((r, k) => (
            <button
              key={k}
              role="tab"
              aria-selected={k === runIndex}
              className={k === runIndex ? 'on' : ''}
              data-testid="report-run"
              title={r.file}
              onClick={() => setRunIndex(k)}
            >
              {r.name}
            </button>
          ))}
        </div>
      )}
      <div className="workspace report-workspace">
        <nav className="report-list" aria-label="dialogues">
          <div className="list-head">
            <span data-testid="list-count">{rows.length}</span> dialogues · JGA · GCA
          </div>
          <ol>
            {rows.map((r, p) => (
              <li key={r.id}>
                <button
                  className={p === position ? 'sel' : ''}
                  aria-current={p === position ? 'true' : undefined}
                  data-testid="report-dialogue"
                  data-id={r.id}
                  onClick={() => select(p)}
                >
                  <span className="id">{r.id}</span>
                  <span className="n">{r.turns}</span>
                  <span className="v">{pct(r.jga)}</span>
                  <span className="v">{pct(r.gca)}</span>
                </button>
              </li>
            ))}
          </ol>
        </nav>
        <div className="centre">
          <DialogueView
            detail={detail}
            error={null}
            turn={turn}
            hoverTurn={hoverTurn}
            mode={mode}
            focusRequest={focusRequest}
            showRaw={false}
            onMode={setMode}
            onTurn={selectTurn}
            onHover={setHoverTurn}
          />
        </div>
        <MetricPanel detail={detail} config={data.config} turn={turn} hoverTurn={hoverTurn} onHover={setHoverTurn} onTurn={selectTurn} />
      </div>
      <p className="report-signature">
        Signature of every number in this view: <code>{run.signature}</code>
      </p>
    </div>
  );
}
