// Layer: shared (pure TS). "Where do runs differ most": over slices of the
// corpus — a domain, a slot, a turn position bucket, a dialogue length bucket
// — each run's value of one metric column on that slice, the spread across the
// runs (max − min), and the 95% paired-bootstrap interval of the difference
// between the highest and the lowest run there (the dialogue resampled, seeded:
// paired.ts's bootstrapColumn: bootstrapValues' numbers of the one column,
// the same draws as the compare table's). Slices
// are ranked by spread; slices with fewer turns than a minimum are left out
// (counted). A slice cuts every run's aligned corpus down to the same turns
// (and, for a domain or a slot, to its slots: restrict.ts, as the per-domain
// breakdown does), which the ordinary engine scores, so a slice's value is
// exactly what scoring the restricted file gives. Which turns a slice holds is
// read from the gold (a domain or slot: the turns whose gold has it with a
// value other than "none"), so every run is scored on the same turns and the
// result does not depend on the order the runs are given in (ties go to the
// first name; the resampled dialogues are in id order).

import type { MetricConfig } from '../metrics/config';
import { evaluate } from '../metrics/evaluate';
import { extendSignature, type Signature, type SignaturePart } from '../metrics/signature';
import { metricValue } from '../metrics/values';
import { dialogueKey } from '../formats/reference';
import { domainOf, NONE_ID, type Corpus } from '../model/corpus';
import { stateLayout } from '../metrics/state';
import { restrictToCommon, type Alignment } from './align';
import { foldRows, Scorer, statColumns, type StatColumn } from './columns';
import { bootstrapColumn } from './paired';
import { percentileInterval } from './percentile';
import { domainTurnLists, restrictToSlots, slotDomains } from './restrict';

export * from './slices';
import {
  bucketKey,
  bucketOf,
  LENGTH_BUCKETS,
  POSITION_BUCKETS,
  SLICE_KINDS,
  sliceLabel,
  type DifferOptions,
  type DifferResult,
  type DifferRow,
  type Slice,
  type SliceKind,
} from './slices';

/** A run as the finder reads it: its corpus cut to the common part, in the first run's dialogue order (the same turns in every run). */
export interface DifferRun {
  name: string;
  corpus: Corpus;
}

/** The runs of a comparison cut to their common part, in the first run's dialogue order (compare's alignment). */
export function differRuns(runs: readonly { name: string; corpus: Corpus }[], alignment: Alignment): DifferRun[] {
  return runs.map((r, k) => ({ name: r.name, corpus: restrictToCommon(r.corpus, alignment.rows[k], alignment.keep[k]) }));
}

/** The global turns of a slice and the slots it keeps (null: every slot), in `ref`'s turns. */
export function sliceTurns(ref: Corpus, s: Slice): { turns: Int32Array; slots: ((name: string) => boolean) | null } {
  if (s.kind === 'domain') {
    const sd = slotDomains(ref);
    const d = sd.domains.indexOf(s.key);
    if (d < 0) return { turns: new Int32Array(0), slots: () => false };
    // Every slot of the domain, by name: a run may predict one the first run's corpus never names.
    return { turns: domainTurnLists(ref, sd, 'active')[d], slots: (n) => domainOf(n) === s.key };
  }
  if (s.kind === 'slot') {
    const id = ref.slots.names.indexOf(s.key);
    const turns: number[] = [];
    if (id >= 0)
      for (let i = 0; i < ref.turnIndex.length; i++) {
        const { goldPairs: gp } = ref;
        for (let k = ref.goldStart[i], e = k + ref.goldLen[i]; k < e; k++)
          if (gp[2 * k] === id && gp[2 * k + 1] !== NONE_ID) {
            turns.push(i);
            break;
          }
      }
    return { turns: Int32Array.from(turns), slots: (n) => n === s.key };
  }
  const buckets = s.kind === 'position' ? POSITION_BUCKETS : LENGTH_BUCKETS;
  const b = buckets.findIndex((x) => bucketKey(x) === s.key);
  const turns: number[] = [];
  const start = ref.dialogueStart;
  for (let d = 0; d + 1 < start.length; d++) {
    const len = start[d + 1] - start[d];
    for (let i = start[d]; i < start[d + 1]; i++) {
      const x = s.kind === 'position' ? i - start[d] + 1 : len;
      if (bucketOf(buckets, x) === b && b >= 0) turns.push(i);
    }
  }
  return { turns: Int32Array.from(turns), slots: null };
}

