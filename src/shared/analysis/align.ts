// Layer: shared (pure TS). Alignment of runs for a comparison: dialogues are
// matched by id (case-insensitively, with or without ".json", as gold joins
// match them) and turns by their integer index. For every run it reports what
// it lacks or adds against the baseline and on how many common turns its gold
// state differs; it finds the part every run covers (the common dialogues, in
// the baseline's order, and their common turns) and can cut a corpus down to
// that part.

import { dialogueKey } from '../formats/reference';
import { hasPair, type Corpus } from '../model/corpus';
import { plural } from '../plural';

export interface TurnRef {
  dialogue: string;
  turn: number;
}

/** One run against the baseline. */
export interface RunCoverage {
  name: string;
  dialogues: number;
  turns: number;
  /** Ids of the baseline's dialogues the run lacks (baseline order). */
  missingDialogues: string[];
  /** Ids of the run's dialogues the baseline lacks (run order). */
  extraDialogues: string[];
  /** In dialogues both have: turns of the baseline the run lacks, and the first of them. */
  missingTurns: number;
  firstMissingTurn?: TurnRef;
  /** In dialogues both have: turns of the run the baseline lacks. */
  extraTurns: number;
  firstExtraTurn?: TurnRef;
  /** Turns both have whose gold states differ (raw states, "none" values included). */
  goldDiffers: number;
  firstGoldDiff?: TurnRef;
  /** Turns both have (the turns the gold was compared on). */
  sharedTurns: number;
}

export interface Alignment {
  /** Per run (the baseline first). */
  runs: RunCoverage[];
  /** Every run has exactly the baseline's dialogues and turns. */
  complete: boolean;
  /** Every run also lists the dialogues in the baseline's order. */
  sameOrder: boolean;
  /** The dialogues every run has, as the baseline names them, in its order. */
  commonIds: string[];
  /** Per run: its dialogue index of each common dialogue. */
  rows: Int32Array[];
  /** Per run: 1 for each of its (global) turns that every run has. */
  keep: Uint8Array[];
  /** Turns of the common dialogues that every run has. */
  commonTurns: number;
  /** Runs whose gold differs from the baseline's on at least one shared turn. */
  goldDiffers: boolean;
}

/** Slot and value ids of `from` mapped to those of `to` by name (-1: absent), built lazily. */
class IdMap {
  private readonly slots: Int32Array;
  private readonly values: Int32Array;
  constructor(
    private readonly from: Corpus,
    private readonly to: Corpus,
  ) {
    this.slots = new Int32Array(from.slots.size).fill(-2);
    this.values = new Int32Array(from.values.size).fill(-2);
  }
  slot(s: number): number {
    if (this.slots[s] === -2) this.slots[s] = this.from.slots === this.to.slots ? s : (this.to.slots.lookup(this.from.slots.name(s)) ?? -1);
    return this.slots[s];
  }
  value(v: number): number {
    if (this.values[v] === -2)
      this.values[v] = this.from.values === this.to.values ? v : (this.to.values.lookup(this.from.values.name(v)) ?? -1);
    return this.values[v];
  }
}

/** Whether turn j of `other` has the same raw gold state as turn i of `base`. */
function sameGoldTurn(base: Corpus, i: number, other: Corpus, j: number, map: IdMap): boolean {
  const n = base.goldLen[i];
  if (other.goldLen[j] !== n) return false;
  const bs = base.goldStart[i];
  const os = other.goldStart[j];
  if (base.goldPairs === other.goldPairs && bs === os) return true;
  const og = other.goldPairs;
  for (let k = 0; k < n; k++) {
    const s = map.slot(og[2 * (os + k)]);
    const v = map.value(og[2 * (os + k) + 1]);
    if (s < 0 || v < 0 || !hasPair(base.goldPairs, bs, n, s, v)) return false;
  }
  return true;
}

/** Two dialogue ids of a corpus that match the same dialogue ("MUL0001.json" and "mul0001"), or null. */
export function clashingIds(c: Corpus): [string, string] | null {
  const seen = new Map<string, string>();
  for (const id of c.dialogueIds) {
    const k = dialogueKey(id);
    const other = seen.get(k);
    if (other !== undefined) return [other, id];
    seen.set(k, id);
  }
  return null;
}

