// Layer: renderer (React component). The inspect view: one run, dialogue by
// dialogue, turn by turn — the dialogue list, the dialogue's turns with their
// slot chips, the metric panel and the raw JSON. It owns what is selected
// (list query, dialogue, turn, modes) for its run and revision, and the keys
// that move through them.

import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { metricValue } from '../../../../shared/metrics/values';
import { lambdaKey } from '../../../../shared/metrics/config';
import { ColourGuide } from '../../components/ColourGuide';
import { MetricPanel } from '../../components/MetricPanel';
import { inTextField, storage } from '../../app/dom';
import type { ViewProps } from '../../app/views';
import { errorText, useApiQuery } from '../../app/queries';
import { configKey } from '../../model/config-input';
import { keyAction, step, type KeyAction } from '../../model/keyboard';
import { dismissGuide, guideDismissed, LANDING_DIALOGUE, pickLanding } from '../../model/landing';
import { apiFilter, DEFAULT_QUERY, queryKey, type ListQuery } from '../../model/list-query';
import { PageCache } from '../../model/page-cache';
import type { TurnViewMode } from '../../model/turn-view';
import { DialogueList } from './DialogueList';
import { DialogueView } from './DialogueView';
import { RawView } from './RawView';
import { takeInspectTarget } from '../../app/inspect-target';


interface Selection {
  /** run@revision the selection was made in. */
  data: string;
  id: string;
  /** Index in the list under `key`; -1 when unknown. */
  index: number;
  key: string;
}

