// The series x of each run (src/shared/analysis/series.ts): read from real
// run names — the one number that differs across them, whatever numbers come
// before it (T5's 5) or after it (a seed every run shares) — with the part
// that was read named ("x = ratio (0.01, 0.05, 0.1) read from the names");
// several differing numbers refused with each named (or one chosen); a seed
// alone is no series; names differing in more than a number are no series;
// epoch.5 is 5, not 0.5; the largest group of runs that form a series among
// themselves, and the numbers to choose from when several differ; and
// --series-x's list of numbers.
import { describe, expect, it } from 'vitest';
import { nameSeriesChoices, nameSeriesSubset, parseSeriesX, readNameSeries, seriesFromNames } from '../../../../src/shared/analysis/series';

const T5 = (ratio: string, seed = '557') => `T5_fewshot_taxi__ratio_${ratio}_seed_${seed}_prediction`;

describe('readNameSeries: the number that differs across the names', () => {
  it('T5_fewshot_taxi__ratio_…_seed_557: x is the ratio, not T5’s 5 or the shared seed', () => {
    const s = readNameSeries([T5('0.01'), T5('0.05'), T5('0.1')]);
    expect(s).toMatchObject({ ok: true, xs: [0.01, 0.05, 0.1], part: { index: 1, label: 'ratio' } });
    expect(s.ok && s.description).toBe('x = ratio (0.01, 0.05, 0.1) read from the names');
    // File names as the CLI's default run names (the extension is shared text).
    expect(seriesFromNames([`${T5('0.5')}.json`, `${T5('1.0')}.json`])).toEqual([0.5, 1]);
  });

  it.each([
    [['checkpoint-1000', 'checkpoint-2000', 'checkpoint-3000'], [1000, 2000, 3000], 'checkpoint'],
    [['trippy/checkpoint-1000/pred.json', 'trippy/checkpoint-2000/pred.json'], [1000, 2000], 'checkpoint'],
    [['epoch_3', 'epoch_10', 'epoch_1'], [3, 10, 1], 'epoch'],
    // A dot after a letter is no decimal point: epoch.5 is epoch 5.
    [['epoch.5', 'epoch.10'], [5, 10], 'epoch'],
    [['ratio_0.01', 'ratio_0.1', 'ratio_1'], [0.01, 0.1, 1], 'ratio'],
    [['ratio_0.05_seed1', 'ratio_0.1_seed1'], [0.05, 0.1], 'ratio'],
    // Numbers before the one that differs no longer hide it.
    [['seed1_ratio_0.05', 'seed1_ratio_0.1'], [0.05, 0.1], 'ratio'],
    [['bert2_lr1e-5_shots10', 'bert2_lr1e-5_shots50'], [10, 50], 'shots'],
    [['fewshot-1pct', 'fewshot-5pct'], [1, 5], 'fewshot'],
    [['5%', '10%', '100%'], [5, 10, 100], 'the first number'],
  ])('%j → %j (%s)', (names, xs, label) => {
    expect(readNameSeries(names)).toMatchObject({ ok: true, xs, part: { label } });
  });

  it('several numbers differ: refused, each named, and one can be chosen', () => {
    const names = [T5('0.01', '557'), T5('0.05', '558')];
    const s = readNameSeries(names);
    expect(s.ok).toBe(false);
    expect(!s.ok && s.reason).toBe(
      "2 numbers differ across the names: ratio (0.01, 0.05) and seed (557, 558); choose one as x (--series-x names:ratio) or give each run's x",
    );
    expect(!s.ok && s.candidates.map((c) => c.label)).toEqual(['ratio', 'seed']);
    expect(readNameSeries(names, 'ratio')).toMatchObject({ ok: true, xs: [0.01, 0.05] });
    expect(readNameSeries(names, 'Seed')).toMatchObject({ ok: true, xs: [557, 558] });
    expect(readNameSeries(names, '3')).toMatchObject({ ok: true, xs: [557, 558] });
    expect(readNameSeries(names, 'epoch')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/no number called “epoch”/) as unknown,
    });
  });

  it('only the seed differs: repeats, not a series', () => {
    const s = readNameSeries([T5('0.01', '557'), T5('0.01', '558'), T5('0.01', '559')]);
    expect(s).toMatchObject({
      ok: false,
      reason: 'only the seed differs (557, 558, 559): runs that differ in their seed are repeats, not a series',
    });
    expect(seriesFromNames(['ratio_0.05_seed1', 'ratio_0.05_seed2'])).toBeNull();
  });

  it('no series: other text around the numbers, no differing number, one run', () => {
    expect(readNameSeries(['bert-1', 'roberta-2'])).toMatchObject({
      ok: false,
      reason: '“bert-1” and “roberta-2” differ in more than a number',
    });
    expect(readNameSeries(['v2', 'v2-copy'])).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/differ in more than a number/) as unknown,
    });
    expect(readNameSeries(['ratio_0.01', 'trade'])).toMatchObject({
      ok: false,
      reason: '“ratio_0.01” and “trade” do not have the same numbers in the same places',
    });
    for (const names of [
      ['som_dst&v1', 'pert_2 & co'],
      ['run1', 'run2-fixed'],
      ['T5_taxi_0.01', 'T5_hotel_0.05'],
    ])
      expect(seriesFromNames(names), names.join(' ')).toBeNull();
    expect(readNameSeries(['ckpt-1', 'ckpt-1'])).toMatchObject({ ok: false, reason: 'no number differs across the names' });
    expect(readNameSeries(['ckpt-1', 'ckpt-01'])).toMatchObject({
      ok: false,
      reason: 'ckpt is written differently but has the same value in every name',
    });
    expect(readNameSeries(['trade', 'somdst'])).toMatchObject({ ok: false, reason: expect.stringMatching(/differ in more/) as unknown });
    expect(readNameSeries(['trade', 'trade'])).toMatchObject({ ok: false, reason: 'the names have no number' });
    expect(readNameSeries(['ckpt-1'])).toMatchObject({ ok: false, reason: 'a series needs at least two runs' });
  });

  it('many values are listed shortly', () => {
    const names = [1, 2, 3, 4, 5, 6, 7, 8].map((k) => `ckpt-${k * 1000}`);
    expect(readNameSeries(names)).toMatchObject({ description: 'x = ckpt (1000, 2000, 3000, 4000, 5000, …, 8000) read from the names' });
  });
});