function idIndex(c: Corpus): Map<string, number> {
  const m = new Map<string, number>();
  c.dialogueIds.forEach((id, d) => m.set(dialogueKey(id), d));
  return m;
}

/** Aligns runs (corpora[0] is the baseline) by dialogue id and turn index. */
export function alignRuns(corpora: readonly Corpus[], names: readonly string[]): Alignment {
  const base = corpora[0];
  const nb = base.dialogueIds.length;
  const indexes = corpora.map((c, k) => (k === 0 ? null : idIndex(c)));
  const baseKeys = base.dialogueIds.map(dialogueKey);
  const baseKeySet = new Set(baseKeys);
  const keep = corpora.map((c) => new Uint8Array(c.turnIndex.length));

  const runs: RunCoverage[] = corpora.map((c, k) => {
    const cov: RunCoverage = {
      name: names[k],
      dialogues: c.dialogueIds.length,
      turns: c.turnIndex.length,
      missingDialogues: [],
      extraDialogues: [],
      missingTurns: 0,
      extraTurns: 0,
      goldDiffers: 0,
      sharedTurns: k === 0 ? c.turnIndex.length : 0,
    };
    if (k === 0) return cov;
    const idx = indexes[k]!;
    for (let d = 0; d < nb; d++) if (!idx.has(baseKeys[d])) cov.missingDialogues.push(base.dialogueIds[d]);
    c.dialogueIds.forEach((id) => {
      if (!baseKeySet.has(dialogueKey(id))) cov.extraDialogues.push(id);
    });
    return cov;
  });

  // Dialogues every run has, in the baseline's order.
  const commonIds: string[] = [];
  const rowLists: number[][] = corpora.map(() => []);
  for (let d = 0; d < nb; d++) {
    const other = indexes.map((ix) => (ix ? ix.get(baseKeys[d]) : d));
    if (other.some((x) => x === undefined)) continue;
    commonIds.push(base.dialogueIds[d]);
    other.forEach((x, k) => rowLists[k].push(x!));
  }
  const rows = rowLists.map((r) => Int32Array.from(r));

  // Turns: each run against the baseline (coverage, gold), over the dialogues the two share.
  const maps = corpora.map((c) => new IdMap(c, base));
  for (let k = 1; k < corpora.length; k++) {
    const c = corpora[k];
    const cov = runs[k];
    const idx = indexes[k]!;
    for (let d = 0; d < nb; d++) {
      const e = idx.get(baseKeys[d]);
      if (e === undefined) continue;
      let i = base.dialogueStart[d];
      const ie = base.dialogueStart[d + 1];
      let j = c.dialogueStart[e];
      const je = c.dialogueStart[e + 1];
      while (i < ie || j < je) {
        if (j >= je || (i < ie && base.turnIndex[i] < c.turnIndex[j])) {
          cov.missingTurns++;
          cov.firstMissingTurn ??= { dialogue: base.dialogueIds[d], turn: base.turnIndex[i] };
          i++;
        } else if (i >= ie || c.turnIndex[j] < base.turnIndex[i]) {
          cov.extraTurns++;
          cov.firstExtraTurn ??= { dialogue: c.dialogueIds[e], turn: c.turnIndex[j] };
          j++;
        } else {
          cov.sharedTurns++;
          if (!sameGoldTurn(base, i, c, j, maps[k])) {
            cov.goldDiffers++;
            cov.firstGoldDiff ??= { dialogue: base.dialogueIds[d], turn: base.turnIndex[i] };
          }
          i++;
          j++;
        }
      }
    }
  }

  // The common turns of the common dialogues: a turn index every run has.
  let commonTurns = 0;
  const cursor = new Int32Array(corpora.length);
  const end = new Int32Array(corpora.length);
  for (let r = 0; r < commonIds.length; r++) {
    for (let k = 0; k < corpora.length; k++) {
      cursor[k] = corpora[k].dialogueStart[rows[k][r]];
      end[k] = corpora[k].dialogueStart[rows[k][r] + 1];
    }
    for (;;) {
      let max = -1;
      let done = false;
      for (let k = 0; k < corpora.length; k++) {
        if (cursor[k] >= end[k]) done = true;
        else max = Math.max(max, corpora[k].turnIndex[cursor[k]]);
      }
      if (done) break;
      let all = true;
      for (let k = 0; k < corpora.length; k++) {
        while (cursor[k] < end[k] && corpora[k].turnIndex[cursor[k]] < max) cursor[k]++;
        if (cursor[k] >= end[k] || corpora[k].turnIndex[cursor[k]] !== max) all = false;
      }
      if (!all) continue;
      commonTurns++;
      for (let k = 0; k < corpora.length; k++) keep[k][cursor[k]++] = 1;
    }
  }

  const complete = runs.every(
    (r) => r.missingDialogues.length === 0 && r.extraDialogues.length === 0 && r.missingTurns === 0 && r.extraTurns === 0,
  );
  const sameOrder = complete && rows.every((r) => r.every((x, i) => x === i));
  return { runs, complete, sameOrder, commonIds, rows, keep, commonTurns, goldDiffers: runs.some((r) => r.goldDiffers > 0) };
}

