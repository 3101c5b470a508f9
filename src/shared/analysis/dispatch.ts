// Layer: shared (pure TS). The one dispatcher of the analyses (the engine's
// and the CLI's; registry.ts re-exports it): a def's computation on a run,
// its arguments parsed by its schema, the options' signature parts added to
// the result's signature. Apart from the registry so that a command that
// runs one known analysis (`score --by`, `traits`) loads that def only.

import type { MetricConfig } from '../metrics/config';
import { extendSignature } from '../metrics/signature';
import type { AnalysisInput, AnalysisResult, AnyAnalysisDef } from './def';

/**
 * The def's computation on the run, its arguments parsed by its schema (the
 * API has checked them already; the CLI's come from its flags), the options'
 * signature parts added to the result's signature.
 */
export function runAnalysis<R extends AnalysisResult = AnalysisResult>(
  def: AnyAnalysisDef,
  run: AnalysisInput,
  args: { config: MetricConfig } & Record<string, unknown>,
): R {
  const { config, ...own } = args;
  const full = { ...def.args.parse(own), config };
  const result = def.compute(run, full) as R;
  const parts = def.signature?.(full) ?? [];
  return parts.length ? { ...result, signature: extendSignature(result.signature, parts) } : result;
}
