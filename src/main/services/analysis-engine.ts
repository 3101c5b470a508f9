// Layer: main (Node). Runs the heavy computations of one loaded revision of a
// run away from the API's thread: the analysis view's analyses
// (src/shared/analysis), with its evaluations and answers cached per config
// and request, and two of the annotation feature's — the suspects queue over
// the runs on this run's gold, and the value-options what-if (the whole
// corpus re-normalised and re-analysed). The same engine runs in the
// analysis worker (the default, so that the main thread keeps answering
// while a large corpus is analysed) and in-process (tests, or when the
// worker is not built); both give the same answers.

import type { ApiArgs } from '../../shared/api';
import type { AnalysisResults } from '../../shared/calls/analysis';
import type { AnalysisKind } from '../../shared/analysis/def';
import { analysisByKind, runAnalysis } from '../../shared/analysis/registry';
import { placeKey } from '../../shared/annotations/record';
import { confidenceLookup } from '../../shared/model/generation';
import { rankSuspects, type SuspectRanking, type Suspect, type FormatNote, type VersionFlag } from '../../shared/annotations/suspects';
import { analysisDiff, type WhatIfDiff } from '../../shared/annotations/whatif';
import { applyValueOptions, type ValueOption } from '../../shared/formats/normalise';
import { cacheKey, configKey, type MetricConfig } from '../../shared/metrics/config';
import { evaluateStats, type Evaluation } from '../../shared/metrics/evaluate';
import type { Signature, SignatureSettings } from '../../shared/metrics/signature';
import { analyseCorpus, type TurnStats } from '../../shared/metrics/turn-stats';
import type { Corpus } from '../../shared/model/corpus';
import { corpusFromPayload, type CorpusPayload } from '../../shared/model/corpus-payload';
import { Interner } from '../../shared/model/interner';
import { Lru } from './lru';

/** The calls the engine answers: the analyses of the registry (src/shared/analysis/defs). */
export type { AnalysisKind };
export type AnalysisArgs<K extends AnalysisKind> = Omit<ApiArgs<K>, 'run' | 'rev'>;
export type AnalysisRequest = { [K in AnalysisKind]: { kind: K; args: AnalysisArgs<K> } }[AnalysisKind];

/** A run of the suspects queue other than the engine's own: its predictions on the engine's gold (the usual case: runs on one gold share it), or its whole corpus. */
export type SuspectRunPayload =
  | { label: string; own: true }
  | { label: string; pred: Pick<Corpus, 'predStart' | 'predLen' | 'predPairs'> }
  | { label: string; corpus: Omit<CorpusPayload, 'utterances'> };

/** What the suspects are ranked from. */
export interface SuspectsData {
  /** The runs in the queue's order; the first one's gold is the gold. */
  runs: SuspectRunPayload[];
  /** The names of the engine run's interners now (they grow when runs on its gold are added after the engine started). */
  slotNames: string[];
  valueNames: string[];
  /** The key of the utterances to use (sent before with addUtterances), or none. */
  utterances?: string;
}

/**
 * A page of the suspects queue of `group` (the set of run revisions it is
 * ranked over). The ranked list stays in the engine (one group at a time):
 * only the page crosses to the caller. Without `data`, a group the engine
 * has not ranked answers `missing` (the caller then sends the data).
 */
export interface SuspectsArgs {
  group: string;
  offset: number;
  limit: number;
  /** Places left out (placeKey: already annotated). */
  exclude?: string[];
  data?: SuspectsData;
}

export type SuspectsPage =
  | { missing: true }
  | { missing?: undefined; total: number; items: Suspect[]; hasText: boolean; format: FormatNote; versions: VersionFlag[] };

/** The annotation feature's jobs: arguments and answers. */
export interface AnnotationJobs {
  suspects: { args: SuspectsArgs; result: SuspectsPage };
  valueWhatIf: { args: { config: MetricConfig; values: ValueOption[] }; result: { diff: WhatIfDiff; signatureAfter: Signature } };
}

