// Layer: renderer (React component). The left pane: sort and filter controls
// and the virtualised list of dialogues, fetched lazily page by page. In the
// search field Enter opens the first match, ↓ moves into the list and Esc
// gives the focus back to where it was before. Under the GCA and |FGA − GCA|
// sorts the list says that dialogues without changes come last, and why.
// "Confident but wrong" (sort key confidentWrong, search term
// confident-wrong:T) needs confidences: without them the sort option is
// disabled and says why.

import { useMemo, useRef, type RefObject } from 'react';
import type { SortKey } from '../../../../shared/api';
import { useConfig } from '../../app/app-context';
import type { PagedRows } from '../../app/paged-rows';
import { useDebouncedText } from '../../app/use-debounced-text';
import { VirtualRows } from '../../components/VirtualRows';
import { defaultDescending, dialogueListArgs, LIST_SORT_KEYS, sortLabel, type ListQuery } from '../../model/list-query';
import { plural } from '../../../../shared/plural';
import { NO_CHANGE_KEYS } from '../../../../shared/metrics/values';
import { LIST_SEARCH_ID } from '../../components/SkipLink';
import { DialogueRowView } from './DialogueRowView';
import { describeFilter, readSearch, SearchSyntaxError } from '../../../../shared/analysis/search-query';

interface Props {
  /** The run and revision the list reads. */
  runRef: { run: string; rev: number };
  rows: PagedRows<'dialoguePage'>;
  query: ListQuery;
  domains: string[];
  /** The confidence column the "confident but wrong" sort and filter use; null when the run carries no confidences. */
  confidenceColumn: string | null;
  selectedId: string | null;
  selectedIndex: number;
  scrollRequest: number;
  searchRef: RefObject<HTMLInputElement | null>;
  onQuery: (q: ListQuery) => void;
  onSelect: (id: string, index: number) => void;
}

const ROW_HEIGHT = 52;

/** Focuses the list row at `index` once it is on screen (it may still be loading). */
/** Focuses the row at `index` once it is drawn (and, given `id`, once it shows that dialogue: the list may still show the rows of the query before). */
function focusRow(index: number, id?: string, tries = 120): void {
  const el = document.getElementById(`row-${index}`);
  if (el && (id === undefined || el.dataset.dialogueId === id)) el.focus();
  else if (tries > 0) requestAnimationFrame(() => focusRow(index, id, tries - 1));
}

