// Layer: main (Node). The compare view's queries over the workspace: runs
// against a baseline (aligned, scored, with the paired statistics on worker
// threads when the job is big, so the server keeps answering), where the runs
// differ most (in a worker thread: compare-differ.ts), and a page of
// the dialogues two runs share, sorted by their difference on a metric and
// filtered by turns one run gets right and the other wrong. Answers are
// cached per run revisions and settings; a new revision makes a new key.

import type { ApiArgs, CompareRunsResult, CompareSettings, PairPage, PairRow } from '../../shared/api';
import { differRuns, sliceDialogueMask, type DifferResult } from '../../shared/analysis/differ';
import { dialogueKey } from '../../shared/formats/reference';
import { alignRuns } from '../../shared/analysis/align';
import { assemble, prepareComparable, statInput, type RunSource, type StatSettings } from '../../shared/analysis/run-comparison';
import { Scorer } from '../../shared/analysis/columns';
import { cacheKey, type MetricConfig } from '../../shared/metrics/config';
import { METRICS } from '../../shared/metrics/registry';
import type { TurnStats } from '../../shared/metrics/turn-stats';
import { AppError } from '../../shared/app-error';
import { rowColumns, rowConfig, type RowColumns } from './corpus-queries';
import { runStatisticsParallel, workOf } from './compare-stats';
import { differJobOf, DifferThread, differWorkerPath } from './compare-differ';
import type { RunData } from './run-data';
import type { Workspace } from './workspace';
import { Lru } from './lru';

const HINTS = {
  common: 'tick “Common part” to compare on the dialogues and turns every run has',
  gold: 'tick “Allow different gold” to compare anyway',
};

/** Big jobs leave the server's thread free; small ones are quicker here than in a worker. */
const OFF_MAIN_WORK = 2e7;

export interface CompareServiceOptions {
  /** The finder's worker script; null runs the finder in this thread (default: the built compare worker, if any). */
  differWorker?: string | null;
}

interface Pair {
  rowsA: Int32Array;
  rowsB: Int32Array;
  colsA: RowColumns;
  colsB: RowColumns;
  /** Per shared dialogue: turns A gets right and B wrong, and the other way round (turns matched by index). */
  aOnly: Int32Array;
  bOnly: Int32Array;
  turns: Int32Array;
  idsLower: string[];
}

function jointRight(s: TurnStats, i: number): boolean {
  return s.wrong[i] + s.missed[i] + s.overshot[i] === 0;
}

export class CompareService {
  private readonly results = new Lru<Promise<CompareRunsResult>>(8);
  private readonly pairs = new Lru<Pair>(4);
  private readonly indexes = new Lru<Int32Array>(16);
  private readonly differs = new Lru<Promise<DifferResult>>(8);
  /** The finder's request computing now (a request for other runs or settings cancels it). */
  private differRunning: { key: string; abort: AbortController } | null = null;
  private differThread: DifferThread | null = null;

  constructor(
    private readonly ws: Workspace,
    private readonly settingsOf: () => CompareSettings = () => ({ seriesX: {} }),
    private readonly opts: CompareServiceOptions = {},
  ) {}

  settings(): CompareSettings {
    return this.settingsOf();
  }

  private source(run: string, rev: number, config: MetricConfig): RunSource {
    // The run under the config's preset (itself for exact): both runs are compared on the preset's classes.
    const data: RunData = this.ws.data(run, rev).at(config);
    const l = data.l;
    return {
      name: this.ws.status(run).label,
      file: l.file,
      corpus: l.corpus,
      stats: l.stats,
      valueOptions: l.valueOptions,
      corrections: l.corrections,
      evaluation: (c) => data.evaluation(c),
    };
  }

