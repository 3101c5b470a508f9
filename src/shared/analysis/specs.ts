// Layer: shared (pure TS). The analyses as the API contract and the app's
// analysis tabs know them: every defs/*.args.ts (a spec: kind, CLI name,
// title, docs anchor, argument schema), found at build time (Vite's
// import.meta.glob), in their declared order. No computation is imported
// here, so the preload (which validates every call with the contract) and
// the renderer stay small; the engine and the CLI use registry.ts, which adds
// each spec's computation (defs/<name>.ts) and checks that they match.

import type { AnyAnalysisSpec } from './def';

const modules = import.meta.glob<{ spec?: AnyAnalysisSpec }>('./defs/*.args.ts', { eager: true });

/** The specs of some modules, checked: each exports `spec`, kinds and CLI names are unique, sorted by order. */
export function collectSpecs(mods: Record<string, { spec?: AnyAnalysisSpec }>): AnyAnalysisSpec[] {
  const out: AnyAnalysisSpec[] = [];
  for (const [file, mod] of Object.entries(mods)) {
    if (!mod.spec) throw new Error(`analyses registry: ${file} exports no \`spec\``);
    out.push(mod.spec);
  }
  return checkUnique(out.sort((a, b) => a.order - b.order));
}

/** Throws when two analyses share a kind or a CLI name; returns the list. */
export function checkUnique<T extends AnyAnalysisSpec>(list: T[]): T[] {
  const kinds = new Set<string>();
  const names = new Set<string>();
  for (const a of list) {
    if (kinds.has(a.kind)) throw new Error(`analyses registry: two analyses have the kind ${a.kind}`);
    if (names.has(a.name)) throw new Error(`analyses registry: two analyses have the name ${a.name}`);
    kinds.add(a.kind);
    names.add(a.name);
  }
  return list;
}

/** Every analysis's spec, in order (the API's calls, the analysis view's tabs). */
export const ANALYSIS_SPECS: readonly AnyAnalysisSpec[] = collectSpecs(modules);
