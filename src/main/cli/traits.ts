// Layer: main (Node). `dst-inspector traits`: the GCA paper's spurious-trait
// analysis on a prediction file (spec section 9): an alias of `analyze --kind
// traits` (src/shared/analysis/defs/traits.ts) with its own help and the
// same output byte for byte (test/unit/main/cli/analyze.aliases.test.ts).

import { analysis as traits } from '../../shared/analysis/defs/traits';
import { DISAGREEMENT_THRESHOLD } from '../../shared/metrics/traits-analysis';
import { runAnalysisCli } from './analysis-runner';
import { CONFIG_FLAGS, CONFIG_HELP, SOURCE_FLAGS, SOURCE_HELP } from './source-flags';
import { parseCommand, UsageError } from './usage';
import { PRESET_FLAGS, PRESET_HELP } from './preset-options';

export const TRAITS_HELP = `Usage: dst-inspector traits <predictions file> [options]

The GCA paper's analysis of spurious traits: drops dialogues where FGA and GCA
are both 100, z-scores TO, NU, FGA and GCA, keeps dialogues with
|FGA_z − GCA_z| ≥ ${DISAGREEMENT_THRESHOLD}, and prints Pearson's r of tail-orientedness (TO) and
non-uniformity (NU) with FGA and with GCA, and Zou's 95% confidence interval for
the difference between the two dependent correlations. FGA uses the first λ.
Dialogues without any change (every state empty) have no GCA — the score
reports 0 for them by convention — and are left out (the output counts them).
The same as \`dst-inspector analyze <predictions file> --kind traits\`.

Options:
  --format FMT          table (default) | json (with each kept dialogue's z-scores and the
                        regression lines) | csv | latex | markdown
${CONFIG_HELP}${PRESET_HELP}${SOURCE_HELP}  -h, --help            this help
`;

export async function traitsCommand(argv: string[], write: (s: string) => void): Promise<number | void> {
  const { values, positionals } = parseCommand('traits', argv, {
    ...CONFIG_FLAGS,
    ...SOURCE_FLAGS,
    ...PRESET_FLAGS,
    format: { type: 'string', default: 'table' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) return void write(TRAITS_HELP);
  if (positionals.length !== 1) throw new UsageError('traits: give exactly one prediction file\n\n' + TRAITS_HELP);
  return runAnalysisCli(traits, values, positionals, write);
}