export function DialogueList({
  runRef,
  rows,
  query,
  domains,
  confidenceColumn,
  selectedId,
  selectedIndex,
  scrollRequest,
  searchRef,
  onQuery,
  onSelect,
}: Props) {
  const config = useConfig();
  const [search, setSearch] = useDebouncedText(
    query.filter.search ?? '',
    (text) => onQuery({ ...query, filter: { ...query.filter, search: text } }),
    // A search that cannot be read (an unclosed quote) is not sent: the box says what is wrong, the list keeps the last one.
    (text) => readSearch(text) instanceof SearchSyntaxError,
  );
  const searchError = useMemo(() => {
    const r = readSearch(search);
    return r instanceof SearchSyntaxError ? r : null;
  }, [search]);
  const total = rows.total ?? 0;
  /** Dialogues without changes in the current list (every page of a list says the same). */
  const noChanges = rows.head?.noChanges ?? 0;
  /** Where the focus was before the search field took it (Esc gives it back). */
  const returnFocus = useRef<HTMLElement | null>(null);

  /** Enter in the search field: search now (no debounce) and open the first match. */
  const openFirstMatch = () => {
    if (searchError) return;
    const q = { ...query, filter: { ...query.filter, search } };
    if ((query.filter.search ?? '') !== search) onQuery(q);
    rows.fetchRow(0, dialogueListArgs(runRef, config, q)).then(
      (row) => {
        if (!row) return;
        onSelect(row.id, 0);
        focusRow(0, row.id);
      },
      () => undefined,
    );
  };

  const setSort = (key: SortKey) => onQuery({ ...query, sort: { key, descending: defaultDescending(key) } });

  return (
    <nav className="dialogue-list" aria-label="dialogues">
      <div className="list-tools">
        <input
          ref={searchRef}
          id={LIST_SEARCH_ID}
          type="search"
          className="search"
          placeholder="/ Search: id, text, value, missed:slot…"
          title="Search by dialogue id, utterance text, slot or value; missed:slot, wrong:slot, … (the help, ?, lists the grammar). Press / to come here."
          aria-label="search dialogues by id or text (Enter opens the first match, ↓ goes to the list, Esc goes back)"
          value={search}
          aria-invalid={searchError !== null}
          aria-describedby={searchError ? 'search-error' : undefined}
          onChange={(e) => setSearch(e.target.value)}
          onFocus={(e) => {
            const from = e.relatedTarget;
            if (from instanceof HTMLElement && from !== e.currentTarget && !from.classList.contains('skip-link'))
              returnFocus.current = from;
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              openFirstMatch();
            } else if (e.key === 'ArrowDown') {
              e.preventDefault();
              focusRow(selectedIndex >= 0 ? selectedIndex : 0);
            } else if (e.key === 'Escape') {
              // Back to where the focus was (a turn, a row, the panel), or just out of the field.
              e.preventDefault();
              e.stopPropagation();
              const back = returnFocus.current;
              returnFocus.current = null;
              if (back && back.isConnected) back.focus();
              else e.currentTarget.blur();
            }
          }}
        />
        {searchError && (
          <div className="search-error" id="search-error" role="alert" data-testid="search-error" data-at={searchError.at}>
            Search: {searchError.message}.{(query.filter.search ?? '') !== '' && <> The list still shows “{query.filter.search}”.</>}
          </div>
        )}
        <div className="tool-row">
          <label>
            Sort{' '}
            <select
              aria-label="sort dialogues by"
              data-testid="sort-key"
              value={query.sort.key}
              onChange={(e) => setSort(e.target.value as SortKey)}
            >
              {LIST_SORT_KEYS.map((k) =>
                k === 'confidentWrong' ? (
                  <option
                    key={k}
                    value={k}
                    disabled={confidenceColumn === null}
                    title={
                      confidenceColumn === null
                        ? 'needs confidences: this run carries none (CSV confidence columns, JSON Lines "confidence")'
                        : `dialogues by their most confident wrong pair (confidence column ${confidenceColumn}); filter with confident-wrong:0.9`
                    }
                  >
                    {sortLabel(k)}
                    {confidenceColumn === null ? ' (needs confidences)' : ''}
                  </option>
                ) : (
                  <option key={k} value={k}>
                    {sortLabel(k)}
                  </option>
                ),
              )}
            </select>
          </label>
          <button
            className="dir"
            data-testid="sort-direction"
            aria-label={query.sort.descending ? 'descending; switch to ascending' : 'ascending; switch to descending'}
            onClick={() => onQuery({ ...query, sort: { ...query.sort, descending: !query.sort.descending } })}
          >
            {query.sort.descending ? '↓' : '↑'}
          </button>
        </div>
        <div className="tool-row">
          <label>
            Domain{' '}
            <select
              aria-label="filter by domain"
              data-testid="domain-filter"
              value={query.filter.domain ?? ''}
              onChange={(e) => onQuery({ ...query, filter: { ...query.filter, domain: e.target.value || undefined } })}
            >
              <option value="">all</option>
              {domains.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </label>
          <label className="check">
            <input
              type="checkbox"
              data-testid="mistakes-filter"
              checked={!!query.filter.mistakesOnly}
              onChange={(e) => onQuery({ ...query, filter: { ...query.filter, mistakesOnly: e.target.checked } })}
            />{' '}
            has mistakes
          </label>
        </div>
        <div className="list-count" data-testid="list-count" data-count={rows.total ?? undefined} aria-live="polite">
          {rows.total === null ? 'loading…' : plural(total, 'dialogue')}
        </div>
        {rows.total === 0 && (
          <div className="list-note" data-testid="no-match-note">
            No dialogue matches {describeFilter(query.filter) || 'these filters'}. Every word must appear in an id, utterance, slot or
            value; <code>missed:train-leaveat</code> keeps dialogues with a turn where that slot was missed,{' '}
            <code>wrong:"hotel-book stay"</code> quotes a name with a space (more in the help, <kbd>?</kbd>). Clear the field or the filters
            to see every dialogue; the dialogue shown stays until you pick another.
          </div>
        )}
        {NO_CHANGE_KEYS.has(query.sort.key) && noChanges > 0 && (
          <div className="list-note" data-testid="no-changes-note">
            {plural(noChanges, 'dialogue')} without any change {noChanges === 1 ? 'comes' : 'come'} last: GCA is undefined there (shown as
            “no changes”), so {noChanges === 1 ? 'it has' : 'they have'} no place in this order.
          </div>
        )}
      </div>
      <VirtualRows
        rows={rows}
        rowHeight={ROW_HEIGHT}
        overscan={12}
        selectedIndex={selectedIndex}
        scrollRequest={scrollRequest}
        container={(view) => ({
          role: 'listbox',
          'aria-label': 'dialogue list',
          'aria-activedescendant': selectedIndex >= 0 ? `row-${selectedIndex}` : undefined,
          tabIndex: selectedIndex >= 0 && view.drawn(selectedIndex) ? -1 : 0,
          onKeyDown: (e) => {
            if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
            e.preventDefault();
            const next = Math.min(total - 1, Math.max(0, selectedIndex + (e.key === 'ArrowDown' ? 1 : -1)));
            const row = rows.row(next);
            if (row) {
              onSelect(row.id, next);
              view.scrollToIndex(next);
              requestAnimationFrame(() => document.getElementById(`row-${next}`)?.focus());
            }
          },
        })}
        row={(row, index) => (
          <DialogueRowView row={row} sortKey={query.sort.key} index={index} selected={row.id === selectedId} onSelect={onSelect} />
        )}
        placeholder={<div className="row placeholder">…</div>}
      />
    </nav>
  );
}
