// Layer: main (Node). `dst-inspector suspects PRED… [--dialogues F] [--top N]
// [--format table|json|csv] [--against KNOWN]`: ranks the places where the
// gold is likely wrong (shared/annotations/suspects.ts, its detectors in
// shared/annotations/detectors/), with the format note and the runs flagged
// as following another gold version; with --against, measures the ranking
// against known label errors (shared/annotations/suspects-eval.ts) and can
// draw its precision–recall figure (shared/viz/suspects-pr.ts).

import { basename } from 'node:path';
import { placeKey } from '../../shared/annotations/record';
import { confidenceLookup } from '../../shared/model/generation';
import { DETECTORS, rankSuspects, type Suspect, type SuspectRanking } from '../../shared/annotations/suspects';
import { formatNoteText } from '../../shared/annotations/detectors/format';
import { EVAL_KS, evaluateRanking, type KnownError } from '../../shared/annotations/suspects-eval';
import { DEFAULT_SEED, MAX_SEED } from '../../shared/analysis/seed';
import { prScene } from '../../shared/viz/suspects-pr';
import { exportScene } from '../../shared/viz/signature-footer';
import { formatOf } from './figure-format';
import { csvCell } from '../../shared/report/csv';
import { valueLabel } from '../../shared/model/visible-text';
import { readAnnotationFile } from '../services/annotation-file';
import { loadRuns, correctionsExit } from './runs';
import { PRESET_FLAGS, PRESET_HELP } from './preset-options';
import { maxBytesFromFlags, parseRunNames, SOURCE_FLAGS, SOURCE_HELP } from './source-flags';
import { oneOf, parseCommand, parsePositiveInt, UsageError, writeOut } from './usage';
import { maxBy } from '../../shared/arrays';