export type EngineKind = AnalysisKind | keyof AnnotationJobs;
export type EngineArgs<K extends EngineKind> = K extends AnalysisKind
  ? AnalysisArgs<K>
  : K extends keyof AnnotationJobs
    ? AnnotationJobs[K]['args']
    : never;
export type EngineResult<K extends EngineKind> = K extends AnalysisKind
  ? AnalysisResults[K]
  : K extends keyof AnnotationJobs
    ? AnnotationJobs[K]['result']
    : never;
export type EngineRequest = { [K in EngineKind]: { kind: K; args: EngineArgs<K> } }[EngineKind];

type Utterances = NonNullable<Corpus['utterances']>;

/** A request's cache key: the one config key (metrics/config.ts) with the request's other arguments. */
function requestKey(r: { kind: EngineKind; args: { config: MetricConfig } }): string {
  return cacheKey(r.args.config, r.kind, { ...r.args, config: undefined });
}

/** A slice of a run's utterances, posted in parts so that no single copy blocks the posting thread for long. */
export interface UtterancePart {
  key: string;
  /** Turns in all. */
  total: number;
  offset: number;
  system: (string | undefined)[];
  user: (string | undefined)[];
}

export class AnalysisEngine {
  private readonly evaluations = new Lru<Evaluation>(4);
  private readonly answers = new Lru<unknown>(32);
  /** The corpus with value options applied, and its turn stats (the last set asked for). */
  private valued: { key: string; corpus: Corpus; stats: TurnStats } | null = null;
  /**
   * Utterances by key (run@revision), the two most recently started: a run
   * reloaded while its old utterances were still being sent gets a buffer of
   * its own, so parts of the two never mix and a request for either works.
   */
  private readonly utterances = new Map<string, { data: Utterances; filled: number; offsets: Set<number> }>();
  private interned: { slots: Interner; values: Interner } | null = null;
  private ranked: ({ group: string } & SuspectRanking) | null = null;

  constructor(
    private readonly corpus: Corpus,
    private readonly stats: TurnStats,
    private readonly settings: SignatureSettings,
  ) {}

  private evaluation(config: MetricConfig): Evaluation {
    return this.evaluations.get(configKey(config), () => evaluateStats(this.corpus, this.stats, config, this.settings));
  }

  run<K extends EngineKind>(req: { kind: K; args: EngineArgs<K> }): EngineResult<K> {
    const r = req as EngineRequest;
    if (r.kind === 'suspects') return this.suspects(r.args) as EngineResult<K>;
    if (r.kind === 'valueWhatIf')
      return this.answers.get(requestKey(r), () => this.valueWhatIf(r.args.config, r.args.values)) as EngineResult<K>;
    return this.answers.get(requestKey(r), () => this.compute(r)) as EngineResult<K>;
  }

  /** Takes utterances (all at once in-process, or one part of those posted to the worker). */
  addUtterances(part: UtterancePart): void {
    let u = this.utterances.get(part.key);
    if (!u) {
      u = {
        data: { system: new Array<string | undefined>(part.total), user: new Array<string | undefined>(part.total) },
        filled: 0,
        offsets: new Set(),
      };
      this.utterances.set(part.key, u);
      // Room for two: drop the oldest other key, a complete one first (one still filling may be awaited).
      if (this.utterances.size > 2) {
        const others = [...this.utterances.entries()].filter(([k]) => k !== part.key);
        const drop = others.find(([, x]) => x.filled >= x.data.system.length) ?? others[0];
        this.utterances.delete(drop[0]);
      }
    }
    for (let k = 0; k < part.system.length; k++) {
      u.data.system[part.offset + k] = part.system[k];
      u.data.user[part.offset + k] = part.user[k];
    }
    // A part sent twice (the same key asked for again) counts once.
    if (!u.offsets.has(part.offset)) {
      u.offsets.add(part.offset);
      u.filled += part.system.length;
    }
  }

