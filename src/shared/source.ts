// Layer: shared (pure TS). SourceSpec: what a run is made of — the
// prediction file(s) or folder(s), the layout, the gold and utterance
// sources, an SGD schema, value options and corrections to the gold — or the built-in
// demo. Validated once (checkSourceSpec) wherever it enters: command-line
// flags, the app's Open dialog, recent files and every API call; then the
// one load pipeline (src/main/services/load-pipeline.ts) reads it.

import { AppError } from './app-error';
import { z } from 'zod';
import { VALUE_OPTIONS, type ValueOption } from './formats/normalise';

const path = z.string().min(1).max(4096);

export const sourceSpecSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('demo') }).strict(),
  z
    .object({
      kind: z.literal('files'),
      /** Prediction files or folders, read as one corpus (a dialogue id in two of them is refused). */
      predictions: z.array(path).min(1).max(256),
      /** Input layout, skipping detection (an unknown name is reported by the loader, with the known ones). */
      layout: z.string().min(1).max(64).optional(),
      /** Gold source (file or folder): replaces the predictions' gold, or gives it to layouts without. */
      gold: path.optional(),
      /** Utterance source (file or folder). */
      dialogues: path.optional(),
      /** SGD schema.json: K for SA. */
      schema: path.optional(),
      /** Belief-span layouts: the slot vocabulary file (default: MultiWOZ's, built in). */
      slotVocab: path.optional(),
      /** Line-aligned generations: the index file that says which turn (and slot) each line belongs to. */
      index: path.optional(),
      /** Value normalisation options (off by default; recorded in the signature). */
      values: z.array(z.enum(VALUE_OPTIONS)).max(VALUE_OPTIONS.length).optional(),
      /** An annotation file whose corrections are applied to the gold before scoring (confirmed ones; suspected too when asked). */
      corrections: z
        .object({
          file: path,
          includeSuspected: z.boolean().optional(),
          /** More annotators' files (several annotators on one gold; docs/guide/annotate.md). */
          more: z.array(path).max(100).optional(),
          /** Whose corrections: "majority", "adjudicated" or an annotator's name ("by"); absent: every applicable record of `file`. */
          from: z.string().min(1).max(200).optional(),
        })
        .strict()
        .optional(),
    })
    .strict(),
]);

export type SourceSpec = z.infer<typeof sourceSpecSchema>;
export type FileSource = Extract<SourceSpec, { kind: 'files' }>;

/** A source that cannot be read as one (names the field): bad arguments. */
export class SourceSpecError extends AppError {
  constructor(message: string) {
    super('bad-args', message);
    this.name = 'SourceSpecError';
  }
}

/** Validates a source (from a flag parser, a dialog, a recent-files entry or an API call); throws naming the field. */
export function checkSourceSpec(x: unknown): SourceSpec {
  const r = sourceSpecSchema.safeParse(x);
  if (r.success) return normaliseSpec(r.data);
  const issue = r.error.issues[0];
  const where = issue.path.length ? issue.path.join('.') : 'source';
  throw new SourceSpecError(`${where}: ${issue.message}`);
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

/** Builds a file source from the fields a caller has; undefined and empty fields are left out. */
export function fileSource(predictions: string[], opts: Partial<Omit<FileSource, 'kind' | 'predictions'>> = {}): FileSource {
  const out: FileSource = { kind: 'files', predictions };
  for (const k of ['layout', 'gold', 'dialogues', 'schema', 'slotVocab', 'index', 'values', 'corrections'] as const) {
    const v = opts[k];
    if (v !== undefined && !(Array.isArray(v) && v.length === 0)) (out as Record<string, unknown>)[k] = v;
  }
  return checkSourceSpec(out) as FileSource;
}
