// Layer: renderer (React component). The compare view: the runs of the
// workspace against a chosen baseline — a benchmark table with intervals and
// significance (statistics computed on the Node side), the runs as a series
// when they have an x, and 2 to 8 runs side by side (the reference first):
// where they differ most (slices ranked by the spread of a metric), the
// dialogues they share sorted by the difference of a pair and filtered by
// turns one gets right and the other wrong or by a slice, one dialogue's turns
// with every run's classes per slot (one lane per run from three runs on), and
// their per-turn metrics overlaid. Runs are added (Add run…, or a file dropped
// on the window), renamed and removed here.

import { useCallback, useMemo, useState } from 'react';
import type { RunInfo } from '../../../../shared/api';
import { MAX_SEED } from '../../../../shared/analysis/seed';
import { nameSeriesChoices, nameSeriesSubset, readNameSeries } from '../../../../shared/analysis/series';
import { useViewExports } from '../../app/exports';
import type { ViewProps } from '../../app/views';
import { useApi, useConfig, useNotify } from '../../app/app-context';
import { errorText, useApiQuery } from '../../app/queries';
import { useKeyActions } from '../../app/use-key-actions';
import { COMPARE_DEFAULTS, compareLinkOf, compareStateOfLink, type CompareViewState } from '../../model/view-state';
import { useReportLink, useTakeLink } from '../../app/view-link';
import { compareExports } from './compare-exports';
import { PairDialogue } from './PairDialogue';
import { PairList } from './PairList';
import { usePairList } from './use-pair-list';
import { DifferFinder } from './DifferFinder';
import { MAX_SIDE_RUNS } from '../../../../shared/calls/compare-view';
import { RunTable } from './RunTable';
import { SeriesPanel } from './SeriesPanel';
import './compare.css';

function NumberField({
  label,
  value,
  max,
  onChange,
  testId,
}: {
  label: string;
  value: number;
  max: number;
  onChange: (v: number) => void;
  testId: string;
}) {
  const [text, setText] = useState<string | null>(null);
  const bad = text !== null && !(/^[0-9]+$/.test(text.trim()) && Number(text) <= max);
  const commit = () => {
    if (text === null || bad) return;
    setText(null);
    onChange(Number(text));
  };
  return (
    <label>
      {label}{' '}
      <input
        data-testid={testId}
        size={6}
        value={text ?? String(value)}
        aria-invalid={bad}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
    </label>
  );
}