export function InspectView({ api, run, config, summary, modalOpen, onNotice, onListFilter }: ViewProps) {
  const rev = run.revision;
  const ref = useMemo(() => ({ run: run.id, rev }), [run.id, rev]);
  const dataKey = `${run.id}@${rev}`;
  // Another view (analysis) may have asked to show a dialogue and turn, or a search.
  const [target] = useState(takeInspectTarget);
  const [query, setQuery] = useState<ListQuery>(() => (target?.search || target?.domain ? { ...DEFAULT_QUERY, filter: { search: target.search, domain: target.domain } } : DEFAULT_QUERY));
  const cacheKey = `${dataKey}|${configKey(config)}|${queryKey(query)}`;
  const cache = useMemo(() => new PageCache(cacheKey), [cacheKey]);
  const [, setPageTick] = useState(0);
  const onPage = useCallback(() => setPageTick((t) => t + 1), []);

  const [sel, setSel] = useState<Selection | null>(() => (target?.dialogue ? { data: dataKey, id: target.dialogue, index: -1, key: '' } : null));
  const [firstPick, setFirstPick] = useState<{ data: string; id: string } | null>(null);
  const selectedId = sel?.data === dataKey ? sel.id : summary?.landing ?? (firstPick?.data === dataKey ? firstPick.id : null);
  const selIndex = selectedId ? (sel && sel.key === cache.key && sel.id === selectedId ? sel.index : cache.indexOf(selectedId)) : -1;
  const [scrollRequest, setScrollRequest] = useState(0);

  const detailQuery = useApiQuery(api, 'dialogueDetail', selectedId ? { ...ref, config, id: selectedId } : null, { keepPrevious: true });
  const detail = detailQuery.data && selectedId ? detailQuery.data : null;
  const detailError = detailQuery.error ? errorText(detailQuery.error) : null;
  const turns = detail?.perTurn ?? [];
  const [turnSel, setTurnSel] = useState<{ id: string | null; turn: number }>({ id: target?.dialogue ?? null, turn: target?.position ?? 0 });
  const turn = detail && turnSel.id === detail.id ? Math.min(turnSel.turn, Math.max(0, turns.length - 1)) : 0;
  const [hoverTurn, setHoverTurn] = useState<number | null>(null);
  const [focusRequest, setFocusRequest] = useState(target?.dialogue ? 1 : 0);
  const [mode, setMode] = useState<TurnViewMode>('full');
  const [showRaw, setShowRaw] = useState(false);
  const [guideChoice, setGuide] = useState<boolean | null>(null);
  const guide = guideChoice ?? (!!summary?.isDemo && !guideDismissed(storage()));
  const searchRef = useRef<HTMLInputElement>(null);
  const landed = useRef('');

  const select = useCallback(
    (id: string, index: number) => {
      setSel({ data: dataKey, id, index, key: cacheKey });
      setHoverTurn(null);
    },
    [dataKey, cacheKey],
  );

  // First selection of a newly loaded revision: the demo lands on MUL1110 (the
  // GCA paper's figure 6, named by summary.landing), any other file on the
  // first dialogue of the list.
  useEffect(() => {
    if (!summary || summary.landing || landed.current === dataKey) return;
    landed.current = dataKey;
    const filter = summary.isDemo ? { search: LANDING_DIALOGUE } : apiFilter(query.filter);
    const sort = summary.isDemo ? { key: 'position', descending: false } : query.sort;
    api.call('dialoguePage', { ...ref, config, offset: 0, limit: 20, sort, filter }).then(
      (p) => {
        const id = summary.isDemo ? pickLanding(p.rows.map((r) => r.id)) : (p.rows[0]?.id ?? null);
        if (id) setFirstPick({ data: dataKey, id });
      },
      () => undefined,
    );
  }, [api, summary, config, dataKey, ref, query]);

  const moveDialogue = useCallback(
    (delta: number) => {
      const total = cache.total ?? 0;
      const next = step(selIndex, delta, total);
      if (next < 0 || next === selIndex) return;
      const row = cache.row(next);
      if (row) {
        select(row.id, next);
        setScrollRequest((r) => r + 1);
        return;
      }
      api.call('dialoguePage', { ...ref, config, offset: next, limit: 1, sort: query.sort, filter: apiFilter(query.filter) }).then((p) => {
        if (p.rows[0]) {
          select(p.rows[0].id, next);
          setScrollRequest((r) => r + 1);
        }
      }, (e: unknown) => onNotice(errorText(e)));
    },
    [api, cache, config, query, selIndex, select, ref, onNotice],
  );

  const selectTurn = useCallback((i: number) => setTurnSel({ id: detail?.id ?? null, turn: i }), [detail]);
  const moveTurn = (delta: number) => {
    const next = step(turn, delta, turns.length);
    if (next < 0) return;
    selectTurn(next);
    setFocusRequest((f) => f + 1);
  };

  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (modalOpen) return; // the dialog handles its own keys
    const action: KeyAction | null = keyAction({ key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey, inTextField: inTextField(e.target) });
    if (!action || action === 'open' || action === 'help') return; // the shell's
    if (action === 'close') {
      if (inTextField(e.target) && e.target instanceof HTMLElement) e.target.blur();
      return;
    }
    e.preventDefault();
    switch (action) {
      case 'next-turn':
        return moveTurn(1);
      case 'prev-turn':
        return moveTurn(-1);
      case 'next-dialogue':
        return moveDialogue(1);
      case 'prev-dialogue':
        return moveDialogue(-1);
      case 'focus-search':
        searchRef.current?.focus();
        searchRef.current?.select();
        return;
      case 'toggle-view':
        return setMode((m) => (m === 'full' ? 'changes' : 'full'));
      case 'toggle-raw':
        return setShowRaw((r) => !r);
    }
  });
  useEffect(() => {
    const h = (e: KeyboardEvent) => onKey(e);
    window.addEventListener('keydown', h);
    return () => window.removeEventListener('keydown', h);
  }, []);

  // The header shows the filtered subset's scores while the list is filtered.
  const filterKey = JSON.stringify(apiFilter(query.filter));
  useEffect(() => onListFilter?.(JSON.parse(filterKey)), [filterKey, onListFilter]);
  useEffect(() => () => onListFilter?.(null), [onListFilter]);

  const dismiss = () => {
    dismissGuide(storage());
    setGuide(false);
  };
  const lk = lambdaKey(config.lambdas[0]);

  return (
    <div className={`workspace${showRaw ? ' with-raw' : ''}`}>
      <DialogueList
        api={api}
        runRef={ref}
        config={config}
        cache={cache}
        query={query}
        domains={summary?.domains ?? []}
        selectedId={selectedId}
        selectedIndex={selIndex}
        scrollRequest={scrollRequest}
        searchRef={searchRef}
        onQuery={setQuery}
        onSelect={select}
        onPage={onPage}
      />
      <div className="centre">
        {guide && (
          <ColourGuide
            onDismiss={dismiss}
            landing={detail && detail.id === summary?.landing ? { fga: metricValue(detail.values, 'FGA', lk) ?? 0, gca: metricValue(detail.values, 'GCA') ?? 0, lambda: lk } : undefined}
          />
        )}
        <DialogueView
          detail={detail}
          error={detailError}
          turn={turn}
          hoverTurn={hoverTurn}
          mode={mode}
          focusRequest={focusRequest}
          showRaw={showRaw}
          onMode={setMode}
          onToggleRaw={() => setShowRaw((r) => !r)}
          onGuide={() => setGuide(true)}
          onTurn={selectTurn}
          onHover={setHoverTurn}
        />
      </div>
      <MetricPanel detail={detail} config={config} turn={turn} hoverTurn={hoverTurn} onHover={setHoverTurn} onTurn={selectTurn} />
      {showRaw && <RawView api={api} runRef={ref} id={selectedId} position={turn} turnIndex={turns[turn]?.turn} onClose={() => setShowRaw(false)} />}
    </div>
  );
}