describe('nameSeriesSubset: the runs whose names form a series among themselves', () => {
  it('a baseline beside three ratios: the three, with their x', () => {
    const names = ['trade', T5('0.01'), T5('0.05'), T5('0.1')];
    expect(nameSeriesSubset(names)).toMatchObject({ runs: [1, 2, 3], series: { xs: [0.01, 0.05, 0.1], part: { label: 'ratio' } } });
  });

  it('every run when all form one; the largest group when two do; ties to the first; none when none does', () => {
    expect(nameSeriesSubset(['ckpt-1000', 'ckpt-2000'])).toMatchObject({ runs: [0, 1] });
    const two = ['T5_taxi_ratio_0.01', 'T5_hotel_ratio_0.01', 'T5_hotel_ratio_0.05', 'T5_taxi_ratio_0.05', 'T5_taxi_ratio_0.1'];
    expect(nameSeriesSubset(two)).toMatchObject({ runs: [0, 3, 4], series: { xs: [0.01, 0.05, 0.1] } });
    expect(nameSeriesSubset(['a_1', 'b_1', 'b_2', 'a_2'])).toMatchObject({ runs: [0, 3] });
    expect(nameSeriesSubset(['trade', 'somdst', T5('0.01')])).toBeNull();
    // Ratio and seed both differ: no group without a choice; with one, the group.
    const mixed = ['trade', T5('0.01', '1'), T5('0.05', '2')];
    expect(nameSeriesSubset(mixed)).toBeNull();
    expect(nameSeriesSubset(mixed, 'ratio')).toMatchObject({ runs: [1, 2], series: { xs: [0.01, 0.05] } });
  });
});

describe('nameSeriesChoices: the numbers one may choose as x', () => {
  it('the largest group whose names differ in several numbers, each number named', () => {
    const c = nameSeriesChoices(['trade', T5('0.01', '1'), T5('0.05', '2'), T5('0.1', '3')]);
    expect(c).toMatchObject({ runs: [1, 2, 3] });
    expect(c?.candidates.map((p) => [p.label, p.written])).toEqual([
      ['ratio', ['0.01', '0.05', '0.1']],
      ['seed', ['1', '2', '3']],
    ]);
    expect(nameSeriesChoices([T5('0.01'), T5('0.05')])).toBeNull();
    expect(nameSeriesChoices(['trade', 'somdst'])).toBeNull();
  });
});

describe('parseSeriesX', () => {
  it('one finite number per run', () => {
    expect(parseSeriesX('0.5, 1', 2)).toEqual([0.5, 1]);
    expect(parseSeriesX('0.5', 2)).toMatch(/1 value for 2 runs/);
    expect(parseSeriesX('0.5,x', 2)).toMatch(/"x" is not a number/);
  });
});