export function CompareView({ runs, modalOpen, onAddRun }: ViewProps) {
  const api = useApi();
  const config = useConfig();
  const onNotice = useNotify();
  const ready = useMemo(() => runs.filter((r) => r.state === 'ready'), [runs]);
  // The user's choices, one state object (model/view-state.ts); what follows derives from it and the runs.
  // A link (view-link.tsx) names the compared runs (the baseline first), the pair, the list's query and the settings.
  const linked = useTakeLink('compare');
  const [state, setState] = useState<CompareViewState>(() => (linked ? compareStateOfLink(linked, ready) : COMPARE_DEFAULTS));
  const set = useCallback((patch: Partial<CompareViewState>) => setState((s) => ({ ...s, ...patch })), []);
  const { excluded, stats, common, allowDifferentGold: allowGold, pairQuery: query, turn, onlyDiffering } = state;
  const included = useMemo(() => new Set(ready.filter((r) => !excluded.includes(r.id)).map((r) => r.id)), [ready, excluded]);
  const baseChoice = state.baseline;
  const baseline = baseChoice && included.has(baseChoice) ? baseChoice : (ready.find((r) => included.has(r.id))?.id ?? null);

  // The compared runs: the baseline first, then the others in workspace order.
  const ordered: RunInfo[] = useMemo(
    () => (baseline ? [ready.find((r) => r.id === baseline)!, ...ready.filter((r) => r.id !== baseline && included.has(r.id))] : []),
    [ready, baseline, included],
  );
  const args =
    ordered.length >= 2
      ? {
          runs: ordered.map((r) => ({ run: r.id, rev: r.revision })),
          config,
          ...stats,
          ...(common ? { common } : {}),
          ...(allowGold ? { allowDifferentGold: allowGold } : {}),
        }
      : null;
  // Keyed by the run names too: a rename keeps the revision but changes the table.
  const q = useApiQuery('compareRuns', args, { key: ordered.map((r) => r.label).join('\u0000') });
  const result = q.data && args && q.data.runs.every((r, k) => r.run === args.runs[k]?.run && r.rev === args.runs[k].rev) ? q.data : null;

  // Series x: given on the command line, else the number that differs across the run names (for the runs
  // whose names form a series; the user may choose the number when several differ); edits here win.
  const settings = useApiQuery('compareSettings', {}).data;
  const xEdits = state.series.xs;
  const partChoice = state.series.part ?? undefined;
  const setSeries = (patch: Partial<CompareViewState['series']>) => setState((s) => ({ ...s, series: { ...s.series, ...patch } }));
  const fromNames = useMemo(() => {
    const labels = ordered.map((r) => r.label);
    return {
      subset: nameSeriesSubset(labels, partChoice),
      whole: readNameSeries(labels),
      choices: nameSeriesChoices(labels),
      total: labels.length,
    };
  }, [ordered, partChoice]);
  const xs = useMemo(() => {
    const out: Record<string, number | null> = {};
    const { subset } = fromNames;
    ordered.forEach((r, k) => {
      const i = subset ? subset.runs.indexOf(k) : -1;
      out[r.id] = r.id in xEdits ? xEdits[r.id] : (settings?.seriesX[r.id] ?? (i >= 0 ? subset!.series.xs[i] : null));
    });
    return out;
  }, [ordered, xEdits, settings, fromNames]);
  // The series panel opens by itself when runs have an x, or when their names differ in several numbers (one to choose).
  const offerSeries =
    Object.values(xs).filter((x) => x !== null).length >= 2 ||
    (fromNames.choices !== null && Object.keys(settings?.seriesX ?? {}).length === 0);

  // The Export menu: the benchmark as the CLI's compare writes it (tables, and its JSON shape).
  const exportItems = useMemo(() => compareExports(result, xs), [result, xs]);
  useViewExports(exportItems);
  const showSeries = state.series.shown;

  // The runs side by side: the reference (the baseline) first, then the runs ticked (default: the next
  // run), at most MAX_SIDE_RUNS; the pair list compares B with the reference.
  const shownIds = useMemo(() => {
    if (!baseline) return [];
    const ticked = ordered.filter((r) => r.id !== baseline && state.runs.includes(r.id)).map((r) => r.id);
    const rest = ticked.length ? ticked : ordered.filter((r) => r.id !== baseline).map((r) => r.id);
    return [baseline, ...(ticked.length ? rest : rest.slice(0, 1))].slice(0, MAX_SIDE_RUNS);
  }, [baseline, ordered, state.runs]);
  const pa = baseline;
  const pb = state.pairB && shownIds.includes(state.pairB) && state.pairB !== pa ? state.pairB : (shownIds[1] ?? null);
  const runA = ready.find((r) => r.id === pa);
  const runB = ready.find((r) => r.id === pb);
  const refA = useMemo(() => (runA ? { run: runA.id, rev: runA.revision } : null), [runA]);
  const refB = useMemo(() => (runB ? { run: runB.id, rev: runB.revision } : null), [runB]);
  // The further runs shown (lanes C, D, …), in workspace order.
  const otherRuns = useMemo(
    () => shownIds.filter((id) => id !== pa && id !== pb).map((id) => ready.find((r) => r.id === id)!),
    [shownIds, pa, pb, ready],
  );
  const otherRefs = useMemo(() => otherRuns.map((r) => ({ run: r.id, rev: r.revision })), [otherRuns]);
  const pairKey = [refA, refB, ...otherRefs].map((r) => `${r?.run}@${r?.rev}`).join('|');
  const setTurn = useCallback((t: number | null) => set({ turn: t }), [set]);
  const forgetTurn = useCallback(() => setTurn(null), [setTurn]);
  // A link names the dialogue as runs A and B name it; the further runs are taken to use A's id.
  const linkedDialogue = linked?.state.compare?.dialogue;
  const { rows, selection: list } = usePairList(refA, refB, query, {
    scope: pairKey,
    onSelect: forgetTurn,
    others: otherRefs,
    initial: linkedDialogue
      ? {
          id: linkedDialogue,
          extra: { b: linked?.state.compare?.dialogueB ?? linkedDialogue, others: otherRefs.map(() => linkedDialogue) },
        }
      : null,
  });
  // The selected dialogue: as run A names it, as run B does, and as the further runs do.
  const ids = list.id !== null && list.extra !== null ? { a: list.id, b: list.extra.b } : null;
  const otherIds = list.extra?.others ?? [];
  const showRun = (id: string, on: boolean) => {
    const now = shownIds.slice(1);
    const next = on ? [...now.filter((x) => x !== id), id] : now.filter((x) => x !== id);
    if (next.length === 0 || next.length > MAX_SIDE_RUNS - 1) return;
    set({ runs: next, ...(on ? {} : id === pb ? { pairB: null } : {}) });
  };

  // The address holds the compared runs (the baseline first), the runs side by side as places in that list, and the rest of the state.
  useReportLink(
    'compare',
    ordered.map((r) => r.id),
    {
      compare: compareLinkOf(
        state,
        ordered.map((r) => r.id),
        [pa, pb, ...otherRuns.map((r) => r.id)],
        ids,
      ),
    },
  );

  // After the filter or search changes, the dialogue shown may have left the list: the detail pane says so.
  const search = query.filter.search.trim().toLowerCase();
  const lookUp = ids && list.index < 0 && (query.filter.turns !== 'all' || search || query.filter.slice) ? ids.a : null;
  const found = useApiQuery(
    'comparePage',
    lookUp && refA && refB
      ? {
          a: refA,
          b: refB,
          config,
          offset: 0,
          limit: 1000,
          sort: { key: 'position', metric: 'JGA', descending: false },
          filter: { turns: query.filter.turns, search: lookUp, ...(query.filter.slice ? { slice: query.filter.slice } : {}) },
        }
      : null,
  ).data;
  const outside =
    lookUp !== null && (!lookUp.toLowerCase().includes(search) || (found !== undefined && !found.rows.some((r) => r.id === lookUp)));

  // n / p: next and previous dialogue of the pair list (j / k move through turns in PairDialogue); as in the
  // inspect view, from the selection's row in this list, or from the top when it is not in it.
  useKeyActions((action, e) => {
    if (modalOpen || !refA || !refB || (action !== 'next-dialogue' && action !== 'prev-dialogue')) return;
    e.preventDefault();
    void list.move(action === 'next-dialogue' ? 1 : -1);
  });

  const rename = useCallback(
    (id: string, label: string) => void api.call('renameRun', { run: id, label }).catch((e: unknown) => onNotice(errorText(e))),
    [api, onNotice],
  );
  const remove = useCallback(
    (id: string) => void api.call('closeRun', { run: id }).catch((e: unknown) => onNotice(errorText(e))),
    [api, onNotice],
  );
  const include = (id: string, on: boolean) =>
    setState((s) => ({ ...s, excluded: on ? s.excluded.filter((x) => x !== id) : [...s.excluded.filter((x) => x !== id), id] }));

  const error = q.error ? errorText(q.error) : null;
  const names: [string, string] = [runA?.label ?? 'A', runB?.label ?? 'B'];
  const otherNames = otherRuns.map((r) => r.label);
  return (
    <main className="compare-view" data-testid="compare-view" data-view-root="compare">
      <section className="compare-top" aria-label="runs">
        <div className="compare-tools">
          <h2>Runs</h2>
          <button
            data-testid="add-run"
            className="primary"
            onClick={onAddRun}
            title="Open a predictions file as a new run (or drop one on the window)"
          >
            Add run…
          </button>
          <NumberField
            label="bootstrap B"
            value={stats.bootstrap}
            max={100000}
            testId="stat-bootstrap"
            onChange={(v) => set({ stats: { ...stats, bootstrap: v } })}
          />
          <NumberField
            label="trials R"
            value={stats.trials}
            max={1000000}
            testId="stat-trials"
            onChange={(v) => set({ stats: { ...stats, trials: v } })}
          />
          <NumberField
            label="seed"
            value={stats.seed}
            max={MAX_SEED}
            testId="stat-seed"
            onChange={(v) => set({ stats: { ...stats, seed: v } })}
          />
          <label title="Runs that cover different dialogues or turns are compared on the part every run has (recorded in the signature)">
            <input type="checkbox" data-testid="opt-common" checked={common} onChange={(e) => set({ common: e.target.checked })} /> Common
            part
          </label>
          <label title="Compare runs scored against different gold states (recorded in the signature)">
            <input
              type="checkbox"
              data-testid="opt-gold"
              checked={allowGold}
              onChange={(e) => set({ allowDifferentGold: e.target.checked })}
            />{' '}
            Allow different gold
          </label>
          {q.isFetching && <span className="busy">computing…</span>}
        </div>
        {ready.length < 2 && (
          <p className="hint" data-testid="compare-hint">
            Open a second run to compare: <b>Add run…</b>, drop a predictions file on the window, or start with{' '}
            <code>dst-inspector serve a.json b.json --name A,B</code>.
          </p>
        )}
        {error && (
          <p className="compare-error" role="alert" data-testid="compare-error">
            {error}
          </p>
        )}
        <RunTable
          runs={runs}
          result={result}
          failed={error !== null}
          included={included}
          baseline={baseline}
          onInclude={include}
          onBaseline={(id) => set({ baseline: id })}
          onRename={rename}
          onRemove={remove}
        />
      </section>

      {result && (offerSeries || showSeries) && (showSeries ?? true) ? (
        <SeriesPanel
          result={result}
          xs={xs}
          onX={(run, x) => setState((s) => ({ ...s, series: { ...s.series, xs: { ...s.series.xs, [run]: x } } }))}
          width={1100}
          names={{
            ...fromNames,
            fromCommandLine: Object.keys(settings?.seriesX ?? {}).length > 0,
            choice: partChoice,
            onChoose: (part) => setSeries({ part: part ?? null }),
          }}
        />
      ) : null}
      {result && (
        <p className="series-toggle">
          <button data-testid="toggle-series" onClick={() => setSeries({ shown: !(showSeries ?? offerSeries) })}>
            {(showSeries ?? offerSeries) ? 'Hide the series' : 'Plot the runs as a series…'}
          </button>
        </p>
      )}

      {refA && refB && (
        <section className="pair" aria-label="runs side by side">
          <div className="pair-tools">
            <h2>Side by side</h2>
            <PairRunSelect
              side="a"
              label="Reference"
              hint="The reference run: the first lane, A of the list, and the baseline of the paired tests above"
              runs={ordered}
              value={refA.run}
              onPick={(id) => set({ baseline: id, pairB: pb === id ? pa : pb, runs: shownIds.filter((x) => x !== id) })}
            />
            <PairRunSelect
              side="b"
              label="B"
              hint="Run B of the list, which is sorted by B − A"
              runs={ordered.filter((r) => r.id !== refA.run)}
              value={refB.run}
              onPick={(id) => set({ pairB: id, runs: shownIds.includes(id) ? shownIds.slice(1) : [...shownIds.slice(1), id] })}
            />
            {ordered.length > 2 && (
              <fieldset className="side-runs" data-testid="side-runs">
                <legend>Shown</legend>
                {ordered.map((r) => (
                  <label key={r.id} title={r.label}>
                    <input
                      type="checkbox"
                      data-testid="side-run"
                      data-run={r.label}
                      checked={shownIds.includes(r.id)}
                      disabled={r.id === pa || (!shownIds.includes(r.id) && shownIds.length >= MAX_SIDE_RUNS)}
                      onChange={(e) => showRun(r.id, e.target.checked)}
                    />{' '}
                    <span className="side-run-name">{r.label}</span>
                  </label>
                ))}
              </fieldset>
            )}
          </div>
          <DifferFinder
            runs={[runA!, runB!, ...otherRuns]}
            stats={stats}
            common={common}
            allowDifferentGold={allowGold}
            choice={state.differ}
            onChoice={(differ) => set({ differ })}
            slice={query.filter.slice ?? null}
            onSlice={(slice) => set({ pairQuery: { ...query, filter: { ...query.filter, slice } } })}
          />
          <div className="pair-panes">
            <PairList
              rows={rows}
              names={names}
              others={otherNames}
              query={query}
              selectedId={ids?.a ?? null}
              selectedIndex={list.index}
              scrollRequest={list.scrollRequest}
              onQuery={(q) => set({ pairQuery: q })}
              onSelect={(a, extra, index) => list.select(a, index, extra)}
            />
            <PairDialogue
              a={refA}
              b={refB}
              names={names}
              ids={ids}
              others={otherRuns.map((r, k) => ({ ref: otherRefs[k], name: r.label, id: otherIds[k] ?? null }))}
              outside={outside}
              turn={turn}
              modalOpen={modalOpen}
              onTurn={setTurn}
              onlyDiffering={onlyDiffering}
              onOnlyDiffering={(on) => set({ onlyDiffering: on })}
            />
          </div>
        </section>
      )}
    </main>
  );
}

/** The reference run (A) or run B of the side-by-side view. */
function PairRunSelect({
  side,
  label,
  hint,
  runs,
  value,
  onPick,
}: {
  side: 'a' | 'b';
  label: string;
  hint: string;
  runs: readonly RunInfo[];
  value: string;
  onPick: (id: string) => void;
}) {
  return (
    <label title={hint}>
      {label}{' '}
      <select
        data-testid={`pair-${side}`}
        title={runs.find((r) => r.id === value)?.label}
        value={value}
        onChange={(e) => onPick(e.target.value)}
      >
        {runs.map((r) => (
          <option key={r.id} value={r.id}>
            {r.label}
          </option>
        ))}
      </select>
    </label>
  );
}