/** Every slice the corpus has a turn in: domains and slots (sorted), then the position and length buckets. */
export function listSlices(ref: Corpus): Slice[] {
  const out: Slice[] = slotDomains(ref).domains.map((key) => ({ kind: 'domain' as const, key }));
  const active = new Uint8Array(ref.slots.names.length);
  const gp = ref.goldPairs;
  for (let i = 0; i < ref.turnIndex.length; i++)
    for (let k = ref.goldStart[i], e = k + ref.goldLen[i]; k < e; k++) if (gp[2 * k + 1] !== NONE_ID) active[gp[2 * k]] = 1;
  for (const name of ref.slots.names.filter((_, k) => active[k]).sort()) out.push({ kind: 'slot', key: name });
  const start = ref.dialogueStart;
  const pos = new Uint8Array(POSITION_BUCKETS.length);
  const len = new Uint8Array(LENGTH_BUCKETS.length);
  for (let d = 0; d + 1 < start.length; d++) {
    const n = start[d + 1] - start[d];
    if (n > 0) len[bucketOf(LENGTH_BUCKETS, n)] = 1;
    for (let p = 1; p <= n; p++) pos[bucketOf(POSITION_BUCKETS, p)] = 1;
  }
  POSITION_BUCKETS.forEach((b, k) => pos[k] && out.push({ kind: 'position', key: bucketKey(b) }));
  LENGTH_BUCKETS.forEach((b, k) => len[k] && out.push({ kind: 'length', key: bucketKey(b) }));
  // Domains are only worth a row when the corpus has more than one.
  return out.filter((s) => s.kind !== 'domain' || out.filter((x) => x.kind === 'domain').length > 1);
}

/** Per dialogue of `corpus`: whether it has a turn in the slice (the pair list's filter). */
export function sliceDialogueMask(corpus: Corpus, s: Slice): Uint8Array {
  const mask = new Uint8Array(corpus.dialogueIds.length);
  const { turns } = sliceTurns(corpus, s);
  let d = 0;
  for (const i of turns) {
    while (corpus.dialogueStart[d + 1] <= i) d++;
    mask[d] = 1;
  }
  return mask;
}

/** The column a metric key names (FGA alone: its first λ). */
export function differColumn(config: MetricConfig, metric: string): StatColumn {
  const cols = statColumns(config);
  const col = cols.find((c) => c.key === metric) ?? cols.find((c) => c.metric === metric);
  if (!col) throw new RangeError(`unknown metric ${JSON.stringify(metric)}: one of ${cols.map((c) => c.key).join(', ')}`);
  return col;
}

/** The signature parts of the finder's numbers. */
export function differParts(o: DifferOptions, col: StatColumn): SignaturePart[] {
  return [
    { key: 'differ', text: `differ=${col.key} min-turns=${o.minTurns}` },
    { key: 'bootstrap', text: `bootstrap=${o.bootstrap}` },
    { key: 'seed', text: `seed=${o.seed}` },
  ];
}

interface Scored {
  slice: Slice;
  turns: number;
  dialogues: number;
  values: (number | null)[];
  /** Per run: folded per-dialogue rows in dialogue-id order. */
  folded: Float64Array[];
}

/**
 * The finder over aligned runs (every corpus with the same dialogues and
 * turns, in the same order: the compare's common part). `signature` is the
 * runs' scoring signature, extended with the finder's settings.
 */
