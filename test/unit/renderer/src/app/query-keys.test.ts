// Unit tests of the app's query keys (src/renderer/src/app/query-keys.ts): a
// list's name is stable whatever the order of its arguments' fields, and any
// field of the arguments — the whole MetricConfig included, so a new setting
// too — names another list; page keys fall under their list's and their
// call's prefixes, which is what invalidation relies on.
import { matchQuery, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { allOf, callKey, listId, pageKey, pagesOf } from '../../../../../src/renderer/src/app/query-keys';
import { defaultConfig } from '../../../../../src/shared/metrics/config';

const config = defaultConfig();
const args = { run: 'r', rev: 1, config, sort: { key: 'position' as const, descending: false }, filter: {} };

describe('query keys', () => {
  it('name a list by its call and arguments, whatever the order of their fields', () => {
    const reordered = { filter: {}, sort: { descending: false, key: 'position' as const }, config: { ...config }, rev: 1, run: 'r' };
    expect(listId('dialoguePage', reordered)).toBe(listId('dialoguePage', args));
  });

  it('name another list for another revision, sort, filter or any config field (a new one too)', () => {
    const id = listId('dialoguePage', args);
    expect(listId('dialoguePage', { ...args, rev: 2 })).not.toBe(id);
    expect(listId('dialoguePage', { ...args, sort: { key: 'id', descending: false } })).not.toBe(id);
    expect(listId('dialoguePage', { ...args, filter: { search: 'MUL' } })).not.toBe(id);
    expect(listId('dialoguePage', { ...args, config: { ...config, slotCount: config.slotCount + 1 } })).not.toBe(id);
    const withNewSetting = { ...args, config: { ...config, someFutureSetting: true } as typeof config };
    expect(listId('dialoguePage', withNewSetting)).not.toBe(id);
  });

  it('put pages under their list and their call, and answers under their call', () => {
    const qc = new QueryClient();
    const list = listId('dialoguePage', args);
    const cache = qc.getQueryCache();
    const page = cache.build(qc, { queryKey: pageKey('dialoguePage', list, 3) });
    const other = cache.build(qc, { queryKey: pageKey('dialoguePage', listId('dialoguePage', { ...args, rev: 2 }), 3) });
    const answer = cache.build(qc, { queryKey: callKey('listAnnotations', { run: 'r' }, '1') });
    const suspects = cache.build(qc, { queryKey: pageKey('suspects', listId('suspects', { run: 'r', rev: 1 }), 0) });
    expect(matchQuery({ queryKey: pagesOf('dialoguePage', list) }, page)).toBe(true);
    expect(matchQuery({ queryKey: pagesOf('dialoguePage', list) }, other)).toBe(false);
    expect(matchQuery({ queryKey: allOf('dialoguePage') }, other)).toBe(true);
    expect(matchQuery({ queryKey: allOf('listAnnotations') }, answer)).toBe(true);
    expect(matchQuery({ queryKey: allOf('dialoguePage') }, answer)).toBe(false);
    expect(matchQuery({ queryKey: allOf('suspects') }, suspects)).toBe(true);
  });
});
