// Test helper: the example metric of docs/dev/adding-a-metric.md (DCR,
// dontcare recall), taken from the page itself and loaded as the file
// `src/shared/metrics/defs/dcr.ts` would be, and the registry with it added
// through the registry's own input (collect over the defs modules). Used with
// vi.mock of the registry module by the one-file metric checks, so what the
// page tells a newcomer to write is what the checks run. Free of Node
// built-ins (the page comes in by Vite's ?raw), so renderer tests use it too.
import ts from 'typescript';
import page from '../../docs/dev/adding-a-metric.md?raw';
import * as contract from '../../src/shared/metrics/contract';
import type { Metric } from '../../src/shared/metrics/contract';
import type * as Registry from '../../src/shared/metrics/registry';

/** The page's example: the one ```ts block that exports `metric`. */
export const DOC_METRIC_SOURCE: string = (() => {
  const blocks = [...page.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]).filter((b) => b.includes('export const metric'));
  if (blocks.length !== 1) throw new Error(`docs/dev/adding-a-metric.md: expected one example metric, found ${blocks.length}`);
  return blocks[0];
})();

/** The modules the example may import, as seen from src/shared/metrics/defs/. */
const IMPORTS: Record<string, unknown> = { '../contract': contract, '../../model/corpus': {} };

/** The example's `metric`, compiled as the build would compile defs/dcr.ts. */
export function docMetric(): Metric {
  const js = ts.transpileModule(DOC_METRIC_SOURCE, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
  }).outputText;
  const module = { exports: {} as { metric?: Metric } };
  const require = (p: string) => {
    if (!(p in IMPORTS)) throw new Error(`the example metric imports ${p}, which the check does not provide`);
    return IMPORTS[p];
  };
  new Function('require', 'module', 'exports', js)(require, module, module.exports);
  if (!module.exports.metric) throw new Error('the example metric exports no `metric`');
  return module.exports.metric;
}

/** The registry module with the example added as defs/dcr.ts (for vi.mock's factory). */
export function registryWithDocMetric(real: typeof Registry): typeof Registry {
  const metrics = real.collect({ ...real.DEF_MODULES, './defs/dcr.ts': { metric: docMetric() } });
  return { ...real, ...real.registryOf(metrics) };
}
