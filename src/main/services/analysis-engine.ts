// Layer: main (Node). Runs the analysis view's analyses (src/shared/analysis)
// on one loaded revision of a run, with its evaluations and answers cached
// per config and request. The same engine runs in the analysis worker (the
// default, so that the main thread keeps answering while a large corpus is
// analysed) and in-process (tests, or when the worker is not built).

import type { ApiArgs } from '../../shared/api';
import type { AnalysisResults } from '../../shared/calls/analysis';
import { correlationMatrix } from '../../shared/analysis/correlations';
import { domainBreakdown } from '../../shared/analysis/domain-breakdown';
import { errorOrigin } from '../../shared/analysis/error-origin';
import { slotBreakdown } from '../../shared/analysis/slot-breakdown';
import { traitsView } from '../../shared/analysis/traits-points';
import { turnPosition } from '../../shared/analysis/turn-position';
import type { MetricConfig } from '../../shared/metrics/config';
import { evaluateStats, type Evaluation } from '../../shared/metrics/evaluate';
import type { SignatureSettings } from '../../shared/metrics/signature';
import type { TurnStats } from '../../shared/metrics/turn-stats';
import type { Corpus } from '../../shared/model/corpus';
import { Lru } from './lru';

/** The calls the engine answers (everything of the analysis group but the header's filtered scores). */
export type AnalysisKind = 'breakdown' | 'turnPosition' | 'errorOrigin' | 'correlations' | 'traitsView';
export type AnalysisArgs<K extends AnalysisKind> = Omit<ApiArgs<K>, 'run' | 'rev'>;
export type AnalysisRequest = { [K in AnalysisKind]: { kind: K; args: AnalysisArgs<K> } }[AnalysisKind];

export class AnalysisEngine {
  private readonly evaluations = new Lru<Evaluation>(4);
  private readonly answers = new Lru<unknown>(32);

  constructor(
    private readonly corpus: Corpus,
    private readonly stats: TurnStats,
    private readonly settings: SignatureSettings,
  ) {}

  private evaluation(config: MetricConfig): Evaluation {
    return this.evaluations.get(JSON.stringify(config), () => evaluateStats(this.corpus, this.stats, config, this.settings));
  }

  run<K extends AnalysisKind>(req: { kind: K; args: AnalysisArgs<K> }): AnalysisResults[K] {
    return this.answers.get(JSON.stringify(req), () => this.compute(req as AnalysisRequest)) as AnalysisResults[K];
  }

  private compute(req: AnalysisRequest): AnalysisResults[AnalysisKind] {
    const config = req.args.config;
    switch (req.kind) {
      case 'breakdown': {
        const a = req.args;
        if (a.by === 'slot') return slotBreakdown(this.corpus, this.evaluation(config).signature);
        return domainBreakdown(this.corpus, config, { turns: a.domainTurns ?? 'active', k: a.domainK, settings: this.settings });
      }
      case 'turnPosition': {
        const a = req.args;
        return turnPosition(this.evaluation(config), { by: a.by, bands: a.bands, replicates: a.replicates, seed: a.seed });
      }
      case 'errorOrigin':
        return errorOrigin(this.evaluation(config), req.args.top ?? 20);
      case 'correlations':
        return correlationMatrix(this.evaluation(config), req.args.level, req.args.method);
      case 'traitsView':
        return traitsView(this.evaluation({ ...config, lambdas: config.lambdas.slice(0, 1) }));
    }
  }
}
