// Tests of the first-run landing (model/landing.ts) and of the list query
// and λ/K input helpers.
import { describe, expect, it } from 'vitest';
import { dismissGuide, guideDismissed, pickLanding, type KeyValueStore } from '../../../../../src/renderer/src/model/landing';
import {
  apiFilter,
  LIST_SORT_KEYS,
  dialogueListArgs,
  DEFAULT_QUERY,
  sortLabel,
  type ListQuery,
} from '../../../../../src/renderer/src/model/list-query';
import { listId } from '../../../../../src/renderer/src/app/query-keys';
import { configKey, parseLambda, parseSlotCount, withControls } from '../../../../../src/renderer/src/model/config-input';
import { metricSortKey, SORT_KEYS } from '../../../../../src/shared/api';
import { defaultConfig } from '../../../../../src/shared/metrics/config';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('landing', () => {
  it('remembers that the colour guide was dismissed', () => {
    const s = memoryStore();
    expect(guideDismissed(s)).toBe(false);
    dismissGuide(s);
    expect(guideDismissed(s)).toBe(true);
    expect(guideDismissed(null)).toBe(false);
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(guideDismissed(broken)).toBe(false);
    expect(() => dismissGuide(broken)).not.toThrow();
  });

  it('finds MUL1110 whatever prefix or suffix the demo gives it', () => {
    expect(pickLanding(['paper:sng0779/SNG0779.json', 'paper:mul1110/MUL1110.json', 'MUL1110x.json'])).toBe('paper:mul1110/MUL1110.json');
    expect(pickLanding(['MUL1110.json'])).toBe('MUL1110.json');
    expect(pickLanding(['mul1110'])).toBe('mul1110');
    expect(pickLanding(['SNG0779.json'])).toBeNull();
  });
});

describe('list query', () => {
  it('offers exactly the API’s sort keys, each with a label', () => {
    expect([...LIST_SORT_KEYS]).toEqual([...SORT_KEYS]);
    for (const k of SORT_KEYS) expect(sortLabel(k)).toBeTruthy();
    expect(sortLabel('disagreement')).toBe('|FGA − GCA|');
    expect(SORT_KEYS).toEqual(expect.arrayContaining(['IAGA', 'F1']));
  });

  it('drops empty filter fields and trims the search', () => {
    expect(apiFilter({ domain: '', mistakesOnly: false, search: '   ' })).toEqual({});
    expect(apiFilter({ domain: 'hotel', mistakesOnly: true, search: ' MUL ' })).toEqual({
      domain: 'hotel',
      mistakesOnly: true,
      search: 'MUL',
    });
    // The list's name (its cache key) ignores what the filter drops, and changes with the sort.
    expect(queryKey(DEFAULT_QUERY)).toBe(queryKey({ ...DEFAULT_QUERY, filter: { search: ' ' } }));
    expect(queryKey(DEFAULT_QUERY)).not.toBe(queryKey({ ...DEFAULT_QUERY, sort: { key: metricSortKey('GCA'), descending: false } }));
  });
});

/** The dialogue list's name for a query (app/query-keys.ts listId over model/list-query.ts dialogueListArgs). */
function queryKey(q: ListQuery): string {
  return listId('dialoguePage', dialogueListArgs({ run: 'r', rev: 1 }, defaultConfig(), q));
}

describe('λ and K inputs', () => {
  it('parses valid values and explains invalid ones', () => {
    expect(parseLambda('0.25')).toBe(0.25);
    expect(parseLambda('')).toMatch(/number/);
    expect(parseLambda('-1')).toMatch(/between/);
    expect(parseSlotCount('30')).toBe(30);
    expect(parseSlotCount('2.5')).toMatch(/whole/);
    expect(parseSlotCount('0')).toMatch(/between/);
  });

  it('replaces the first λ and K, and changes the config key', () => {
    const base = defaultConfig();
    const c = withControls(base, 1, 37);
    expect(c.lambdas[0]).toBe(1);
    expect(c.slotCount).toBe(37);
    expect(configKey(c)).not.toBe(configKey(base));
  });
});
