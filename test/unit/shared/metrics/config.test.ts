// The one MetricConfig schema (src/shared/metrics/config-schema.ts, the types and defaults in config.ts): its defaults,
// its checks (the API's, the CLI's and the app's, with what is wrong and the
// value given), and the one key function every cache uses: equal settings in
// any field order give one key, and any setting, present or future, changes it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cacheKey,
  configKey,
  DEFAULT_LAMBDAS,
  DEFAULT_SLOT_COUNT,
  defaultConfig,
  type MetricConfig,
} from '../../../../src/shared/metrics/config';
import { checkConfig, metricConfigSchema } from '../../../../src/shared/metrics/config-schema';
import { metricConfigSchema as apiSchema } from '../../../../src/shared/calls/common';
import { stateLayout } from '../../../../src/shared/metrics/state';

describe('the schema and its defaults', () => {
  it('the default config is valid and has the documented defaults', () => {
    const c = defaultConfig();
    expect(metricConfigSchema.parse(c)).toEqual(c);
    expect(c).toEqual({ lambdas: [0.5], slotCount: 30, traits: 'paper', preset: { name: 'exact' } });
    expect([DEFAULT_LAMBDAS, DEFAULT_SLOT_COUNT]).toEqual([[0.5], 30]);
  });

  it('the API validates with the same schema', () => {
    expect(apiSchema).toBe(metricConfigSchema);
  });

  it('the default λ list is a copy (a caller changing it changes no later default)', () => {
    defaultConfig().lambdas.push(2);
    expect(defaultConfig().lambdas).toEqual([0.5]);
  });

  it.each([
    [{ lambdas: [] }, 'lambdas: at least one FGA λ is needed'],
    [{ lambdas: [0.5, -1] }, 'lambdas.1: FGA λ must be ≥ 0, got -1'],
    [{ lambdas: [Number.NaN] }, 'lambdas.0: FGA λ must be a number, got NaN'],
    [{ lambdas: [1001] }, 'lambdas.0: FGA λ must be at most 1000, got 1001'],
    [{ slotCount: 0 }, 'slotCount: SA slot count K must be a positive integer, got 0'],
    [{ slotCount: 2.5 }, 'slotCount: SA slot count K must be a positive integer, got 2.5'],
  ] as [Partial<MetricConfig>, string][])('checkConfig(%j) says what is wrong', (over, message) => {
    expect(checkConfig(defaultConfig(over))).toBe(message);
  });

  it('the preset is checked by the same schema', () => {
    expect(checkConfig(defaultConfig({ preset: { name: 'nope' } as unknown as MetricConfig['preset'] }))).toMatch(/^preset\.name: /);
    const m = { kind: 'fuzzy', scorer: 'partial_ratio', threshold: 101, backend: 'levenshtein' } as const;
    expect(checkConfig(defaultConfig({ preset: { name: 'exact', matcher: m } }))).toBe(
      'preset.matcher.threshold: a matcher threshold must be at most 100, got 101',
    );
    expect(checkConfig(defaultConfig({ preset: { name: 'mwzeval', valueMap: 'abcd1234' } }))).toBeNull();
  });

  it('checkConfig accepts valid settings', () => {
    expect(checkConfig(defaultConfig({ lambdas: [0, 0.5, 1000], slotCount: 100_000, traits: 'notebook' }))).toBeNull();
  });
});

describe('configKey and cacheKey', () => {
  const config = fc.record({
    lambdas: fc.array(fc.double({ min: 0, max: 1000, noNaN: true }), { minLength: 1, maxLength: 8 }),
    slotCount: fc.integer({ min: 1, max: 100_000 }),
    traits: fc.constantFrom('paper' as const, 'notebook' as const),
    preset: fc.constantFrom<MetricConfig['preset']>(
      { name: 'exact' },
      { name: 'mwzeval' },
      { name: 'mwzeval', valueMap: 'abcd1234' },
      { name: 'exact', matcher: { kind: 'fuzzy', scorer: 'partial_ratio', threshold: 95, backend: 'levenshtein' } },
    ),
  });

  it('equal settings give one key whatever the order of the fields', () => {
    fc.assert(
      fc.property(config, (c) => {
        const reversed = Object.fromEntries(Object.entries(c).reverse()) as MetricConfig;
        expect(configKey(reversed)).toBe(configKey(c));
        expect(cacheKey(reversed, { b: 1, a: 2 })).toBe(cacheKey(c, { a: 2, b: 1 }));
      }),
    );
  });

  it('different settings give different keys', () => {
    fc.assert(
      fc.property(config, config, (a, b) => {
        const same =
          JSON.stringify(a.lambdas) === JSON.stringify(b.lambdas) &&
          a.slotCount === b.slotCount &&
          a.traits === b.traits &&
          JSON.stringify(a.preset) === JSON.stringify(b.preset);
        expect(configKey(a) === configKey(b)).toBe(same);
      }),
    );
  });

  it('a new field (as the presets issue added) changes the key, with no change to the key function', () => {
    const c = defaultConfig();
    const withPreset = { ...c, futureSetting: 'trade' } as unknown as MetricConfig;
    const withMatcher = { ...c, futureMatcher: { kind: 'fuzzy', scorer: 'partial_ratio', above: 95 } } as unknown as MetricConfig;
    const keys = new Set([configKey(c), configKey(withPreset), configKey(withMatcher)]);
    expect(keys.size).toBe(3);
    expect(cacheKey(withPreset, 'x')).not.toBe(cacheKey(c, 'x'));
    // …and nested settings are canonical too.
    const reordered = { ...c, futureMatcher: { above: 95, scorer: 'partial_ratio', kind: 'fuzzy' } } as unknown as MetricConfig;
    expect(configKey(reordered)).toBe(configKey(withMatcher));
  });

  it('the arguments beside the config are part of the key', () => {
    const c = defaultConfig();
    expect(cacheKey(c, { key: 'JGA' })).not.toBe(cacheKey(c, { key: 'FGA' }));
    expect(cacheKey(c, 'a', 'b')).not.toBe(cacheKey(c, 'ab'));
    expect(cacheKey(c, { search: undefined })).toBe(cacheKey(c, {}));
  });

  it('the state layout is cached by the config key', () => {
    const c = defaultConfig();
    expect(stateLayout({ ...c })).toBe(stateLayout(c));
    expect(stateLayout({ ...c, preset: { name: 'trade' } })).not.toBe(stateLayout(c));
  });
});