  async runs(args: ApiArgs<'compareRuns'>): Promise<CompareRunsResult> {
    const key = cacheKey(args.config, { ...args, config: undefined });
    let p = this.results.get(key);
    if (!p) {
      p = this.compute(args);
      this.results.set(key, p);
      // A failure is not kept: the next call tries again.
      p.catch(() => this.results.delete(key));
    }
    return this.withNames(await p);
  }

  /** A kept answer under the runs' current names (a rename makes no new revision). */
  private withNames(r: CompareRunsResult): CompareRunsResult {
    const rename = new Map(r.runs.map((x) => [x.name, this.ws.status(x.run).label]));
    if ([...rename].every(([a, b]) => a === b)) return r;
    const name = (n: string) => rename.get(n) ?? n;
    return {
      ...r,
      runs: r.runs.map((x) => ({ ...x, name: name(x.name) })),
      comparisons: r.comparisons.map((c) => ({ ...c, baseline: name(c.baseline), run: name(c.run) })),
    };
  }

  private async compute(args: ApiArgs<'compareRuns'>): Promise<CompareRunsResult> {
    const ids = args.runs.map((r) => r.run);
    if (new Set(ids).size !== ids.length) throw new AppError('bad-args', 'compareRuns: a run is named twice in runs');
    const all = args.runs.map((r) => this.source(r.run, r.rev, args.config));
    const config: MetricConfig = args.config;
    const s: StatSettings = { bootstrap: args.bootstrap, trials: args.trials, seed: args.seed };
    // Runs that cannot be compared throw CompareError: the AppError of code bad-args.
    const comparable = prepareComparable(all, config, { common: args.common, allowDifferentGold: args.allowDifferentGold, hints: HINTS });
    const { prepared, kept } = comparable;
    const sources = kept.map((k) => all[k]);
    const runs = kept.map((k) => args.runs[k]);
    const scorer = new Scorer(prepared.evaluations[0].layout, config);
    const input = statInput(prepared, scorer);
    const stats = await runStatisticsParallel(input, config, s, { offMain: workOf(input, s) >= OFF_MAIN_WORK });
    // The runs may have been reloaded while the statistics ran: refuse numbers from a replaced corpus.
    for (const r of args.runs) this.ws.data(r.run, r.rev);
    const out = assemble(prepared, sources, scorer, s, stats);
    return {
      signature: out.signature,
      columns: out.columns,
      runs: out.runs.map((r, k) => ({ run: runs[k].run, rev: runs[k].rev, name: r.name, file: r.file, scores: r.corpus, ci: r.ci })),
      comparisons: out.comparisons,
      notes: out.notes,
      refused: comparable.refused.map((x) => ({ run: args.runs[x.index].run, message: x.message })),
      settings: s,
      dialogues: input.n,
      turns: prepared.evaluations[0].corpus.turns,
    };
  }

  /**
   * Where the runs differ most (shared/analysis/differ.ts), on the part the
   * comparison compares: in a worker (compare-differ.ts), so the server keeps
   * answering meanwhile. A request for the same runs and settings joins the
   * one running or kept; a request for other ones supersedes a running one,
   * whose caller is answered `cancelled` (the view that asked has moved on)
   * and whose worker is stopped.
   */
  async differ(args: ApiArgs<'compareDiffer'>): Promise<DifferResult> {
    const key = cacheKey(args.config, { ...args, config: undefined });
    let p = this.differs.get(key);
    if (!p) {
      if (this.differRunning && this.differRunning.key !== key) this.differRunning.abort.abort();
      const abort = new AbortController();
      const running = { key, abort };
      this.differRunning = running;
      p = this.differCompute(args, abort.signal);
      this.differs.set(key, p);
      const done = () => {
        if (this.differRunning === running) this.differRunning = null;
      };
      // A failure (cancelled included) is not kept: the next call tries again.
      p.then(done, () => {
        done();
        if (this.differs.get(key) === p) this.differs.delete(key);
      });
    }
    return this.differNames(await p, args);
  }

