// Layer: main (Node). How links name a run's file and how a named file is
// found again: relative to the served folder (the folder the inspector was
// started in) when it is inside it, absolute when not, "@demo" for the
// built-in demo (src/shared/link.ts). A link comes from someone else, so a
// path read from one is opened only when it stays inside the served folder:
// no absolute path, no "..", and no symbolic link that leads outside
// (checked on the real path). docs/security.md, "Links".

import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { AppError } from '../../shared/app-error';
import { DEMO_LINK_PATH } from '../../shared/link';
import type { SourceSpec } from '../../shared/source';

/** A run's name in links: its (first) prediction file relative to `base` when inside it, else absolute; "@demo" for the demo. */
export function linkPathOf(spec: SourceSpec, base: string): string {
  if (spec.kind === 'demo') return DEMO_LINK_PATH;
  const file = resolve(base, spec.predictions[0]);
  const rel = relative(base, file);
  if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)) return rel.split(sep).join('/');
  return file;
}

function inside(root: string, p: string): boolean {
  const rel = relative(root, p);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/**
 * The source a link's path names, when it may be opened: the demo, or a file inside `base` (relative, no way out of
 * it). Throws an AppError (forbidden / not-found) that says why not.
 */
export function linkedSource(path: string, base: string): SourceSpec {
  if (path === DEMO_LINK_PATH) return { kind: 'demo' };
  const shown = JSON.stringify(path.slice(0, 200));
  if (path.includes('\0')) throw new AppError('bad-args', `the link's run path ${shown} holds a NUL character`);
  if (isAbsolute(path) || /^[a-zA-Z]:/.test(path) || path.startsWith('~'))
    throw new AppError(
      'forbidden',
      `the link names ${shown}, which is not inside the served folder ${base}; a link opens only files under it (open this one yourself with Open…)`,
    );
  const file = resolve(base, path);
  if (!inside(base, file))
    throw new AppError(
      'forbidden',
      `the link's run path ${shown} leads out of the served folder ${base}; a link opens only files under it`,
    );
  if (!existsSync(file)) throw new AppError('not-found', `the link's run ${shown} is not in the served folder ${base} (no file ${file})`);
  const real = realpathSync(file);
  if (!inside(realpathSync(base), real))
    throw new AppError(
      'forbidden',
      `the link's run path ${shown} is a symbolic link out of the served folder ${base}; a link opens only files under it`,
    );
  return { kind: 'files', predictions: [file] };
}
