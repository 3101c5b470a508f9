// TO and NU (spec section 9) and the paper's trait analysis pipeline.
import { describe, expect, it } from 'vitest';
import { nonUniformity, tailOrientedness } from '../../../../src/shared/metrics/traits';
import { analyseTraits } from '../../../../src/shared/metrics/traits-analysis';
import { pearson, zScores } from '../../../../src/shared/metrics/stats';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { dialogueResults, evaluate } from '../../../../src/shared/metrics/evaluate';
import { metricNumber } from '../../../../src/shared/metrics/values';
import { FIXTURES, loadFile } from '../../../helpers/fixtures';
import { join } from 'node:path';

describe('TO and NU', () => {
  it('follow the paper: TO = (E_t − (n−1)/2)/n, NU = Σ|m_t − E_m|/E_m', () => {
    // MUL1110: mistakes in turns 2 (one) and 4 (two), n = 7 → E_t = 10/3.
    const m = [0, 0, 1, 0, 2, 0, 0];
    expect(tailOrientedness(m)).toBeCloseTo((10 / 3 - 3) / 7, 15);
    expect(nonUniformity(m)).toBeCloseTo(10, 12);
  });
  it('are undefined without mistakes (paper) or 0 (notebook); the notebook passes n+1 to TO', () => {
    expect(tailOrientedness([0, 0])).toBeNull();
    expect(nonUniformity([0, 0])).toBeNull();
    expect(tailOrientedness([0, 0], 'notebook')).toBe(0);
    expect(tailOrientedness([1, 0, 0], 'notebook')).toBeCloseTo((0 - 3 / 2) / 4, 15);
  });
  it('mistakes all at the end give the largest TO; evenly spread mistakes give NU 0', () => {
    expect(tailOrientedness([0, 0, 0, 3])!).toBeGreaterThan(tailOrientedness([3, 0, 0, 0])!);
    expect(nonUniformity([2, 2, 2, 2])).toBe(0);
  });
});

describe('trait analysis', () => {
  it('drops perfect dialogues, filters by z-scored disagreement, and correlates on what is kept', () => {
    const ev = evaluate(loadFile(join(FIXTURES, 'random', 'random-7.json')), defaultConfig());
    const rows = [...dialogueResults(ev)].map((d) => ({
      FGA: metricNumber(d.values, 'FGA', '0.5'),
      GCA: metricNumber(d.values, 'GCA'),
      TO: d.TO,
      NU: d.NU,
    }));
    const a = analyseTraits(rows);
    const usable = rows.filter((r) => !(r.FGA === 1 && r.GCA === 1) && r.TO !== null);
    expect(a.dropped).toBe(rows.length - usable.length);
    const zf = zScores(usable.map((r) => r.FGA));
    const zg = zScores(usable.map((r) => r.GCA));
    const kept = usable.filter((_, i) => Math.abs(zf[i] - zg[i]) >= 0.1);
    expect(a.kept).toBe(kept.length);
    expect(a.kept).toBeGreaterThan(10);
    const nu = a.correlations.find((c) => c.trait === 'NU')!;
    const zn = zScores(usable.map((r) => r.NU as number)).filter((_, i) => Math.abs(zf[i] - zg[i]) >= 0.1);
    expect(nu.withFGA).toBeCloseTo(
      pearson(
        zn,
        zf.filter((_, i) => Math.abs(zf[i] - zg[i]) >= 0.1),
      )!,
      12,
    );
    expect(nu.difference!.lower).toBeLessThan(nu.difference!.upper);
  });
});
