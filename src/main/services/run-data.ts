// Layer: main (Node). One loaded revision of a run on the main thread: the
// corpus (re-interned from the worker's result), its turn stats, and the
// queries the API answers (summary, a page of the dialogue list, one
// dialogue, its raw JSON). Evaluations, list columns and sorted indexes are
// cached per config; a new revision is a new RunData, so no cache outlives
// the corpus it was made from.

import type { ApiArgs, CorpusSummary, DialogueDetail, DialoguePage, DialogueRaw, PresetFlips } from '../../shared/api';
import { cacheKey, configKey, defaultConfig, EXACT_PRESET, type MetricConfig, type PresetConfig } from '../../shared/metrics/config';
import { isDefaultPreset, partsOfPreset, presetSignatureParts } from '../../shared/presets/config-parts';
import { diffPresets } from '../../shared/presets/diff';
import { carriedTurns, sgdPresetNotice } from '../../shared/presets/sgd-notice';
import { presetView, valueMapOf, type MatchReason } from './preset-view';
import { dialogueDetail, evaluateStats, type Evaluation } from '../../shared/metrics/evaluate';
import { makeSignature, type Signature } from '../../shared/metrics/signature';
import { largestActiveTurn, slotCountWarning, type SlotBound } from '../../shared/metrics/slot-bound';
import { corpusFromPayload } from '../../shared/model/corpus-payload';
import type { Corpus } from '../../shared/model/corpus';
import { generationSummary, turnGeneration } from '../../shared/model/generation';
import { AppError } from '../../shared/app-error';
import {
  dialogueDomainNames,
  filterIndex,
  rowColumns,
  rowConfig,
  rowOf,
  searchTexts,
  sortIndex,
  type Loaded,
  type RowColumns,
} from './corpus-queries';
import type { LoadResult } from './load-types';
import { dialogueRawText } from './raw-index';
import { Lru } from './lru';

/** The worker's result as a corpus on this thread. */
export function loadedFromResult(r: LoadResult): Loaded {
  const p = r.corpus;
  const corpus = corpusFromPayload(p);
  const idIndex = new Map<string, number>();
  p.dialogueIds.forEach((id, d) => idIndex.set(id, d));
  const { corpus: _payload, ...rest } = r;
  return { ...rest, corpus, idIndex };
}

export class RunData {
  private readonly evaluations = new Lru<Evaluation>(8);
  private readonly columns = new Lru<RowColumns>(8);
  private readonly indexes = new Lru<Int32Array>(16);
  private texts: string[] | undefined;
  /** The busiest turn's active slots (computed once): K below it is warned about. */
  private slotBound: SlotBound | null | undefined;

  constructor(
    readonly run: string,
    readonly revision: number,
    readonly l: Loaded,
    /** For a view under a preset: why the matcher accepted values, per dialogue index. */
    private readonly reasons?: Map<number, MatchReason[]>,
    /** For a view under a preset: the run as it was loaded (raw text and generation are read there). */
    private readonly base?: RunData,
  ) {}

  private readonly views = new Lru<RunData>(4);

  /**
   * This run under `config`'s preset: itself for the default (exact), else a
   * RunData over the corpus in the preset's classes (cached per preset, so a
   * switch back and forth costs nothing). Every query the API answers under a
   * config goes through here, so the preset reaches every number.
   */
  at(config: MetricConfig): RunData {
    const pc = config.preset ?? EXACT_PRESET;
    if (this.base || isDefaultPreset(pc)) return this;
    return this.views.get(configKey(defaultConfig({ preset: pc })), () => {
      const v = presetView(this.l, pc);
      return new RunData(this.run, this.revision, v.loaded, v.reasons, this);
    });
  }

  get corpus(): Corpus {
    return this.l.corpus;
  }

  /** The signature of numbers computed under `config` from this run (its value options included). */
  signature(config: MetricConfig): Signature {
    return makeSignature(config, { values: this.l.valueOptions, corrections: this.l.corrections });
  }

  /** The whole corpus scored under `config` (cached). */
  evaluation(config: MetricConfig): Evaluation {
    const v = this.other(config);
    if (v) return v.evaluation(config);
    return this.evaluations.get(configKey(config), () =>
      evaluateStats(this.l.corpus, this.l.stats, config, { values: this.l.valueOptions, corrections: this.l.corrections }),
    );
  }

  dialogueIndex(id: string): number {
    const d = this.l.idIndex.get(id);
    if (d === undefined) throw new AppError('not-found', `no dialogue with id ${JSON.stringify(id)} in run ${this.run}`);
    return d;
  }

  summary(config: MetricConfig): CorpusSummary {
    const v = this.other(config);
    if (v) return v.summary(config);
    const l = this.l;
    const ev = this.evaluation(config);
    return {
      run: this.run,
      revision: this.revision,
      file: l.file,
      format: l.format,
      isDemo: l.isDemo,
      dialogues: l.corpus.dialogueIds.length,
      turns: l.corpus.turnIndex.length,
      scores: ev.corpus,
      signature: ev.signature,
      domains: l.domains,
      warnings: l.warnings,
      hasUtterances: !!l.corpus.utterances,
      dialoguesFile: l.dialoguesFile,
      landing: l.landing,
      slotCount: l.slotCount,
      ...(l.lookalikes && l.lookalikes.groups.length > 0 ? { lookalikes: l.lookalikes } : {}),
      ...this.generationSummary(),
      ...this.slotCountWarning(config),
      ...this.presetNotice(config),
    };
  }