export function differ(runs: readonly DifferRun[], config: MetricConfig, o: DifferOptions, signature: Signature): DifferResult {
  if (runs.length < 2) throw new RangeError('the finder needs at least two runs');
  const col = differColumn(config, o.metric);
  const ref = runs[0].corpus;
  const scorer = new Scorer(stateLayout(config), config);
  const scored: Scored[] = [];
  let small = 0;
  for (const slice of listSlices(ref)) {
    const { turns, slots } = sliceTurns(ref, slice);
    if (turns.length === 0) continue;
    if (turns.length < o.minTurns) {
      small++;
      continue;
    }
    let order: number[] | null = null;
    const values: (number | null)[] = [];
    const folded: Float64Array[] = [];
    let dialogues = 0;
    for (const r of runs) {
      const c = r.corpus;
      const keep = new Uint8Array(c.slots.names.length);
      c.slots.names.forEach((n, k) => (keep[k] = slots === null || slots(n) ? 1 : 0));
      const sub = restrictToSlots(c, keep, turns);
      const ev = evaluate(sub, config);
      dialogues = sub.dialogueIds.length;
      // The resampled dialogues in id order, so that the draws do not depend on the first run's file order.
      order ??= sub.dialogueIds
        .map((id, d) => ({ key: dialogueKey(id), d }))
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.d - b.d))
        .map((x) => x.d);
      values.push(metricValue(ev.corpus.values, col.metric, col.variant));
      folded.push(foldRows(ev.states, ev.layout, scorer.folded, order));
    }
    scored.push({ slice, turns: turns.length, dialogues, values, folded });
  }
  const names = runs.map((r) => r.name);
  const rows = scored.map((s) => extremes(s, names));
  const kindRank = (k: SliceKind) => SLICE_KINDS.indexOf(k);
  const ranked = rows
    .map((row, k) => ({ row, k }))
    .sort((a, b) => {
      const x = a.row.spread;
      const y = b.row.spread;
      if (x === null || y === null) {
        if (x !== y) return x === null ? 1 : -1;
      } else if (x !== y) return y - x;
      const ka = a.row.slice;
      const kb = b.row.slice;
      return kindRank(ka.kind) - kindRank(kb.kind) || (ka.key < kb.key ? -1 : ka.key > kb.key ? 1 : 0);
    });
  const c = scorer.columns.findIndex((x) => x.key === col.key);
  const top = ranked.slice(0, o.limit).map(({ row, k }) => {
    const s = scored[k];
    if (row.high === null || row.low === null || o.bootstrap === 0) return row;
    const hi = s.folded[names.indexOf(row.high)];
    const lo = s.folded[names.indexOf(row.low)];
    const n = hi.length / scorer.folded.width;
    // bootstrapValues' numbers of column c, summing only what the column reads.
    const [vl, vh] = bootstrapColumn([lo, hi], n, scorer, c, o.bootstrap, o.seed);
    const B = o.bootstrap;
    const diff = new Float64Array(B);
    for (let b = 0; b < B; b++) diff[b] = vh[b] - vl[b];
    return { ...row, ci: percentileInterval(diff) };
  });
  return {
    metric: col.key,
    runs: names,
    rows: top,
    ranked: rows.length,
    small,
    settings: o,
    signature: extendSignature(signature, differParts(o, col)),
  };
}

function extremes(s: Scored, names: readonly string[]): DifferRow {
  let high = -1;
  let low = -1;
  s.values.forEach((v, k) => {
    if (v === null) return;
    const h = high < 0 ? null : s.values[high]!;
    if (h === null || v > h || (v === h && names[k] < names[high])) high = k;
    const l = low < 0 ? null : s.values[low]!;
    if (l === null || v < l || (v === l && names[k] < names[low])) low = k;
  });
  const defined = s.values.filter((v) => v !== null).length;
  return {
    slice: s.slice,
    label: sliceLabel(s.slice),
    turns: s.turns,
    dialogues: s.dialogues,
    values: s.values,
    spread: defined >= 2 ? s.values[high]! - s.values[low]! : null,
    high: defined >= 2 ? names[high] : null,
    low: defined >= 2 ? names[low] : null,
    ci: null,
  };
}
