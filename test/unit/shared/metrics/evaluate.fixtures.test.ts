// Table-driven: every fixture's corpus, per-dialogue and per-turn values match
// the official implementations' expected.json to 1e-9, and the rounded corpus
// percentages match the official scripts' printed numbers to the last digit.
import { describe, expect, it } from 'vitest';
import { defaultConfig, lambdaKey } from '../../../../src/shared/metrics/config';
import { dialogueResults, evaluate } from '../../../../src/shared/metrics/evaluate';
import { gcaCountsOf, metricValue as mv } from '../../../../src/shared/metrics/values';
import { fixtureCases, LAMBDAS, loadFile } from '../../../helpers/fixtures';
import { percent2 } from '../../../../src/shared/report/round';

const TOL = 1e-9;
const config = defaultConfig({ lambdas: LAMBDAS, slotCount: 30 });
/** Python's str(λ), as the expected files spell it: 0.25, 0.5, 1.0. */
const py = (l: number) => (Number.isInteger(l) ? l.toFixed(1) : String(l));
const fgaKey = (l: number) => `fga_${py(l)}`;

function close(actual: number | null | undefined, expected: number | null | undefined, what: string): void {
  if (expected === null || expected === undefined) {
    expect(actual ?? null, what).toBeNull();
    return;
  }
  expect(actual, what).not.toBeNull();
  expect(Math.abs((actual as number) - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(TOL);
}

/** Metrics whose expected values a fixture carries (the SOM-DST file predates IAGA and F1). */
const carried = (e: Record<string, unknown>, ids: string[]) => ids.filter((m) => m in e);

it("the metric papers' fixtures carry IAGA and F1 (so those checks cannot pass vacuously)", () => {
  for (const c of fixtureCases().filter((f) => f.name !== 'multiwoz-somdst-100'))
    expect(carried(c.expected.corpus, ['IAGA', 'F1']), c.name).toEqual(['IAGA', 'F1']);
});

describe.each(fixtureCases())('fixture $name', ({ file, expected }) => {
  const ev = evaluate(loadFile(file), config);
  const dialogues = [...dialogueResults(ev, true)];

  it('corpus values match to 1e-9', () => {
    const c = ev.corpus.values;
    const e = expected.corpus as Record<string, number>;
    for (const m of carried(e, ['JGA', 'SA', 'AGA', 'IAGA', 'F1', 'RSA', 'GCA', 'VP', 'VR'])) close(mv(c, m), e[m], m);
    for (const l of LAMBDAS) close(mv(c, 'FGA', lambdaKey(l)), e[`FGA_${py(l)}`], `FGA λ=${l}`);
    expect(gcaCountsOf(c)).toEqual(expected.corpus.counts);
  });

  it('rounded corpus percentages match the official printout', () => {
    const r = expected.corpus_rounded_percent;
    const pct = (x: number | null) => Number(percent2(x ?? 0));
    for (const m of carried(r, ['JGA', 'SA', 'AGA', 'IAGA', 'F1', 'RSA', 'GCA'])) expect(pct(mv(ev.corpus.values, m)), m).toBe(r[m]);
    for (const l of LAMBDAS) expect(pct(mv(ev.corpus.values, 'FGA', lambdaKey(l)))).toBe(r[`FGA_${py(l)}`]);
  });

  it('per-dialogue and per-turn values match to 1e-9', () => {
    const ids = Object.keys(expected.dialogues);
    expect(dialogues.map((d) => d.id).sort()).toEqual([...ids].sort());
    for (const d of dialogues) {
      const e = expected.dialogues[d.id];
      expect(d.turns, d.id).toBe(e.turns);
      for (const m of carried(e, ['jga', 'sa', 'aga', 'iaga', 'f1', 'rsa', 'gca']))
        close(mv(d.values, m.toUpperCase()), e[m] as number | null, `${d.id} ${m}`);
      for (const l of LAMBDAS) close(mv(d.values, 'FGA', lambdaKey(l)), e[fgaKey(l)] as number, `${d.id} FGA λ=${l}`);
      expect(gcaCountsOf(d.values), d.id).toEqual(e.counts);
      const turns = d.perTurn ?? [];
      expect(turns.length).toBe(e.per_turn.length);
      turns.forEach((t, k) => {
        const et = e.per_turn[k];
        const w = `${d.id} turn ${et.turn}`;
        expect(String(t.turn), w).toBe(String(et.turn));
        for (const m of carried(et, ['jga', 'sa', 'aga', 'iaga', 'f1', 'rsa']))
          close(mv(t.values, m.toUpperCase()), et[m] as number | null, `${w} ${m}`);
        for (const l of LAMBDAS) close(mv(t.values, 'FGA', lambdaKey(l)), et[fgaKey(l)] as number, `${w} FGA λ=${l}`);
        expect(t.gca, w).toEqual(et.gca_delta);
        close(t.gcaRunning, et.gca_running, `${w} GCA running`);
      });
    }
  });
});
