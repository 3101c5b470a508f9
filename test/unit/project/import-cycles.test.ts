// No value-import cycles in src/ (issue 16 item 8): files that import each
// other's values, directly or round a loop, depend on evaluation order (a
// binding read during module start-up is undefined on one side of the loop)
// and cannot be understood one at a time. Type-only imports (`import type`,
// `import { type A }`, `export type … from`) are erased at build time and do
// not count; neither do dynamic `import()`s, which load on demand (the CLI's
// lazy commands). The graph is read with the TypeScript parser, so every
// static import and re-export form is seen; cycles are the strongly connected
// components of the graph (Tarjan's algorithm).
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { ROOT } from '../../helpers/cli';

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(ts|tsx)$/.test(e) && !e.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The specifiers a file imports or re-exports as values at start-up (type-only and dynamic imports left out). */
export function valueImports(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const c = st.importClause;
      if (c) {
        if (c.isTypeOnly) continue;
        const named = c.namedBindings;
        const onlyTypes = !c.name && named !== undefined && ts.isNamedImports(named) && named.elements.every((e) => e.isTypeOnly);
        if (onlyTypes) continue;
      }
      out.push(st.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      if (st.isTypeOnly) continue;
      const c = st.exportClause;
      if (c && ts.isNamedExports(c) && c.elements.length > 0 && c.elements.every((e) => e.isTypeOnly)) continue;
      out.push(st.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(st) && !st.isTypeOnly && ts.isExternalModuleReference(st.moduleReference)) {
      const e = st.moduleReference.expression;
      if (ts.isStringLiteral(e)) out.push(e.text);
    }
  }
  return out;
}

function resolveRelative(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(c) && statSync(c).isFile() && /\.(ts|tsx)$/.test(c)) return c;
  }
  return null;
}

/** Strongly connected components with a loop (more than one file, or a file importing itself). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('import cycles', () => {
  it('the scanner keeps value imports and re-exports and drops type-only and dynamic ones', () => {
    const text = [
      `import a from './a';`,
      `import { b, type B } from './b';`,
      `import * as c from './c';`,
      `import './d';`,
      `export { e } from './e';`,
      `export * from './f';`,
      `import type { G } from './g';`,
      `import { type H } from './h';`,
      `export type { I } from './i';`,
      `export { type J } from './j';`,
      `const k = () => import('./k');`,
    ].join('\n');
    expect(valueImports('x.ts', text)).toEqual(['./a', './b', './c', './d', './e', './f']);
  });

  it('the cycle finder finds loops and only loops', () => {
    const g = new Map<string, string[]>([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ]);
    expect(cycles(g).sort()).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('src/ has no value-import cycles', () => {
    const src = join(ROOT, 'src');
    const graph = new Map<string, string[]>();
    for (const file of sourceFiles(src)) {
      const targets: string[] = [];
      for (const spec of valueImports(file, readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const t = resolveRelative(file, spec);
        if (t) targets.push(t);
      }
      graph.set(file, targets);
    }
    expect(graph.size).toBeGreaterThan(100);
    expect([...graph.values()].flat().length, 'the graph has its edges').toBeGreaterThan(graph.size);
    const found = cycles(graph).map((scc) => scc.map((f) => relative(ROOT, f).split('\\').join('/')));
    expect(
      found,
      'files that import values from each other (use `import type` where only types are needed, or move the shared part)',
    ).toEqual([]);
  });
});
