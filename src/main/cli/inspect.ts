// Layer: main (Node). `dst-inspector inspect <file>`: says what was detected —
// format, dialogues, turns, slots seen (with counts), domains, value options
// in force — and every warning (lookalike values included), without scoring.

import { inspectCorpus, type CorpusReport } from '../../shared/formats/inspect-corpus';
import { loadSource } from '../services/load-pipeline';
import { maxBytesFromFlags, SOURCE_FLAGS, SOURCE_HELP, sourceFromFlags } from './source-flags';
import { oneOf, parseCommand, UsageError } from './usage';
import { maxBy } from '../../shared/arrays';

export const INSPECT_HELP = `Usage: dst-inspector inspect <predictions file> [options]

Prints what DST Inspector understood of a file: its layout, dialogues, turns,
slots (with how many turns mention each in gold and prediction), domains, the
value options in force, and warnings (out-of-order or missing turns, empty
states, slots outside the schema, dialogues missing from --gold/--dialogues,
and predicted values that differ from gold only by whitespace, case or
punctuation: counts per kind, one example with the values JSON-quoted, and
the --values option that would make them equal, if one would). For layouts
that carry the model's text (belief spans, LLM JSON Lines, LDST, …): how many
turns have it, the confidence columns, and every generation that could not
be parsed, with its place.

Options:
${SOURCE_HELP}  --format FMT          text (default) | json
  --json                the same as --format json (kept for scripts written before --format)
  -h, --help            this help
`;

export async function inspectCommand(argv: string[], write: (s: string) => void): Promise<void> {
  const { values, positionals } = parseCommand('inspect', argv, {
    ...SOURCE_FLAGS,
    format: { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    write(INSPECT_HELP);
    return;
  }
  if (positionals.length !== 1) throw new UsageError(`inspect: give exactly one prediction file\n\n${INSPECT_HELP}`);
  const format =
    values.format === undefined ? (values.json ? 'json' : 'text') : oneOf('--format', values.format as string, ['text', 'json'] as const);
  if (values.json && format !== 'json') throw new UsageError('inspect: --json and --format text contradict each other');
  const run = await loadSource(await sourceFromFlags(values, [positionals[0]]), {
    maxBytes: maxBytesFromFlags(values),
    allowMissingGold: true,
    analyse: false,
  });
  const report = inspectCorpus(run.loaded, run.schemaSlots);
  write(format === 'json' ? JSON.stringify({ file: positionals[0], ...report }, null, 2) + '\n' : renderReport(positionals[0], report));
}

export function renderReport(file: string, r: CorpusReport): string {
  const lines = [
    `file:          ${file}`,
    `format:        ${r.format}`,
    `dialogues:     ${r.dialogues}`,
    `turns:         ${r.turns}`,
    `domains:       ${r.domains.join(', ') || '(none)'}`,
    `values:        ${r.valueOptions.length === 0 ? 'exact' : r.valueOptions.join('+')}`,
    `utterances:    ${r.hasUtterances ? 'yes' : 'no'}`,
  ];
  if (r.slotCount !== undefined) lines.push(`schema slots:  ${r.slotCount} (K for SA)`);
  const g = r.generation;
  if (g) {
    lines.push(
      `generated:     ${g.rawTurns} turn(s) with the model's text`,
      `confidence:    ${g.confidenceColumns.length === 0 ? 'none' : `${g.confidenceColumns.join(', ')} (${g.confidencePairs} predicted pairs scored)`}`,
      `unparseable:   ${g.unparseable} turn(s)${g.unparseable > 0 ? ' (scored as docs/reference/formats.md says for the layout):' : ''}`,
    );
    for (const u of g.unparseableTurns)
      lines.push(`  - ${file}:${/^\d/.test(u.problem) ? '' : ' '}${u.problem} (dialogue ${JSON.stringify(u.dialogue)} turn ${u.turn})`);
  }
  const width = maxBy(r.slots, (s) => s.slot.length, 4);
  lines.push(
    '',
    `slots (${r.slots.length}), turns with the slot active:`,
    `  ${'slot'.padEnd(width)}  ${'gold'.padStart(7)}  ${'pred'.padStart(7)}`,
  );
  for (const s of r.slots) lines.push(`  ${s.slot.padEnd(width)}  ${String(s.gold).padStart(7)}  ${String(s.pred).padStart(7)}`);
  lines.push('', r.warnings.length === 0 ? 'warnings: none' : `warnings (${r.warnings.length}):`);
  for (const w of r.warnings) lines.push(`  - ${w}`);
  return lines.join('\n') + '\n';
}
