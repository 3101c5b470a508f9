// Layer: main (Node). Paths typed by a person (the browser-mode Open dialog,
// which runs on another machine than the files): "~" and "~/…" mean the home
// folder of the user running the inspector, and relative paths are resolved
// against one folder, the one the inspector was started in (appInfo tells the
// page which, so the dialog can say so). Absolute paths are kept.

import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import type { SourceSpec } from '../../shared/source';

export interface PathBase {
  /** Where relative paths are resolved: the folder the inspector was started in. */
  base: string;
  home: string;
}

export function defaultPathBase(): PathBase {
  return { base: process.cwd(), home: homedir() };
}

/** `p` as an absolute path: "~" expanded, a relative path resolved against `where.base`. */
export function expandUserPath(p: string, where: PathBase = defaultPathBase()): string {
  const t = p.trim();
  if (t === '~') return where.home;
  if (t.startsWith('~/') || (process.platform === 'win32' && t.startsWith('~\\'))) return resolve(where.home, t.slice(2));
  return isAbsolute(t) ? t : resolve(where.base, t);
}

/** The source with every path expanded (predictions, gold, dialogues, schema and the corrections file). */
export function expandSourcePaths(s: SourceSpec, where: PathBase = defaultPathBase()): SourceSpec {
  if (s.kind !== 'files') return s;
  const out = { ...s, predictions: s.predictions.map((p) => expandUserPath(p, where)) };
  for (const k of ['gold', 'dialogues', 'schema', 'slotVocab', 'index'] as const)
    if (s[k] !== undefined) out[k] = expandUserPath(s[k]!, where);
  if (s.corrections) out.corrections = { ...s.corrections, file: expandUserPath(s.corrections.file, where) };
  return out;
}
