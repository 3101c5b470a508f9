// The lint rule that keeps array spreads out of calls in src/ (eslint.config.js,
// SPREAD_RULES): `Math.max(...xs)` overflows the stack on large arrays (issue 15,
// the spurious-traits view on 66k dialogues). The project's own ESLint config
// flags every form of the bug on a file under src/ and leaves array literals alone.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { ROOT } from '../../helpers/cli';

const eslint = new ESLint({ cwd: ROOT });

async function restricted(code: string, file = 'src/shared/analysis/example.ts'): Promise<number> {
  const [r] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return r.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length;
}

describe('no array spread into a call in src/', () => {
  it.each([
    ['Math.max', 'export const f = (xs: number[]) => Math.max(1, ...xs);\n'],
    ['Math.min', 'export const f = (xs: number[]) => Math.min(...xs.map((x) => x * 2));\n'],
    ['push', 'export const f = (a: number[], xs: number[]) => a.push(...xs);\n'],
    ['fromCharCode', 'export const f = (b: Uint8Array) => String.fromCharCode(...b);\n'],
    ['new', 'export const f = (xs: number[]) => new Array(...xs);\n'],
    ['apply', 'export const f = (xs: number[]) => Math.max.apply(null, xs);\n'],
    ['Reflect.apply', 'export const f = (xs: number[]) => Reflect.apply(Math.max, null, xs);\n'],
  ])('flags %s', async (_, code) => {
    expect(await restricted(code)).toBe(1);
    expect(await restricted(code, 'src/renderer/src/views/example.tsx')).toBe(1);
    expect(await restricted(code, 'src/main/services/example.ts')).toBe(1);
  });

  it('allows spreads into array literals and sets', async () => {
    expect(await restricted('export const f = (a: number[], b: number[]) => new Set([...a, ...b]).size + [...a].length;\n')).toBe(0);
  });
});
