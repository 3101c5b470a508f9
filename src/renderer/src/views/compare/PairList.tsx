// Layer: renderer (React component). The dialogues two runs share, as a
// virtual list fetched page by page: sorted by B − A on a metric (or by the
// turns one run gets right and the other wrong, file order, id, length) and
// filtered at turn level ("A right, B wrong" and the other way round), each
// row with both runs' values of the sort metric and the difference. Long run
// names become A and B here (run-labels.ts); rows keep one line per part,
// cut with an ellipsis, the full text in a tooltip.

import { useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Api, PairFilter, PairSortKey } from '../../../../shared/api';
import type { MetricConfig } from '../../../../shared/metrics/config';
import { METRIC_IDS } from '../../../../shared/metrics/registry';
import { formatValue } from '../../../../shared/report/tables';
import { pct } from '../../model/format';
import type { PairCache } from './pair-cache';
import { sideLabels } from './run-labels';

export interface PairQuery {
  sort: { key: PairSortKey; metric: string; descending: boolean };
  filter: { turns: PairFilter; search: string };
}

export const DEFAULT_PAIR_QUERY: PairQuery = {
  sort: { key: 'diff', metric: 'JGA', descending: true },
  filter: { turns: 'all', search: '' },
};

interface Props {
  api: Api;
  a: { run: string; rev: number };
  b: { run: string; rev: number };
  names: [string, string];
  config: MetricConfig;
  cache: PairCache;
  query: PairQuery;
  selectedId: string | null;
  /** The selected row's index in the list (-1: unknown), scrolled to when scrollRequest grows. */
  selectedIndex: number;
  scrollRequest: number;
  onQuery: (q: PairQuery) => void;
  onSelect: (id: string, idB: string, index: number) => void;
}

const ROW = 46;
const DELTA = { key: 'd', header: '', kind: 'delta' as const };

