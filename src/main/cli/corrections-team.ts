// Layer: main (Node). The several-annotator actions of `dst-inspector
// corrections`: `merge A.jsonl B.jsonl … --out M.jsonl` (every annotator's
// records in one new file, who said what kept, conflicts on stderr; the
// inputs are only read) and `agree A.jsonl B.jsonl … --format json|table`
// (Cohen's / Fleiss' κ and Krippendorff's α on the decision and the value,
// with bootstrap intervals and counts). The logic is shared/annotations/annotators*.ts.

import { existsSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { agreementSummary, agreementTable } from '../../shared/annotations/annotators-agree';
import { annotatorsOf, conflictsOf, itemName, mergeRecords, placesOf, type AnnotatorFile } from '../../shared/annotations/annotators';
import { canonicalJson, headerLine, recordLine } from '../../shared/annotations/record';
import { problemMessages } from '../../shared/annotations/file';
import { LoadError } from '../../shared/formats/errors';
import { readAnnotationFile } from '../services/annotation-file';
import { oneOf, parsePositiveInt, UsageError, writeOut } from './usage';

/** Reads annotation files for merging or agreement: a file with unreadable lines is refused (what it meant is unknown). */
export function readAnnotatorFiles(files: readonly string[], maxBytes?: number): AnnotatorFile[] {
  const seen = new Map<string, string>();
  return files.map((file) => {
    const real = existsSync(file) ? realpathSync(file) : resolve(file);
    const twice = seen.get(real);
    if (twice !== undefined) throw new UsageError(`${file} is given twice (as ${twice}); give each annotation file once`);
    seen.set(real, file);
    const parsed = readAnnotationFile(file, maxBytes);
    if (parsed.problems.length > 0) {
      const p = parsed.problems[0];
      throw new LoadError(
        file,
        `${p.message}; fix or remove the line (and ${parsed.problems.length - 1} more): a file with unreadable records is not merged or compared`,
        {
          line: p.line,
          column: 1,
          offset: 0,
        },
      );
    }
    for (const m of problemMessages({ problems: [], torn: parsed.torn }, file)) process.stderr.write(`dst-inspector: note: ${m}\n`);
    return { file, header: parsed.header, records: parsed.records };
  });
}

/** `corrections merge`: returns the exit code (0; 3 when annotators disagree somewhere — the merged file is written all the same). */
export function mergeCommand(files: readonly string[], out: string | undefined, write: (s: string) => void, maxBytes?: number): number {
  if (files.length < 2) throw new UsageError('corrections merge: give at least two annotation files');
  const read = readAnnotatorFiles(files, maxBytes);
  if (out !== undefined) {
    const target = existsSync(out) ? realpathSync(out) : resolve(out);
    for (const f of files)
      if (existsSync(f) && realpathSync(f) === target)
        throw new UsageError(
          `corrections merge: --out ${out} is the input ${f}; an annotator's file is never rewritten, write the merge to a new file`,
        );
  }
  const golds = [...new Set(read.map((f) => f.header.gold))];
  if (golds.length > 1)
    process.stderr.write(
      `dst-inspector: note: the files name different golds (${golds.map((g) => JSON.stringify(g)).join(', ')}); the merge names the first\n`,
    );
  const sources = new Set(read.map((f) => canonicalJson(f.header.source ?? null)));
  const extra: Record<string, unknown> = { merged: [...files] };
  if (sources.size === 1 && read[0].header.source !== undefined) extra.source = read[0].header.source;
  const { records, renamed } = mergeRecords(read);
  for (const r of renamed)
    process.stderr.write(`dst-inspector: note: ${r.file}:${r.line}: id ${r.id} is another record in an earlier file; kept as ${r.as}\n`);
  const places = placesOf(read);
  const conflicts = conflictsOf(places);
  const lines = [headerLine(golds[0], new Date().toISOString(), extra), ...records.map((r) => recordLine(r))];
  const text = lines.join('\n') + '\n';
  if (out !== undefined) writeOut(out, [text]);
  else write(text);
  const annotators = annotatorsOf(places);
  process.stderr.write(
    `dst-inspector: merged ${records.length} record${records.length === 1 ? '' : 's'} by ${annotators.length} annotator${annotators.length === 1 ? '' : 's'} (${annotators.join(', ')}) from ${files.length} files; ${conflicts.length} conflict${conflicts.length === 1 ? '' : 's'}\n`,
  );
  for (const c of conflicts)
    process.stderr.write(`dst-inspector: conflict: ${itemName(c.place)}: ${[...c.verdicts].map(([a, v]) => `${a}: ${v}`).join('; ')}\n`);
  return conflicts.length ? 3 : 0;
}

/** `corrections agree`. */
export function agreeCommand(
  files: readonly string[],
  values: { format?: string; bootstrap?: string; seed?: string; out?: string },
  write: (s: string) => void,
  maxBytes?: number,
): void {
  if (files.length < 1) throw new UsageError('corrections agree: give the annotation files (one merged file, or one per annotator)');
  const format = oneOf('--format', values.format ?? 'table', ['json', 'table'] as const);
  const bootstrap =
    values.bootstrap === undefined ? 1000 : values.bootstrap === '0' ? 0 : parsePositiveInt('--bootstrap', values.bootstrap);
  const seed = values.seed === undefined ? 0 : values.seed === '0' ? 0 : parsePositiveInt('--seed', values.seed);
  let summary;
  try {
    summary = agreementSummary(readAnnotatorFiles(files, maxBytes), { bootstrap, seed });
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(`corrections agree: ${e.message}`);
    throw e;
  }
  const text = format === 'json' ? JSON.stringify(summary, null, 2) + '\n' : agreementTable(summary);
  if (values.out !== undefined) writeOut(values.out, [text]);
  else write(text);
}
