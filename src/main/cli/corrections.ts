// Layer: main (Node). `dst-inspector corrections export FILE [PRED] --format
// jsonl|csv|diff`: the per-turn correction diff of an annotation file against
// its gold (one row per turn a correction changes), and `corrections compact
// FILE`: the file without replaced lines, rewritten atomically under its lock.

import { dirname, isAbsolute, resolve } from 'node:path';
import { diffRows, EXPORT_FORMATS, renderDiff } from '../../shared/annotations/export';
import { checkSourceSpec, type SourceSpec } from '../../shared/source';
import { applyCorrectionFile, diffGoldName, readAnnotationFile } from '../services/annotation-file';
import { AnnotationStore, StoreError } from '../services/annotation-store';
import { loadSource } from '../services/load-pipeline';
import { EXIT_CORRECTIONS_SKIPPED } from './runs';
import { maxBytesFromFlags, SOURCE_FLAGS, SOURCE_HELP_WITHOUT_CORRECTIONS, sourceFromFlags } from './source-flags';
import { oneOf, parseCommand, UsageError, writeOut } from './usage';

export const CORRECTIONS_HELP = `Usage: dst-inspector corrections export <annotations.jsonl> [<predictions>] [options]
       dst-inspector corrections compact <annotations.jsonl>

export: the correction diff — one row per turn a correction changes
(dialogue, turn, slot, old, new, category, status, note, by, at, id) — of the
confirmed corrections (suspected too with --include-suspected), applied to the
gold exactly as score --corrections applies them. The gold is the source the
file's header names (written by the app), or the predictions file given.
compact: drops replaced revisions (atomic rewrite, under the file's lock).

Options:
  --format FMT          jsonl | csv | diff (default diff)
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
    format: { type: 'string', default: 'diff' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    write(CORRECTIONS_HELP);
    return;
  }
  const [action, file, ...preds] = positionals;
  if (action === 'compact') {
    if (!file || preds.length) throw new UsageError('corrections compact: give one annotation file');
    readAnnotationFile(file); // refuses a file that is not one, with its message
    try {
      // The file named here: a link in its place is followed (to the file the person meant).
      const r = await new AnnotationStore(file, { gold: '', links: 'follow' }).compact();
      process.stderr.write(`dst-inspector: ${file}: ${r.dropped} replaced line${r.dropped === 1 ? '' : 's'} dropped\n`);
    } catch (e) {
      if (e instanceof StoreError) throw new UsageError(e.message);
      throw e;
    }
    return;
  }
  if (action !== 'export')
    throw new UsageError(
      `corrections: ${action === undefined ? 'no action given' : `unknown action ${JSON.stringify(action)}`}; use "corrections export FILE" or "corrections compact FILE"\n\n${CORRECTIONS_HELP}`,
    );
  if (!file) throw new UsageError('corrections export: no annotation file given');
  if (values.corrections) throw new UsageError('corrections export: the annotation file is the first argument (no --corrections)');
  const format = oneOf('--format', values.format as string, EXPORT_FORMATS);
  const maxBytes = maxBytesFromFlags(values);
  const parsed = readAnnotationFile(file, maxBytes);
  let spec: SourceSpec | null;
  if (preds.length)
    spec = sourceFromFlags({ ...values, 'include-suspected': false }, preds); // --include-suspected is this command's own
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
