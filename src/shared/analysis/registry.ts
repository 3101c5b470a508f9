// Layer: shared (pure TS). Every analysis of defs/, found at build time
// (Vite's import.meta.glob, as the metrics' registry), in their declared
// order, and the one dispatcher the engine, the API and the CLI share:
// runAnalysis checks the arguments against the def's schema, computes, and
// adds the options' signature parts. Adding an analysis is adding one file to
// defs/ (see def.ts and docs/dev/adding-an-analysis.md); nothing else changes.

import type { MetricConfig } from '../metrics/config';
import { extendSignature } from '../metrics/signature';
import type { AnalysisInput, AnalysisKind, AnalysisResult, AnyAnalysisDef } from './def';

const modules = import.meta.glob<{ analysis?: AnyAnalysisDef }>('./defs/*.ts', { eager: true });

/** The defs of some modules, checked: each exports `analysis`, kinds and CLI names are unique, sorted by order. */
export function collectAnalyses(mods: Record<string, { analysis?: AnyAnalysisDef }>): AnyAnalysisDef[] {
  const out: AnyAnalysisDef[] = [];
  for (const [file, mod] of Object.entries(mods)) {
    if (!mod.analysis) throw new Error(`analyses registry: ${file} exports no \`analysis\``);
    out.push(mod.analysis);
  }
  out.sort((a, b) => a.order - b.order);
  const kinds = new Set<string>();
  const names = new Set<string>();
  for (const a of out) {
    if (kinds.has(a.kind)) throw new Error(`analyses registry: two analyses have the kind ${a.kind}`);
    if (names.has(a.name)) throw new Error(`analyses registry: two analyses have the name ${a.name}`);
    kinds.add(a.kind);
    names.add(a.name);
  }
  return out;
}

/** All analyses, in order (`analyze --help`, the docs, the analysis view's tabs). */
export const ANALYSES: readonly AnyAnalysisDef[] = collectAnalyses(modules);

export function analysisByKind(kind: string): AnyAnalysisDef | undefined {
  return ANALYSES.find((a) => a.kind === kind);
}

export function analysisByName(name: string): AnyAnalysisDef | undefined {
  return ANALYSES.find((a) => a.name === name);
}

export function isAnalysisKind(kind: unknown): kind is AnalysisKind {
  return typeof kind === 'string' && analysisByKind(kind) !== undefined;
}

/**
 * The one dispatcher (the engine's and the CLI's): the def's computation on
 * the run, its arguments parsed by its schema (the API has checked them
 * already; the CLI's come from its flags), the options' signature parts
 * added to the result's signature.
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
