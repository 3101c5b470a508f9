// Layer: shared (pure TS). API calls of the annotation feature: the run's
// annotation file (list, allow writing to it, save, revise, compact), the suspects queue, the
// what-if scores with corrections (or value options) applied, and the
// correction diff export. Runs on the same gold share one annotation file.

import { z } from 'zod';
import type { WhatIfDiff } from '../annotations/whatif';
import type { FormatNote, Suspect, VersionFlag } from '../annotations/suspects';
import { EXPORT_FORMATS } from '../annotations/export';
import { recordBodySchema, type AnnotationRecord } from '../annotations/record';
import { VALUE_OPTIONS } from '../formats/normalise';
import type { Signature } from '../metrics/signature';
import type { DialogueDetail } from './inspect';
import { dialogueId, metricConfigSchema, runId, runRef } from './common';

const annotationId = z.string().min(1).max(200);

export const ANNOTATION_CALLS = {
  /** The run's annotations (latest revision of each, withdrawn ones left out), optionally of one dialogue. */
  listAnnotations: z.object({ run: runId, dialogue: dialogueId.optional() }).strict(),
  /**
   * Allows saves to the run's annotation file, named in full (the `file` listAnnotations gives; no other path is
   * accepted). Browser mode: the page sends it once the person confirmed the path in its dialog. Electron: the
   * engine asks the person in a native dialog first (`allowed: false` when they decline).
   */
  allowAnnotationFile: z.object({ run: runId, file: z.string().min(1).max(4096) }).strict(),
  /** Saves one new record (no id: the store gives it); answers once it is on disk (fsync). */
  saveAnnotation: z.object({ run: runId, record: recordBodySchema }).strict(),
  /** A new revision of a record (fields replaced; with `replace` the record is `record`; or withdrawn); `rev` is the revision the caller saw. */
  reviseAnnotation: z
    .object({
      run: runId,
      id: annotationId,
      rev: z.number().int().min(1),
      record: recordBodySchema.partial().optional(),
      deleted: z.boolean().optional(),
      replace: z.boolean().optional(),
    })
    .strict(),
  /** The annotator name saves are written with (`by`): serve --annotator, the app's setting, else the OS user. */
  annotator: z.object({}).strict(),
  /** Sets the annotator name for the saves that follow (1 to 200 characters, not blank); the app keeps it as a setting. */
  setAnnotator: z
    .object({
      name: z
        .string()
        .max(200)
        .refine((s) => s.trim() !== '', { message: 'give a name' }),
    })
    .strict(),
  /** Rewrites the file without replaced revisions (atomic). */
  compactAnnotations: z.object({ run: runId }).strict(),
  /** The suspects queue: places where the gold is likely wrong, best first. */
  suspects: z
    .object({
      ...runRef,
      offset: z.number().int().min(0).optional(),
      limit: z.number().int().min(1).max(5000).optional(),
      unannotated: z.boolean().optional(),
    })
    .strict(),
  /** Before → after: with the file's corrections applied to the gold, or (values) with value options switched on. */
  whatIf: z
    .object({
      ...runRef,
      config: metricConfigSchema,
      includeSuspected: z.boolean().optional(),
      values: z.array(z.enum(VALUE_OPTIONS)).max(VALUE_OPTIONS.length).optional(),
    })
    .strict(),
  /** One dialogue in full detail on the corrected gold. */
  whatIfDialogue: z.object({ ...runRef, config: metricConfigSchema, id: dialogueId, includeSuspected: z.boolean().optional() }).strict(),
  /** The correction diff (one row per changed turn) as JSON Lines, CSV or text. */
  exportCorrections: z.object({ ...runRef, format: z.enum(EXPORT_FORMATS), includeSuspected: z.boolean().optional() }).strict(),
} as const;

/** A record as listed: with the line of its latest revision. */
export type AnnotationItem = AnnotationRecord & { line: number };

export interface AnnotationList {
  /** The annotation file (shared by the runs on this gold). */
  file: string;
  /** Grows whenever the file's records change (key answers that depend on them by it). */
  version: number;
  exists: boolean;
  records: AnnotationItem[];
  /** Lines that cannot be read (file:line: why); their records are not applied. */
  problems: string[];
  /** Why the file is refused (not an annotation file, or a newer version): nothing is written to it. */
  refused?: string;
  replacedLines: number;
  /** About the choice of the file (several candidate files exist for this gold: which one is used). */
  notes?: string[];
  /** Whether saves may go to `file` now; false until the person confirms it (allowAnnotationFile). */
  writable: boolean;
  /** When not writable: who asks the person — the page (browser mode: a dialog naming the path) or the engine (a native dialog). */
  confirmWith?: 'page' | 'native';
}

export interface SavedAnnotation {
  id: string;
  rev: number;
  version: number;
  /** What the store repaired on the way (records the file had lost written back; temporary files removed), for the person to read. */
  notices?: string[];
}

export interface SuspectList {
  total: number;
  offset: number;
  items: Suspect[];
  /** Labels of the runs whose predictions voted (the runs on this gold). */
  runs: string[];
  hasText: boolean;
  /** Predictions that differ from the gold only in format: one note, never suspects. */
  format?: FormatNote;
  /** Runs whose disagreements follow another gold version (the queue header flags them). */
  versions?: VersionFlag[];
}

export interface WhatIfResult {
  mode: 'corrections' | 'values';
  diff: WhatIfDiff;
  signatureBefore: Signature;
  signatureAfter: Signature;
  /** Corrections applied (mode corrections). */
  applied: number;
  /** Records not applied, file:line: why (stale, unknown place). */
  issues: string[];
  version: number;
}

export interface CorrectionExport {
  text: string;
  filename: string;
  mime: string;
  rows: number;
}

export interface AnnotationResults {
  listAnnotations: AnnotationList;
  allowAnnotationFile: { file: string; allowed: boolean };
  saveAnnotation: SavedAnnotation;
  reviseAnnotation: SavedAnnotation;
  compactAnnotations: { dropped: number; version: number };
  annotator: { name: string };
  setAnnotator: { name: string };
  suspects: SuspectList;
  whatIf: WhatIfResult;
  whatIfDialogue: DialogueDetail;
  exportCorrections: CorrectionExport;
}
