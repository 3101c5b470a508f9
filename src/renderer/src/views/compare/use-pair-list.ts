// Layer: renderer (React hook). The compare view's pair list and its
// selection: the rows of comparePage for two runs and the list's query
// (usePagedRows) and the selection over them (useListSelection), scoped to
// the pair of runs and revisions; a pair starts on the first row of its list.
// The selection keeps the dialogue's ids in run B and in the further runs
// shown beside its id in run A.

import type { PairRow } from '../../../../shared/api';
import { useConfig } from '../../app/app-context';
import { usePagedRows } from '../../app/paged-rows';
import { useListSelection } from '../../app/use-list-selection';
import { pairListArgs, type PairQuery } from '../../model/list-query';

/** Pairs per page of the list. */
export const PAIR_PAGE = 100;

/** A selected dialogue's ids in run B and in the further runs shown (null: the run lacks it). */
export interface PairIds {
  b: string;
  others: (string | null)[];
}

export const idsOf = (r: PairRow): PairIds => ({ b: r.idB, others: (r.others ?? []).map((o) => o?.id ?? null) });

type Ref = { run: string; rev: number };

export function usePairList(
  a: Ref | null,
  b: Ref | null,
  query: PairQuery,
  opts: { scope: string; onSelect: () => void; others?: readonly Ref[]; initial?: { id: string; extra: PairIds } | null },
) {
  const config = useConfig();
  const rows = usePagedRows('comparePage', a && b ? pairListArgs(a, b, config, query, opts.others) : null, { pageSize: PAIR_PAGE });
  const selection = useListSelection(rows, {
    scope: opts.scope,
    extraOf: idsOf,
    selectFirst: true,
    onSelect: opts.onSelect,
    initial: opts.initial ?? null,
  });
  return { rows, selection };
}
