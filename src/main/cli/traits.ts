// Layer: main (Node). `dst-inspector traits`: the GCA paper's spurious-trait
// analysis on a prediction file (spec section 9), printed as a small table.

import { basename } from 'node:path';
import { loadPredictions } from '../services/read-sources';
import { defaultConfig, lambdaKey } from '../../shared/metrics/config';
import { dialogueResults, evaluate } from '../../shared/metrics/evaluate';
import { metricSignature } from '../../shared/metrics/signature';
import { analyseTraits, DISAGREEMENT_THRESHOLD } from '../../shared/metrics/traits-analysis';
import { oneOf, parseCommand, parseLambdas, UsageError } from './usage';

export const TRAITS_HELP = `Usage: dst-inspector traits <predictions.json> [--lambda L] [--traits paper|notebook] [--layout NAME]

The GCA paper's analysis of spurious traits: drops dialogues where FGA and GCA
are both 100, z-scores TO, NU, FGA and GCA, keeps dialogues with
|FGA_z − GCA_z| ≥ ${DISAGREEMENT_THRESHOLD}, and prints Pearson's r of tail-orientedness (TO) and
non-uniformity (NU) with FGA and with GCA, and Zou's 95% confidence interval for
the difference between the two dependent correlations.
`;

export function traitsCommand(argv: string[], write: (s: string) => void): void {
  const { values, positionals } = parseCommand('traits', argv, {
    lambda: { type: 'string', default: '0.5' },
    traits: { type: 'string', default: 'paper' },
    layout: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) return void write(TRAITS_HELP);
  if (positionals.length !== 1) throw new UsageError('traits: give exactly one prediction file\n\n' + TRAITS_HELP);
  const lambdas = parseLambdas(values.lambda as string).slice(0, 1);
  const config = defaultConfig({ lambdas, traits: oneOf('--traits', values.traits as string, ['paper', 'notebook'] as const) });
  const file = positionals[0];
  // The same reading as `score` (folders, canonical slots, located errors).
  const { corpus } = loadPredictions(file, { layout: values.layout as string | undefined });
  const ev = evaluate(corpus, config);
  const key = lambdaKey(lambdas[0]);
  const a = analyseTraits([...dialogueResults(ev)].map((d) => ({ FGA: d.FGA[key], GCA: d.GCA, TO: d.TO, NU: d.NU })));
  const f = (x: number | null) => (x === null ? '–' : x.toFixed(3));
  const lines = [
    `${basename(file)}: ${a.dialogues} dialogues, ${a.dropped} dropped (FGA = GCA = 100, or no mistakes), ${a.kept} kept (|FGA_z − GCA_z| ≥ ${DISAGREEMENT_THRESHOLD})`,
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
    `signature: ${metricSignature(config)}`,
  ];
  write(lines.join('\n') + '\n');
}