/**
 * The corpus cut down to the common part: the common dialogues in the
 * baseline's order (`rows`: this run's index of each) and, of each, the turns
 * marked in `keep`. Turn indices keep their integer values, so FGA's distances
 * and GCA's changes follow the kept turns (spec section 13). States are
 * shared with the original corpus, not copied.
 */
export function restrictToCommon(c: Corpus, rows: Int32Array, keep: Uint8Array): Corpus {
  const ids: string[] = [];
  const start: number[] = [0];
  const turns: number[] = [];
  for (const d of rows) {
    let n = 0;
    for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++) {
      if (!keep[i]) continue;
      turns.push(i);
      n++;
    }
    if (n === 0) continue;
    ids.push(c.dialogueIds[d]);
    start.push(turns.length);
  }
  const pick = (col: Int32Array) => Int32Array.from(turns, (i) => col[i]);
  const out: Corpus = {
    slots: c.slots,
    values: c.values,
    dialogueIds: ids,
    dialogueStart: Int32Array.from(start),
    turnIndex: pick(c.turnIndex),
    goldStart: pick(c.goldStart),
    goldLen: pick(c.goldLen),
    predStart: pick(c.predStart),
    predLen: pick(c.predLen),
    goldPairs: c.goldPairs,
    predPairs: c.predPairs,
  };
  if (c.utterances) {
    const u = c.utterances;
    return { ...out, utterances: { system: turns.map((i) => u.system[i]), user: turns.map((i) => u.user[i]) } };
  }
  return out;
}

function listIds(ids: readonly string[], max = 3): string {
  const shown = ids.slice(0, max).join(', ');
  return ids.length > max ? `${shown}, … (${ids.length - max} more)` : shown;
}

/** What a run lacks or adds against the baseline, in one line; null when it covers exactly the baseline's turns. */
export function describeCoverage(cov: RunCoverage, baseline: string): string | null {
  const parts: string[] = [];
  if (cov.missingDialogues.length)
    parts.push(`lacks ${plural(cov.missingDialogues.length, 'dialogue')} of ${baseline} (${listIds(cov.missingDialogues)})`);
  if (cov.extraDialogues.length)
    parts.push(`has ${plural(cov.extraDialogues.length, 'dialogue')} ${baseline} lacks (${listIds(cov.extraDialogues)})`);
  if (cov.missingTurns)
    parts.push(
      `lacks ${plural(cov.missingTurns, 'turn')} of ${baseline} in shared dialogues (first: ${cov.firstMissingTurn!.dialogue} turn ${cov.firstMissingTurn!.turn})`,
    );
  if (cov.extraTurns)
    parts.push(
      `has ${plural(cov.extraTurns, 'turn')} ${baseline} lacks (first: ${cov.firstExtraTurn!.dialogue} turn ${cov.firstExtraTurn!.turn})`,
    );
  return parts.length ? `${cov.name} ${parts.join('; ')}` : null;
}

/** How a run's gold differs from the baseline's, in one line; null when it does not. */
export function describeGold(cov: RunCoverage, baseline: string): string | null {
  if (!cov.goldDiffers) return null;
  const f = cov.firstGoldDiff!;
  return `${cov.name} is scored against a different gold than ${baseline}: ${plural(cov.goldDiffers, 'turn')} of ${cov.sharedTurns.toLocaleString('en-US')} differ (first: ${f.dialogue} turn ${f.turn})`;
}
