// Layer: main (Node). The handlers of the analysis calls (src/shared/calls/
// analysis.ts): the header's filtered-subset scores, answered here from the
// run's cached per-dialogue states (the subset's rows summed), and the
// analysis view's analyses, answered by one AnalysisHost per run revision
// (a worker thread, which also computes the annotation feature's suspects and
// value-options what-if). Hosts of closed or reloaded runs are disposed.

import { describeFilter } from '../../shared/analysis/search-query';
import type { ANALYSIS_CALLS, AnalysisResults, FilteredScores } from '../../shared/calls/analysis';
import type { ApiArgs } from '../../shared/api';
import { extendSignature } from '../../shared/metrics/signature';
import { scoresOf, sumRows } from '../../shared/metrics/state';
import type { AnalysisKind, EngineArgs } from './analysis-engine';
import { AnalysisHost, analysisWorkerPath, type HostOptions } from './analysis-host';
import type { HandlerGroup } from './api-handlers';
import type { RunData } from './run-data';
import type { Workspace } from './workspace';

export interface AnalysisServiceOptions {
  /** Run analyses in this thread instead of a worker (tests); default: the built worker when there is one. */
  inline?: boolean;
  idleMs?: number;
  /** Turns of utterances per part posted to a worker (tests). */
  utterancePart?: number;
}

/** One analysis host per run, for its current revision. */
export class AnalysisService {
  private readonly hosts = new Map<string, AnalysisHost>();
  private readonly opts: HostOptions;

  constructor(
    private readonly ws: Workspace,
    opts: AnalysisServiceOptions = {},
  ) {
    this.opts = { workerPath: opts.inline ? null : analysisWorkerPath(), idleMs: opts.idleMs, utterancePart: opts.utterancePart };
    ws.onEvent((e) => {
      if (e.type === 'runs-changed' || e.type === 'run-changed') this.prune();
    });
  }

  /** Disposes the hosts of runs that are gone or at another revision. */
  private prune(): void {
    const live = new Map(this.ws.list().map((r) => [r.id, r.revision]));
    for (const [run, host] of this.hosts) {
      if (live.get(run) !== hostRevision.get(host)) {
        host.dispose();
        this.hosts.delete(run);
      }
    }
  }

  host(data: RunData): AnalysisHost {
    let h = this.hosts.get(data.run);
    if (h && hostRevision.get(h) !== data.revision) {
      h.dispose();
      h = undefined;
    }
    if (!h) {
      h = new AnalysisHost(data, this.opts);
      hostRevision.set(h, data.revision);
      this.hosts.set(data.run, h);
    }
    return h;
  }

  run<K extends AnalysisKind>(kind: K, args: ApiArgs<K>): Promise<AnalysisResults[K]> {
    const { run, rev, ...rest } = args as ApiArgs<K> & { run: string; rev: number };
    return this.host(this.ws.data(run, rev)).run(kind, rest as unknown as EngineArgs<K>) as Promise<AnalysisResults[K]>;
  }

  dispose(): void {
    for (const h of this.hosts.values()) h.dispose();
    this.hosts.clear();
  }
}

const hostRevision = new WeakMap<AnalysisHost, number>();

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
  return {
    filteredScores: (args) => filteredScores(ws.data(args.run, args.rev), args),
    breakdown: (args) => service.run('breakdown', args),
    turnPosition: (args) => service.run('turnPosition', args),
    errorOrigin: (args) => service.run('errorOrigin', args),
    correlations: (args) => service.run('correlations', args),
    traitsView: (args) => service.run('traitsView', args),
  };
}
