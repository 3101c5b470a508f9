// Layer: shared (pure TS). Every analysis of defs/, found at build time
// (Vite's import.meta.glob, as the metrics' registry), in their declared
// order, and the one dispatcher the engine and the CLI share (runAnalysis,
// dispatch.ts: checks the arguments against the def's schema, computes, and
// adds the options' signature parts). Adding an analysis is adding one file to
// defs/ (see def.ts and docs/dev/adding-an-analysis.md); nothing else changes.

import type { AnalysisKind, AnyAnalysisDef } from './def';

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

export { runAnalysis } from './dispatch';