  private async differCompute(args: ApiArgs<'compareDiffer'>, signal: AbortSignal): Promise<DifferResult> {
    const ids = args.runs.map((r) => r.run);
    if (new Set(ids).size !== ids.length) throw new AppError('bad-args', 'compareDiffer: a run is named twice in runs');
    const sources = args.runs.map((r) => this.source(r.run, r.rev, args.config));
    const { prepared, kept } = prepareComparable(sources, args.config, {
      common: args.common,
      allowDifferentGold: args.allowDifferentGold,
      hints: HINTS,
    });
    const runs = differRuns(
      kept.map((k) => ({ name: args.runs[k].run, corpus: sources[k].corpus })),
      prepared.alignment,
    );
    const options = { metric: args.metric, minTurns: args.minTurns, bootstrap: args.bootstrap, seed: args.seed, limit: args.limit };
    const job = differJobOf(runs, args.config, options, prepared.evaluations[0].signature);
    this.differThread ??= new DifferThread(this.opts.differWorker === undefined ? differWorkerPath() : this.opts.differWorker);
    return this.differThread.run(job, signal);
  }

  /** The finder's answer names runs by id (a rename makes no new revision); the caller shows their labels. */
  private differNames(r: DifferResult, args: ApiArgs<'compareDiffer'>): DifferResult {
    for (const x of args.runs) this.ws.data(x.run, x.rev); // refuse an answer for a replaced corpus
    return r;
  }

  private pair(a: { run: string; rev: number }, b: { run: string; rev: number }, config: MetricConfig): Pair {
    const key = cacheKey(rowConfig(config), a, b);
    const hit = this.pairs.get(key);
    if (hit) return hit;
    const da = this.ws.data(a.run, a.rev).at(config);
    const db = this.ws.data(b.run, b.rev).at(config);
    const ca = da.l.corpus;
    const cb = db.l.corpus;
    const al = alignRuns([ca, cb], ['A', 'B']);
    const n = al.commonIds.length;
    const aOnly = new Int32Array(n);
    const bOnly = new Int32Array(n);
    const turns = new Int32Array(n);
    for (let r = 0; r < n; r++) {
      const x = al.rows[0][r];
      const y = al.rows[1][r];
      turns[r] = ca.dialogueStart[x + 1] - ca.dialogueStart[x];
      let i = ca.dialogueStart[x];
      let j = cb.dialogueStart[y];
      const ie = ca.dialogueStart[x + 1];
      const je = cb.dialogueStart[y + 1];
      while (i < ie && j < je) {
        if (ca.turnIndex[i] < cb.turnIndex[j]) i++;
        else if (cb.turnIndex[j] < ca.turnIndex[i]) j++;
        else {
          const ra = jointRight(da.l.stats, i);
          const rb = jointRight(db.l.stats, j);
          if (ra && !rb) aOnly[r]++;
          else if (rb && !ra) bOnly[r]++;
          i++;
          j++;
        }
      }
    }
    const p: Pair = {
      rowsA: al.rows[0],
      rowsB: al.rows[1],
      colsA: rowColumns(da.l, config),
      colsB: rowColumns(db.l, config),
      aOnly,
      bOnly,
      turns,
      idsLower: al.commonIds.map((s) => s.toLowerCase()),
    };
    return this.pairs.set(key, p);
  }

