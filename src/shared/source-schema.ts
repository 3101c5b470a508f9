// Layer: shared (pure TS). The one schema of a SourceSpec (zod) and its
// check, kept apart from source.ts so that what only builds, keys or names a
// source loads no zod (the CLI's start-up: docs/performance.md, "Start-up of
// the command"). Checked where a spec enters: the API contract (calls/runs.ts,
// IPC and HTTP), the workspace's open, recent files, an annotation file's
// header and the CLI's flags (all but a lone prediction file). The types are
// inferred from this schema (source.ts: `z.infer`, by `import type`).

import { z } from 'zod';
import { VALUE_OPTIONS } from './formats/normalise';
import { normaliseSpec, SourceSpecError, type SourceSpec } from './source';

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

/** Validates a source (an API call, the app's or the CLI's flags, a recent-files entry, a file's header); throws naming the field. */
export function checkSourceSpec(x: unknown): SourceSpec {
  const r = sourceSpecSchema.safeParse(x);
  if (r.success) return normaliseSpec(r.data);
  const issue = r.error.issues[0];
  const where = issue.path.length ? issue.path.join('.') : 'source';
  throw new SourceSpecError(`${where}: ${issue.message}`);
}
