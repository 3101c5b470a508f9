// The analysis view's charts (Scene layouts in src/shared/viz/analysis-*.ts)
// and tables (breakdown-report.ts, analysis-tables.ts): every number drawn is
// the analysis's number, every chart and table carries the signature, no
// value label of the breakdown chart lies over a tick, and a second run's
// table has the differences as Δ columns, their headers naming what is
// subtracted.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { correlationTable, positionTable, rootTurnsTable, traitsTable } from '../../../../src/shared/analysis/analysis-tables';
import { breakdownJson, breakdownTable } from '../../../../src/shared/analysis/breakdown-report';
import { correlationMatrix } from '../../../../src/shared/analysis/correlations';
import { domainBreakdown } from '../../../../src/shared/analysis/domain-breakdown';
import { errorOrigin } from '../../../../src/shared/analysis/error-origin';
import { slotBreakdown } from '../../../../src/shared/analysis/slot-breakdown';
import { traitsView } from '../../../../src/shared/analysis/traits-points';
import { hiddenNote, keyRanges, turnPosition, withMinTurns } from '../../../../src/shared/analysis/turn-position';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { evaluate } from '../../../../src/shared/metrics/evaluate';
import { renderSignature } from '../../../../src/shared/metrics/signature';
import { metricValue } from '../../../../src/shared/metrics/values';
import { cellOf, renderCsvTable, renderLatex } from '../../../../src/shared/report/tables';
import { barsScene } from '../../../../src/shared/viz/analysis-bars';
import { textWidth } from '../../../../src/shared/viz/analysis-common';
import { correlationColour, heatmapScene } from '../../../../src/shared/viz/analysis-heatmap';
import { originScene } from '../../../../src/shared/viz/analysis-origin';
import { positionScene } from '../../../../src/shared/viz/analysis-position';
import { traitsScene } from '../../../../src/shared/viz/analysis-traits';
import type { Scene, SceneNode } from '../../../../src/shared/viz/scene';
import { walk } from '../../../helpers/scene-walk';
import { sceneToSvg } from '../../../../src/shared/viz/scene-svg';
import { FIXTURES, loadFile } from '../../../helpers/fixtures';

