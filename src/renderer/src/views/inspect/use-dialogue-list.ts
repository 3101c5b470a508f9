// Layer: renderer (React hook). The inspect view's dialogue list and its
// selection: the rows of dialoguePage for the list's query (usePagedRows) and
// the selection over them (useListSelection), scoped to the run's revision.
// Before anything is picked the view shows a landing dialogue: the demo's
// (MUL1110, the GCA paper's figure 6, named by summary.landing, or found by
// its id in a demo without one), else the first row of the list once it came.

import type { CorpusSummary } from '../../../../shared/api';
import { useCallback } from 'react';
import { useApi, useConfig } from '../../app/app-context';
import { usePagedRows } from '../../app/paged-rows';
import { useApiQuery } from '../../app/queries';
import { useListSelection } from '../../app/use-list-selection';
import { LANDING_DIALOGUE, pickLanding } from '../../model/landing';
import { dialogueListArgs, type ListQuery } from '../../model/list-query';

/** Dialogues per page of the list. */
export const DIALOGUE_PAGE = 200;

const noExtra = (): undefined => undefined;

export function useDialogueList(
  ref: { run: string; rev: number },
  query: ListQuery,
  summary: CorpusSummary | null,
  opts: { initial: string | null; onSelect: () => void },
) {
  const config = useConfig();
  const api = useApi();
  const args = dialogueListArgs(ref, config, query);
  const rows = usePagedRows('dialoguePage', args, { pageSize: DIALOGUE_PAGE });
  // A dialogue selected from outside the list (a flip link, a suspect, a link) whose page is not loaded: where it is in the list.
  const argsKey = JSON.stringify(args);
  const locate = useCallback(
    async (id: string) => (await api.call('dialogueIndexOf', { ...(JSON.parse(argsKey) as typeof args), id })).index,
    // argsKey stands for args (a new object each render).
    [api, argsKey],
  );
  // A demo without a named landing dialogue: MUL1110 found by its id, whatever prefix the demo gives it.
  const demoLanding = !!summary?.isDemo && !summary.landing;
  const demo = useApiQuery(
    'dialoguePage',
    demoLanding
      ? { ...ref, config, offset: 0, limit: 20, sort: { key: 'position', descending: false }, filter: { search: LANDING_DIALOGUE } }
      : null,
  ).data;
  const selection = useListSelection(rows, {
    scope: `${ref.run}@${ref.rev}`,
    extraOf: noExtra,
    fallback: summary?.landing ?? (demoLanding && demo ? pickLanding(demo.rows.map((r) => r.id)) : null),
    selectFirst: !!summary && !summary.landing && !summary.isDemo,
    initial: opts.initial ? { id: opts.initial, extra: undefined } : null,
    onSelect: opts.onSelect,
    locate,
  });
  return { rows, selection };
}