export function PairList({ api, a, b, names, config, cache, query, selectedId, selectedIndex, scrollRequest, onQuery, onSelect }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [, setTick] = useState(0);
  const [search, setSearch] = useState(query.filter.search);
  const total = cache.total ?? 0;
  // The app does not use the React Compiler, so the virtualiser's unmemoisable API is fine here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: total, getScrollElement: () => scrollRef.current, estimateSize: () => ROW, overscan: 10 });
  const items = virtualizer.getVirtualItems();
  const first = items.length ? items[0].index : 0;
  const last = items.length ? items[items.length - 1].index : 0;

  useEffect(() => {
    for (const p of cache.total === null ? cache.missing(0, 0) : cache.missing(first, last)) {
      cache.markLoading(p);
      api
        .call('comparePage', {
          a,
          b,
          config,
          offset: p * cache.pageSize,
          limit: cache.pageSize,
          sort: query.sort,
          filter: { turns: query.filter.turns, search: query.filter.search || undefined },
        })
        .then(
          (page) => {
            cache.put(p, page.rows, page.total, page.shared);
            setTick((t) => t + 1);
          },
          () => cache.failed(p),
        );
    }
  }, [api, a, b, config, cache, query, first, last]);

  useEffect(() => {
    if (scrollRequest > 0 && selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [scrollRequest, selectedIndex, virtualizer]);

  useEffect(() => {
    if (query.filter.search === search) return;
    const t = setTimeout(() => onQuery({ ...query, filter: { ...query.filter, search } }), 200);
    return () => clearTimeout(t);
  }, [search, query, onQuery]);

  const [na, nb] = names;
  // Long run names would widen the sort control and wrap the rows: A and B then (full names in the tooltips).
  const [la, lb] = sideLabels(names);
  const m = query.sort.metric;
  const sortText: Record<PairSortKey, string> = {
    diff: `${nb} − ${na} on ${m}`,
    aOnly: `turns ${na} gets right and ${nb} wrong`,
    bOnly: `turns ${nb} gets right and ${na} wrong`,
    position: 'file order',
    id: 'id',
    turns: 'turns',
  };
  const filterText: Record<PairFilter, string> = {
    all: 'every dialogue',
    'a-right-b-wrong': `a turn ${na} gets right and ${nb} wrong`,
    'b-right-a-wrong': `a turn ${nb} gets right and ${na} wrong`,
    either: 'a turn one gets right, the other wrong',
  };
  return (
    <div className="pair-list" aria-label="dialogues of the two runs">
      <div className="list-tools">
        <label className="pair-sort-row" data-testid="pair-sort-row">
          Sort{' '}
          <select
            data-testid="pair-sort"
            title={`sort by ${sortText[query.sort.key]} (A = ${na}, B = ${nb})`}
            value={query.sort.key}
            onChange={(e) =>
              onQuery({
                ...query,
                sort: {
                  ...query.sort,
                  key: e.target.value as PairSortKey,
                  descending: e.target.value !== 'position' && e.target.value !== 'id',
                },
              })
            }
          >
            <option value="diff" title={sortText.diff}>
              {lb} − {la} on
            </option>
            <option value="aOnly" title={sortText.aOnly}>
              turns {la} right, {lb} wrong
            </option>
            <option value="bOnly" title={sortText.bOnly}>
              turns {lb} right, {la} wrong
            </option>
            <option value="position">file order</option>
            <option value="id">id</option>
            <option value="turns">turns</option>
          </select>{' '}
          <select
            data-testid="pair-metric"
            aria-label="metric"
            value={m}
            onChange={(e) => onQuery({ ...query, sort: { ...query.sort, metric: e.target.value } })}
          >
            {METRIC_IDS.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>{' '}
          <button
            className="icon-button"
            aria-label={query.sort.descending ? 'descending' : 'ascending'}
            title="flip the direction"
            onClick={() => onQuery({ ...query, sort: { ...query.sort, descending: !query.sort.descending } })}
          >
            {query.sort.descending ? '↓' : '↑'}
          </button>
        </label>
        <label className="pair-filter-row">
          Show{' '}
          <select
            data-testid="pair-filter"
            title={`show ${filterText[query.filter.turns]} (A = ${na}, B = ${nb})`}
            value={query.filter.turns}
            onChange={(e) => onQuery({ ...query, filter: { ...query.filter, turns: e.target.value as PairFilter } })}
          >
            <option value="all">every dialogue</option>
            <option value="a-right-b-wrong" title={filterText['a-right-b-wrong']}>
              a turn {la} right, {lb} wrong
            </option>
            <option value="b-right-a-wrong" title={filterText['b-right-a-wrong']}>
              a turn {lb} right, {la} wrong
            </option>
            <option value="either">a turn one gets right, the other wrong</option>
          </select>
        </label>
        <input
          type="search"
          placeholder="search ids"
          aria-label="search dialogue ids"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <span className="count" data-testid="pair-count">
          {cache.total === null
            ? '…'
            : `${total.toLocaleString('en-US')} of ${(cache.shared ?? 0).toLocaleString('en-US')} shared dialogues`}
        </span>
      </div>
      <div className="list-scroll" ref={scrollRef}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((it) => {
            const r = cache.row(it.index);
            return (
              <div
                key={it.key}
                className="row-slot"
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW, transform: `translateY(${it.start}px)` }}
              >
                {r ? (
                  <button
                    className={`pair-row${r.id === selectedId ? ' selected' : ''}`}
                    data-testid="pair-item"
                    data-dialogue-id={r.id}
                    aria-current={r.id === selectedId ? 'true' : undefined}
                    onClick={() => onSelect(r.id, r.idB, it.index)}
                  >
                    <span className="id" title={r.id}>
                      {r.id}
                    </span>
                    <span className="vals">
                      {m}: {pct(r.a[m])} → {pct(r.b[m])}{' '}
                      <span
                        className={`delta ${r.diff !== null && r.diff > 0 ? 'up' : r.diff !== null && r.diff < 0 ? 'down' : ''}`}
                        data-testid="pair-diff"
                      >
                        {formatValue(DELTA, r.diff)}
                      </span>
                    </span>
                    <span
                      className="turn-counts"
                      title={`${r.turns} turns: ${na} gets ${r.aOnly} right that ${nb} gets wrong; ${nb} gets ${r.bOnly} right that ${na} gets wrong`}
                    >
                      {r.turns} turns · {la} only {r.aOnly} · {lb} only {r.bOnly}
                    </span>
                  </button>
                ) : (
                  <div className="pair-row placeholder">…</div>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
