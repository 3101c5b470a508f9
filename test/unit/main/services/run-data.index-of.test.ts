// RunData.indexOf (src/main/services/run-data.ts), the answer of the
// dialogueIndexOf call: a dialogue's place in the sorted, filtered list equals
// where the pages put it, for every dialogue under several sorts and a filter;
// a dialogue the filter hides, or an unknown id, is -1; under a preset the
// place is the preset view's list's.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { metricSortKey, type SortKey } from '../../../../src/shared/api';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { Workspace } from '../../../../src/main/services/workspace';
import type { RunData } from '../../../../src/main/services/run-data';
import { fileSource } from '../../../../src/shared/source';
import { FIXTURES } from '../../../helpers/fixtures';

const PRED = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');

type Sort = { key: SortKey; descending: boolean };

function ids(store: RunData, config: ReturnType<typeof defaultConfig>, sort: Sort, filter = {}): string[] {
  return store.page({ run: 'r1', rev: 1, config, offset: 0, limit: 1000, sort, filter }).rows.map((r) => r.id);
}

describe('RunData.indexOf: a dialogue’s place in the list', () => {
  let store: RunData;
  beforeAll(async () => {
    const ws = new Workspace({ inline: true });
    const { id } = ws.open(fileSource([PRED]));
    const s = await ws.whenSettled(id);
    store = ws.data(id, s.revision);
  });

  it('equals its place in the pages, for every dialogue, sort and filter; -1 where it is not in the list', () => {
    const sorts: Sort[] = [
      { key: 'position', descending: false },
      { key: metricSortKey('JGA'), descending: true },
      { key: 'disagreement', descending: true },
    ];
    for (const config of [defaultConfig(), defaultConfig({ preset: { name: 'trade' } })])
      for (const sort of sorts)
        for (const filter of [{}, { domain: 'hotel' }, { search: 'taxi' }]) {
          const list = ids(store, config, sort, filter);
          const all = ids(store, config, { key: 'position', descending: false });
          for (const d of all)
            expect(store.indexOf(config, sort, filter, d), `${d} ${sort.key} ${JSON.stringify(filter)}`).toBe(list.indexOf(d));
          if (Object.keys(filter).length > 0) expect(list.length).toBeLessThan(all.length);
        }
    expect(store.indexOf(defaultConfig(), sorts[0], {}, 'no-such-dialogue')).toBe(-1);
  });
});
