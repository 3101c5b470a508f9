// Layer: shared (pure TS). Every analysis of defs/ with its computation (each
// defs/<name>.ts, beside its spec defs/<name>.args.ts), found at build time
// (Vite's import.meta.glob, as the metrics' registry), in their declared
// order, and the one dispatcher the engine and the CLI share (runAnalysis,
// dispatch.ts: checks the arguments against the def's schema, computes, and
// adds the options' signature parts). The API contract and the app's tabs
// read the specs only (specs.ts); this list holds the same analyses, checked.
// Adding an analysis is adding its two files to defs/ (see def.ts and
// docs/dev/adding-an-analysis.md); nothing else changes.

import type { AnalysisKind, AnyAnalysisDef, AnyAnalysisSpec } from './def';
import { ANALYSIS_SPECS, checkUnique } from './specs';

const modules = import.meta.glob<{ analysis?: AnyAnalysisDef }>(['./defs/*.ts', '!./defs/*.args.ts'], { eager: true });

/**
 * The defs of some modules, checked: each exports `analysis`, kinds and CLI
 * names are unique, sorted by order; with `specs`, each def is built on its
 * spec (the same object's fields) and every spec has its def.
 */
export function collectAnalyses(mods: Record<string, { analysis?: AnyAnalysisDef }>, specs?: readonly AnyAnalysisSpec[]): AnyAnalysisDef[] {
  const out: AnyAnalysisDef[] = [];
  for (const [file, mod] of Object.entries(mods)) {
    if (!mod.analysis) throw new Error(`analyses registry: ${file} exports no \`analysis\``);
    out.push(mod.analysis);
  }
  checkUnique(out.sort((a, b) => a.order - b.order));
  if (specs) {
    for (const s of specs) {
      const d = out.find((a) => a.kind === s.kind);
      if (!d)
        throw new Error(
          `analyses registry: the spec of ${s.kind} (defs/*.args.ts) has no def (defs/<name>.ts calling defineAnalysis(spec, …))`,
        );
      if (d.args !== s.args || d.name !== s.name || d.order !== s.order)
        throw new Error(
          `analyses registry: the def of ${s.kind} is not built on its spec (defineAnalysis(spec, …) with the spec of its .args.ts)`,
        );
    }
    for (const d of out)
      if (!specs.some((s) => s.kind === d.kind))
        throw new Error(`analyses registry: ${d.kind} has no spec in defs/*.args.ts (the API would not know its call)`);
  }
  return out;
}

/** All analyses, in order (`analyze --help`, the docs, the engine). */
export const ANALYSES: readonly AnyAnalysisDef[] = collectAnalyses(modules, ANALYSIS_SPECS);

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
