// Layer: main (Node). `dst-inspector suspects PRED… [--dialogues F] [--top N]
// [--format table|json|csv]`: ranks the places where the gold is likely wrong
// (shared/annotations/suspects.ts), from the agreement of the runs against
// the gold, the utterances and the gold's own changes.

import { basename } from 'node:path';
import { placeKey } from '../../shared/annotations/record';
import { rankSuspects, type Suspect } from '../../shared/annotations/suspects';
import { csvCell } from '../../shared/report/csv';
import { valueLabel } from '../../shared/model/visible-text';
import { readAnnotationFile } from '../services/annotation-file';
import { loadRuns, correctionsExit } from './runs';
import { maxBytesFromFlags, parseRunNames, SOURCE_FLAGS, SOURCE_HELP } from './source-flags';
import { oneOf, parseCommand, parsePositiveInt, UsageError, writeOut } from './usage';
import { maxBy } from '../../shared/arrays';

export const SUSPECTS_HELP = `Usage: dst-inspector suspects <predictions> [more runs…] [options]

Ranks (dialogue, turn, slot) places where the gold label is likely wrong, each
with its evidence: the share of runs predicting the same non-gold value (give
several runs scored against one gold), the utterances (--dialogues: the
predicted value is said in the turn, the gold value nowhere in the dialogue),
and gold changes in turns that mention neither value. Each suspect is reported
once, at the turn where it first appears.

Options:
  --top N               the N best-ranked suspects (default 50; 0: all)
  --format FMT          table (default) | json | csv
  --name A,B,…          run names, one per prediction file (default: file names)
  --annotations FILE    leave out places this annotation file already annotates
  --out FILE            write to FILE (atomically) instead of stdout
${SOURCE_HELP}  -h, --help            this help
`;

const FORMATS = ['table', 'json', 'csv'] as const;

function item(s: Suspect) {
  return {
    dialogue: s.dialogue,
    turn: s.turn,
    slot: s.slot,
    gold: s.gold,
    pred: s.pred,
    score: s.score,
    reasons: s.reasons,
    agree: s.agree,
    runs: s.runs,
  };
}

/** A value in the text table: JSON-quoted when it has invisible characters (an edge space would vanish in a padded column). */
const shown = (v: string | null) => (v === null ? '—' : valueLabel(v));

export async function suspectsCommand(argv: string[], write: (s: string) => void): Promise<number | void> {
  const { values, positionals } = parseCommand('suspects', argv, {
    ...SOURCE_FLAGS,
    top: { type: 'string', default: '50' },
    format: { type: 'string', default: 'table' },
    name: { type: 'string' },
    annotations: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    write(SUSPECTS_HELP);
    return;
  }
  if (positionals.length === 0) throw new UsageError('suspects: no prediction file given\n\n' + SUSPECTS_HELP);
  const format = oneOf('--format', values.format as string, FORMATS);
  const top = values.top === '0' ? 0 : parsePositiveInt('--top', values.top as string);
  const names = parseRunNames(values.name as string | undefined, positionals.length) ?? positionals.map((f) => basename(f));
  const done = values.annotations
    ? new Set(
        readAnnotationFile(values.annotations as string, maxBytesFromFlags(values)).records.map((k) =>
          placeKey(k.record.dialogue, k.record.turn, k.record.slot),
        ),
      )
    : null;

  const runs = await loadRuns(positionals, values);
  let ranked;
  try {
    ranked = rankSuspects(runs.map((r, k) => ({ label: names[k], corpus: r.run.loaded.corpus })));
  } catch (e) {
    throw new UsageError(`suspects: ${(e as Error).message}`);
  }
  const all = done ? ranked.items.filter((s) => !done.has(placeKey(s.dialogue, s.turn, s.slot))) : ranked.items;
  const items = top > 0 ? all.slice(0, top) : all;
  let text: string;
  if (format === 'json') {
    text = JSON.stringify({ runs: names, hasText: ranked.hasText, total: all.length, suspects: items.map(item) }, null, 1) + '\n';
  } else if (format === 'csv') {
    const head = ['rank', 'score', 'dialogue', 'turn', 'slot', 'gold', 'pred', 'agree', 'runs', 'reasons'];
    const rows = items.map((s, k) =>
      [k + 1, s.score.toFixed(4), s.dialogue, s.turn, s.slot, s.gold, s.pred, s.agree, s.runs, s.reasons.map((r) => r.text).join('; ')]
        .map(csvCell)
        .join(','),
    );
    text = [head.join(','), ...rows].join('\n') + '\n';
  } else {
    const rows = items.map((s, k) => [
      String(k + 1),
      s.score.toFixed(3),
      s.dialogue,
      String(s.turn),
      s.slot,
      shown(s.gold),
      shown(s.pred),
      s.reasons.map((r) => r.kind).join(', '),
    ]);
    const head = ['#', 'score', 'dialogue', 'turn', 'slot', 'gold', 'pred', 'evidence'];
    const widths = head.map((h, c) =>
      Math.min(
        40,
        maxBy(rows, (r) => r[c].length, h.length),
      ),
    );
    const cut = (s: string, w: number) => (s.length > w ? s.slice(0, w - 1) + '…' : s);
    const line = (r: string[]) => r.map((c, i) => (i === r.length - 1 ? c : cut(c, widths[i]).padEnd(widths[i]))).join('  ');
    const note = ranked.hasText ? '' : ' (no utterances: give --dialogues for text evidence)';
    text =
      [
        line(head),
        widths.map((w) => '-'.repeat(w)).join('  '),
        ...rows.map(line),
        '',
        `${items.length} of ${all.length} suspects, ${names.length} run${names.length === 1 ? '' : 's'}${note}`,
      ].join('\n') + '\n';
  }
  if (values.out) writeOut(values.out as string, [text]);
  else write(text);
  return correctionsExit(runs);
}