  /** Carried-over gold turns of the run as loaded (a preset's view may drop them), and the sgd notice under `sgd`. */
  private presetNotice(config: MetricConfig): { carriedTurns?: number; presetNotice?: string } {
    const carried = carriedTurns((this.base ?? this).l.corpus);
    return {
      ...(carried > 0 ? { carriedTurns: carried } : {}),
      ...(config.preset.name === 'sgd' ? { presetNotice: sgdPresetNotice(carried) } : {}),
    };
  }

  private genSummary: CorpusSummary['generation'] | null | undefined;

  /** Counts of what the layout carried beside the states (computed once). */
  private generationSummary(): { generation?: CorpusSummary['generation'] } {
    if (this.genSummary === undefined) this.genSummary = generationSummary(this.l.corpus.generation) ?? null;
    return this.genSummary ? { generation: this.genSummary } : {};
  }

  /** A warning when K is below the slots active in some turn (SA can go negative there). */
  private slotCountWarning(config: MetricConfig): { slotCountWarning?: string } {
    if (this.slotBound === undefined) this.slotBound = largestActiveTurn(this.l.corpus);
    const w = slotCountWarning(this.slotBound, config.slotCount);
    return w ? { slotCountWarning: w } : {};
  }

  private cols(config: MetricConfig): RowColumns {
    return this.columns.get(configKey(rowConfig(config)), () => rowColumns(this.l, config));
  }

  /** The sorted, filtered list of dialogue indices (cached). */
  index(config: MetricConfig, sort: ApiArgs<'dialoguePage'>['sort'], filter: ApiArgs<'dialoguePage'>['filter']): Int32Array {
    const v = this.other(config);
    if (v) return v.index(config, sort, filter);
    const cols = this.cols(config);
    const key = cacheKey(rowConfig(config), sort, filter);
    return this.indexes.get(key, () =>
      sortIndex(
        this.l,
        cols,
        filterIndex(this.l, cols, filter, () => (this.texts ??= searchTexts(this.l))),
        sort,
      ),
    );
  }

  /** Where dialogue `id` is in the sorted, filtered list (-1: filtered out, or not in this run or view). */
  indexOf(config: MetricConfig, sort: ApiArgs<'dialoguePage'>['sort'], filter: ApiArgs<'dialoguePage'>['filter'], id: string): number {
    const v = this.other(config);
    if (v) return v.indexOf(config, sort, filter, id);
    const d = this.l.idIndex.get(id);
    return d === undefined ? -1 : this.index(config, sort, filter).indexOf(d);
  }

  page(args: ApiArgs<'dialoguePage'>): DialoguePage {
    const v = this.other(args.config);
    if (v) return v.page(args);
    const cols = this.cols(args.config);
    const idx = this.index(args.config, args.sort, args.filter);
    const rows = [];
    for (let k = args.offset; k < Math.min(idx.length, args.offset + args.limit); k++) rows.push(rowOf(this.l, cols, idx[k]));
    return { total: idx.length, offset: args.offset, rows, noChanges: this.noChangeCount(cols, idx) };
  }

  private readonly noChangeCounts = new WeakMap<Int32Array, number>();

  /** How many dialogues of a list have no change (counted once per cached list). */
  private noChangeCount(cols: RowColumns, idx: Int32Array): number {
    let n = this.noChangeCounts.get(idx);
    if (n === undefined) {
      n = 0;
      for (let k = 0; k < idx.length; k++) n += cols.noChanges[idx[k]];
      this.noChangeCounts.set(idx, n);
    }
    return n;
  }

  /** The view to answer `config` from, when it is not this one (a preset's view of this run). */
  private other(config: MetricConfig): RunData | null {
    const v = this.at(config);
    return v === this ? null : v;
  }

  detail(config: MetricConfig, id: string): DialogueDetail {
    const v = this.other(config);
    if (v) return v.detail(config, id);
    const d = this.dialogueIndex(id);
    const c = this.l.corpus;
    const out: DialogueDetail = {
      ...dialogueDetail(c, d, config),
      position: d,
      signature: this.signature(config),
      domains: dialogueDomainNames(this.l, d),
    };
    if (c.utterances) {
      out.utterances = [];
      for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++)
        out.utterances.push({ system: c.utterances.system[i], user: c.utterances.user[i] });
    }
    const reasons = this.reasons?.get(d);
    if (reasons) out.matches = reasons;
    if (c.generation) {
      const slotName = (s: number) => c.slots.name(s);
      out.generation = [];
      for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++)
        out.generation.push(turnGeneration(c.generation, i, slotName) ?? null);
    }
    return out;
  }

  /** Which turns flip between presets a and b on this run (the input corpus, as loaded), grouped by reason. */
  presetFlips(a: PresetConfig, b: PresetConfig, examples = 5): PresetFlips {
    if (this.base) return this.base.presetFlips(a, b, examples);
    const d = diffPresets(this.l.corpus, partsOfPreset(a), partsOfPreset(b), { a: valueMapOf(a), b: valueMapOf(b) }, examples);
    const name = (p: PresetConfig) => presetSignatureParts(p)[0]?.text ?? 'preset=exact';
    return { a: name(a), b: name(b), ...d };
  }

  raw(id: string): DialogueRaw {
    if (this.base) return this.base.raw(id);
    return dialogueRawText(this.l.corpus, this.l.raw, this.dialogueIndex(id));
  }
}
