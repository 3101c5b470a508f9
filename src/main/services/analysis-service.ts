// Layer: main (Node). One AnalysisHost (a worker thread) per run, for its
// current revision: it answers the analysis view's analyses and the
// annotation feature's suspects and value-options what-if. Hosts of closed or
// reloaded runs are disposed. Shared by the analysis and annotation handlers.

import type { AnalysisResults } from '../../shared/calls/analysis';
import { configKey, defaultConfig, type MetricConfig } from '../../shared/metrics/config';
import type { ApiArgs } from '../../shared/api';
import type { AnalysisKind, EngineArgs } from './analysis-engine';
import { AnalysisHost, analysisWorkerPath, type HostOptions } from './analysis-host';
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
    for (const [key, host] of this.hosts) {
      if (live.get(hostRun.get(host)!) !== hostRevision.get(host)) {
        host.dispose();
        this.hosts.delete(key);
      }
    }
  }

  /** The host of a run's data; a preset's view of the run (RunData.at) has a host of its own. */
  host(data: RunData, preset = ''): AnalysisHost {
    const key = `${data.run}\u0000${preset}`;
    let h = this.hosts.get(key);
    if (h && hostRevision.get(h) !== data.revision) {
      h.dispose();
      h = undefined;
    }
    if (!h) {
      h = new AnalysisHost(data, this.opts);
      hostRevision.set(h, data.revision);
      hostRun.set(h, data.run);
      this.hosts.set(key, h);
    }
    return h;
  }

  run<K extends AnalysisKind>(kind: K, args: ApiArgs<K>): Promise<AnalysisResults[K]> {
    const { run, rev, ...rest } = args as ApiArgs<K> & { run: string; rev: number; config?: MetricConfig };
    const config = rest.config;
    const data = this.ws.data(run, rev);
    const view = config ? data.at(config) : data;
    return this.host(view, view === data ? '' : configKey(defaultConfig({ preset: config!.preset }))).run(
      kind,
      rest as unknown as EngineArgs<K>,
    ) as Promise<AnalysisResults[K]>;
  }

  dispose(): void {
    for (const h of this.hosts.values()) h.dispose();
    this.hosts.clear();
  }
}

const hostRevision = new WeakMap<AnalysisHost, number>();
const hostRun = new WeakMap<AnalysisHost, string>();
