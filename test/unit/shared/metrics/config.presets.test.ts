// The preset as a MetricConfig field: the config's own lists of preset names,
// scorers and backends equal the preset code's (config.ts writes them out so
// as not to import matcher code), every preset's parts are expressible, and
// the signature names the preset — nothing for the default, exact.
import { describe, expect, it } from 'vitest';
import { defaultConfig, MATCH_BACKENDS, MATCH_SCORERS, PRESET_IDS } from '../../../../src/shared/metrics/config';
import { metricConfigSchema } from '../../../../src/shared/metrics/config-schema';
import { makeSignature, renderSignature } from '../../../../src/shared/metrics/signature';
import { FUZZ_BACKENDS, FUZZ_SCORERS } from '../../../../src/shared/matching/fuzz';
import { PRESET_NAMES, PRESETS } from '../../../../src/shared/presets/parts';
import { isDefaultPreset, partsOfPreset, presetLabel } from '../../../../src/shared/presets/config-parts';

describe('the preset field of the config', () => {
  it('names the presets, scorers and backends the preset code has', () => {
    expect([...PRESET_IDS]).toEqual([...PRESET_NAMES]);
    expect([...MATCH_SCORERS]).toEqual([...FUZZ_SCORERS]);
    expect([...MATCH_BACKENDS]).toEqual([...FUZZ_BACKENDS]);
  });

  it("every preset's own matcher is a valid matcher override", () => {
    for (const name of PRESET_NAMES) {
      const c = defaultConfig({ preset: { name, matcher: PRESETS[name].parts.matcher } });
      expect(metricConfigSchema.safeParse(c).success, name).toBe(true);
      expect(partsOfPreset(c.preset)).toEqual(PRESETS[name].parts);
    }
  });

  it('a matcher set apart replaces only the matcher', () => {
    const matcher = { kind: 'fuzzy', scorer: 'ratio', threshold: 80, backend: 'difflib' } as const;
    expect(partsOfPreset({ name: 'mwzeval', matcher })).toEqual({ ...PRESETS.mwzeval.parts, matcher });
  });

  it('the default writes nothing in the signature; every other preset is named', () => {
    const plain = renderSignature(makeSignature(defaultConfig()));
    expect(plain).not.toContain('preset=');
    expect(isDefaultPreset(defaultConfig().preset)).toBe(true);
    const mwz = renderSignature(makeSignature(defaultConfig({ preset: { name: 'mwzeval' } })));
    expect(mwz).toContain('preset=mwzeval(map=none)');
    expect(mwz).toContain('none=value');
    expect(mwz).not.toContain('none=inactive');
    const full = renderSignature(makeSignature(defaultConfig({ preset: { name: 'mwzeval', valueMap: 'abcd1234' } }), { presetFull: true }));
    expect(full).toContain('preset=mwzeval(norm=mwzeval,map=abcd1234 match=partial_ratio>95,backend=levenshtein');
    const fuzzyExact = defaultConfig({
      preset: { name: 'exact', matcher: { kind: 'fuzzy', scorer: 'ratio', threshold: 90, backend: 'levenshtein' } },
    });
    expect(renderSignature(makeSignature(fuzzyExact))).toContain('preset=exact(match=ratio>90,backend=levenshtein)');
    expect(presetLabel(fuzzyExact.preset)).toBe('exact(match=ratio>90,backend=levenshtein)');
  });
});
