// Tests of the renderer's number formatting (model/format.ts) against the
// engine's per-turn records and the paper fixture's expected values.
import { describe, expect, it } from 'vitest';
import { count, frac, gcaDeltaText, pct, turnMetricText, turnMetricValue } from '../../../../../src/renderer/src/model/format';
import { defaultConfig } from '../../../../../src/shared/metrics/config';
import { mul1110, MUL1110_EXPECTED } from '../../../../helpers/engine-fixture';

describe('format', () => {
  it('writes percentages with two decimals, and a dash for missing values', () => {
    expect(pct(0.3142857142857143)).toBe('31.43');
    expect(pct(0.4884370342004702)).toBe('48.84');
    expect(pct(1)).toBe('100.00');
    expect(pct(0)).toBe('0.00');
    expect(pct(null)).toBe('—');
    expect(pct(Number.NaN)).toBe('—');
    expect(frac(0.3934693402873666)).toBe('0.39');
    expect(frac(undefined)).toBe('—');
    expect(count(1234567)).toBe('1,234,567');
  });

  it("shows each MUL1110 turn's JGA, FGA (λ = 0.5), RSA and running GCA as the fixture expects", () => {
    const config = defaultConfig({ slotCount: 30 });
    const turns = mul1110(config);
    expect(turns).toHaveLength(MUL1110_EXPECTED.per_turn.length);
    turns.forEach((t, i) => {
      const e = MUL1110_EXPECTED.per_turn[i];
      expect(turnMetricText(t, 'JGA', config)).toBe(String(e.jga));
      expect(turnMetricText(t, 'FGA', config)).toBe(e['fga_0.5'].toFixed(2));
      expect(turnMetricText(t, 'RSA', config)).toBe(e.rsa.toFixed(2));
      expect(turnMetricText(t, 'GCA', config)).toBe(e.gca_running.toFixed(2));
    });
  });

  it('follows λ: the FGA column uses the config’s first λ', () => {
    const config = defaultConfig({ slotCount: 30, lambdas: [1] });
    const turns = mul1110(config);
    expect(turnMetricValue(turns[3], 'FGA', config)).toBeCloseTo(MUL1110_EXPECTED.per_turn[3]['fga_1.0'], 12);
  });

  it("writes GCA's per-turn counts", () => {
    const turns = mul1110();
    expect(gcaDeltaText(turns[0])).toBe('+1C');
    expect(gcaDeltaText(turns[1])).toBe('·');
    expect(gcaDeltaText(turns[4])).toBe('+1W +1M');
  });
});
