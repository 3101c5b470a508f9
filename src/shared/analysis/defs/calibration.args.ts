// Layer: shared (pure TS). The calibration analysis's spec: its API kind, CLI
// name, docs and arguments — what the API contract and the app's tabs read
// (no computation: that is calibration.ts; definitions:
// docs/reference/calibration.md).

import { z } from 'zod';
import type { CALIBRATION_RULES } from '../calibration/corpus';
import { MAX_BOOTSTRAP, MAX_SEED } from '../seed';
import { declareAnalysis } from '../def';

/** The calibration rules, written here so that the spec does not load the computation (checked against calibration/corpus.ts's list). */
const RULES = ['domain', 'sun2024'] as const satisfies typeof CALIBRATION_RULES;

export const spec = declareAnalysis({
  kind: 'calibration',
  name: 'calibration',
  order: 60,
  label: 'Calibration',
  summary: 'confidence vs correctness: reliability diagram, ECE, AUROC, joint ECE and L2, per slot and domain',
  tab: true,
  docs: 'guide/analyses.md#calibration',
  args: z.object({
    column: z.string().min(1).max(200).optional(),
    rule: z.enum(RULES),
    binning: z.enum(['setsumbt', 'sun2024']),
    bootstrap: z.number().int().min(0).max(MAX_BOOTSTRAP),
    seed: z.number().int().min(0).max(MAX_SEED),
  }),
});
