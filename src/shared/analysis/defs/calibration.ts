// Layer: shared (pure TS). Confidence and calibration of a run whose
// predictions carry per-pair confidences (issue 18 item 3): reliability
// bins, ECE, AUROC, histograms, joint-goal ECE and two-point L2, per slot and
// per domain, and every confidence column against the chosen one with paired
// dialogue-bootstrap intervals — `analyze --kind calibration` (alias
// `analyze --calibration`), the API's `calibration` call, the analysis
// view's tab. Definitions: docs/reference/calibration.md.

import { renderSignature } from '../../metrics/signature';
import type { Table, TableColumn } from '../../report/tables';
import { calibrationScene } from '../../viz/analysis-calibration';
import { calibrationAnalysis, type CalibrationResult, type PairStats } from '../calibration/analysis';
import { BINNINGS } from '../calibration/binning';
import { CALIBRATION_RULES } from '../calibration/corpus';
import { defineAnalysis, type FlagValues, type ParseContext } from '../def';
import { FlagError, oneOf, positiveInt, textOf } from '../flags';
import { DEFAULT_SEED, MAX_BOOTSTRAP, MAX_SEED } from '../seed';
import { spec } from './calibration.args';

const TABLES = ['summary', 'bins', 'slots', 'domains', 'columns'] as const;
type Which = (typeof TABLES)[number];
const DEFAULT_BOOTSTRAP = 1000;

/** The JSON of one group's statistics: the shape ({count, accuracy, ece, auroc, bins}) and the rest. */
function pairJson(s: PairStats): Record<string, unknown> {
  return {
    count: s.count,
    correct: s.correct,
    accuracy: s.accuracy,
    mean_confidence: s.meanConfidence,
    ece: s.ece,
    auroc: s.auroc,
    bins: s.bins.map((b) => ({
      lo: b.lo,
      hi: b.hi,
      count: b.count,
      accuracy: b.accuracy,
      confidence: b.confidence,
      ...(b.accuracyMembers !== undefined ? { accuracy_members: b.accuracyMembers } : {}),
    })),
    histogram: s.histogram,
  };
}

export function calibrationJson(r: CalibrationResult): Record<string, unknown> {
  const j = r.joint;
  return {
    column: r.column,
    columns: r.columns,
    rule: r.rule,
    binning: r.binning,
    pairs: pairJson(r.pairs),
    joint: {
      ...pairJson(j),
      l2: j.l2,
      l2_one_hot: j.l2OneHot,
      l2_ratio: j.l2Ratio,
      turns: j.turns,
      turns_without_confidence: j.turnsWithoutConfidence,
    },
    by_slot: Object.fromEntries(Object.entries(r.bySlot).map(([k, v]) => [k, pairJson(v)])),
    by_domain: Object.fromEntries(Object.entries(r.byDomain).map(([k, v]) => [k, pairJson(v)])),
    ...(r.comparison ? { comparison: r.comparison } : {}),
    signature: renderSignature(r.signature),
  };
}

const SUMMARY_COLUMNS: TableColumn[] = [
  { key: 'group', header: 'group', kind: 'label' },
  { key: 'count', header: 'pairs', kind: 'count' },
  { key: 'accuracy', header: 'accuracy', kind: 'percent' },
  { key: 'confidence', header: 'mean conf.', kind: 'percent' },
  { key: 'ece', header: 'ECE', kind: 'percent', best: 'min' },
  { key: 'auroc', header: 'AUROC', kind: 'number', decimals: 3, best: 'max' },
];

function summaryRow(group: string, s: PairStats) {
  return { cells: { group, count: s.count, accuracy: s.accuracy, confidence: s.meanConfidence, ece: s.ece, auroc: s.auroc } };
}

