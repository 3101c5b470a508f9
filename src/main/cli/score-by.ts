// Layer: main (Node). `dst-inspector score … --by domain|slot`: the
// per-domain and per-slot breakdowns of spec section 13 for one or more
// prediction files (several files: one row per group and run, with deltas
// against the first). JSON adds "groups" to the corpus report; the other
// formats go through the one table model.

import { basename } from 'node:path';
import { breakdownJson, breakdownTable, type Breakdown, type BreakdownEntry } from '../../shared/analysis/breakdown-report';
import { domainBreakdown, type DomainK } from '../../shared/analysis/domain-breakdown';
import { DOMAIN_TURNS } from '../../shared/analysis/restrict';
import { slotBreakdown } from '../../shared/analysis/slot-breakdown';
import { renderTableAs, TABLE_FORMATS } from '../../shared/report/tables';
import { evaluateRun, loadRuns, correctionsExit } from './runs';
import { configFromFlags } from './source-flags';
import {
  captionsFromFlags,
  maxCellFromFlags,
  metricsFromFlags,
  oneOf,
  parsePositiveInt,
  subsetOrFail,
  UsageError,
  writeOut,
} from './usage';

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** Checks the breakdown flags before any file is read; the breakdown's settings. */
export function byOptions(values: Values): { by: 'domain' | 'slot'; turns: (typeof DOMAIN_TURNS)[number]; k: DomainK } {
  const by = oneOf('--by', String(values.by), ['domain', 'slot'] as const);
  if (values['per-dialogue'] || values['per-turn']) throw new UsageError('--by cannot be combined with --per-dialogue or --per-turn');
  if (by !== 'domain' && (values['domain-turns'] !== undefined || values['domain-k'] !== undefined))
    throw new UsageError('--domain-turns and --domain-k need --by domain');
  const turns = oneOf('--domain-turns', (values['domain-turns'] as string | undefined) ?? 'active', DOMAIN_TURNS);
  const kText = values['domain-k'] as string | undefined;
  const k: DomainK = kText === undefined ? undefined : kText === 'slots' ? 'slots' : parsePositiveInt('--domain-k', kText);
  return { by, turns, k };
}

export async function scoreByCommand(values: Values, files: string[], write: (s: string) => void): Promise<number> {
  const opts = byOptions(values);
  const format = oneOf('--format', (values.format as string | undefined) ?? 'table', TABLE_FORMATS);
  const { caption, captionLatex, label } = captionsFromFlags(values, format); // as score checks them: before any file is read
  // Bad settings fail before any file is read.
  const metrics = metricsFromFlags(values as { metrics?: string }, configFromFlags(values));
  const maxCell = maxCellFromFlags(values as { 'max-cell'?: string });
  if (metrics && opts.by === 'slot')
    throw new UsageError('--metrics: the per-slot breakdown has no metric columns (precision, recall, F1 and counts)');
  const runs = await loadRuns(files, values);
  const config = configFromFlags(values, runs[0].run.loaded.slotCount);
  const results = runs.map(({ file, run }) => {
    const ev = evaluateRun(run, config);
    const b: Breakdown =
      opts.by === 'domain'
        ? domainBreakdown(run.loaded.corpus, config, {
            turns: opts.turns,
            k: opts.k,
            schemaSlots: run.schemaSlots,
            settings: { values: run.loaded.valueOptions, corrections: run.corrections?.result.summary },
          })
        : slotBreakdown(run.loaded.corpus, ev.signature);
    return { file, ev, b };
  });
  let text: string;
  if (format === 'json') {
    const objects = results.map((r, i) =>
      breakdownJson(r.b, r.ev.corpus, {
        config,
        file: results.length > 1 ? r.file : undefined,
        baseline: i > 0 ? { file: results[0].file, b: results[0].b } : undefined,
      }),
    );
    text = JSON.stringify(objects.length === 1 ? objects[0] : objects, null, 1) + '\n';
  } else {
    const entries: BreakdownEntry[] = results.map((r) => ({ name: basename(r.file), b: r.b }));
    const table = subsetOrFail(breakdownTable(entries, config, entries.length > 1 ? entries[0] : undefined), metrics);
    text = renderTableAs(format, { ...table, caption, captionLatex }, { label, maxCell });
  }
  if (values.out) writeOut(values.out as string, [text]);
  else write(text);
  return correctionsExit(runs);
}
