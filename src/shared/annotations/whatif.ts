// Layer: shared (pure TS). What-if scoring: the scores of a corpus whose gold
// has corrections applied, kept incrementally. Each dialogue with applicable
// records is re-applied and re-analysed on its own (a corpus of one
// dialogue); its state row replaces the base row, and the corpus is the merge
// of rows — so one new correction costs one dialogue, not the corpus. The
// diff (before → after for every metric, the turns whose JGA or FGA class
// flips, the dialogues whose GCA moves) is the same for a value-options
// what-if, which compares two whole analyses.

import type { Corpus } from '../model/corpus';
import { configKey, type MetricConfig } from '../metrics/config';
import { dialogueDetail, type DialogueResult } from '../metrics/evaluate';
import { fgaClass, type FgaClass } from '../metrics/defs/fga';
import { gcaScore } from '../metrics/defs/gca';
import { accumulate, DIALOGUES_SLOT, emptyStates, mergeInto, scoresOf, stateLayout, type Scores, type StateLayout } from '../metrics/state';
import { allocTurnStats, TurnAnalyser, type TurnStats } from '../metrics/turn-stats';
import type { KeptRecord } from './file';
import { canonicalJson } from './record';
import {
  correctDialogue,
  correctionSummary,
  dialogueCorpus,
  dialogueIndexByKey,
  GrowingNames,
  planCorrections,
  type ApplyIssue,
  type ApplyOptions,
  type Change,
  type CorrectionSummary,
  type DialogueCorrection,
} from './apply';
import { pushAll } from '../arrays';

export interface TurnFlip {
  dialogue: string;
  turn: number;
  /** Position of the turn in its dialogue. */
  position: number;
  jga: [number, number];
  fga: [FgaClass, FgaClass];
  /** Type-2 distances (null unless type-2). */
  fgaDistance: [number | null, number | null];
}

export interface DialogueMove {
  dialogue: string;
  gca: [number, number];
  /** GCA's counts before and after (C, W, M, O). */
  counts: [[number, number, number, number], [number, number, number, number]];
}

export interface WhatIfDiff {
  before: Scores;
  after: Scores;
  flips: TurnFlip[];
  moves: DialogueMove[];
  /** Turns whose gold the corrections change; for a value-options what-if, the turns whose joint correctness flips. */
  turnsChanged: number;
  dialoguesChanged: number;
}

/** One corrected dialogue: its corpus, its stats, and what the correction did. */
interface Corrected {
  fingerprint: string;
  corpus: Corpus;
  stats: TurnStats;
  correction: DialogueCorrection;
}

function sliceStats(stats: TurnStats, from: number, to: number): TurnStats {
  const out = {} as TurnStats;
  for (const k of Object.keys(stats) as (keyof TurnStats)[]) out[k] = stats[k].subarray(from, to);
  return out;
}

function fgaPair(code: number): { cls: FgaClass; d: number | null } {
  const cls = fgaClass(code);
  return { cls, d: cls === 'type2' ? code : null };
}

/** Compares two analyses of one dialogue's turns (same turns, same order). */
export function dialogueFlips(id: string, turnIndex: ArrayLike<number>, a: TurnStats, b: TurnStats, n: number): TurnFlip[] {
  const out: TurnFlip[] = [];
  for (let o = 0; o < n; o++) {
    const ja = a.wrong[o] + a.missed[o] + a.overshot[o] === 0 ? 1 : 0;
    const jb = b.wrong[o] + b.missed[o] + b.overshot[o] === 0 ? 1 : 0;
    const fa = fgaPair(a.fga[o]);
    const fb = fgaPair(b.fga[o]);
    if (ja !== jb || fa.cls !== fb.cls)
      out.push({ dialogue: id, turn: turnIndex[o], position: o, jga: [ja, jb], fga: [fa.cls, fb.cls], fgaDistance: [fa.d, fb.d] });
  }
  return out;
}

function counts(s: TurnStats, n: number): [number, number, number, number] {
  const c: [number, number, number, number] = [0, 0, 0, 0];
  for (let o = 0; o < n; o++) {
    c[0] += s.gcaC[o];
    c[1] += s.gcaW[o];
    c[2] += s.gcaM[o];
    c[3] += s.gcaO[o];
  }
  return c;
}

const gcaOf = (c: [number, number, number, number]) => gcaScore({ C: c[0], W: c[1], M: c[2], O: c[3] });

/** The GCA move of a dialogue between two analyses, or null when its counts did not change. */
export function dialogueMove(id: string, a: TurnStats, b: TurnStats, n: number): DialogueMove | null {
  const ca = counts(a, n);
  const cb = counts(b, n);
  if (ca.every((x, i) => x === cb[i])) return null;
  return { dialogue: id, gca: [gcaOf(ca), gcaOf(cb)], counts: [ca, cb] };
}

/**
 * The corrected scores of one corpus under a set of records, kept up to
 * date by `update`: only dialogues whose applicable records changed are
 * re-applied and re-analysed.
 */
export class WhatIf {
  private readonly corrected = new Map<number, Corrected>();
  private readonly index: Map<string, number>;
  private issues: ApplyIssue[] = [];
  private summaryCache: CorrectionSummary | null = null;
  private readonly rows = new Map<string, { layout: StateLayout; states: Float64Array; touched: Set<number> }>();

  constructor(
    readonly base: Corpus,
    readonly baseStats: TurnStats,
    private readonly opts: ApplyOptions = {},
  ) {
    this.index = dialogueIndexByKey(base);
  }