export function calibrationTables(r: CalibrationResult, which: Which): Table[] {
  const signature = renderSignature(r.signature);
  switch (which) {
    case 'summary':
      return [
        {
          columns: [...SUMMARY_COLUMNS, { key: 'l2', header: 'L2 (two-point)', kind: 'number', decimals: 4 }],
          rows: [summaryRow('pairs', r.pairs), { cells: { ...summaryRow('turns (joint)', r.joint).cells, l2: r.joint.l2 } }],
          signature,
          notes: [
            `ECE and accuracy in percent; ${r.joint.turnsWithoutConfidence} of ${r.joint.turns} turns have no confidence and are left out of the joint row.`,
          ],
        },
      ];
    case 'bins':
      return [
        {
          columns: [
            { key: 'lo', header: 'lo', kind: 'number', decimals: 2 },
            { key: 'hi', header: 'hi', kind: 'number', decimals: 2 },
            { key: 'count', header: 'pairs', kind: 'count' },
            { key: 'accuracy', header: 'accuracy', kind: 'percent' },
            { key: 'confidence', header: 'confidence', kind: 'percent' },
            { key: 'correct', header: 'correct', kind: 'count' },
            { key: 'wrong', header: 'wrong', kind: 'count' },
          ],
          rows: r.pairs.bins.map((b, k) => ({
            cells: {
              lo: b.lo,
              hi: b.hi,
              count: b.count,
              accuracy: b.accuracy,
              confidence: b.confidence,
              correct: r.pairs.histogram.correct[k],
              wrong: r.pairs.histogram.wrong[k],
            },
          })),
          signature,
        },
      ];
    case 'slots':
      return [{ columns: SUMMARY_COLUMNS, rows: Object.entries(r.bySlot).map(([k, v]) => summaryRow(k, v)), signature }];
    case 'domains':
      return [{ columns: SUMMARY_COLUMNS, rows: Object.entries(r.byDomain).map(([k, v]) => summaryRow(k, v)), signature }];
    case 'columns': {
      const c = r.comparison;
      if (!c) return [{ columns: SUMMARY_COLUMNS, rows: [summaryRow(r.column, r.pairs)], signature }];
      return [
        {
          columns: [
            { key: 'column', header: 'column', kind: 'label' },
            { key: 'count', header: 'pairs', kind: 'count' },
            { key: 'ece', header: 'ECE', kind: 'percent', best: 'min' },
            { key: 'auroc', header: 'AUROC', kind: 'number', decimals: 3, best: 'max' },
            { key: 'dece', header: `ΔECE vs ${c.columns[0].name}`, kind: 'delta' },
            { key: 'dauroc', header: `ΔAUROC vs ${c.columns[0].name}`, kind: 'delta' },
          ],
          rows: c.columns.map((col, k) => {
            const cmp = k === 0 ? null : c.comparisons[k - 1];
            return {
              cells: {
                column: col.name,
                count: col.count,
                ece: col.ece,
                auroc: col.auroc,
                dece: cmp ? { value: cmp.ece.delta, ...(cmp.ece.ci ? { ci: cmp.ece.ci } : {}) } : null,
                dauroc: cmp ? { value: cmp.auroc.delta, ...(cmp.auroc.ci ? { ci: cmp.auroc.ci } : {}) } : null,
              },
            };
          }),
          signature,
          notes: [`95% paired bootstrap intervals over dialogues (B=${c.bootstrap}, seed ${c.seed}).`],
        },
      ];
    }
  }
}

export const analysis = defineAnalysis(spec, {
  compute: (run, a) => calibrationAnalysis(run.evaluation(a.config), a),
  figure: (o) => calibrationScene(o.items[0].result, renderSignature(o.items[0].result.signature), 760),
  cli: {
    alias: { flag: 'calibration' },
    flags: {
      confidence: { value: 'COLUMN', help: 'the confidence column (default: the first the file carries)' },
      'calibration-rule': {
        value: 'domain|sun2024',
        help: 'a pair is correct when it equals the gold of its slot in its domain\n(default), or as Sun et al. 2024 label it (first gold domain)',
      },
      'ece-bins': {
        value: 'setsumbt|sun2024',
        help: 'ConvLab-3 SetSUMBT binning (default: mean confidence, empty bins\nskipped) or Sun et al.’s plot_reliability (bin centres)',
      },
      tables: { value: 'summary|bins|slots|domains|columns', help: 'which table (default summary; JSON has everything)' },
      bootstrap: { value: 'B', help: `resamples for ΔECE/ΔAUROC between columns (default ${DEFAULT_BOOTSTRAP}; 0: none)` },
      seed: { value: 'S', help: `seed of the resamples (default ${DEFAULT_SEED})` },
    },
    examples: [
      '--gold gold.json --format json',
      '--gold gold.json --confidence pair_verbalized --calibration-rule sun2024 --ece-bins sun2024 --format table',
      '--gold gold.json --tables bins --format latex --figure reliability.pdf',
    ],
    parse: (flags: FlagValues, ctx: ParseContext) => {
      const rule = oneOf('--calibration-rule', textOf(flags['calibration-rule']) ?? 'domain', CALIBRATION_RULES);
      const binning = oneOf('--ece-bins', textOf(flags['ece-bins']) ?? 'setsumbt', BINNINGS);
      const tables = oneOf('--tables', textOf(flags.tables) ?? 'summary', TABLES);
      const bText = textOf(flags.bootstrap);
      const bootstrap = bText === undefined ? DEFAULT_BOOTSTRAP : bText.trim() === '0' ? 0 : positiveInt('--bootstrap', bText);
      if (bootstrap > MAX_BOOTSTRAP) throw new FlagError(`--bootstrap: at most ${MAX_BOOTSTRAP} resamples, got ${bootstrap}`);
      const sText = textOf(flags.seed);
      const seed = sText === undefined ? DEFAULT_SEED : /^[0-9]+$/.test(sText.trim()) ? Number(sText) : -1;
      if (!(seed >= 0 && seed <= MAX_SEED)) throw new FlagError(`--seed: ${JSON.stringify(sText)} is not an integer in [0, ${MAX_SEED}]`);
      const column = textOf(flags.confidence);
      void ctx;
      return { args: { ...(column !== undefined ? { column } : {}), rule, binning, bootstrap, seed }, view: { tables } };
    },
    json: (o) => calibrationJson(o.items[0].result),
    tables: (o) => calibrationTables(o.items[0].result, o.view.tables),
  },
});

declare module '../def' {
  interface AnalysisDefs {
    calibration: typeof analysis;
  }
}
