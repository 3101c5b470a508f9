#!/usr/bin/env node
// Packaging step: flips the Electron fuses of a packaged app's Electron binary
// (docs/security.md, "Electron fuses"), with @electron/fuses. Fuses are bits
// compiled into the Electron binary that turn features off for good, whatever
// the environment or the command line says:
//   RunAsNode off                      ELECTRON_RUN_AS_NODE cannot turn the app into a plain Node
//   EnableNodeOptionsEnvironmentVariable off, EnableNodeCliInspectArguments off
//                                      NODE_OPTIONS and --inspect cannot inject code or a debugger
//   OnlyLoadAppFromAsar on, EnableEmbeddedAsarIntegrityValidation on
//                                      only the app's own (checked) app.asar is loaded
//   EnableCookieEncryption on          cookies on disk are encrypted
//   LoadBrowserProcessSpecificV8Snapshot off, GrantFileProtocolExtraPrivileges off
//                                      the app loads from app://, never needs file:// privileges
// Run it on the packaged binary, after the app is copied in and before
// signing (electron-builder: an afterPack hook calling flipAppFuses;
// @electron/packager: afterCopy):
//   node scripts/fuses.js <path to the packaged Electron binary or .app>
// It refuses node_modules/electron (npm start runs the app from its folder,
// not from an app.asar, which OnlyLoadAppFromAsar would forbid).
import { createRequire } from 'node:module';
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The fuse wire every packaged DST Inspector gets: fuse index → on (true) or off (false). */
export function appFuses(platform = process.platform) {
  const { FuseV1Options, FuseVersion } = require('@electron/fuses');
  return {
    version: FuseVersion.V1,
    // macOS: the ad-hoc signature no longer matches once bytes change; real signing comes after.
    resetAdHocDarwinSignature: platform === 'darwin',
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  };
}

/**
 * Flips the fuses of the Electron binary at `binary` (a packaged app's, never
 * the development runtime in node_modules). `fuses` is @electron/fuses (tests
 * pass a fake). Returns the wire as read back after flipping.
 */
export async function flipAppFuses(binary, fuses = require('@electron/fuses'), platform = process.platform) {
  const path = resolve(binary);
  if (path.split(sep).includes('node_modules'))
    throw new Error(
      `${binary}: this is the development runtime in node_modules; flip the fuses of the packaged app's copy (OnlyLoadAppFromAsar would stop npm start)`,
    );
  await fuses.flipFuses(path, appFuses(platform));
  return fuses.getCurrentFuseWire(path);
}

const FUSE_NAMES = [
  'RunAsNode',
  'EnableCookieEncryption',
  'EnableNodeOptionsEnvironmentVariable',
  'EnableNodeCliInspectArguments',
  'EnableEmbeddedAsarIntegrityValidation',
  'OnlyLoadAppFromAsar',
  'LoadBrowserProcessSpecificV8Snapshot',
  'GrantFileProtocolExtraPrivileges',
];

/** The wire as lines "name: on|off|…" (a fuse newer than this list is shown by its index). */
export function describeWire(wire) {
  const state = { 48: 'off', 49: 'on', 114: 'removed', 144: 'inherit' };
  return Object.keys(wire)
    .filter((k) => k !== 'version')
    .map((k) => `${FUSE_NAMES[Number(k)] ?? `fuse ${k} (left as Electron sets it)`}: ${state[wire[k]] ?? wire[k]}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const binary = process.argv[2];
  if (!binary) {
    process.stderr.write('usage: node scripts/fuses.js <packaged Electron binary or .app>\n');
    process.exit(2);
  }
  flipAppFuses(binary).then(
    (wire) =>
      process.stdout.write(
        `fuses of ${binary}:\n${describeWire(wire)
          .map((l) => `  ${l}\n`)
          .join('')}`,
      ),
    (e) => {
      process.stderr.write(`fuses: ${e.message}\n`);
      process.exit(1);
    },
  );
}