  page(args: ApiArgs<'comparePage'>): PairPage {
    if (args.a.run === args.b.run) throw new AppError('bad-args', 'comparePage: choose two different runs');
    const p = this.pair(args.a, args.b, args.config);
    const key = cacheKey(rowConfig(args.config), args.a, args.b, args.sort, args.filter);
    const idx = this.indexes.get(key) ?? this.indexes.set(key, this.index(p, args));
    const rows: PairRow[] = [];
    const ca = this.ws.data(args.a.run, args.a.rev).at(args.config).l.corpus;
    const cb = this.ws.data(args.b.run, args.b.rev).at(args.config).l.corpus;
    const m = args.sort.metric;
    // More runs side by side: each one's index of a dialogue by its id (as the alignment matches ids).
    const others = (args.others ?? []).map((o) => {
      const d = this.ws.data(o.run, o.rev);
      const byKey = new Map(d.l.corpus.dialogueIds.map((id, i) => [dialogueKey(id), i]));
      return { corpus: d.l.corpus, cols: rowColumns(d.l, args.config), byKey };
    });
    for (let k = args.offset; k < Math.min(idx.length, args.offset + args.limit); k++) {
      const r = idx[k];
      const x = p.rowsA[r];
      const y = p.rowsB[r];
      const val = (cols: RowColumns, d: number) =>
        Object.fromEntries(METRICS.map((mm) => [mm.id, Number.isNaN(cols.metrics[mm.id][d]) ? null : cols.metrics[mm.id][d]]));
      const va = p.colsA.metrics[m][x];
      const vb = p.colsB.metrics[m][y];
      rows.push({
        id: ca.dialogueIds[x],
        idB: cb.dialogueIds[y],
        position: x,
        turns: p.turns[r],
        a: val(p.colsA, x),
        b: val(p.colsB, y),
        diff: Number.isNaN(va) || Number.isNaN(vb) ? null : vb - va,
        aOnly: p.aOnly[r],
        bOnly: p.bOnly[r],
        ...(others.length
          ? {
              others: others.map((o) => {
                const z = o.byKey.get(dialogueKey(ca.dialogueIds[x]));
                return z === undefined ? null : { id: o.corpus.dialogueIds[z], values: val(o.cols, z) };
              }),
            }
          : {}),
      });
    }
    return { total: idx.length, offset: args.offset, rows, shared: p.rowsA.length };
  }

  private index(p: Pair, args: ApiArgs<'comparePage'>): Int32Array {
    const n = p.rowsA.length;
    const q = args.filter.search?.trim().toLowerCase() ?? '';
    const f = args.filter.turns;
    const keep: number[] = [];
    const slice = args.filter.slice ? sliceDialogueMask(this.ws.data(args.a.run, args.a.rev).l.corpus, args.filter.slice) : null;
    for (let r = 0; r < n; r++) {
      if (slice && !slice[p.rowsA[r]]) continue;
      if (f === 'a-right-b-wrong' && p.aOnly[r] === 0) continue;
      if (f === 'b-right-a-wrong' && p.bOnly[r] === 0) continue;
      if (f === 'either' && p.aOnly[r] + p.bOnly[r] === 0) continue;
      if (q && !p.idsLower[r].includes(q)) continue;
      keep.push(r);
    }
    const idx = Int32Array.from(keep);
    const sign = args.sort.descending ? -1 : 1;
    const { key, metric } = args.sort;
    if (key === 'position') return args.sort.descending ? idx.reverse() : idx;
    if (key === 'id') return idx.sort((a, b) => (p.idsLower[a] < p.idsLower[b] ? -sign : p.idsLower[a] > p.idsLower[b] ? sign : a - b));
    const col = new Float64Array(n);
    for (let r = 0; r < n; r++) {
      if (key === 'turns') col[r] = p.turns[r];
      else if (key === 'aOnly') col[r] = p.aOnly[r];
      else if (key === 'bOnly') col[r] = p.bOnly[r];
      else col[r] = p.colsB.metrics[metric][p.rowsB[r]] - p.colsA.metrics[metric][p.rowsA[r]];
    }
    // Undefined differences (AGA of a dialogue without gold) last; ties in file order.
    return idx.sort((a, b) => {
      const x = col[a];
      const y = col[b];
      const xn = Number.isNaN(x);
      const yn = Number.isNaN(y);
      if (xn || yn) return xn && yn ? a - b : xn ? 1 : -1;
      return x === y ? a - b : x < y ? -sign : sign;
    });
  }
}
