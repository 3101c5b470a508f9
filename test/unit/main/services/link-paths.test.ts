// Tests of src/main/services/link-paths.ts: how links name a run's file, and
// that a path read from a link opens only what lies inside the served folder
// (no absolute path, no "..", no symbolic link out), plus the content hash.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkedSource, linkPathOf } from '../../../../src/main/services/link-paths';
import { contentHash } from '../../../../src/main/services/content-hash';

function folder() {
  const root = mkdtempSync(join(tmpdir(), 'dst-link-'));
  const base = join(root, 'served');
  mkdirSync(join(base, 'runs'), { recursive: true });
  writeFileSync(join(base, 'runs', 'a.json'), '{}');
  writeFileSync(join(root, 'secret.json'), '{}');
  return { root, base };
}

describe('linkPathOf', () => {
  it('is relative inside the served folder, absolute outside, @demo for the demo', () => {
    const { root, base } = folder();
    expect(linkPathOf({ kind: 'files', predictions: [join(base, 'runs', 'a.json')] }, base)).toBe('runs/a.json');
    expect(linkPathOf({ kind: 'files', predictions: [join(root, 'secret.json')] }, base)).toBe(join(root, 'secret.json'));
    expect(linkPathOf({ kind: 'demo' }, base)).toBe('@demo');
  });
});

describe('linkedSource', () => {
  it('opens a file under the served folder', () => {
    const { base } = folder();
    expect(linkedSource('runs/a.json', base)).toEqual({ kind: 'files', predictions: [join(base, 'runs', 'a.json')] });
    expect(linkedSource('@demo', base)).toEqual({ kind: 'demo' });
  });

  it('refuses absolute paths, a way out with "..", and a symbolic link out', () => {
    const { root, base } = folder();
    expect(() => linkedSource(join(root, 'secret.json'), base)).toThrow(/not inside the served folder/);
    expect(() => linkedSource('../secret.json', base)).toThrow(/leads out of the served folder/);
    expect(() => linkedSource('runs/../../secret.json', base)).toThrow(/leads out of the served folder/);
    expect(() => linkedSource('~/secret.json', base)).toThrow(/not inside the served folder/);
    symlinkSync(join(root, 'secret.json'), join(base, 'runs', 'link.json'));
    expect(() => linkedSource('runs/link.json', base)).toThrow(/symbolic link out of the served folder/);
  });

  it('says when the file is not there', () => {
    const { base } = folder();
    expect(() => linkedSource('runs/gone.json', base)).toThrow(/is not in the served folder/);
  });
});

describe('contentHash', () => {
  it("is the first 12 hex digits of the bytes' SHA-256, and of the parts' hashes for several files", () => {
    const a = new TextEncoder().encode('{"a":1}');
    const b = new TextEncoder().encode('{"b":2}');
    const hex = (x: Uint8Array | string) => createHash('sha256').update(x).digest('hex');
    expect(contentHash([{ bytes: a }])).toBe(hex(a).slice(0, 12));
    expect(contentHash([{ bytes: a }, { bytes: b }])).toBe(hex(hex(a) + hex(b)).slice(0, 12));
    expect(contentHash([{ bytes: a }, { bytes: b }])).not.toBe(contentHash([{ bytes: b }, { bytes: a }]));
  });
});
