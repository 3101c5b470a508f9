// Layer: shared (pure TS). SourceSpec: what a run is made of — the
// prediction file(s) or folder(s), the layout, the gold and utterance
// sources, an SGD schema, value options and corrections to the gold — or the built-in
// demo. Built here (fileSource, from typed fields); checked by its one schema
// (source-schema.ts checkSourceSpec) wherever it enters: every API call, the
// workspace's open (the app's Open dialog and command line), recent files, an
// annotation file's header and the CLI's flags (cli/source-flags.ts: all but
// a lone prediction file, which is checked as it is read); then the one load
// pipeline (src/main/services/load-pipeline.ts) reads it. This file loads no
// zod, so a command that only builds a source does not pay for it at start-up.

import type { z } from 'zod';
import { AppError } from './app-error';
import { VALUE_OPTIONS, type ValueOption } from './formats/normalise';
import type { sourceSpecSchema } from './source-schema';

/** The types come from the one schema (source-schema.ts), by a type-only import: this file loads no zod. */
export type SourceSpec = z.infer<typeof sourceSpecSchema>;
export type FileSource = Extract<SourceSpec, { kind: 'files' }>;

/** A source that cannot be read as one (names the field): bad arguments. */
export class SourceSpecError extends AppError {
  constructor(message: string) {
    super('bad-args', message);
    this.name = 'SourceSpecError';
  }
}

/** Canonical form: value options in their declared order, without repeats; empty lists dropped. */
export function normaliseSpec(s: SourceSpec): SourceSpec {
  if (s.kind === 'demo') return s;
  const out: FileSource = { ...s };
  if (s.values) {
    const v = VALUE_OPTIONS.filter((o) => s.values!.includes(o)) as ValueOption[];
    if (v.length) out.values = v;
    else delete out.values;
  }
  return out;
}

/** A stable key: two specs with the same key load the same run. */
export function sourceKey(s: SourceSpec): string {
  const n = normaliseSpec(s);
  if (n.kind === 'demo') return 'demo';
  const key: unknown[] = [n.predictions, n.layout ?? null, n.gold ?? null, n.dialogues ?? null, n.schema ?? null, n.values ?? []];
  if (n.corrections)
    key.push([
      n.corrections.file,
      !!n.corrections.includeSuspected,
      ...(n.corrections.from !== undefined || n.corrections.more ? [n.corrections.more ?? [], n.corrections.from ?? null] : []),
    ]);
  if (n.slotVocab !== undefined || n.index !== undefined) key.push({ slotVocab: n.slotVocab ?? null, index: n.index ?? null });
  return JSON.stringify(key);
}

function baseName(p: string): string {
  const parts = p.split(/[\\/]/).filter(Boolean);
  return parts[parts.length - 1] ?? p;
}

/** A short label for a run made from this source: the first prediction file's name. */
export function sourceLabel(s: SourceSpec): string {
  if (s.kind === 'demo') return 'demo';
  const first = baseName(s.predictions[0]).replace(/\.(jsonl?|ndjson)$/i, '');
  return s.predictions.length > 1 ? `${first} +${s.predictions.length - 1}` : first;
}

/** The file (or "built-in demo") a run's messages name. */
export function sourceFile(s: SourceSpec): string {
  return s.kind === 'demo' ? 'built-in demo' : s.predictions.join(', ');
}

/** Where a source's gold states come from: its separate gold file, else its (first) predictions file, which holds them. */
export function goldFile(s: SourceSpec): string {
  return s.kind === 'demo' ? 'built-in demo' : (s.gold ?? s.predictions[0]);
}

/**
 * Builds a file source from the fields a caller has (the CLI's flags, a path the app was given); undefined and empty
 * fields are left out, the rest in canonical form. Its type says what a source holds; a spec that arrives from
 * outside the program is checked by the schema instead (source-schema.ts checkSourceSpec).
 */
export function fileSource(predictions: string[], opts: Partial<Omit<FileSource, 'kind' | 'predictions'>> = {}): FileSource {
  const out: FileSource = { kind: 'files', predictions };
  for (const k of ['layout', 'gold', 'dialogues', 'schema', 'slotVocab', 'index', 'values', 'corrections'] as const) {
    const v = opts[k];
    if (v !== undefined && !(Array.isArray(v) && v.length === 0)) (out as Record<string, unknown>)[k] = v;
  }
  return normaliseSpec(out) as FileSource;
}
