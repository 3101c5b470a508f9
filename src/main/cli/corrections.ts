// Layer: main (Node). `dst-inspector corrections export FILE [PRED] --format
// jsonl|csv|diff`: the per-turn correction diff of an annotation file against
// its gold (one row per turn a correction changes), and `corrections compact
// FILE`: the file without replaced lines, rewritten atomically under its lock.

import { dirname, isAbsolute, resolve } from 'node:path';
import { diffRows, EXPORT_FORMATS, renderDiff } from '../../shared/annotations/export';
import type { SourceSpec } from '../../shared/source';
import { checkSourceSpec } from '../../shared/source-schema';
import { applyCorrectionFile, diffGoldName, readAnnotationFile } from '../services/annotation-file';
import { AnnotationStore } from '../services/annotation-store';
import { loadSource } from '../services/load-pipeline';
import { EXIT_CORRECTIONS_SKIPPED } from './runs';
import { maxBytesFromFlags, SOURCE_FLAGS, SOURCE_HELP_WITHOUT_CORRECTIONS, sourceFromFlags } from './source-flags';
import { oneOf, parseCommand, UsageError, writeOut } from './usage';

export const CORRECTIONS_HELP = `Usage: dst-inspector corrections export <annotations.jsonl> [<predictions>] [options]
       dst-inspector corrections compact <annotations.jsonl>
       dst-inspector corrections merge <A.jsonl> <B.jsonl> … [--out M.jsonl]
       dst-inspector corrections agree <A.jsonl> [<B.jsonl> …] [--format json|table]

export: the correction diff — one row per turn a correction changes
(dialogue, turn, slot, old, new, category, status, note, by, at, id) — of the
confirmed corrections (suspected too with --include-suspected), applied to the
gold exactly as score --corrections applies them. The gold is the source the
file's header names (written by the app), or the predictions file given.
compact: drops replaced revisions (atomic rewrite, under the file's lock).
merge: every annotator's records in one new file (the inputs are only read;
each record keeps its author "by"); places where annotators disagree are
listed on stderr as conflicts (exit code 3).
agree: agreement of the annotators ("by") at slot level, on the decision
(confirmed / rejected / suspected) and on the corrected value: Cohen's κ
(two annotators) or Fleiss' κ (three or more) and Krippendorff's α, with
percentile-bootstrap intervals and the items each annotator rated.

Options:
  --format FMT          export: jsonl | csv | diff (default diff); agree: json |
                        table (default table)
  --bootstrap B         agree: bootstrap resamples (default 1000; 0: none)
  --seed N              agree: the bootstrap's seed (default 0)
  --include-suspected   apply suspected corrections too
  --out FILE            write to FILE (atomically) instead of stdout
${SOURCE_HELP_WITHOUT_CORRECTIONS()}  -h, --help            this help

Exit codes: 0 ok, 2 bad input or usage, 3 written but some records were not
applied (stale or unknown places, each reported on stderr).
`;

/** The source the header of an annotation file records (paths relative to the file), if any. */
function headerSource(file: string, header: Record<string, unknown>): SourceSpec | null {
  const raw = header.source;
  if (!raw || typeof raw !== 'object') return null;
  const base = dirname(resolve(file));
  const abs = (p: unknown) => (typeof p === 'string' ? (isAbsolute(p) ? p : resolve(base, p)) : p);
  const s = { ...(raw as Record<string, unknown>) };
  if (s.kind === 'files') {
    s.predictions = Array.isArray(s.predictions) ? s.predictions.map(abs) : s.predictions;
    for (const k of ['gold', 'dialogues', 'schema', 'slotVocab', 'index']) if (s[k] !== undefined) s[k] = abs(s[k]);
    delete s.corrections;
  }
  try {
    return checkSourceSpec(s);
  } catch {
    return null;
  }
}

export async function correctionsCommand(argv: string[], write: (s: string) => void): Promise<number | void> {
  const { values, positionals } = parseCommand('corrections', argv, {
    ...SOURCE_FLAGS,
    format: { type: 'string' },
    bootstrap: { type: 'string' },
    seed: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    write(CORRECTIONS_HELP);
    return;
  }
  const [action, file, ...preds] = positionals;
  if (action === 'merge' || action === 'agree') {
    // Loaded only for these actions (docs/dev: CLI start-up).
    const team = await import('./corrections-team');
    if (action === 'merge')
      return team.mergeCommand(positionals.slice(1), values.out as string | undefined, write, maxBytesFromFlags(values));
    team.agreeCommand(positionals.slice(1), values as never, write, maxBytesFromFlags(values));
    return;
  }
  if (action === 'compact') {
    if (!file || preds.length) throw new UsageError('corrections compact: give one annotation file');
    readAnnotationFile(file); // refuses a file that is not one, with its message
    // The file named here: a link in its place is followed (to the file the person meant). A StoreError is one line, exit code 2.
    const r = await new AnnotationStore(file, { gold: '', links: 'follow' }).compact();
    process.stderr.write(`dst-inspector: ${file}: ${r.dropped} replaced line${r.dropped === 1 ? '' : 's'} dropped\n`);
    return;
  }
  if (action !== 'export')
    throw new UsageError(
      `corrections: ${action === undefined ? 'no action given' : `unknown action ${JSON.stringify(action)}`}; use corrections export, compact, merge or agree\n\n${CORRECTIONS_HELP}`,
    );
  if (!file) throw new UsageError('corrections export: no annotation file given');
  if (values.corrections) throw new UsageError('corrections export: the annotation file is the first argument (no --corrections)');
  const format = oneOf('--format', (values.format as string | undefined) ?? 'diff', EXPORT_FORMATS);
  const maxBytes = maxBytesFromFlags(values);
  const parsed = readAnnotationFile(file, maxBytes);
  let spec: SourceSpec | null;
  if (preds.length)
    spec = await sourceFromFlags({ ...values, 'include-suspected': false }, preds); // --include-suspected is this command's own
  else {
    spec = headerSource(file, parsed.header);
    if (!spec)
      throw new UsageError(
        `corrections export: ${file} does not say where its gold is; give the predictions file: corrections export ${file} PREDICTIONS [--gold PATH]`,
      );
  }
  const run = await loadSource(spec, { maxBytes, analyse: false });
  const corpus = run.loaded.corpus;
  const applied = applyCorrectionFile(corpus, file, {
    includeSuspected: values['include-suspected'] === true,
    values: run.loaded.valueOptions as never,
    schemaSlots: run.schemaSlots,
    maxBytes,
  });
  for (const n of applied.notes) process.stderr.write(`dst-inspector: note: ${n}\n`);
  const text = renderDiff(diffRows(applied.result.changes), format, { gold: diffGoldName(file, spec), summary: applied.result.summary });
  if (values.out) writeOut(values.out as string, [text]);
  else write(text);
  return applied.notes.length ? EXIT_CORRECTIONS_SKIPPED : 0;
}
