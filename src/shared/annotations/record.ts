// Layer: shared (pure TS). The annotation record (docs/reference/annotation-file.md):
// what an annotator says about the gold state at one place (dialogue, turn,
// slot), with an optional proposed correction `from` → `to`. Schemas (zod) for
// the file's header and records, the names of categories, statuses and
// scopes, canonical places (slot names as the loaders spell them, dialogue
// ids matched as everywhere else), and the one way a record is written.

import { z } from 'zod';
import { dialogueKey } from '../formats/reference';
import { canonicalFlatSlot } from '../formats/slot-names';

export const ANNOTATION_FORMAT = 'dst-inspector-annotations';
export const ANNOTATION_VERSION = 1;

export const CATEGORIES = [
  'wrong-value',
  'missing-slot',
  'extra-slot',
  'early-or-late',
  'inconsistent-carry',
  'normalisation',
  'ambiguous',
  'prediction-acceptable',
  'other',
] as const;
export type Category = (typeof CATEGORIES)[number];
export const STATUSES = ['suspected', 'confirmed', 'rejected'] as const;
export type Status = (typeof STATUSES)[number];
export const SCOPES = ['turn', 'onward'] as const;
export type Scope = (typeof SCOPES)[number];

export const CATEGORY_HELP: Record<Category, string> = {
  'wrong-value': 'the gold value is wrong',
  'missing-slot': 'the gold lacks a slot the user gave',
  'extra-slot': 'the gold has a slot the user never gave',
  'early-or-late': 'the gold value appears a turn too early or too late',
  'inconsistent-carry': 'the gold drops or changes a value without a reason in the text',
  normalisation: 'the same value written another way',
  ambiguous: 'the text allows either reading',
  'prediction-acceptable': 'the gold is right, but the prediction is acceptable too',
  other: 'anything else (say what in the note)',
};

const text = (max: number) => z.string().max(max);
const value = text(10_000).nullable();

/** The fields of a record a person writes (everything but its identity, author and time). */
const bodyShape = {
  dialogue: text(1000).min(1),
  turn: z.number().int().min(0).max(0x7fffffff),
  slot: text(200).min(1).optional(),
  from: value.optional(),
  to: value.optional(),
  scope: z.enum(SCOPES),
  category: z.enum(CATEGORIES),
  status: z.enum(STATUSES),
  note: text(10_000).optional(),
};

/** Fields of a record other than its identity (what a client sends to save one). */
export const recordBodySchema = z.object(bodyShape).strict();
export type RecordBody = z.infer<typeof recordBodySchema>;

/** A record line: unknown fields are kept (loose) and written back unchanged. */
export const recordSchema = z
  .looseObject({
    id: text(200).min(1),
    rev: z.number().int().min(1),
    ...bodyShape,
    by: text(200),
    at: text(100),
    deleted: z.literal(true).optional(),
  })
  .refine((r) => r.slot === undefined || r.from !== undefined, {
    message: 'a slot annotation needs "from" (the gold value seen there, or null when the slot is absent)',
    path: ['from'],
  });
export type AnnotationRecord = z.infer<typeof recordSchema>;

/** A withdrawal may carry only its identity. */
export const withdrawalSchema = z.looseObject({ id: text(200).min(1), rev: z.number().int().min(1), deleted: z.literal(true) });

export const headerSchema = z.looseObject({
  format: z.literal(ANNOTATION_FORMAT),
  version: z.number().int().min(1),
  gold: z.string(),
  created: z.string(),
});
export type AnnotationHeader = z.infer<typeof headerSchema>;

/** The known fields in the order a record is written; unknown fields follow in their own order. */
const FIELD_ORDER = ['id', 'rev', 'dialogue', 'turn', 'slot', 'from', 'to', 'scope', 'category', 'status', 'note', 'by', 'at', 'deleted'];

/** One line of the file (without its newline): known fields first, then unknown ones as they were. */
export function recordLine(r: Record<string, unknown>): string {
  const out: Record<string, unknown> = {};
  for (const k of FIELD_ORDER) if (Object.hasOwn(r, k) && r[k] !== undefined) out[k] = r[k];
  for (const k of Object.keys(r)) if (!FIELD_ORDER.includes(k) && r[k] !== undefined) out[k] = r[k];
  return JSON.stringify(out);
}

export function headerLine(gold: string, created: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ format: ANNOTATION_FORMAT, version: ANNOTATION_VERSION, gold, created, ...extra });
}

/** Canonical slot name for any spelling the loaders understand ("hotel-book day" = "hotel-day" = "hotel-bookday"). */
export function canonicalSlotName(slot: string): string {
  return canonicalFlatSlot(slot);
}

/** Whether a record proposes a correction (it has a `to` field, null included). */
export function hasCorrection(r: AnnotationRecord): boolean {
  return Object.hasOwn(r, 'to') && r.to !== undefined;
}

/** Whether a record is applied to the gold: not withdrawn, a slot and a `to`, confirmed (or suspected when asked). */
export function isApplicable(r: AnnotationRecord, includeSuspected = false): boolean {
  if (r.deleted || r.slot === undefined || !hasCorrection(r)) return false;
  return r.status === 'confirmed' || (includeSuspected && r.status === 'suspected');
}

/** The place of a record as a key: dialogue (matched as everywhere), turn, canonical slot ("" for the turn). */
export function placeKey(dialogue: string, turn: number, slot?: string): string {
  return `${dialogueKey(dialogue)}\u0000${turn}\u0000${slot === undefined ? '' : canonicalSlotName(slot)}`;
}

/** JSON with object keys sorted at every level and no spaces: the same bytes for the same content. */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
}
