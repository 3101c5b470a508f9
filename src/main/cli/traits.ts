// Layer: main (Node). `dst-inspector traits`: the GCA paper's spurious-trait
// analysis on a prediction file (spec section 9), printed as a small table.

import { basename } from 'node:path';
import { dialogueResults } from '../../shared/metrics/evaluate';
import { renderSignature } from '../../shared/metrics/signature';
import { analyseTraits, DISAGREEMENT_THRESHOLD } from '../../shared/metrics/traits-analysis';
import { hasNoChanges, metricNumber } from '../../shared/metrics/values';
import { plural } from '../../shared/plural';
import { evaluateRun, loadRuns, warnSlotCount, correctionsExit } from './runs';
import { CONFIG_FLAGS, CONFIG_HELP, configFromFlags, SOURCE_FLAGS, SOURCE_HELP } from './source-flags';
import { oneOf, parseCommand, UsageError } from './usage';
import { traitsJson, traitsTable } from '../../shared/analysis/analysis-tables';
import { traitsView } from '../../shared/analysis/traits-points';
import { renderTableAs, TABLE_FORMATS } from '../../shared/report/tables';

export const TRAITS_HELP = `Usage: dst-inspector traits <predictions file> [options]

The GCA paper's analysis of spurious traits: drops dialogues where FGA and GCA
are both 100, z-scores TO, NU, FGA and GCA, keeps dialogues with
|FGA_z − GCA_z| ≥ ${DISAGREEMENT_THRESHOLD}, and prints Pearson's r of tail-orientedness (TO) and
non-uniformity (NU) with FGA and with GCA, and Zou's 95% confidence interval for
the difference between the two dependent correlations. FGA uses the first λ.
Dialogues without any change (every state empty) have no GCA — the score
reports 0 for them by convention — and are left out (the output counts them).

Options:
  --format FMT          table (default) | json (with each kept dialogue's z-scores and the
                        regression lines) | csv | latex | markdown
${CONFIG_HELP}${SOURCE_HELP}  -h, --help            this help
`;

export async function traitsCommand(argv: string[], write: (s: string) => void): Promise<number | void> {
  const { values, positionals } = parseCommand('traits', argv, {
    ...CONFIG_FLAGS,
    ...SOURCE_FLAGS,
    format: { type: 'string', default: 'table' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) return void write(TRAITS_HELP);
  if (positionals.length !== 1) throw new UsageError('traits: give exactly one prediction file\n\n' + TRAITS_HELP);
  const format = oneOf('--format', values.format as string, TABLE_FORMATS);
  configFromFlags(values);
  const file = positionals[0];
  // The same reading as `score` (folders, canonical slots, gold, located errors).
  const runs = await loadRuns([file], values);
  const [{ run }] = runs;
  const full = configFromFlags(values, run.loaded.slotCount);
  warnSlotCount(file, run, full);
  const config = { ...full, lambdas: full.lambdas.slice(0, 1) };
  const ev = evaluateRun(run, config);
  if (format !== 'table') {
    const view = traitsView(ev);
    write(format === 'json' ? JSON.stringify(traitsJson(view, basename(file)), null, 1) + '\n' : renderTableAs(format, traitsTable(view)));
    return correctionsExit(runs);
  }
  const a = analyseTraits(
    [...dialogueResults(ev)].map((d) => ({
      FGA: metricNumber(d.values, 'FGA', config),
      GCA: metricNumber(d.values, 'GCA'),
      TO: d.TO,
      NU: d.NU,
      noChanges: hasNoChanges(d.values),
    })),
  );
  const f = (x: number | null) => (x === null ? '–' : x.toFixed(3));
  const noChanges = a.droppedNoChanges > 0 ? `, ${a.droppedNoChanges} of them without any change: GCA undefined` : '';
  const lines = [
    `${basename(file)}: ${plural(a.dialogues, 'dialogue')}, ${a.dropped} dropped (FGA = GCA = 100, or no mistakes${noChanges}), ${a.dialogues - a.dropped - a.kept} where FGA and GCA agree (|FGA_z − GCA_z| < ${DISAGREEMENT_THRESHOLD}), ${a.kept} kept`,
    '',
    'trait  r(FGA)  r(GCA)  r(FGA)−r(GCA)  95% CI (Zou)         differ?',
    ...a.correlations.map((c) =>
      [
        c.trait.padEnd(5),
        f(c.withFGA).padStart(6),
        f(c.withGCA).padStart(7),
        f(c.difference?.difference ?? null).padStart(14),
        (c.difference ? `[${f(c.difference.lower)}, ${f(c.difference.upper)}]` : '–').padEnd(20),
        c.difference ? (c.difference.significant ? 'yes' : 'no') : '–',
      ].join('  '),
    ),
    '',
    `r(FGA, GCA) = ${f(a.fgaGca)}`,
    `signature: ${renderSignature(ev.signature)}`,
  ];
  write(lines.join('\n') + '\n');
  return correctionsExit(runs);
}
