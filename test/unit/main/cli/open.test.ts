// Tests of src/main/cli/open.ts's plan: which files `dst-inspector open LINK`
// serves for a link (browser-mode, desktop or bare), from the served folder
// only, with notes for what it cannot follow, and a clear refusal of text that
// is no link.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPlan } from '../../../../src/main/cli/open';

function folder() {
  const base = mkdtempSync(join(tmpdir(), 'dst-open-'));
  mkdirSync(join(base, 'runs'));
  writeFileSync(join(base, 'runs', 'a.json'), '{}');
  writeFileSync(join(base, 'runs', 'b.json'), '{}');
  return base;
}

describe('openPlan', () => {
  it('serves the link’s files from the served folder and keeps the fragment', () => {
    const base = folder();
    const f = 'v=compare&run=abcdef012345:runs/a.json&run=:runs/b.json&d=MUL0001';
    for (const link of [`http://127.0.0.1:4000/#${f}`, `dst-inspector://open#${f}`, `#${f}`, f])
      expect(openPlan(link, base)).toEqual({ files: [join(base, 'runs', 'a.json'), join(base, 'runs', 'b.json')], fragment: f, notes: [] });
  });

  it('notes runs it will not open (outside the folder, missing) and serves the rest', () => {
    const base = folder();
    const plan = openPlan('v=inspect&run=:../x.json&run=:/etc/passwd&run=:runs/gone.json&run=:runs/a.json', base);
    expect(plan.files).toEqual([join(base, 'runs', 'a.json')]);
    expect(plan.notes).toHaveLength(3);
    expect(plan.notes[0]).toMatch(/leads out of the served folder/);
    expect(plan.notes[1]).toMatch(/not inside the served folder/);
    expect(plan.notes[2]).toMatch(/is not in the served folder/);
  });

  it('refuses what is not a link', () => {
    expect(() => openPlan('file:///etc/passwd', folder())).toThrow(/open: links of scheme "file:" are not opened/);
    expect(() => openPlan('', folder())).toThrow(/open: .*not a link/);
  });
});