  /** Brings the corrections to `records`; returns the dialogue indices that were re-scored. */
  update(records: readonly KeptRecord[]): number[] {
    const plan = planCorrections(this.base, records, this.opts, this.index);
    const names = new GrowingNames(this.base);
    const touched: number[] = [];
    for (const d of [...this.corrected.keys()]) {
      if (!plan.byDialogue.has(d)) {
        this.corrected.delete(d);
        touched.push(d);
      }
    }
    for (const [d, recs] of plan.byDialogue) {
      const fingerprint = canonicalJson(recs.map((k) => [k.line, k.record]));
      if (this.corrected.get(d)?.fingerprint === fingerprint) continue;
      const correction = correctDialogue(this.base, d, recs, names, this.opts);
      const corpus = dialogueCorpus(this.base, correction, names);
      const n = corpus.turnIndex.length;
      const stats = allocTurnStats(n);
      new TurnAnalyser(corpus).dialogue(0, stats);
      this.corrected.set(d, { fingerprint, corpus, stats, correction });
      touched.push(d);
    }
    this.issues = [...plan.issues, ...[...this.corrected.values()].flatMap((c) => c.correction.issues)].sort((a, b) => a.line - b.line);
    this.summaryCache = null;
    for (const r of this.rows.values()) for (const d of touched) r.touched.add(d);
    return touched;
  }

  get allIssues(): readonly ApplyIssue[] {
    return this.issues;
  }

  summary(): CorrectionSummary {
    return (this.summaryCache ??= correctionSummary(
      this.base,
      [...this.corrected.values()].map((c) => c.correction),
    ));
  }

  changes(): Change[] {
    return [...this.corrected.entries()].sort((a, b) => a[0] - b[0]).flatMap(([, c]) => c.correction.changes);
  }

  /** Dialogue d's own corpus with the corrected gold, or null when no correction touches it. */
  dialogue(d: number): Corpus | null {
    return this.corrected.get(d)?.corpus ?? null;
  }

  /** Full detail of dialogue d on the corrected gold. */
  detail(d: number, config: MetricConfig): DialogueResult {
    const c = this.corrected.get(d);
    return c ? dialogueDetail(c.corpus, 0, config) : dialogueDetail(this.base, d, config);
  }

  /** The per-dialogue state rows after the corrections, under `config` (cached; only touched rows are redone). */
  private stateRows(config: MetricConfig, baseStates: Float64Array): { layout: StateLayout; states: Float64Array } {
    const key = configKey(config);
    let r = this.rows.get(key);
    if (!r) {
      r = { layout: stateLayout(config), states: baseStates.slice(), touched: new Set(this.corrected.keys()) };
      this.rows.set(key, r);
    }
    const w = r.layout.width;
    for (const d of r.touched) {
      const at = d * w;
      const c = this.corrected.get(d);
      if (!c) {
        r.states.set(baseStates.subarray(at, at + w), at);
        continue;
      }
      r.states.fill(0, at, at + w);
      r.states[at + DIALOGUES_SLOT] = 1;
      accumulate(r.states, at, r.layout, c.stats, 0, c.corpus.turnIndex.length, config);
    }
    r.touched.clear();
    return r;
  }

  /** Before → after for every metric, the flips and the GCA moves. `baseStates` are the base evaluation's rows under `config`. */
  diff(config: MetricConfig, baseStates: Float64Array, before: Scores): WhatIfDiff {
    const { layout, states } = this.stateRows(config, baseStates);
    const total = emptyStates(layout);
    for (let d = 0; d < this.base.dialogueIds.length; d++) mergeInto(total, 0, states, d * layout.width, layout);
    const flips: TurnFlip[] = [];
    const moves: DialogueMove[] = [];
    let turnsChanged = 0;
    for (const [d, c] of [...this.corrected.entries()].sort((a, b) => a[0] - b[0])) {
      const from = this.base.dialogueStart[d];
      const n = c.corpus.turnIndex.length;
      const a = sliceStats(this.baseStats, from, from + n);
      pushAll(flips, dialogueFlips(this.base.dialogueIds[d], c.corpus.turnIndex, a, c.stats, n));
      const m = dialogueMove(this.base.dialogueIds[d], a, c.stats, n);
      if (m) moves.push(m);
      turnsChanged += new Set(c.correction.changes.map((x) => x.turn)).size;
    }
    return {
      before,
      after: scoresOf(total, 0, layout, config),
      flips,
      moves,
      turnsChanged,
      dialoguesChanged: [...this.corrected.values()].filter((c) => c.correction.changes.length > 0).length,
    };
  }
}

/** The diff between two whole analyses of corpora with the same turns (a value-options what-if). */
export function analysisDiff(a: { corpus: Corpus; stats: TurnStats; before: Scores }, b: { stats: TurnStats; after: Scores }): WhatIfDiff {
  const flips: TurnFlip[] = [];
  const moves: DialogueMove[] = [];
  const c = a.corpus;
  let dialoguesChanged = 0;
  for (let d = 0; d < c.dialogueIds.length; d++) {
    const from = c.dialogueStart[d];
    const n = c.dialogueStart[d + 1] - from;
    const sa = sliceStats(a.stats, from, from + n);
    const sb = sliceStats(b.stats, from, from + n);
    const f = dialogueFlips(c.dialogueIds[d], c.turnIndex.subarray(from, from + n), sa, sb, n);
    pushAll(flips, f);
    const m = dialogueMove(c.dialogueIds[d], sa, sb, n);
    if (m) moves.push(m);
    if (f.length || m) dialoguesChanged++;
  }
  return { before: a.before, after: b.after, flips, moves, turnsChanged: flips.length, dialoguesChanged };
}
