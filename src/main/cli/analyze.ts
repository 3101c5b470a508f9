// Layer: main (Node). `dst-inspector analyze --kind NAME`: any analysis of
// the registry (src/shared/analysis/defs) on prediction files — its flags,
// help and examples come from its def, and analysis-runner.ts runs it. The
// older forms `analyze --correlation|--position|--origin VALUE` stay as
// aliases (a def's `cli.alias`), as do `score --by` (score-by.ts) and
// `traits` (traits.ts). Nothing here names an analysis but the help's
// two lines on those command aliases.

import type { ParseArgsConfig } from 'node:util';
import type { AnyAnalysisDef } from '../../shared/analysis/def';
import { ANALYSES, analysisByName } from '../../shared/analysis/registry';
import { DEFAULT_MAX_CELL } from '../../shared/report/tables';
import { runAnalysisCli } from './analysis-runner';
import { CONFIG_FLAGS, CONFIG_HELP, SOURCE_FLAGS, SOURCE_HELP } from './source-flags';
import { CAPTION_FLAGS, parseCommand, TABLE_FLAGS, UsageError } from './usage';
import { PRESET_FLAGS, PRESET_HELP } from './preset-options';

/** Flags every analysis takes (a def's own flags must not reuse these names: test/unit/shared/analysis/registry.test.ts). */
export const COMMON_FLAGS = {
  ...CONFIG_FLAGS,
  ...SOURCE_FLAGS,
  ...PRESET_FLAGS,
  ...TABLE_FLAGS,
  ...CAPTION_FLAGS,
  kind: { type: 'string' },
  format: { type: 'string', default: 'table' },
  out: { type: 'string' },
  figure: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

type Options = NonNullable<ParseArgsConfig['options']>;

/** The flags of every def (a flag with a value is a string, without one a switch) and the aliases' flags. */
function defFlags(): Options {
  const out: Options = {};
  for (const d of ANALYSES) {
    for (const [name, f] of Object.entries(d.cli.flags)) out[name] = { type: f.value === undefined ? 'boolean' : 'string' };
    if (d.cli.alias) out[d.cli.alias.flag] = { type: d.cli.alias.as === undefined ? 'boolean' : 'string' };
  }
  return out;
}

const pad = (s: string, n: number) => (s.length >= n ? s + '  ' : s.padEnd(n));

/** Help lines of a flag, continuation lines indented under the first. */
function flagLines(name: string, value: string | undefined, help: string, indent: number, width: number): string {
  const [first, ...rest] = help.split('\n');
  const head = pad(`${' '.repeat(indent)}--${name}${value ? ` ${value}` : ''}`, width);
  return [head + first, ...rest.map((l) => ' '.repeat(width) + l)].join('\n') + '\n';
}

function defHelp(d: AnyAnalysisDef): string {
  let s = `  ${d.name}: ${d.label.toLowerCase()} — ${d.summary}\n`;
  for (const [name, f] of Object.entries(d.cli.flags)) s += flagLines(name, f.value, f.help, 4, 32);
  const takes = [
    d.cli.files === 'each' ? 'several prediction files' : '',
    d.cli.metrics ? '--metrics' : '',
    d.cli.captions ? 'captions' : '',
  ]
    .filter(Boolean)
    .join(', ');
  if (takes) s += `    (takes ${takes})\n`;
  for (const e of d.cli.examples) s += `    e.g. dst-inspector analyze run.json --kind ${d.name}${e ? ` ${e}` : ''}\n`;
  return s;
}

function aliasHelp(): string {
  const lines = ANALYSES.filter((d) => d.cli.alias).map((d) => {
    const a = d.cli.alias!;
    if (a.as === undefined) return `  --${a.flag}`.padEnd(40) + `= --kind ${d.name}\n`;
    return `  --${a.flag} ${d.cli.flags[a.as]?.value ?? 'VALUE'}`.padEnd(40) + `= --kind ${d.name} --${a.as} VALUE\n`;
  });
  return (
    lines.join('') +
    `  dst-inspector score FILES --by domain|slot  = analyze FILES --kind breakdown --by …\n` +
    `  dst-inspector traits FILE                   = analyze FILE --kind traits\n`
  );
}

export const ANALYZE_HELP = `Usage: dst-inspector analyze <predictions file> --kind NAME [options]

The analyses of the app's analysis view, one per call (docs/guide/analyses.md):

${ANALYSES.map(defHelp).join('\n')}
Older forms, kept as aliases (the same output, byte for byte):
${aliasHelp()}
Options:
  --kind NAME           the analysis: ${ANALYSES.map((d) => d.name).join(', ')}
  --format FMT          table (default) | json | csv | latex | markdown
  --metrics LIST        only these metric columns (JGA,FGA,GCA; FGA per λ as FGA_0.5);
                        JSON keeps every metric
  --caption TEXT        latex: a table float with this caption; markdown, table: a title line
  --caption-latex TEXT  latex: the caption as LaTeX source, written verbatim
  --label KEY           latex: \\label{KEY} under the caption (needs a caption)
  --max-cell N          latex, markdown: text cells longer than N characters end in "…",
                        said in a note (default ${DEFAULT_MAX_CELL}; 0: no limit); csv and json keep them whole
  --figure FILE         also write the analysis's figure (the app's chart) as .svg, .pdf or .png
${CONFIG_HELP}${PRESET_HELP}${SOURCE_HELP}  --out FILE            write to FILE (atomically) instead of stdout
  -h, --help            this help

Exit codes: 0 ok, 2 bad input or usage (one message on stderr), 3 output written
but some --corrections were not applied.
`;

const OWN_FLAGS = new Set(ANALYSES.flatMap((d) => Object.keys(d.cli.flags)));

function choices(): string {
  const aliases = ANALYSES.filter((d) => d.cli.alias).map((d) => {
    const a = d.cli.alias!;
    return a.as === undefined ? `--${a.flag}` : `--${a.flag} ${d.cli.flags[a.as]?.value ?? 'VALUE'}`;
  });
  return `--kind ${ANALYSES.map((d) => d.name).join('|')}${aliases.length ? ` (or ${aliases.join(', ')})` : ''}`;
}

export async function analyzeCommand(argv: string[], write: (s: string) => void): Promise<number | void> {
  const { values, positionals } = parseCommand('analyze', argv, { ...COMMON_FLAGS, ...defFlags() });
  if (values.help) return void write(ANALYZE_HELP);
  const given = values as Record<string, string | boolean | undefined>;
  // The analysis: --kind NAME, or an alias flag (--position VALUE = --kind position --by VALUE).
  const aliased = ANALYSES.filter((d) => d.cli.alias && given[d.cli.alias.flag] !== undefined && given[d.cli.alias.flag] !== false);
  if ((given.kind !== undefined ? 1 : 0) + aliased.length !== 1) throw new UsageError(`analyze: choose one analysis: ${choices()}`);
  let def: AnyAnalysisDef;
  const flagValues: Record<string, string | boolean | undefined> = { ...given };
  let flag = (name: string) => `--${name}`;
  if (given.kind !== undefined) {
    const found = analysisByName(String(given.kind));
    if (!found) throw new UsageError(`--kind: ${JSON.stringify(given.kind)} is not one of ${ANALYSES.map((d) => d.name).join(', ')}`);
    def = found;
  } else {
    def = aliased[0];
    const { flag: aliasFlag, as } = def.cli.alias!;
    delete flagValues[aliasFlag];
    if (as !== undefined) {
      if (given[as] !== undefined) throw new UsageError(`--${aliasFlag} is --kind ${def.name} --${as}: give one of them`);
      flagValues[as] = given[aliasFlag];
      flag = (name) => (name === as ? `--${aliasFlag}` : `--${name}`);
    }
  }
  // Flags of other analyses, and options the analysis does not take: named as the person chose the analysis.
  const needs = (name: string, takes: (d: AnyAnalysisDef) => boolean) => {
    const takers = ANALYSES.filter(takes).map((d) => (aliased.length && d.cli.alias ? `--${d.cli.alias.flag}` : `--kind ${d.name}`));
    return new UsageError(
      `--${name} needs ${takers.sort((a, b) => Number(a.startsWith('--kind')) - Number(b.startsWith('--kind'))).join(' or ')}`,
    );
  };
  for (const name of OWN_FLAGS) if (given[name] !== undefined && !(name in def.cli.flags)) throw needs(name, (d) => name in d.cli.flags);
  if (given.metrics !== undefined && !def.cli.metrics) throw needs('metrics', (d) => !!d.cli.metrics);
  for (const c of ['caption', 'caption-latex', 'label'])
    if (given[c] !== undefined && !def.cli.captions)
      throw new UsageError(`--${c}: the ${def.name} analysis writes no single table to caption`);
  if (def.cli.files === 'each' ? positionals.length === 0 : positionals.length !== 1)
    throw new UsageError(
      `analyze: give ${def.cli.files === 'each' ? 'one or more prediction files' : 'exactly one prediction file'} (got ${positionals.length})\n\n${ANALYZE_HELP}`,
    );
  return runAnalysisCli(def, flagValues, positionals, write, { flag });
}
