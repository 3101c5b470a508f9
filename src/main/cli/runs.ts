// Layer: main (Node). Loading and scoring runs for the commands that score
// (score, compare, analyze, traits, suspects, figure): each file loaded as one
// run with progress on a terminal, notes on stderr, the exit code for
// corrections that were not applied.

import { basename } from 'node:path';
import { describeJoin } from '../../shared/formats/join';
import type { MetricConfig } from '../../shared/metrics/config';
import { evaluateStats, type Evaluation } from '../../shared/metrics/evaluate';
import { largestActiveTurn, slotCountWarning } from '../../shared/metrics/slot-bound';
import { loadSource, ReferenceCache, type LoadedRun } from '../services/load-pipeline';
import { terminalProgress } from './progress';
import { maxBytesFromFlags, sourceFromFlags } from './source-flags';
import { hasFullSignature, hasPresetFlags, markFullSignature, rememberPreset } from './preset-options';

/** Notes on stderr (never on stdout, which may be a JSON or CSV report). */
export function warn(text: string): void {
  process.stderr.write(`dst-inspector: note: ${text}\n`);
}

/** Notes for the joins of a run (dialogues missing from a gold or utterance source). */
export function noteJoins(file: string, run: LoadedRun): void {
  for (const w of run.loaded.joins ?? []) if (w.missingInSource.length > 0 || w.turnsUnmatched > 0) warn(`${file}: ${describeJoin(w)}`);
}

/** Loads each file as one run (sources read once), with progress on a terminal. */
export async function loadRuns(
  files: string[],
  values: Parameters<typeof sourceFromFlags>[0],
): Promise<{ file: string; run: LoadedRun }[]> {
  const maxBytes = maxBytesFromFlags(values);
  const references = new ReferenceCache(maxBytes);
  const specs = await Promise.all(files.map((f) => sourceFromFlags(values, [f])));
  // Checked before any file is read; the preset code is loaded only when a preset option is given.
  const presets = hasPresetFlags(values) ? await import('./preset-flags') : undefined;
  const preset = presets?.presetFromFlags(values);
  if (preset) rememberPreset(values, preset.config, preset.full);
  const progress = terminalProgress();
  const out: { file: string; run: LoadedRun }[] = [];
  try {
    for (let k = 0; k < files.length; k++) {
      const run = await loadSource(specs[k], {
        maxBytes,
        references,
        onProgress: (stage, f) => progress.update(`${stage} ${basename(files[k])}`, f),
      });
      noteJoins(files[k], run);
      for (const n of run.loaded.scoreNotes ?? []) warn(`${files[k]}: ${n}`);
      for (const n of run.corrections?.notes ?? []) warn(n);
      if (presets && preset) {
        presets.applyPresetToRun(files[k], run, preset);
        if (preset.full) markFullSignature(run);
      }
      out.push({ file: files[k], run });
    }
  } finally {
    progress.done();
  }
  return out;
}

/**
 * Scores a loaded run under `config` (its value options and the config in the
 * signature). A run loaded under a preset (loadRuns) has its corpus in the
 * preset's classes already; config.preset, from the same flags, names it.
 */
export function evaluateRun(run: LoadedRun, config: MetricConfig): Evaluation {
  return evaluateStats(run.loaded.corpus, run.stats!, config, {
    values: run.loaded.valueOptions,
    corrections: run.corrections?.result.summary,
    ...(hasFullSignature(run) ? { presetFull: true } : {}),
  });
}

/** Exit code when the output was written but some corrections were not applied (each was reported). */
export const EXIT_CORRECTIONS_SKIPPED = 3;

/** Reports how many corrections were not applied; returns the exit code (0 or 3). */
export function correctionsExit(runs: { run: LoadedRun }[]): number {
  const skipped = runs.reduce((n, { run }) => n + (run.corrections?.notes.length ?? 0), 0);
  if (skipped === 0) return 0;
  warn(`${skipped} correction${skipped === 1 ? '' : 's'} not applied (listed above); exit code ${EXIT_CORRECTIONS_SKIPPED}`);
  return EXIT_CORRECTIONS_SKIPPED;
}

/** A note when K is below the most slots active in one turn: SA can then go negative. */
export function warnSlotCount(file: string, run: LoadedRun, config: MetricConfig): void {
  const w = slotCountWarning(largestActiveTurn(run.loaded.corpus), config.slotCount, '--slots');
  if (w) warn(`${file}: ${w}`);
}
