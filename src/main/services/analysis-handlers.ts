// Layer: main (Node). The handlers of the analysis calls (src/shared/calls/
// analysis.ts): the header's filtered-subset scores, answered here from the
// run's cached per-dialogue states (the subset's rows summed), and the
// analyses of the registry (src/shared/analysis/defs), one handler per def,
// answered by the AnalysisService (analysis-service.ts: one worker per run
// revision).

import type { AnalysisKind } from '../../shared/analysis/def';
import { ANALYSIS_SPECS } from '../../shared/analysis/specs';
import { describeFilter } from '../../shared/analysis/search-query';
import type { ANALYSIS_CALLS, FilteredScores } from '../../shared/calls/analysis';
import type { ApiArgs } from '../../shared/api';
import { extendSignature } from '../../shared/metrics/signature';
import { scoresOf, sumRows } from '../../shared/metrics/state';
import { AnalysisService, type AnalysisServiceOptions } from './analysis-service';
import type { HandlerGroup } from './api-handlers';
import type { RunData } from './run-data';
import type { Workspace } from './workspace';

/** The scores of the dialogues the list filter keeps: the sum of their state rows. */
export function filteredScores(data: RunData, args: ApiArgs<'filteredScores'>): FilteredScores {
  const ev = data.evaluation(args.config);
  const rows = data.index(args.config, { key: 'position', descending: false }, args.filter);
  const scores = scoresOf(sumRows(ev.states, rows, ev.layout), 0, ev.layout, args.config);
  const label = describeFilter(args.filter) || 'all dialogues';
  return {
    label,
    scores,
    signature: extendSignature(ev.signature, [{ key: 'subset', text: `subset=${label} (${scores.dialogues} dialogues)` }]),
  };
}

/** The analysis calls; `service` is shared with the annotation calls (one worker per run revision for both). */
export function analysisHandlers(
  ws: Workspace,
  opts: AnalysisServiceOptions = {},
  service = new AnalysisService(ws, opts),
): HandlerGroup<typeof ANALYSIS_CALLS> {
  const analyses = Object.fromEntries(
    ANALYSIS_SPECS.map((d) => [d.kind, (args: ApiArgs<AnalysisKind>) => service.run(d.kind as AnalysisKind, args)]),
  ) as Omit<HandlerGroup<typeof ANALYSIS_CALLS>, 'filteredScores'>;
  return {
    filteredScores: (args) => filteredScores(ws.data(args.run, args.rev), args),
    ...analyses,
  };
}
