// Layer: renderer (React hook). The compare view's pair list and its
// selection: the rows of comparePage for two runs and the list's query
// (usePagedRows) and the selection over them (useListSelection), scoped to
// the pair of runs and revisions; a pair starts on the first row of its list.
// The selection keeps the dialogue's id in run B beside its id in run A.

import type { PairRow } from '../../../../shared/api';
import { useConfig } from '../../app/app-context';
import { usePagedRows } from '../../app/paged-rows';
import { useListSelection } from '../../app/use-list-selection';
import { pairListArgs, type PairQuery } from '../../model/list-query';

/** Pairs per page of the list. */
export const PAIR_PAGE = 100;

const idInB = (r: PairRow): string => r.idB;

type Ref = { run: string; rev: number };

export function usePairList(
  a: Ref | null,
  b: Ref | null,
  query: PairQuery,
  opts: { scope: string; onSelect: () => void; initial?: { id: string; extra: string } | null },
) {
  const config = useConfig();
  const rows = usePagedRows('comparePage', a && b ? pairListArgs(a, b, config, query) : null, { pageSize: PAIR_PAGE });
  const selection = useListSelection(rows, {
    scope: opts.scope,
    extraOf: idInB,
    selectFirst: true,
    onSelect: opts.onSelect,
    initial: opts.initial ?? null,
  });
  return { rows, selection };
}
