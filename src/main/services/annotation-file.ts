// Layer: main (Node). Reads an annotation file for the commands and the load
// pipeline (through read-input, as every input: a regular file within the
// size limit), checks the one `serve --annotations` will write, and applies
// its corrections to a loaded corpus: file-system
// problems, a file that is not an annotation file (or a newer one) and, where
// nothing may be guessed, unreadable lines become LoadErrors naming file:line.

import { existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Corpus } from '../../shared/model/corpus';
import { applyCorrections, type CorrectionResult } from '../../shared/annotations/apply';
import { annotatorsOf, parseCorrectionsFrom, placesOf, selectRecords, type AnnotatorFile } from '../../shared/annotations/annotators';
import { AnnotationFileError, parseAnnotationBytes, type ParsedAnnotations } from '../../shared/annotations/file';
import type { ValueOption } from '../../shared/formats/normalise';
import { goldFile, type SourceSpec } from '../../shared/source';
import { LoadError, type TextLocation } from '../../shared/formats/errors';
import { readInput } from './read-input';

/** A place given by its line only (messages read file:line:1). */
function lineLocation(line: number): TextLocation {
  return { line, column: 1, offset: 0 };
}

/**
 * Checks, before anything is served, a file that saves will go to: a missing
 * or empty file is fine (the first save writes its header); anything else
 * must be a regular file within the size limit that is an annotation file of
 * a version this program reads (else a LoadError saying so; a pipe is
 * refused at once, never waited on).
 */
export function checkAnnotationFile(path: string, maxBytes?: number): void {
  if (!existsSync(path)) return;
  const bytes = readInput(path, maxBytes);
  if (bytes.length > 0) parseBytes(bytes, path);
}

/** Parses an annotation file; refuses a file that is not one (or is newer) as a LoadError. */
export function readAnnotationFile(path: string, maxBytes?: number): ParsedAnnotations {
  return parseBytes(readInput(path, maxBytes), path);
}

function parseBytes(bytes: Uint8Array, path: string): ParsedAnnotations {
  try {
    return parseAnnotationBytes(bytes, path);
  } catch (e) {
    if (e instanceof AnnotationFileError) throw new LoadError(path, e.problem, e.line ? lineLocation(e.line) : undefined);
    throw e;
  }
}

export interface AppliedCorrections {
  file: string;
  result: CorrectionResult;
  /** Notes for the user: a torn last line, and every record not applied (file:line: why). */
  notes: string[];
}

/**
 * Applies the corrections of an annotation file to a corpus's gold. A line
 * that cannot be read refuses the whole file (what it meant is unknown, and
 * nothing is applied silently); a torn last line and records that do not
 * apply (stale, unknown dialogue, slot or turn) are notes.
 */
export function applyCorrectionFile(
  corpus: Corpus,
  file: string,
  opts: { includeSuspected?: boolean; values?: readonly ValueOption[]; schemaSlots?: readonly string[]; maxBytes?: number },
): AppliedCorrections {
  const parsed = readAnnotationFile(file, opts.maxBytes);
  refuseBadLines(file, parsed);
  const result = applyCorrections(corpus, parsed.records, opts);
  const notes: string[] = [];
  if (parsed.torn) notes.push(`${file}:${parsed.torn.line}: ${parsed.torn.message}`);
  for (const i of result.issues) notes.push(`${file}:${i.line}: ${i.message}`);
  return { file, result, notes };
}

/** A file with a line that cannot be read is refused whole: what it meant is unknown, and nothing is applied silently. */
function refuseBadLines(file: string, parsed: ParsedAnnotations): void {
  if (parsed.problems.length > 0) {
    const p = parsed.problems[0];
    const more =
      parsed.problems.length > 1 ? ` (and ${parsed.problems.length - 1} more bad line${parsed.problems.length > 2 ? 's' : ''})` : '';
    throw new LoadError(
      file,
      `${p.message}${more}; fix or remove the line(s): no correction is applied from a file with unreadable records`,
      lineLocation(p.line),
    );
  }
}

/**
 * Several annotators' files on one gold (or one merged file): the records
 * `from` names — an annotator's, the majority's, the adjudicated ones
 * (shared/annotations/annotators.ts) — applied as one file's would be. Places
 * left undecided (a tie, a disagreement nobody adjudicated) and an annotator
 * no file names are notes.
 */
export function applyCorrectionFiles(
  corpus: Corpus,
  files: readonly string[],
  from: string,
  opts: { includeSuspected?: boolean; values?: readonly ValueOption[]; schemaSlots?: readonly string[]; maxBytes?: number },
): AppliedCorrections {
  const notes: string[] = [];
  const read: AnnotatorFile[] = files.map((file) => {
    const parsed = readAnnotationFile(file, opts.maxBytes);
    refuseBadLines(file, parsed);
    if (parsed.torn) notes.push(`${file}:${parsed.torn.line}: ${parsed.torn.message}`);
    return { file, header: parsed.header, records: parsed.records };
  });
  const places = placesOf(read);
  const choice = parseCorrectionsFrom(from);
  if (choice.kind === 'annotator' && !places.some((p) => p.by.has(choice.name)))
    throw new LoadError(
      files.join(', '),
      `no slot-level record by ${JSON.stringify(choice.name)}; the annotators are ${annotatorsOf(places)
        .map((a) => JSON.stringify(a))
        .join(', ')} (or use majority or adjudicated)`,
    );
  const selected = selectRecords(places, choice);
  const where = new Map(selected.records.map((s) => [`${s.record.id}\u0000${s.line}`, s.file]));
  const applied = applyCorrections(corpus, selected.records, opts);
  // Whose corrections: part of the signature (corrections=N:hash from=majority), as in the app's what-if.
  const result = { ...applied, summary: { ...applied.summary, from } };
  for (const i of result.issues) notes.push(`${where.get(`${i.id}\u0000${i.line}`) ?? files[0]}:${i.line}: ${i.message}`);
  for (const u of selected.undecided) notes.push(`${u.place.dialogue} turn ${u.place.turn} ${u.place.slot}: not applied (${u.why})`);
  return { file: files.join(','), result, notes };
}

/**
 * The gold a correction diff names: its path relative to the annotation
 * file's folder (the two travel together; no home folder in a shared file),
 * or "built-in demo".
 */
export function diffGoldName(annotationFile: string, spec: SourceSpec): string {
  if (spec.kind === 'demo') return goldFile(spec);
  return relative(dirname(resolve(annotationFile)), resolve(goldFile(spec))) || goldFile(spec);
}