const config = defaultConfig();
const som = loadFile(join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json'));
const rnd = loadFile(join(FIXTURES, 'random', 'random-7.json'));
const ev = evaluate(som, config);

function nodes(scene: Scene): SceneNode[] {
  const out: SceneNode[] = [];
  const walk = (ns: SceneNode[]) => ns.forEach((n) => (out.push(n), n.kind === 'group' && walk(n.children)));
  walk(scene.nodes);
  return out;
}

function expectSigned(scene: Scene, signature: string): void {
  expect(scene.desc).toBe(signature);
  const svg = sceneToSvg(scene);
  expect(svg).toContain(`<desc>${signature.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</desc>`);
  expect(svg.trim().endsWith('</svg>')).toBe(true);
  expect(nodes(scene).some((n) => n.kind === 'text' && n.data?.role === 'signature' && n.text === signature)).toBe(true);
}

describe('breakdown chart and table', () => {
  const b = domainBreakdown(som, config, { turns: 'active' });
  const other = domainBreakdown(rnd, config, { turns: 'active' });

  it('a bar per group and metric with its value; the compared run as ticks; the signature', () => {
    const value = (bd: typeof b) => (g: string, k: string) => metricValue(bd.groups.find((x) => x.group === g)!.scores.values, k);
    const scene = barsScene({
      title: 't',
      groups: b.groups.map((g) => g.group),
      series: [
        { key: 'JGA', label: 'JGA' },
        { key: 'RSA', label: 'RSA' },
      ],
      value: value(b),
      baseline: value(other),
      signature: renderSignature(b.signature),
    });
    const bars = nodes(scene).filter((n) => n.kind === 'rect' && n.data?.metric);
    expect(bars).toHaveLength(b.groups.length * 2);
    for (const g of b.groups) {
      const bar = bars.find((n) => n.data!.group === g.group && n.data!.metric === 'JGA')!;
      expect(bar.title).toContain((metricValue(g.scores.values, 'JGA')! * 100).toFixed(2));
    }
    expect(nodes(scene).filter((n) => n.kind === 'line' && n.title?.includes('compared run'))).toHaveLength(b.groups.length * 2);
    expectSigned(scene, renderSignature(b.signature));
  });

  it("no value label overlaps a tick: neither the compared run's nor an axis label, wherever the compared value falls", () => {
    type Box = { x0: number; x1: number; y0: number; y1: number };
    const boxOf = (n: SceneNode): Box => {
      if (n.kind === 'line')
        return {
          x0: Math.min(n.x1, n.x2) - (n.style?.strokeWidth ?? 1) / 2,
          x1: Math.max(n.x1, n.x2) + (n.style?.strokeWidth ?? 1) / 2,
          y0: Math.min(n.y1, n.y2),
          y1: Math.max(n.y1, n.y2),
        };
      if (n.kind !== 'text') throw new Error(n.kind);
      const size = n.style?.fontSize ?? 11;
      const w = textWidth(n.text, size);
      const x0 = n.style?.anchor === 'middle' ? n.x - w / 2 : n.style?.anchor === 'end' ? n.x - w : n.x;
      const y0 = n.style?.baseline === 'middle' ? n.y - size / 2 : n.y - size * 0.8;
      return { x0, x1: x0 + w, y0, y1: y0 + size };
    };
    const overlap = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
    const value = (g: string, k: string) => metricValue(b.groups.find((x) => x.group === g)!.scores.values, k);
    // The compared run just past each bar (over its label), at the bar's end, inside it, or farther out.
    for (const shift of [-0.02, 0, 0.004, 0.01, 0.02, 0.035, 0.06]) {
      const scene = barsScene({
        title: 't',
        groups: b.groups.map((g) => g.group),
        series: ['JGA', 'SA', 'RSA'].map((k) => ({ key: k, label: k })),
        value,
        baseline: (g, k) => Math.min(1, value(g, k)! + shift),
        baselineLabel: 'B',
        signature: 's',
        width: 760,
      });
      const all = nodes(scene);
      const labels = all.filter((n) => n.data?.role === 'value');
      const ticks = all.filter((n) => n.data?.role === 'compared' || n.data?.role === 'axis');
      expect(labels).toHaveLength(b.groups.length * 3);
      expect(ticks.filter((n) => n.data?.role === 'compared')).toHaveLength(b.groups.length * 3);
      for (const l of labels) {
        for (const t of ticks)
          expect(overlap(boxOf(l), boxOf(t)), `shift ${shift}: label ${l.kind === 'text' && l.text} over a ${t.data?.role} tick`).toBe(
            false,
          );
        expect(boxOf(l).x1).toBeLessThanOrEqual(scene.width);
      }
    }
  });

  it('two runs: one row per (group, run) and Δ columns equal to the differences; LaTeX and CSV carry the signature', () => {
    const t = breakdownTable(
      [
        { name: 'A', b },
        { name: 'B', b: other },
      ],
      config,
      { name: 'A', b },
    );
    expect(t.columns.map((c) => c.key)).toEqual(expect.arrayContaining(['group', 'run', 'JGA', 'delta_JGA', 'delta_FGA_0.5']));
    const hotelB = t.rows.find((r) => r.cells.group === 'hotel' && r.cells.run === 'B')!;
    const hotelA = t.rows.find((r) => r.cells.group === 'hotel' && r.cells.run === 'A')!;
    expect(cellOf(hotelB.cells.delta_JGA).value).toBeCloseTo((hotelB.cells.JGA as number) - (hotelA.cells.JGA as number), 12);
    expect(cellOf(hotelA.cells.delta_JGA).value).toBeNull();
    // Every Δ header on screen and in Markdown says what is subtracted from what; LaTeX and CSV keep short
    // headers (a paper's column cannot wrap) and carry the subtraction in the note (a comment in LaTeX).
    expect(t.columns.find((c) => c.key === 'delta_JGA')!.header).toBe('ΔJGA (B − A)');
    expect(t.columns.filter((c) => c.key.startsWith('delta_')).every((c) => c.header.endsWith(' (B − A)'))).toBe(true);
    expect(renderLatex(t)).toContain(' & $\\Delta$JGA & ');
    expect(renderLatex(t)).toContain('% Δ = B − A, in percentage points.');
    expect(renderCsvTable(t).split('\n')[0]).toContain(',delta_JGA,');
    expect(t.notes).toContain('Δ = B − A, in percentage points.');
    expect(renderLatex(t)).toMatch(/^% GCA alpha=10\/11 .*by=domain turns=active/);
    expect(renderCsvTable(t).split('\n')[1]).toMatch(/by=domain turns=active/);
    const json = breakdownJson(other, evaluate(rnd, config).corpus, { config, baseline: { file: 'a.json', b } }) as {
      deltas: Record<string, Record<string, number>>;
    };
    expect(json.deltas.hotel.JGA).toBe(cellOf(hotelB.cells.delta_JGA).value);
  });

  it('per slot: counts, P/R/F1 and the confusions as text', () => {
    const s = slotBreakdown(som, ev.signature);
    const t = breakdownTable([{ name: 'x', b: s }], config);
    const row = t.rows.find((r) => r.cells.group === 'hotel-name')!;
    const g = s.groups.find((x) => x.group === 'hotel-name')!;
    expect(row.cells.wrong).toBe(g.wrong);
    expect(row.cells.M).toBe(g.counts.M);
    expect(row.cells.confusions).toBe(
      g.confusions
        .slice(0, 3)
        .map((c) => `${c.gold} → ${c.pred} ×${c.count}`)
        .join('; '),
    );
    expect(t.signature).toContain('by=slot');
  });
});

describe('turn position, error origin, correlations, traits', () => {
  it('position: a line per metric, a band only for banded ones, counts; the table holds the intervals', () => {
    const p = turnPosition(ev, { by: 'index', bands: ['JGA'], replicates: 50 });
    const scene = positionScene({
      position: p,
      series: ['JGA', 'RSA'].map((k) => ({ key: k, label: k, value: (b) => metricValue(b.values, k) })),
      signature: renderSignature(p.signature),
    });
    const all = nodes(scene);
    expect(all.filter((n) => n.data?.role === 'band').map((n) => n.data!.metric)).toEqual(['JGA']);
    expect(all.filter((n) => n.data?.role === 'line')).toHaveLength(2);
    expect(all.filter((n) => n.kind === 'circle' && n.data?.metric === 'RSA')).toHaveLength(p.buckets.length);
    expectSigned(scene, renderSignature(p.signature));
    const t = positionTable(p, config);
    expect(cellOf(t.rows[0].cells.JGA).ci).toEqual(p.buckets[0].bands.JGA);
    expect(cellOf(t.rows[0].cells.RSA).ci).toBeUndefined();
  });

  it('position with a minimum of turns: positions under it leave the chart and the table, and both say how many', () => {
    const all = turnPosition(ev, { by: 'index', bands: ['JGA'], replicates: 20 });
    const p = withMinTurns(all, 30);
    // The SOM-DST sample: indices 8, 9 and 10 hold 20, 17 and 10 turns.
    expect(p.hidden).toEqual([
      { key: 8, turns: all.buckets[8].turns },
      { key: 9, turns: all.buckets[9].turns },
      { key: 10, turns: all.buckets[10].turns },
    ]);
    expect(p.buckets.map((b) => b.key)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(p.buckets.every((b) => b.turns >= 30)).toBe(true);
    const note = hiddenNote(p)!;
    expect(note).toBe('3 turn indices with fewer than 30 turns hidden (8–10; 47 turns in all).');
    const scene = positionScene({
      position: p,
      series: [{ key: 'JGA', label: 'JGA', value: (b) => metricValue(b.values, 'JGA') }],
      signature: renderSignature(p.signature),
    });
    expect(nodes(scene).filter((n) => n.kind === 'circle')).toHaveLength(8);
    expect(nodes(scene).find((n) => n.data?.testid === 'position-hidden-note')).toMatchObject({ kind: 'text', text: note });
    expect(positionTable(p, config).notes).toContain(note);
    expect(positionTable(p, config).rows).toHaveLength(8);
    // Nothing hidden: no note; 0 shows every position.
    expect(hiddenNote(withMinTurns(all, 0))).toBeNull();
    expect(withMinTurns(all, 0).buckets).toHaveLength(all.buckets.length);
    expect(
      nodes(positionScene({ position: withMinTurns(all, 1), series: [], signature: 's' })).some(
        (n) => n.data?.testid === 'position-hidden-note',
      ),
    ).toBe(false);
    expect(hiddenNote({ ...withMinTurns(turnPosition(ev, { by: 'length', bands: [], replicates: 1 }), 10) })).toMatch(
      /^\d+ dialogue lengths? with fewer than 10 turns hidden/,
    );
  });

  it('key ranges: runs of consecutive keys joined, long lists cut', () => {
    expect(keyRanges([1, 2, 3, 5, 7, 8])).toBe('1–3, 5, 7–8');
    expect(keyRanges([4])).toBe('4');
    expect(keyRanges([])).toBe('');
    expect(keyRanges([1, 3, 5, 7, 9, 11, 13, 15])).toBe('1, 3, 5, 7, 9, 11, …');
  });

  it('origin: the split bar and one histogram bar per poisoned count', () => {
    const o = errorOrigin(ev);
    const scene = originScene(o, renderSignature(o.signature));
    expect(nodes(scene).filter((n) => n.data?.poisoned)).toHaveLength(o.poison.length);
    expect(nodes(scene).find((n) => n.data?.part === 'fresh')!.title).toContain(`${o.fresh} turns`);
    expectSigned(scene, renderSignature(o.signature));
    expect(rootTurnsTable(o).rows[0].cells.dialogue).toBe(o.rootTurns[0].dialogue);
  });

  it('heat map: one cell per pair with its value, coloured from blue (−1) through white to red (1)', () => {
    const m = correlationMatrix(ev, 'turn', 'spearman');
    const scene = heatmapScene(m, renderSignature(m.signature));
    const cells = nodes(scene).filter((n) => n.data?.row);
    expect(cells).toHaveLength(m.metrics.length ** 2);
    const texts = nodes(scene).filter((n): n is Extract<SceneNode, { kind: 'text' }> => n.kind === 'text');
    expect(texts.filter((n) => n.text === m.matrix[0][1]!.toFixed(2)).length).toBeGreaterThanOrEqual(2);
    expect([correlationColour(-1), correlationColour(0), correlationColour(1)]).toEqual(['#2166ac', '#f7f7f7', '#b2182b']);
    expectSigned(scene, renderSignature(m.signature));
    expect(correlationTable(m).rows[1].cells[m.metrics[2]]).toBe(m.matrix[1][2]);
  });

  it('traits: every kept dialogue drawn for both metrics in both panels, four fitted lines', () => {
    const t = traitsView(ev);
    const scene = traitsScene(t, renderSignature(t.signature));
    expect(nodes(scene).filter((n) => n.data?.dialogue)).toHaveLength(t.points.length * 4);
    expect(nodes(scene).filter((n) => n.data?.role === 'fit')).toHaveLength(4);
    expectSigned(scene, renderSignature(t.signature));
    expect(traitsTable(t).rows.map((r) => r.cells.differ)).toEqual(['yes', 'yes']);
    expectNoTextOverlap(scene);
  });

  it('traits over the point limit: a density grid counting every kept dialogue once per panel and metric, said under the chart', () => {
    const t = traitsView(ev);
    expect(t.points.length).toBeGreaterThan(10);
    const scene = traitsScene(t, renderSignature(t.signature), 860, { pointLimit: 10 });
    expect(nodes(scene).filter((n) => n.data?.dialogue)).toHaveLength(0);
    for (const trait of ['TO', 'NU'])
      for (const metric of ['FGA', 'GCA']) {
        const cells = nodes(scene).filter((n) => n.data?.role === 'density' && n.data.trait === trait && n.data.metric === metric);
        expect(cells.length).toBeGreaterThan(0);
        expect(cells.reduce((s, n) => s + Number(n.data!.count), 0)).toBe(t.points.length);
        for (const c of cells) expect(c.title).toMatch(new RegExp(`^${c.data!.count} dialogues?: ${trait} `));
      }
    // Each cell holds the points inside its bounds (the grid agrees with a direct count).
    const cell = nodes(scene).find((n) => n.data?.role === 'density' && n.data.trait === 'TO' && n.data.metric === 'FGA')!;
    const [, tLo, tHi, mLo, mHi] = /TO (-?[\d.]+) to (-?[\d.]+), FGA (-?[\d.]+) to (-?[\d.]+)/.exec(cell.title!)!.map(Number);
    const inside = t.points.filter((p) => p.TO >= tLo - 0.005 && p.TO <= tHi + 0.005 && p.FGA >= mLo - 0.005 && p.FGA <= mHi + 0.005);
    expect(inside.length).toBeGreaterThanOrEqual(Number(cell.data!.count));
    expect(nodes(scene).filter((n) => n.data?.role === 'fit')).toHaveLength(4);
    expect(
      nodes(scene).some(
        (n) => n.kind === 'text' && n.data?.role === 'density-note' && n.text.startsWith(`${t.points.length} kept dialogues, more than 10`),
      ),
    ).toBe(true);
    expectSigned(scene, renderSignature(t.signature));
    expectNoTextOverlap(scene);
  });
});

/** No two texts of a figure overlap (a panel's subtitle once sat on its axis label). */
function expectNoTextOverlap(scene: Scene): void {
  {
    const boxes = walk(scene)
      .filter((p) => p.node.kind === 'text')
      .map((p) => {
        const n = p.node as Extract<SceneNode, { kind: 'text' }>;
        const fs = n.style?.fontSize ?? 16;
        const w = textWidth(n.text, fs);
        const x0 = p.dx + n.x - (n.style?.anchor === 'middle' ? w / 2 : n.style?.anchor === 'end' ? w : 0);
        const y1 = p.dy + n.y;
        return { t: n.text, x0, x1: x0 + w, y0: y1 - fs * 0.75, y1 };
      });
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        expect(a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1, `"${a.t}" over "${b.t}"`).toBe(false);
      }
  }
}
