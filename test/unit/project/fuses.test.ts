// The packaging step that flips the Electron fuses (scripts/fuses.js, issue
// 15): the wire it asks for (RunAsNode, NODE_OPTIONS and --inspect off;
// OnlyLoadAppFromAsar and asar integrity on; every fuse @electron/fuses knows
// set), checked with a fake @electron/fuses, and with the real one on a fake
// binary that carries the fuse sentinel (the Electron runtime cannot be
// downloaded here), read back byte by byte.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain JS script without types
import { appFuses, describeWire, flipAppFuses } from '../../../scripts/fuses.js';

const require = createRequire(import.meta.url);
const { FuseV1Options } = require('@electron/fuses') as { FuseV1Options: Record<string, number> };
const dir = mkdtempSync(join(tmpdir(), 'dst-fuses-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ON = 0x31;
const OFF = 0x30;

/** A stand-in for an Electron binary: bytes, the sentinel, wire version 1, `fuses` fuses (all on, as Electron ships most), bytes. */
function fakeBinary(name: string, fuses: number): string {
  const path = join(dir, name);
  const wire = Buffer.from([1, fuses, ...new Array(fuses).fill(ON)]);
  writeFileSync(path, Buffer.concat([Buffer.alloc(1000, 7), Buffer.from(SENTINEL), wire, Buffer.alloc(1000, 9)]));
  return path;
}

describe('the fuse wire of a packaged DST Inspector', () => {
  it('turns off running as Node, NODE_OPTIONS, --inspect and file:// privileges; loads only a checked app.asar', () => {
    const c = appFuses('linux');
    expect(c[FuseV1Options.RunAsNode]).toBe(false);
    expect(c[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(false);
    expect(c[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false);
    expect(c[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true);
    expect(c[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(true);
    expect(c[FuseV1Options.EnableCookieEncryption]).toBe(true);
    expect(c[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(false);
    // Every fuse this version of @electron/fuses knows is set explicitly.
    const known = Object.values(FuseV1Options).filter((v) => typeof v === 'number');
    for (const k of known) expect(typeof c[k], `fuse ${k}`).toBe('boolean');
    expect(appFuses('darwin').resetAdHocDarwinSignature).toBe(true);
  });

  it('with a fake @electron/fuses: flips the packaged binary with that wire and reads it back', async () => {
    const calls: unknown[][] = [];
    const fake = {
      flipFuses: async (...a: unknown[]) => void calls.push(a),
      getCurrentFuseWire: async () => ({ version: '1', 0: OFF }),
    };
    const wire = await flipAppFuses(join(dir, 'app', 'dst-inspector'), fake, 'linux');
    expect(calls).toEqual([[join(dir, 'app', 'dst-inspector'), appFuses('linux')]]);
    expect(wire).toEqual({ version: '1', 0: OFF });
  });

  it('refuses the development runtime in node_modules (OnlyLoadAppFromAsar would stop npm start)', async () => {
    const fake = { flipFuses: async () => 0, getCurrentFuseWire: async () => ({}) };
    await expect(flipAppFuses('/x/node_modules/electron/dist/electron', fake)).rejects.toThrow(/development runtime in node_modules/);
  });

  it('with the real @electron/fuses on a binary carrying the sentinel: the bytes of the wire are flipped', async () => {
    const bin = fakeBinary('electron-8', 8);
    const wire = await flipAppFuses(bin, undefined, 'linux');
    const bytes = readFileSync(bin);
    const at = bytes.indexOf(SENTINEL) + SENTINEL.length;
    expect([...bytes.subarray(at + 2, at + 10)]).toEqual([OFF, ON, OFF, OFF, ON, ON, OFF, OFF]);
    expect(describeWire(wire)).toEqual([
      'RunAsNode: off',
      'EnableCookieEncryption: on',
      'EnableNodeOptionsEnvironmentVariable: off',
      'EnableNodeCliInspectArguments: off',
      'EnableEmbeddedAsarIntegrityValidation: on',
      'OnlyLoadAppFromAsar: on',
      'LoadBrowserProcessSpecificV8Snapshot: off',
      'GrantFileProtocolExtraPrivileges: off',
    ]);
    // Only the wire changed.
    expect(bytes.length).toBe(1000 + SENTINEL.length + 10 + 1000);
    expect(bytes.subarray(0, 1000).every((b) => b === 7)).toBe(true);
  });

  it('a newer Electron with more fuses: the known ones flipped, the newer left as Electron sets them (and named so)', async () => {
    const bin = fakeBinary('electron-9', 9);
    const wire = await flipAppFuses(bin, undefined, 'linux');
    const bytes = readFileSync(bin);
    const at = bytes.indexOf(SENTINEL) + SENTINEL.length;
    expect(bytes[at + 2]).toBe(OFF); // RunAsNode
    expect(bytes[at + 2 + 8]).toBe(ON); // fuse 8 untouched
    expect(describeWire(wire).at(-1)).toBe('fuse 8 (left as Electron sets it): on');
  });
});
