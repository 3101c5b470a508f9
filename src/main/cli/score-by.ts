// Layer: main (Node). `dst-inspector score … --by domain|slot`: an alias of
// `analyze --kind breakdown` (the per-domain and per-slot breakdowns of spec
// section 13, src/shared/analysis/defs/breakdown.ts) for one or more
// prediction files, with the same output byte for byte
// (test/unit/main/cli/analyze.aliases.test.ts). Loaded only when --by is
// given, and loads that one analysis (not the registry).

import { analysis as breakdown } from '../../shared/analysis/defs/breakdown';
import { runAnalysisCli } from './analysis-runner';
import { UsageError } from './usage';

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

export async function scoreByCommand(values: Values, files: string[], write: (s: string) => void): Promise<number> {
  if (values['per-dialogue'] || values['per-turn']) throw new UsageError('--by cannot be combined with --per-dialogue or --per-turn');
  return runAnalysisCli(breakdown, values, files, write);
}
