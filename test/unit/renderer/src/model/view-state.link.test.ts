// Tests of src/renderer/src/model/view-state.ts's link half: the compare
// view's state goes into a link and comes back, the finder's slice filter
// ("where do runs differ most", a row clicked) included.
import { describe, expect, it } from 'vitest';
import { decodeLink, encodeLink } from '../../../../../src/shared/link';
import {
  COMPARE_DEFAULTS,
  compareLinkOf,
  compareStateOfLink,
  type CompareViewState,
} from '../../../../../src/renderer/src/model/view-state';

describe('compare view state in a link', () => {
  const ready = [{ id: 'r1' }, { id: 'r2' }];
  const withFilter = (slice: CompareViewState['pairQuery']['filter']['slice']): CompareViewState => ({
    ...COMPARE_DEFAULTS,
    baseline: 'r1',
    pairQuery: { ...COMPARE_DEFAULTS.pairQuery, filter: { turns: 'a-right-b-wrong', search: 'taxi', slice } },
  });
  const trip = (s: CompareViewState) => {
    const fragment = encodeLink({ view: 'compare', runs: [], compare: compareLinkOf(s, ['r1', 'r2'], ['r1', 'r2'], null) });
    const back = decodeLink(fragment);
    expect(back.notices).toEqual([]);
    return { fragment, state: compareStateOfLink({ state: back.state!, runIds: ['r1', 'r2'] }, ready) };
  };

  it('keeps the slice filter, with the turns filter and the search', () => {
    const { fragment, state } = trip(withFilter({ kind: 'domain', key: 'hotel' }));
    expect(fragment).toContain('sl=domain:hotel');
    expect(state.pairQuery.filter).toEqual({ turns: 'a-right-b-wrong', search: 'taxi', slice: { kind: 'domain', key: 'hotel' } });
  });

  it('leaves out a slice cleared (null) or never set', () => {
    for (const slice of [null, undefined]) {
      const { fragment, state } = trip(withFilter(slice));
      expect(fragment).not.toContain('sl=');
      expect(state.pairQuery.filter.slice).toBeUndefined();
    }
  });
});
