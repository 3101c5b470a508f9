// Table-driven: every fixture's corpus, per-dialogue and per-turn values match
// the official implementations' expected.json to 1e-9, and the rounded corpus
// percentages match the official scripts' printed numbers to the last digit.
import { describe, expect, it } from 'vitest';
import { defaultConfig, lambdaKey } from '../../src/shared/metrics/config';
import { dialogueResults, evaluate } from '../../src/shared/metrics/evaluate';
import { fixtureCases, LAMBDAS, loadFile } from '../helpers/fixtures';
import { percent2 } from '../../src/shared/report/round';

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

describe.each(fixtureCases())('fixture $name', ({ file, expected }) => {
  const ev = evaluate(loadFile(file), config);
  const dialogues = [...dialogueResults(ev, true)];

  it('corpus values match to 1e-9', () => {
    const c = ev.corpus;
    const e = expected.corpus as Record<string, number>;
    close(c.JGA, e.JGA, 'JGA');
    close(c.SA, e.SA, 'SA');
    close(c.AGA, e.AGA, 'AGA');
    close(c.RSA, e.RSA, 'RSA');
    for (const l of LAMBDAS) close(c.FGA[lambdaKey(l)], e[`FGA_${py(l)}`], `FGA λ=${l}`);
    close(c.GCA, e.GCA, 'GCA');
    close(c.VP, e.VP, 'VP');
    close(c.VR, e.VR, 'VR');
    expect(c.counts).toEqual(expected.corpus.counts);
  });

  it('rounded corpus percentages match the official printout', () => {
    const r = expected.corpus_rounded_percent;
    const pct = (x: number | null) => Number(percent2(x ?? 0));
    expect(pct(ev.corpus.JGA)).toBe(r.JGA);
    expect(pct(ev.corpus.SA)).toBe(r.SA);
    expect(pct(ev.corpus.AGA)).toBe(r.AGA);
    expect(pct(ev.corpus.RSA)).toBe(r.RSA);
    expect(pct(ev.corpus.GCA)).toBe(r.GCA);
    expect(pct(ev.corpus.FGA['0.5'])).toBe(r['FGA_0.5']);
  });

  it('per-dialogue and per-turn values match to 1e-9', () => {
    const ids = Object.keys(expected.dialogues);
    expect(dialogues.map((d) => d.id).sort()).toEqual([...ids].sort());
    for (const d of dialogues) {
      const e = expected.dialogues[d.id];
      expect(d.turns, d.id).toBe(e.turns);
      close(d.JGA, e.jga, `${d.id} JGA`);
      close(d.SA, e.sa, `${d.id} SA`);
      close(d.AGA, e.aga, `${d.id} AGA`);
      close(d.RSA, e.rsa, `${d.id} RSA`);
      close(d.GCA, e.gca, `${d.id} GCA`);
      for (const l of LAMBDAS) close(d.FGA[lambdaKey(l)], e[fgaKey(l)] as number, `${d.id} FGA λ=${l}`);
      expect(d.counts, d.id).toEqual(e.counts);
      const turns = d.perTurn ?? [];
      expect(turns.length).toBe(e.per_turn.length);
      turns.forEach((t, k) => {
        const et = e.per_turn[k];
        const w = `${d.id} turn ${et.turn}`;
        expect(String(t.turn), w).toBe(String(et.turn));
        close(t.JGA, et.jga, `${w} JGA`);
        close(t.SA, et.sa, `${w} SA`);
        close(t.AGA, et.aga, `${w} AGA`);
        close(t.RSA, et.rsa, `${w} RSA`);
        for (const l of LAMBDAS) close(t.FGA[lambdaKey(l)], et[fgaKey(l)] as number, `${w} FGA λ=${l}`);
        expect(t.gca, w).toEqual(et.gca_delta);
        close(t.gcaRunning, et.gca_running, `${w} GCA running`);
      });
    }
  });
});
