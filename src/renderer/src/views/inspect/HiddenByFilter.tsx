// Layer: renderer (React component). The inspect view's notice when the
// dialogue shown is not in the dialogue list as it is filtered now (the
// search, domain or "has mistakes" hide it: a flip link, a suspect or a link
// opened it, or the filter changed after it was picked): says so and offers to
// clear the filter. Whether it is hidden is the engine's answer
// (dialogueIndexOf), asked only while the row is not among the loaded ones.

import type { ApiArgs } from '../../../../shared/api';
import { describeFilter } from '../../../../shared/analysis/search-query';
import { useApiQuery } from '../../app/queries';
import { apiFilter, type ListFilter } from '../../model/list-query';

interface Props {
  /** The dialogue list's arguments (dialoguePage without its window). */
  args: Omit<ApiArgs<'dialogueIndexOf'>, 'id'>;
  filter: ListFilter;
  /** The dialogue shown (null: none). */
  id: string | null;
  /** Its place among the list's loaded rows (-1: not among them). */
  index: number;
  /** The list has come (its total is known). */
  listReady: boolean;
  onClear: () => void;
}

/** The notice's text: which dialogue, and which filter hides it. */
export function hiddenByFilterText(id: string, filter: ListFilter): string {
  const what = describeFilter(filter);
  return `${id} is hidden by the filter${what ? ` (${what})` : ''}`;
}

export function HiddenByFilter({ args, filter, id, index, listReady, onClear }: Props) {
  const on = Object.keys(apiFilter(filter)).length > 0;
  const place = useApiQuery('dialogueIndexOf', id && on && index < 0 && listReady ? { ...args, id } : null).data;
  if (!id || !on || index >= 0 || place?.index !== -1) return null;
  return (
    <p className="hidden-by-filter" role="status" data-testid="hidden-by-filter">
      {hiddenByFilterText(id, apiFilter(filter))} ·{' '}
      <button type="button" className="link" data-testid="clear-filter" onClick={onClear}>
        Clear filter
      </button>
    </p>
  );
}
