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
import type { DisagreementRow } from '../annotations/adjudication';
import type { AgreementSummary } from '../annotations/annotators-agree';
import { dialogueId, metricConfigSchema, runId, runRef } from './common';

const annotationId = z.string().min(1).max(200);
const annotatorChoice = z
  .string()
  .min(1)
  .max(200)
  .refine((s) => s.trim() !== '', { message: 'give majority, adjudicated or an annotator name' });
const path = z.string().min(1).max(4096);

/** An adjudicator's pick (shared/annotations/adjudication.ts Pick). */
const pickSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('annotator'), index: z.number().int().min(0).max(999) }).strict(),
  z.object({ kind: z.literal('majority') }).strict(),
  z.object({ kind: z.literal('gold') }).strict(),
  z.object({ kind: z.literal('value'), to: z.string().max(10_000).nullable() }).strict(),
]);

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
      /** With several annotators' files open (openTeamFiles, serve --corrections A,B): whose corrections — an annotator's name, majority, adjudicated. */
      correctionsFrom: annotatorChoice.optional(),
    })
    .strict(),
  /** One dialogue in full detail on the corrected gold. */
  whatIfDialogue: z
    .object({
      ...runRef,
      config: metricConfigSchema,
      id: dialogueId,
      includeSuspected: z.boolean().optional(),
      correctionsFrom: annotatorChoice.optional(),
    })
    .strict(),
  /**
   * Several annotators on the run's gold: the annotation files open (serve --corrections A,B, openTeamFiles), their
   * agreement (as `corrections agree` prints it, with its signature) and the adjudicated file.
   */
  teamAnnotations: z.object({ run: runId }).strict(),
  /** Opens several annotators' files (read only) and the adjudicated file adjudications go to (default: adjudicated.annotations.jsonl beside the first). */
  openTeamFiles: z.object({ run: runId, files: z.array(path).min(1).max(50), adjudicated: path.optional() }).strict(),
  /** The disagreements queue: places where the annotators differ (decision or value), with each one's decision, the majority's and the adjudication. */
  disagreements: z
    .object({
      ...runRef,
      offset: z.number().int().min(0).optional(),
      limit: z.number().int().min(1).max(5000).optional(),
      unadjudicated: z.boolean().optional(),
    })
    .strict(),
  /** Adjudicates one place (its key from disagreements): appended to the adjudicated file with "adjudicated": true; answers once on disk (fsync). */
  adjudicate: z.object({ run: runId, key: z.string().min(1).max(2000), pick: pickSchema }).strict(),
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

/** Several annotators' files on one gold (none open: `files` empty). */
export interface TeamState {
  /** The annotators' files (only read). */
  files: string[];
  /** Where adjudications are written (exists or not yet). */
  adjudicated: string | null;
  adjudicatedExists: boolean;
  /** Annotators (records' `by`) in order of first appearance; adjudicators are not among them. */
  annotators: string[];
  /** Grows when any of the files changes. */
  version: number;
  /** The agreement as `corrections agree --format json` gives it; null with fewer than two annotators (`why`). */
  agreement: AgreementSummary | null;
  /** How the agreement numbers were computed (coefficients, items, bootstrap, seed, level, app version). */
  agreementSignature: string;
  why?: string;
  /** Places where annotators differ, and how many of them are adjudicated. */
  disagreements: number;
  adjudicatedPlaces: number;
  /** Notes (torn last lines). */
  notes: string[];
}

export interface DisagreementList {
  total: number;
  offset: number;
  items: DisagreementRow[];
  annotators: string[];
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
  teamAnnotations: TeamState;
  openTeamFiles: TeamState;
  disagreements: DisagreementList;
  adjudicate: SavedAnnotation;
  exportCorrections: CorrectionExport;
}
