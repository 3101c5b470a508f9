// Layer: renderer (React component). The dialogues two runs share, as a
// virtual list fetched page by page (app/paged-rows.ts, components/VirtualRows.tsx): sorted by B − A on a metric (or by the
// turns one run gets right and the other wrong, file order, id, length) and
// filtered at turn level ("A right, B wrong" and the other way round), each
// row with both runs' values of the sort metric and the difference. Long run
// names become A and B here (run-labels.ts); rows keep one line per part,
// cut with an ellipsis, the full text in a tooltip. With three runs and more
// shown, each row also has every run's value (A, B, C, …) of the sort metric;
// a slice of the finder filters the list to the dialogues with a turn in it.

import type { PairFilter, PairSortKey } from '../../../../shared/api';
import { METRIC_IDS } from '../../../../shared/metrics/registry';
import { formatValue } from '../../../../shared/report/tables';
import type { PagedRows } from '../../app/paged-rows';
import { useDebouncedText } from '../../app/use-debounced-text';
import { VirtualRows } from '../../components/VirtualRows';
import { pct } from '../../model/format';
import type { PairQuery } from '../../model/list-query';
import { laneLetter, sideLabels } from './run-labels';
import { idsOf, type PairIds } from './use-pair-list';
import { sliceLabel } from '../../../../shared/analysis/slices';

interface Props {
  rows: PagedRows<'comparePage'>;
  names: [string, string];
  /** The further runs shown side by side (C, D, …): each row shows every run's value of the sort metric. */
  others: readonly string[];
  query: PairQuery;
  selectedId: string | null;
  /** The selected row's index in the list (-1: unknown), scrolled to when scrollRequest grows. */
  selectedIndex: number;
  scrollRequest: number;
  onQuery: (q: PairQuery) => void;
  onSelect: (id: string, ids: PairIds, index: number) => void;
}

const ROW = 46;
/** A row with a line of every run's value (three runs and more). */
const ROW_N = 62;
const DELTA = { key: 'd', header: '', kind: 'delta' as const };

export function PairList({ rows, names, others, query, selectedId, selectedIndex, scrollRequest, onQuery, onSelect }: Props) {
  const [search, setSearch] = useDebouncedText(query.filter.search, (text) =>
    onQuery({ ...query, filter: { ...query.filter, search: text } }),
  );
  const total = rows.total ?? 0;

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
        {query.filter.slice && (
          <span className="pair-slice" data-testid="pair-slice">
            only {sliceLabel(query.filter.slice)}{' '}
            <button
              className="icon-button"
              aria-label="show every slice"
              title="show the dialogues of every slice"
              onClick={() => onQuery({ ...query, filter: { ...query.filter, slice: null } })}
            >
              ✕
            </button>
          </span>
        )}
        <span className="count" data-testid="pair-count">
          {rows.total === null
            ? '…'
            : `${total.toLocaleString('en-US')} of ${(rows.head?.shared ?? 0).toLocaleString('en-US')} shared dialogues`}
        </span>
      </div>
      <VirtualRows
        rows={rows}
        rowHeight={others.length ? ROW_N : ROW}
        overscan={10}
        selectedIndex={selectedIndex}
        scrollRequest={scrollRequest}
        row={(r, index) => (
          <button
            className={`pair-row${r.id === selectedId ? ' selected' : ''}`}
            data-testid="pair-item"
            data-dialogue-id={r.id}
            aria-current={r.id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(r.id, idsOf(r), index)}
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
            {others.length > 0 && (
              <span className="run-vals">
                {[
                  { name: na, v: r.a[m] },
                  { name: nb, v: r.b[m] },
                  ...others.map((name, k) => ({ name, v: r.others?.[k]?.values[m] ?? null })),
                ].map(({ name, v }, k) => (
                  <span
                    key={k}
                    className={`run-val${v === 1 ? ' all' : v === 0 ? ' none' : ''}`}
                    data-testid="row-run"
                    data-run={name}
                    title={`${name}: ${m} ${pct(v)}`}
                  >
                    {laneLetter(k)} {pct(v)}
                  </span>
                ))}
              </span>
            )}
          </button>
        )}
        placeholder={<div className="pair-row placeholder">…</div>}
      />
    </div>
  );
}
