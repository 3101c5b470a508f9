// The playground's renderer modules: every template is bundled and reads as
// its fixture (the option values are the fixtures' names), and the A/B
// comparison says which side each metric prefers, with exact differences.
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../../../../src/shared/metrics/config';
import { evaluatePlayground } from '../../../../../../src/shared/playground/evaluate';
import { compareRows, deltaText, verdict } from '../../../../../../src/renderer/src/views/playground/compare-model';
import { TEMPLATES, templateByName, templateDialogue } from '../../../../../../src/renderer/src/views/playground/templates';
import { saveName } from '../../../../../../src/renderer/src/views/playground/open';

const config = defaultConfig({ slotCount: 30 });

function detail(name: string) {
  const d = templateDialogue(name);
  const r = evaluatePlayground(d.text, d.id, config);
  if (!r.ok) throw new Error(r.diagnostic.message);
  return r.result.detail;
}

describe('playground templates', () => {
  it("are the papers' examples, named as the fixtures, each one dialogue that reads; partners point both ways", () => {
    expect(TEMPLATES.map((t) => t.name)).toEqual([
      'hypothetical-p1',
      'hypothetical-p2',
      'figure1-p1',
      'figure1-p2',
      'mul1110',
      'sng0779',
      'fga-running-example',
    ]);
    for (const t of TEMPLATES) {
      expect(detail(t.name).perTurn!.length, t.name).toBeGreaterThan(0);
      if (t.partner) expect(TEMPLATES.find((p) => p.name === t.partner)?.partner).toBe(t.name);
    }
    expect(templateDialogue('mul1110').id).toBe('MUL1110.json');
  });
});

/** Each slot's classes over a template's turns, as the chips show them. */
function classesOf(name: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const t of detail(name).perTurn!) for (const s of t.slots) out.set(s.slot, [...(out.get(s.slot) ?? []), s.class]);
  return out;
}

describe('template texts match their chips', () => {
  it('hypothetical P1: internet correct in every turn, parking wrong where it appears', () => {
    const c = classesOf('hypothetical-p1');
    expect(new Set(c.get('hotel-internet'))).toEqual(new Set(['correct']));
    expect(c.get('hotel-parking')).toEqual(['wrong']);
    expect(templateByName('hypothetical-p1')!.about).toMatch(/first slot \(internet\) right in every turn, the last one \(parking\) wrong/);
  });

  it('hypothetical P2: internet wrong (a value, not missed) in every turn, parking correct — as its text says', () => {
    const c = classesOf('hypothetical-p2');
    expect(new Set(c.get('hotel-internet'))).toEqual(new Set(['wrong']));
    expect(c.get('hotel-internet')).toHaveLength(6);
    expect(c.get('hotel-parking')).toEqual(['correct']);
    const about = templateByName('hypothetical-p2')!.about;
    expect(about).toMatch(/first slot \(internet\) wrong in every turn/);
    expect(about).toMatch(/the last one \(parking\) right/);
    // No chip of P2 is "missed": the text must not say so.
    expect([...c.values()].flat()).not.toContain('missed');
    expect(about).not.toMatch(/missed/);
  });

  it('figure 1: P1 has five of seven slots right at the last turn, P2 one', () => {
    const last = (name: string) => detail(name).perTurn!.at(-1)!.slots;
    expect(last('figure1-p1').filter((s) => s.class === 'correct')).toHaveLength(5);
    expect(last('figure1-p1')).toHaveLength(7);
    expect(templateByName('figure1-p1')!.about).toMatch(/five of seven slots right/);
    expect(last('figure1-p2').filter((s) => s.class === 'correct')).toHaveLength(1);
    expect(templateByName('figure1-p2')!.about).toMatch(/one of seven slots right/);
  });
});

describe('A/B comparison', () => {
  it('P1 vs P2 (GCA paper, figure 8): JGA, FGA and RSA prefer P1, GCA ties; differences in points', () => {
    const rows = compareRows(detail('hypothetical-p1'), detail('hypothetical-p2'), config);
    const by = Object.fromEntries(rows.map((r) => [r.metric, r]));
    expect(rows.slice(0, 4).map((r) => r.metric)).toEqual(['JGA', 'FGA', 'RSA', 'GCA']);
    expect([by.JGA.prefers, by.FGA.prefers, by.RSA.prefers, by.GCA.prefers]).toEqual(['A', 'A', 'A', 'tie']);
    expect(deltaText(by.JGA.delta)).toBe('−83.33');
    expect(deltaText(by.FGA.delta)).toBe('−23.58');
    expect(deltaText(by.GCA.delta)).toBe('0.00');
    expect(verdict(rows)).toMatch(/^JGA, FGA, RSA, .*prefer A · GCA: tie$/);
  });

  it('figure 1: P2 is preferred by JGA, FGA, RSA and AGA, P1 by GCA', () => {
    const rows = compareRows(detail('figure1-p1'), detail('figure1-p2'), config);
    const by = Object.fromEntries(rows.map((r) => [r.metric, r.prefers]));
    expect([by.JGA, by.FGA, by.RSA, by.AGA, by.GCA]).toEqual(['B', 'B', 'B', 'B', 'A']);
    expect(deltaText(null)).toBe('—');
    expect(deltaText(0.0833333333)).toBe('+8.33');
  });

  it('save names are file names', () => {
    expect(saveName('paper:mul1110/MUL1110.json')).toBe('paper_mul1110_MUL1110.json');
    expect(saveName('')).toBe('dialogue.json');
    expect(saveName('SNG0779.json')).toBe('SNG0779.json');
  });
});