  /** Whether the utterances under `key` are here in full. */
  hasUtterances(key: string): boolean {
    const u = this.utterances.get(key);
    return !!u && u.filled >= u.data.system.length;
  }

  /** The one dispatcher of the registry (src/shared/analysis/registry.ts), on this run. */
  private compute(req: AnalysisRequest): AnalysisResults[AnalysisKind] {
    const def = analysisByKind(req.kind);
    if (!def) throw new Error(`no analysis ${JSON.stringify(req.kind)}`);
    const input = { corpus: this.corpus, settings: this.settings, evaluation: (config: MetricConfig) => this.evaluation(config) };
    return runAnalysis(def, input, req.args);
  }

  /** Before → after with value options switched on (the run itself has none): every turn re-normalised and re-analysed. */
  private valueWhatIf(config: MetricConfig, values: ValueOption[]): AnnotationJobs['valueWhatIf']['result'] {
    const key = values.join(',');
    if (this.valued?.key !== key) {
      this.valued = null; // one at a time: the previous set's copy goes first
      const corpus = applyValueOptions(this.corpus, values);
      this.valued = { key, corpus, stats: analyseCorpus(corpus) };
    }
    const v = this.valued;
    const after = evaluateStats(v.corpus, v.stats, config, { values });
    return {
      diff: analysisDiff(
        { corpus: this.corpus, stats: this.stats, before: this.evaluation(config).corpus },
        { stats: v.stats, after: after.corpus },
      ),
      signatureAfter: after.signature,
    };
  }

  /** The engine's corpus under the interners' current names (the same ids: interners only grow). */
  private ownCorpus(a: SuspectsData): Corpus {
    const i = this.interned;
    if (!i || i.slots.size !== a.slotNames.length || i.values.size !== a.valueNames.length)
      this.interned = { slots: new Interner(a.slotNames), values: new Interner(a.valueNames) };
    return { ...this.corpus, slots: this.interned!.slots, values: this.interned!.values };
  }

  private suspects(a: SuspectsArgs): SuspectsPage {
    if (this.ranked?.group !== a.group) {
      if (!a.data) return { missing: true };
      this.ranked = null; // one group at a time: the previous list goes first
      this.ranked = { group: a.group, ...this.rank(a.data) };
    }
    const r = this.ranked;
    let items = r.items;
    if (a.exclude?.length) {
      const done = new Set(a.exclude);
      items = items.filter((x) => !done.has(placeKey(x.dialogue, x.turn, x.slot)));
    }
    return {
      total: items.length,
      items: items.slice(a.offset, a.offset + a.limit),
      hasText: r.hasText,
      format: r.format,
      versions: r.versions,
    };
  }

  private rank(a: SuspectsData): SuspectRanking {
    const own = this.ownCorpus(a);
    let utterances: Utterances | undefined;
    if (a.utterances !== undefined) {
      if (!this.hasUtterances(a.utterances)) throw new Error(`the utterances ${a.utterances} were not sent in full`);
      utterances = this.utterances.get(a.utterances)!.data;
    }
    const runs = a.runs.map((r) => {
      const corpus =
        'own' in r
          ? own
          : 'pred' in r
            ? { ...own, predStart: r.pred.predStart, predLen: r.pred.predLen, predPairs: r.pred.predPairs }
            : corpusFromPayload(r.corpus);
      // A run's confidences (where its layout gives them) weigh its votes; the evidence says so.
      const confidence = confidenceLookup(corpus.generation, (n) => corpus.slots.lookup(n));
      return { label: r.label, corpus, ...(confidence ? { confidence } : {}) };
    });
    // rankSuspects reads the utterances of the first run that has any: the ones sent are those.
    if (utterances) runs[0] = { label: runs[0].label, corpus: { ...runs[0].corpus, utterances } };
    return rankSuspects(runs);
  }
}
