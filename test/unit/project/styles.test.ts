// The renderer's stylesheets are plain CSS: every rule at the top level or
// inside an @-rule. A missing "}" does not fail the build — CSS nesting makes
// the rest of the file a nested block that silently never applies (it once hid
// the Export menu's, the tooltips' and the skip link's styles) — so this test
// reads each file's blocks and refuses a rule nested inside a rule.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..', '..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? cssFiles(p) : p.endsWith('.css') ? [p] : [];
  });
}

/** Problems in a stylesheet: a rule inside a rule (line), or unbalanced braces. */
function cssNestingProblems(text: string): string[] {
  const src = text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, (s) => s.replace(/[{}]/g, ' '));
  const problems: string[] = [];
  const stack: { at: boolean; line: number }[] = [];
  let prelude = '';
  let line = 1;
  for (const ch of src) {
    if (ch === '\n') line++;
    if (ch === '{') {
      const p = prelude.trim();
      const parent = stack[stack.length - 1];
      if (parent && !parent.at)
        problems.push(`line ${line}: "${p.slice(-60)}" is nested inside the rule opened at line ${parent.line} (a missing "}"?)`);
      stack.push({ at: p.startsWith('@'), line });
      prelude = '';
    } else if (ch === '}') {
      if (!stack.pop()) problems.push(`line ${line}: "}" without a block`);
      prelude = '';
    } else if (ch === ';') prelude = '';
    else prelude += ch;
  }
  for (const b of stack) problems.push(`line ${b.line}: block never closed`);
  return problems;
}

describe('stylesheets', () => {
  const files = cssFiles(join(ROOT, 'src', 'renderer'));
  it('finds them', () => expect(files.length).toBeGreaterThan(3));
  for (const f of files) {
    it(`${relative(ROOT, f)}: no rule nested in a rule, braces balanced`, () => {
      expect(cssNestingProblems(readFileSync(f, 'utf8'))).toEqual([]);
    });
  }
  it('the check itself finds a missing "}" and an unclosed block, and allows @media', () => {
    expect(cssNestingProblems('.a { color: red;\n.b { color: blue; }\n')).toHaveLength(2);
    expect(cssNestingProblems('@media (max-width: 10px) { .a { color: red; } }\n.b { content: "}"; }')).toEqual([]);
  });
});