export const SUSPECTS_HELP = `Usage: dst-inspector suspects <predictions> [more runs…] [options]

Ranks (dialogue, turn, slot) places where the gold label is likely wrong, each
with its evidence from these detectors (docs/guide/annotate.md):
${DETECTORS.map((d) => `  ${d.kind.padEnd(13)} ${d.summary}`).join('\n')}
Give several runs scored against one gold for a consensus, --dialogues for the
text evidence. A suspect is listed once, at its first turn, with every turn it
affects. Predictions that differ from the gold only in format (spaces, case,
punctuation, known variants) are one note, not suspects; a run whose
disagreements follow another gold version's conventions is flagged.

Options:
  --top N               the N best-ranked suspects (default 50; 0: all)
  --format FMT          table (default) | json | csv
  --name A,B,…          run names, one per prediction file (default: file names)
  --annotations FILE    leave out places this annotation file already annotates
  --out FILE            write to FILE (atomically) instead of stdout
  --against KNOWN       measure the ranking against known label errors (an annotation
                        file, e.g. from \`gold diff\`; rejected records left out): average
                        precision, precision@k and recall@k (k = ${EVAL_KS.join(', ')}), each
                        known error's rank, and the same for random orders of the suspects
  --tolerance N         with --against: a suspect within N turns of a known error hits it (default 0)
  --seed N              with --against: seed of the random orders (default ${DEFAULT_SEED})
  --shuffles N          with --against: random orders averaged (default 100)
  --pr-figure FILE      with --against: the precision–recall figure (.svg, .pdf or .png)
${PRESET_HELP}${SOURCE_HELP}  -h, --help            this help
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
    turns: s.turns,
    ...(s.to !== undefined ? { to: s.to } : {}),
  };
}

/** The lines said above the table: the runs flagged as following another gold version, the format note. */
function headerNotes(r: SuspectRanking): string[] {
  const out = r.versions.map((v) => `warning: ${v.reason}`);
  const f = formatNoteText(r.format);
  if (f) out.push(`note: ${f}`);
  return out;
}

function intFlag(flag: string, text: string | undefined, dflt: number, min: number, max: number): number {
  if (text === undefined) return dflt;
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`${flag} ${JSON.stringify(text)}: give an integer from ${min} to ${max}`);
  return n;
}

/** A value in the text table: JSON-quoted when it has invisible characters (an edge space would vanish in a padded column). */
const shown = (v: string | null) => (v === null ? '—' : valueLabel(v));

export async function suspectsCommand(argv: string[], write: (s: string) => void): Promise<number | void> {
  const { values, positionals } = parseCommand('suspects', argv, {
    ...SOURCE_FLAGS,
    ...PRESET_FLAGS,
    top: { type: 'string', default: '50' },
    format: { type: 'string', default: 'table' },
    name: { type: 'string' },
    annotations: { type: 'string' },
    out: { type: 'string' },
    against: { type: 'string' },
    tolerance: { type: 'string' },
    seed: { type: 'string' },
    shuffles: { type: 'string' },
    'pr-figure': { type: 'string' },
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
  const against = values.against as string | undefined;
  for (const f of ['tolerance', 'seed', 'shuffles', 'pr-figure'] as const)
    if (values[f] !== undefined && against === undefined) throw new UsageError(`--${f} needs --against KNOWN`);
  const tolerance = intFlag('--tolerance', values.tolerance as string | undefined, 0, 0, 1000);
  const seed = intFlag('--seed', values.seed as string | undefined, DEFAULT_SEED, 0, MAX_SEED);
  const shuffles = intFlag('--shuffles', values.shuffles as string | undefined, 100, 1, 10_000);
  const prFigure = values['pr-figure'] as string | undefined;
  const figureFormat = prFigure !== undefined ? formatOf(undefined, prFigure, '--pr-figure') : undefined;
  const known: KnownError[] | null = against
    ? knownErrors(readAnnotationFile(against, maxBytesFromFlags(values)).records.map((k) => k.record))
    : null;
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
    ranked = rankSuspects(
      runs.map((r, k) => {
        const corpus = r.run.loaded.corpus;
        const confidence = confidenceLookup(corpus.generation, (n) => corpus.slots.lookup(n));
        return { label: names[k], corpus, ...(confidence ? { confidence } : {}) };
      }),
    );
  } catch (e) {
    throw new UsageError(`suspects: ${(e as Error).message}`);
  }
  const all = done ? ranked.items.filter((s) => !done.has(placeKey(s.dialogue, s.turn, s.slot))) : ranked.items;
  const items = top > 0 ? all.slice(0, top) : all;
  const evaluation = known && against ? evaluate(all, known, against, { tolerance, seed, shuffles, names, hasText: ranked.hasText }) : null;
  let text: string;
  if (format === 'json') {
    text =
      JSON.stringify(
        {
          runs: names,
          hasText: ranked.hasText,
          total: all.length,
          suspects: items.map(item),
          format: ranked.format,
          versions: ranked.versions,
          ...(evaluation ? { against: evaluation.json } : {}),
        },
        null,
        1,
      ) + '\n';
  } else if (format === 'csv') {
    const head = ['rank', 'score', 'dialogue', 'turn', 'slot', 'gold', 'pred', 'agree', 'runs', 'reasons', 'turns', 'to'];
    const rows = items.map((s, k) =>
      [
        k + 1,
        s.score.toFixed(4),
        s.dialogue,
        s.turn,
        s.slot,
        s.gold,
        s.pred,
        s.agree,
        s.runs,
        s.reasons.map((r) => r.text).join('; '),
        s.turns.join(' '),
        s.to === undefined ? '' : s.to === null ? '—' : s.to,
      ]
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
        ...headerNotes(ranked),
        line(head),
        widths.map((w) => '-'.repeat(w)).join('  '),
        ...rows.map(line),
        '',
        `${items.length} of ${all.length} suspects, ${names.length} run${names.length === 1 ? '' : 's'}${note}`,
        ...(evaluation ? ['', ...evaluation.table] : []),
      ].join('\n') + '\n';
  }
  if (evaluation && prFigure !== undefined && figureFormat) {
    const { renderScene } = await import('../services/export/render');
    const fig = await renderScene(exportScene(evaluation.scene), figureFormat, 2);
    writeOut(prFigure, [fig.bytes]);
  }
  if (values.out) writeOut(values.out as string, [text]);
  else write(text);
  return correctionsExit(runs);
}

/** The known errors of an annotation file: its records' places (rejected records say the gold is right: left out), once each. */
export function knownErrors(records: readonly { dialogue: string; turn: number; slot?: string; status: string }[]): KnownError[] {
  const seen = new Set<string>();
  const out: KnownError[] = [];
  for (const r of records) {
    if (r.status === 'rejected') continue;
    const k = placeKey(r.dialogue, r.turn, r.slot);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(r.slot === undefined ? { dialogue: r.dialogue, turn: r.turn } : { dialogue: r.dialogue, turn: r.turn, slot: r.slot });
  }
  return out;
}

function evaluate(
  all: readonly Suspect[],
  known: readonly KnownError[],
  file: string,
  o: { tolerance: number; seed: number; shuffles: number; names: readonly string[]; hasText: boolean },
) {
  const { ranking, random } = evaluateRanking(all, known, o);
  const signature = `suspects-eval|against:${basename(file)}|known:${known.length}|candidates:${all.length}|tolerance:${o.tolerance}|random:seed=${o.seed},shuffles=${random.shuffles}|runs:${o.names.join(',')}|text:${o.hasText ? 'yes' : 'no'}`;
  const f = (x: number) => x.toFixed(3);
  const cols = ['AP', ...ranking.atK.flatMap((a) => [`P@${a.k}`, `R@${a.k}`])];
  const row = (label: string, ap: number, atK: { precision: number; recall: number }[]) =>
    [
      label.padEnd(28),
      ...[ap, ...atK.flatMap((a) => [a.precision, a.recall])].map((x, i) => f(x).padStart(Math.max(6, cols[i].length))),
    ].join(' ');
  const missed = ranking.ranks.filter((r) => r === null).length;
  const shownRanks = ranking.ranks.filter((r): r is number => r !== null).sort((a, b) => a - b);
  const table = [
    `Against ${basename(file)}: ${known.length} known error${known.length === 1 ? '' : 's'}, ${ranking.found} hit by the ${all.length} suspects (tolerance ${o.tolerance} turn${o.tolerance === 1 ? '' : 's'})`,
    [''.padEnd(28), ...cols.map((c) => c.padStart(Math.max(6, c.length)))].join(' '),
    row('ranking', ranking.ap, ranking.atK),
    row(`random order (mean of ${random.shuffles})`, random.ap, random.atK),
    `ranks of the known errors hit: ${shownRanks.slice(0, 30).join(', ')}${shownRanks.length > 30 ? ', …' : ''}${missed ? `; ${missed} not among the suspects` : ''}`,
    signature,
  ];
  const json = {
    file: basename(file),
    known: known.length,
    candidates: all.length,
    tolerance: o.tolerance,
    found: ranking.found,
    ap: ranking.ap,
    atK: ranking.atK,
    ranks: known.map((k, i) => ({ ...k, rank: ranking.ranks[i] })),
    random: { seed: random.seed, shuffles: random.shuffles, ap: random.ap, atK: random.atK },
    signature,
  };
  const scene = prScene(
    [
      { label: 'ranking', ap: ranking.ap, curve: ranking.curve },
      { label: 'random order', ap: random.ap, curve: random.curve, dashed: true },
    ],
    { title: `Suspects against ${basename(file)}: precision–recall`, signature },
  );
  return { table, json, scene };
}
