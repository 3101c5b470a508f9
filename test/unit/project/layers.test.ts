// The layering rules of layers.json, checked on every source file's imports
// (the same table drives eslint's no-restricted-imports): src/shared is pure,
// only src/main/electron imports electron, the renderer never touches Node.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT } from '../../helpers/cli';

interface Rule {
  folder: string;
  except?: string[];
  forbidden: string[];
  why: string;
}
const RULES: Rule[] = JSON.parse(readFileSync(join(ROOT, 'layers.json'), 'utf8')).rules;
const BUILTINS = new Set(builtinModules);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(ts|tsx)$/.test(e)) out.push(p);
  }
  return out;
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) out.push(m[1] ?? m[2] ?? m[3] ?? m[4]);
  return out;
}

/** The rule's violation for one specifier imported from `file`, or null. */
function violation(rule: Rule, file: string, spec: string): string | null {
  const isRelative = spec.startsWith('.');
  const target = isRelative
    ? relative(ROOT, resolve(dirname(file), spec))
        .split('\\')
        .join('/')
    : spec;
  for (const f of rule.forbidden) {
    if (f === '@node-builtins') {
      if (!isRelative && (BUILTINS.has(spec) || BUILTINS.has(spec.split('/')[0]))) return f;
    } else if (f.startsWith('*/') && f.endsWith('/*')) {
      const folder = `src/${f.slice(2, -2)}`;
      if (isRelative && (target === folder || target.startsWith(folder + '/'))) return f;
    } else if (f.endsWith('*')) {
      if (!isRelative && spec.startsWith(f.slice(0, -1))) return f;
    } else if (!isRelative && spec === f) return f;
  }
  return null;
}

describe('layering', () => {
  it('the import scanner sees every import form', () => {
    expect(
      importsOf(
        `import a from 'x';\nimport { b } from "y";\nimport 'z';\nexport * from './w';\nconst c = await import('v');\nimport type { T } from 'u';`,
      ),
    ).toEqual(['x', 'y', 'z', './w', 'v', 'u']);
  });

  it('the rules catch what they should (electron in the CLI, fs in shared, main from the renderer)', () => {
    const main = RULES.find((r) => r.folder === 'src/main')!;
    const shared = RULES.find((r) => r.folder === 'src/shared')!;
    const renderer = RULES.find((r) => r.folder === 'src/renderer')!;
    expect(violation(main, join(ROOT, 'src/main/cli/x.ts'), 'electron')).toBe('electron');
    expect(violation(shared, join(ROOT, 'src/shared/x.ts'), 'fs')).toBe('@node-builtins');
    expect(violation(shared, join(ROOT, 'src/shared/x.ts'), 'node:path')).toBe('node:*');
    expect(violation(renderer, join(ROOT, 'src/renderer/src/x.ts'), '../../main/cli/main')).toBe('*/main/*');
    expect(violation(renderer, join(ROOT, 'src/renderer/src/x.ts'), '../../shared/api')).toBeNull();
  });

  for (const rule of RULES) {
    it(`${rule.folder}: ${rule.why}`, () => {
      const problems: string[] = [];
      for (const file of sourceFiles(join(ROOT, rule.folder))) {
        const rel = relative(ROOT, file).split('\\').join('/');
        if ((rule.except ?? []).some((e) => rel.startsWith(e + '/'))) continue;
        for (const spec of importsOf(readFileSync(file, 'utf8'))) {
          const v = violation(rule, file, spec);
          if (v) problems.push(`${rel} imports ${spec} (forbidden: ${v})`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
