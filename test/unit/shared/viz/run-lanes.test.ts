// The lanes of N runs (src/shared/viz/run-lanes.ts): for 2 to 8 runs and
// widths from a narrow pane to a wide one, the lanes do not overlap, every chip
// lies inside its lane and right of the label column, chips of a lane do not
// overlap, long names are cut to the label column with the full name as the
// title, and the export scene draws the same geometry.
import { describe, expect, it } from 'vitest';
import { chipAt, MAX_LABEL_WIDTH, runLanesLayout, runLanesScene, type LaneSlot } from '../../../../src/shared/viz/run-lanes';
import { textWidth } from '../../../../src/shared/viz/text';

const NAMES = [
  'SOM-DST',
  'perturbed',
  'T5_fewshot_taxi__ratio_0.5_seed_557_prediction',
  'TripPy_MultiWOZ2.1_test_full_predictions',
  'e',
  'f',
  'g',
  'h',
];

describe('runLanesLayout', () => {
  for (const n of [2, 4, 8])
    for (const width of [360, 560, 1000])
      for (const slots of [0, 1, 5, 17])
        it(`${n} runs, ${width} wide, ${slots} slots: lanes apart, chips inside their lane`, () => {
          const runs = NAMES.slice(0, n);
          const l = runLanesLayout(runs, slots, { width });
          expect(l.lanes.map((x) => x.key)).toEqual(['gold', ...runs]);
          for (let i = 1; i < l.lanes.length; i++) expect(l.lanes[i].y).toBeGreaterThanOrEqual(l.lanes[i - 1].y + l.lanes[i - 1].h);
          expect(l.height).toBeCloseTo(l.lanes.at(-1)!.y + l.lanes.at(-1)!.h, 9);
          expect(l.labelWidth).toBeLessThanOrEqual(MAX_LABEL_WIDTH);
          const cells = Array.from({ length: slots }, (_, k) => chipAt(l, k));
          for (const c of cells) {
            expect(c.x).toBeGreaterThanOrEqual(l.labelWidth);
            expect(c.y + l.chipHeight).toBeLessThanOrEqual(l.lanes[1].h);
            if (l.perRow > 1 || width >= l.labelWidth + l.chipWidth) expect(c.x + l.chipWidth).toBeLessThanOrEqual(width);
          }
          for (let i = 0; i < cells.length; i++)
            for (let j = i + 1; j < cells.length; j++) {
              const a = cells[i];
              const b = cells[j];
              const apart = a.x + l.chipWidth <= b.x || b.x + l.chipWidth <= a.x || a.y + l.chipHeight <= b.y || b.y + l.chipHeight <= a.y;
              expect(apart).toBe(true);
            }
          for (const lane of l.lanes) {
            expect(textWidth(lane.label, 11)).toBeLessThanOrEqual(l.labelWidth);
            expect(lane.title === null).toBe(lane.label === lane.key);
          }
        });

  it('cuts a long name, with the full name as title', () => {
    const l = runLanesLayout(NAMES.slice(0, 4), 3, { width: 600 });
    const long = l.lanes.find((x) => x.key === NAMES[2])!;
    expect(long.label.endsWith('…')).toBe(true);
    expect(long.title).toBe(NAMES[2]);
    expect(l.lanes.find((x) => x.key === 'SOM-DST')!.title).toBeNull();
  });

  it('never cuts a short name: the letter before it is measured with it (a walkthrough saw "B run_see…")', () => {
    const runs = ['base', 'run_seed_1', 'run_seed_2', 'run_seed_3'];
    for (const width of [900, 1280]) {
      const l = runLanesLayout(runs, 12, { width });
      for (const lane of l.lanes.slice(1)) {
        expect(lane.label).toBe(lane.key);
        expect(lane.title).toBeNull();
        expect(lane.letter).toBe(String.fromCharCode(64 + l.lanes.indexOf(lane)));
      }
    }
    const scene = runLanesScene(runs, [], { width: 900 });
    const texts = scene.nodes.filter((n) => n.kind === 'text').map((n) => (n as { text: string }).text);
    expect(texts).toEqual(expect.arrayContaining(['gold', 'A base', 'D run_seed_3']));
  });
});

describe('runLanesScene', () => {
  it('draws a lane per run and a chip per slot per lane, at the layout geometry', () => {
    const runs = NAMES.slice(0, 3);
    const slots: LaneSlot[] = [
      { slot: 'hotel-area', gold: 'north', runs: [{ class: 'correct', pred: 'north' }, { class: 'wrong', pred: 'south' }, null] },
      { slot: 'taxi-leave at', gold: null, runs: [null, { class: 'overshot', pred: '10:00' }, null] },
    ];
    const s = runLanesScene(runs, slots, { width: 640 });
    const l = runLanesLayout(runs, 2, { width: 640 });
    expect([s.width, s.height]).toEqual([640, l.height]);
    const labels = s.nodes.filter((n) => n.kind === 'text' && n.data?.testid === 'run-lane');
    expect(labels.map((n) => n.data!.run)).toEqual(runs);
    const chips = s.nodes.filter((n) => n.kind === 'rect' && n.rx === 3);
    expect(chips).toHaveLength(2 * (runs.length + 1));
    const texts = s.nodes.filter((n) => n.kind === 'text').map((n) => (n.kind === 'text' ? n.text : ''));
    expect(texts).toContain('≠ hotel-area south');
    expect(texts).toContain('+ taxi-leave at 10:00');
  });
});
