// The agreement coefficients' one formatter (src/shared/report/agreement-format.ts),
// used by `corrections agree --format table` and the app's disagreements queue:
// 4 decimals, "undefined" for an undefined coefficient, "—" without an interval;
// the CLI's table writes its numbers through it.
import { describe, expect, it } from 'vitest';
import { AGREEMENT_DECIMALS, agreementInterval, agreementNumber } from '../../../../src/shared/report/agreement-format';
import { agreementTable, type AgreementSummary } from '../../../../src/shared/annotations/annotators-agree';

describe('agreement numbers', () => {
  it('4 decimals, as the CLI has always printed them', () => {
    expect(AGREEMENT_DECIMALS).toBe(4);
    expect(agreementNumber(8 / 13)).toBe('0.6154');
    expect(agreementNumber(-1 / 3)).toBe('-0.3333');
    expect(agreementNumber(1)).toBe('1.0000');
    expect(agreementNumber(null)).toBe('undefined');
    expect(agreementNumber(undefined)).toBe('undefined');
  });

  it('an interval as [lo, hi]; none as —', () => {
    expect(agreementInterval([0.42106, 0.8])).toBe('[0.4211, 0.8000]');
    expect(agreementInterval([null, 1])).toBe('[undefined, 1.0000]');
    expect(agreementInterval(null)).toBe('—');
    expect(agreementInterval(undefined)).toBe('—');
  });

  it('the CLI table writes its coefficients with it', () => {
    const part = {
      cohen_kappa: 8 / 13,
      krippendorff_alpha: null,
      ci: { level: 0.95, bootstrap: 1000, seed: 0, cohen_kappa: [0.1234567, 0.9], krippendorff_alpha: null },
      items_used: { cohen_kappa: 7, krippendorff_alpha: 7 },
      rated_by: { a: 7, b: 7 },
    };
    const text = agreementTable({ annotators: ['a', 'b'], items: 7, decision: part, value: part } as unknown as AgreementSummary);
    expect(text).toMatch(/cohen kappa +0\.6154 +\[0\.1235, 0\.9000\] +7/);
    expect(text).toMatch(/krippendorff alpha +undefined +—/);
  });
});
