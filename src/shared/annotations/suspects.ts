// Layer: shared (pure TS). The suspects queue: places where the gold is
// likely wrong, ranked by evidence of real label errors. Each kind of
// evidence is a named detector (detectors/*.ts, one contract:
// detectors/contract.ts) — delayed or early annotation, a gold that
// contradicts itself, the runs' consensus against the gold, a gold value
// nobody says, a predicted value the user says — and shows in the suspect's
// reasons with its weight. The ranking:
//  1. one pass over the corpus counts, per run, how it disagrees with the
//     gold: runs that follow another gold version are flagged
//     (detectors/version.ts), and each slot's reliability (how often the runs
//     agree with the gold on it) is known;
//  2. per dialogue and slot, the gold and every run's prediction turn by
//     turn; predictions that differ from the gold only in format
//     (detectors/format.ts), and a flagged run's conventions, count as
//     agreeing and go to one note instead; the runs' consensus per turn
//     (each run weighs its confidence when it has one);
//  3. every detector reads the slot and gives evidence; evidence about one
//     run of one gold value and one proposed value is one suspect, reported
//     with every turn it affects (the queue shows it once);
//  4. a suspect's score combines the strongest evidence of each kind as a
//     noisy-OR, 1 − Π(1 − weight); ties are broken by the rule in
//     compareSuspects (never by file order).

import type { Corpus } from '../model/corpus';
import { NONE_ID } from '../model/corpus';
import type { Interner } from '../model/interner';
import { isUnsaid, normText, valueForms } from './text-match';
import {
  ABSENT,
  goldRuns,
  NO_VALUE,
  type Detector,
  type DialogueText,
  type DialogueView,
  type Evidence,
  type ReasonKind,
  type SlotRow,
} from './detectors/contract';
import { consensusDetector } from './detectors/consensus';
import { delayedDetector } from './detectors/delayed';
import { formatKind, FormatTally, type FormatKind, type FormatNote } from './detectors/format';
import { inconsistentDetector } from './detectors/inconsistent';
import { saidDetector } from './detectors/said';
import { unsaidDetector } from './detectors/unsaid';
import { VersionTally, type VersionFlag } from './detectors/version';

export type { ReasonKind } from './detectors/contract';
export type { FormatNote } from './detectors/format';
export type { VersionFlag } from './detectors/version';

/** The detectors, in the order their reasons are listed on a tie of weights. */
export const DETECTORS: readonly Detector[] = [delayedDetector, inconsistentDetector, consensusDetector, saidDetector, unsaidDetector];

export interface Reason {
  kind: ReasonKind;
  /** The evidence's strength in [0, 1] (combined as 1 − Π(1 − w)). */
  weight: number;
  text: string;
}

export interface Suspect {
  dialogue: string;
  /** The first turn it affects (turn index as in the file). */
  turn: number;
  /** Every turn it affects, ascending (turn indices). */
  turns: number[];
  slot: string;
  /** Gold value at `turn` (null: absent). */
  gold: string | null;
  /** The value most runs predict instead at `turn` (null: absent); the gold value when every run agrees with it there. */
  pred: string | null;
  /** The value the evidence says the gold should hold (null: no value); left out when it does not say. */
  to?: string | null;
  score: number;
  /** Strongest first. */
  reasons: Reason[];
  /** Position of `turn` in its dialogue. */
  position: number;
  /** Runs predicting `pred` at `turn` (0 when they agree with the gold), of all runs. */
  agree: number;
  runs: number;
}

export interface SuspectRun {
  label: string;
  corpus: Corpus;
  /**
   * The run's confidence in its predicted value at turn i (global turn
   * number of its corpus) and slot (canonical name), in [0, 1]; undefined
   * where not known. Optional: without it every run weighs 1.
   */
  confidence?: (turn: number, slot: string) => number | undefined;
}

export interface SuspectRanking {
  items: Suspect[];
  hasText: boolean;
  /** Predictions that differ from the gold only in format: one note, never suspects. */
  format: FormatNote;
  /** Runs whose disagreement pattern says they follow another gold version (empty: none). */
  versions: VersionFlag[];
}

export interface RankOptions {
  /** The detectors to run (default: all of DETECTORS). */
  detectors?: readonly Detector[];
}

/** Checks that every run has the dialogues and turns of the first (the gold's); throws with what differs. */
export function checkAligned(runs: readonly SuspectRun[]): void {
  const a = runs[0].corpus;
  for (const r of runs.slice(1)) {
    const b = r.corpus;
    const same =
      a.dialogueIds.length === b.dialogueIds.length &&
      a.turnIndex.length === b.turnIndex.length &&
      a.dialogueIds.every((id, d) => id === b.dialogueIds[d] && a.dialogueStart[d + 1] === b.dialogueStart[d + 1]);
    if (!same)
      throw new Error(
        `run ${JSON.stringify(r.label)} does not have the dialogues and turns of ${JSON.stringify(runs[0].label)}; score runs against one gold (--gold) to rank suspects across them`,
      );
  }
}

/** Ids of names shared by several interners: the gold's own ids first, then names only other runs have. */
class Unified {
  readonly names: string[];
  private readonly extra = new Map<string, number>();
  constructor(private readonly base: Interner) {
    this.names = base.names.slice(0, base.size);
  }
  /** Ids of `other`'s names in the shared space, or null when `other` is the base (the same ids). */
  mapOf(other: Interner): Int32Array | null {
    if (other === this.base) return null;
    const map = new Int32Array(other.size);
    for (let i = 0; i < other.size; i++) {
      const name = other.name(i);
      let id = this.base.lookup(name);
      if (id === undefined || id >= this.names.length) {
        id = this.extra.get(name);
        if (id === undefined) {
          id = this.names.length;
          this.names.push(name);
          this.extra.set(name, id);
        }
      }
      map[i] = id;
    }
    return map;
  }
}

/**
 * The tie rule, documented in docs/guide/annotate.md: higher score first;
 * then more kinds of evidence; then more turns affected; then dialogue id,
 * first turn and slot name in code-point order (not the file's order, so the
 * same corpus in another order ranks the same).
 */
export function compareSuspects(a: Suspect, b: Suspect): number {
  return (
    b.score - a.score ||
    b.reasons.length - a.reasons.length ||
    b.turns.length - a.turns.length ||
    (a.dialogue < b.dialogue ? -1 : a.dialogue > b.dialogue ? 1 : 0) ||
    a.turn - b.turn ||
    (a.slot < b.slot ? -1 : a.slot > b.slot ? 1 : 0)
  );
}

interface RunCols {
  label: string;
  corpus: Corpus;
  slotMap: Int32Array | null;
  valueMap: Int32Array | null;
  confidence?: SuspectRun['confidence'];
}

/** Fills one dialogue's slot rows: the gold and each run's prediction per position (unified ids; ABSENT when not in the state). */
class DialogueRows {
  slots: number[] = [];
  n = 0;
  gold = new Int32Array(0);
  preds: Int32Array[] = [];
  private readonly rowOf: Int32Array;
  private readonly rowGen: Int32Array;
  private gen = 0;

  constructor(
    private readonly gc: Corpus,
    private readonly runs: readonly RunCols[],
    slotCount: number,
  ) {
    this.rowOf = new Int32Array(slotCount);
    this.rowGen = new Int32Array(slotCount);
  }

  private slotRow(u: number): number {
    if (this.rowGen[u] !== this.gen) {
      this.rowGen[u] = this.gen;
      this.rowOf[u] = this.slots.length;
      this.slots.push(u);
    }
    return this.rowOf[u];
  }

  fill(d: number): void {
    const gc = this.gc;
    const start = gc.dialogueStart[d];
    const n = (this.n = gc.dialogueStart[d + 1] - start);
    this.gen++;
    this.slots = [];
    const g0 = this.runs[0];
    for (let p = 0; p < n; p++) {
      const i = start + p;
      for (let k = gc.goldStart[i]; k < gc.goldStart[i] + gc.goldLen[i]; k++)
        if (gc.goldPairs[2 * k + 1] !== NONE_ID) this.slotRow(g0.slotMap ? g0.slotMap[gc.goldPairs[2 * k]] : gc.goldPairs[2 * k]);
      for (const r of this.runs) {
        const c = r.corpus;
        for (let k = c.predStart[i]; k < c.predStart[i] + c.predLen[i]; k++)
          if (c.predPairs[2 * k + 1] !== NONE_ID) this.slotRow(r.slotMap ? r.slotMap[c.predPairs[2 * k]] : c.predPairs[2 * k]);
      }
    }
    const L = this.slots.length;
    this.gold = new Int32Array(L * n).fill(ABSENT);
    this.preds = this.runs.map(() => new Int32Array(L * n).fill(ABSENT));
    for (let p = 0; p < n; p++) {
      const i = start + p;
      for (let k = gc.goldStart[i]; k < gc.goldStart[i] + gc.goldLen[i]; k++) {
        const v = gc.goldPairs[2 * k + 1];
        if (v === NONE_ID) continue;
        const s = g0.slotMap ? g0.slotMap[gc.goldPairs[2 * k]] : gc.goldPairs[2 * k];
        this.gold[this.rowOf[s] * n + p] = g0.valueMap ? g0.valueMap[v] : v;
      }
      this.runs.forEach((r, ri) => {
        const c = r.corpus;
        const out = this.preds[ri];
        for (let k = c.predStart[i]; k < c.predStart[i] + c.predLen[i]; k++) {
          const v = c.predPairs[2 * k + 1];
          if (v === NONE_ID) continue;
          const s = r.slotMap ? r.slotMap[c.predPairs[2 * k]] : c.predPairs[2 * k];
          out[this.rowOf[s] * n + p] = r.valueMap ? r.valueMap[v] : v;
        }
      });
    }
  }
}

/** What the turns of one dialogue say, normalised once and asked lazily. */
class TurnText implements DialogueText {
  private readonly norm = new Map<string, { text: string; squashed: string }>();
  private all: { text: string; squashed: string } | null = null;

  constructor(
    private readonly system: (string | undefined)[],
    private readonly user: (string | undefined)[],
    private readonly start: number,
    private readonly n: number,
    private readonly forms: (v: number) => string[] | null,
  ) {}

  private text(key: string, raw: () => string): { text: string; squashed: string } {
    let t = this.norm.get(key);
    if (!t) {
      const text = normText(raw());
      this.norm.set(key, (t = { text, squashed: text.replace(/ /g, '') }));
    }
    return t;
  }

  private static has(t: { text: string; squashed: string }, forms: string[]): boolean {
    for (const f of forms) {
      if (t.text.includes(` ${f} `)) return true;
      if (f.length >= 6 && t.squashed.includes(f.replace(/ /g, ''))) return true;
    }
    return false;
  }

  said(p: number, value: number, who: 'user' | 'system' | 'any'): boolean {
    const forms = this.forms(value);
    if (!forms) return false;
    const i = this.start + p;
    const t =
      who === 'user'
        ? this.text(`u${p}`, () => this.user[i] ?? '')
        : who === 'system'
          ? this.text(`s${p}`, () => this.system[i] ?? '')
          : this.text(`a${p}`, () => `${this.system[i] ?? ''} ${this.user[i] ?? ''}`);
    return TurnText.has(t, forms);
  }

  saidAnywhere(value: number): boolean {
    const forms = this.forms(value);
    if (!forms) return false;
    if (!this.all) {
      const parts: string[] = [];
      for (let p = 0; p < this.n; p++) parts.push(`${this.system[this.start + p] ?? ''} ${this.user[this.start + p] ?? ''}`);
      const text = normText(parts.join(' '));
      this.all = { text, squashed: text.replace(/ /g, '') };
    }
    return TurnText.has(this.all, forms);
  }

  unsayable(value: number): boolean {
    return this.forms(value) === null;
  }
}

/** Ranks suspected gold errors over runs scored against one gold (the first run's); utterances from the first run that has any. */
export function rankSuspects(runs: readonly SuspectRun[], opts: RankOptions = {}): SuspectRanking {
  checkAligned(runs);
  const detectors = opts.detectors ?? DETECTORS;
  const gc = runs[0].corpus;
  const utt = runs.find((r) => r.corpus.utterances)?.corpus.utterances;
  const R = runs.length;
  const slotIds = new Unified(gc.slots);
  const valueIds = new Unified(gc.values);
  const cols: RunCols[] = runs.map((r) => ({
    label: r.label,
    corpus: r.corpus,
    slotMap: slotIds.mapOf(r.corpus.slots),
    valueMap: valueIds.mapOf(r.corpus.values),
    confidence: r.confidence,
  }));
  const S = slotIds.names.length;
  const V = valueIds.names.length;
  const slotName = (s: number) => slotIds.names[s];
  const valueName = (v: number) => valueIds.names[v];

  // Format-only pairs, per slot: gold id → pred id → kind (0: not format-only).
  const formatCache = new Map<number, Map<number, FormatKind | 0>>();
  const formatOf = (slot: number, gold: number, pred: number): FormatKind | null => {
    const key = slot * (V + 1) + gold + 1;
    let m = formatCache.get(key);
    if (!m) formatCache.set(key, (m = new Map()));
    let k = m.get(pred);
    if (k === undefined) {
      k = formatKind(slotName(slot), gold === ABSENT ? null : valueName(gold), pred === ABSENT ? null : valueName(pred)) ?? 0;
      m.set(pred, k);
    }
    return k === 0 ? null : k;
  };

  // 1. The corpus pass: each run's disagreement pattern, each slot's reliability.
  const rows = new DialogueRows(gc, cols, S);
  const tallies = cols.map((c) => new VersionTally(c.label, S, V));
  const active = new Float64Array(S);
  const agreeing = new Float64Array(S);
  const D = gc.dialogueIds.length;
  for (let d = 0; d < D; d++) {
    rows.fill(d);
    const n = rows.n;
    rows.slots.forEach((s, l) => {
      for (let p = 0; p < n; p++) {
        const g = rows.gold[l * n + p];
        for (let r = 0; r < R; r++) {
          let v = rows.preds[r][l * n + p];
          if (g === ABSENT && v === ABSENT) continue;
          if (v !== g && formatOf(s, g, v)) v = g;
          tallies[r].cell(d, s, g, v);
          active[s]++;
          if (v === g) agreeing[s]++;
        }
      }
    });
  }
  const decisions = tallies.map((t) => t.decide(slotName, valueName));
  const versions = decisions.flatMap((x) => (x.flag ? [x.flag] : []));

  // Text: the forms each value may take in an utterance (null: a value never said as such).
  const formsCache = new Map<number, string[] | null>();
  const formsOf = (v: number): string[] | null => {
    if (v < 0) return null;
    let f = formsCache.get(v);
    if (f === undefined) {
      const name = valueName(v);
      f = isUnsaid(name) ? null : valueForms(name);
      if (f && f.length === 0) f = null;
      formsCache.set(v, f);
    }
    return f;
  };

  // 2–3. Per dialogue and slot: rows, consensus, detectors, suspects.
  const tally = new FormatTally();
  const items: Suspect[] = [];
  const votes = new Map<number, { w: number; n: number }>();
  for (let d = 0; d < D; d++) {
    rows.fill(d);
    const n = rows.n;
    const start = gc.dialogueStart[d];
    const id = gc.dialogueIds[d];
    let text: DialogueText | null = null;
    if (utt) {
      let covered = false;
      for (let p = 0; p < n && !covered; p++) covered = !!(utt.system[start + p] || utt.user[start + p]);
      // A dialogue the utterance source did not cover has no text evidence (not "said nowhere").
      if (covered) text = new TurnText(utt.system, utt.user, start, n, formsOf);
    }
    let currentSlot = 0;
    const view: DialogueView = {
      id,
      n,
      turnIndex: (p) => gc.turnIndex[start + p],
      runs: R,
      labels: cols.map((c) => c.label),
      name: valueName,
      text,
      sameButFormat: (a, b) => a !== b && a !== ABSENT && b !== ABSENT && formatOf(currentSlot, a, b) !== null,
      reliability: 1,
    };
    rows.slots.forEach((s, l) => {
      currentSlot = s;
      const slot = slotName(s);
      const gold = rows.gold.subarray(l * n, (l + 1) * n);
      const preds = rows.preds.map((pr) => pr.slice(l * n, (l + 1) * n));
      const conf = cols.map((c, r) => {
        if (!c.confidence) return null;
        const out = new Float64Array(n).fill(NaN);
        for (let p = 0; p < n; p++) if (preds[r][p] !== ABSENT) out[p] = c.confidence(start + p, slot) ?? NaN;
        return out;
      });
      // Format-only differences and a flagged run's conventions count as agreeing (and go to the note).
      for (let r = 0; r < R; r++) {
        const dec = decisions[r];
        const pr = preds[r];
        for (let p = 0; p < n; p++) {
          const g = gold[p];
          const v = pr[p];
          if (v === g) continue;
          let kind = formatOf(s, g, v);
          if (!kind && (dec.slots.has(s) || (g !== ABSENT && v !== ABSENT && dec.renames.get(s * V + g) === v))) kind = 'convention';
          if (!kind) continue;
          pr[p] = g;
          tally.add(kind, `${slot}\u0000${g}\u0000${v}`, () => ({
            dialogue: id,
            turn: gc.turnIndex[start + p],
            slot,
            gold: g === ABSENT ? null : valueName(g),
            pred: v === ABSENT ? null : valueName(v),
            run: cols[r].label,
          }));
        }
      }
      // The consensus: the value the runs that disagree predict most (weighted by confidence), per position.
      const cons = new Int32Array(n).fill(NO_VALUE);
      const share = new Float64Array(n);
      const agree = new Int32Array(n);
      let any = false;
      for (let p = 0; p < n; p++) {
        votes.clear();
        for (let r = 0; r < R; r++) {
          const v = preds[r][p];
          if (v === gold[p]) continue;
          const c = conf[r]?.[p];
          const w = c === undefined || Number.isNaN(c) ? 1 : Math.max(0, Math.min(1, c));
          const x = votes.get(v);
          if (x) {
            x.w += w;
            x.n++;
          } else votes.set(v, { w, n: 1 });
        }
        let best = NO_VALUE;
        let bw = -1;
        for (const [v, x] of votes)
          // Ties: more runs, then a value over no value, then the value first in code-point order (not the file's order).
          if (
            x.w > bw ||
            (x.w === bw &&
              (x.n > agree[p] || (x.n === agree[p] && (best === ABSENT ? v !== ABSENT : v !== ABSENT && valueName(v) < valueName(best)))))
          ) {
            best = v;
            bw = x.w;
            agree[p] = x.n;
          }
        if (best !== NO_VALUE) {
          cons[p] = best;
          share[p] = bw / R;
          any = true;
        }
      }
      const row: SlotRow = { slot, gold, preds, conf, cons, share, agree };
      view.reliability = active[s] > 0 ? agreeing[s] / active[s] : 1;
      const evidence: Evidence[] = [];
      // A slot where the runs agree with a gold that takes one value and keeps it, with no text, has nothing to say.
      if (!any && !text) {
        const gr = goldRuns(gold);
        if (gr.length === 1 || (gr.length === 2 && gr[0].value === ABSENT)) return;
      }
      for (const det of detectors) det.detect(row, view, evidence);
      if (evidence.length) group(row, view, evidence, items, start);
    });
  }
  items.sort(compareSuspects);
  return { items, hasText: !!utt, format: tally.note(), versions };

  function group(row: SlotRow, view: DialogueView, evidence: Evidence[], out: Suspect[], start: number): void {
    const n = row.gold.length;
    const runOf = new Int32Array(n);
    goldRuns(row.gold).forEach((r, k) => runOf.fill(k, r.start, r.end));
    interface Group {
      run: number;
      to: number;
      turns: Set<number>;
      reasons: Map<ReasonKind, Reason>;
      order: number;
    }
    const groups = new Map<string, Group>();
    const add = (g: Group, e: Evidence) => {
      for (const p of e.turns) g.turns.add(p);
      const w = Math.max(0, Math.min(1, e.weight));
      const old = g.reasons.get(e.kind);
      if (!old || w > old.weight) g.reasons.set(e.kind, { kind: e.kind, weight: w, text: e.text });
    };
    for (const e of evidence) {
      if (e.to === NO_VALUE || e.weight <= 0) continue;
      const key = `${runOf[e.turns[0]]}|${e.to}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { run: runOf[e.turns[0]], to: e.to, turns: new Set(), reasons: new Map(), order: groups.size }));
      add(g, e);
    }
    for (const e of evidence) {
      if (e.to !== NO_VALUE || e.weight <= 0) continue;
      const run = runOf[e.turns[0]];
      let g: Group | undefined;
      for (const x of groups.values()) if (x.run === run && (!g || x.turns.size > g.turns.size)) g = x;
      if (!g) groups.set(`${run}|?`, (g = { run, to: NO_VALUE, turns: new Set(), reasons: new Map(), order: groups.size }));
      add(g, e);
    }
    const rank = new Map(DETECTORS.map((d, k) => [d.kind, k]));
    // One suspect per first turn (the queue's place): a weaker proposal that starts where a stronger one does joins it.
    const strength = (g: Group) => 1 - [...g.reasons.values()].reduce((q, r) => q * (1 - r.weight), 1);
    const byFirst = new Map<number, Group>();
    for (const g of [...groups.values()].filter((x) => x.reasons.size > 0).sort((a, b) => strength(b) - strength(a) || a.order - b.order)) {
      let p0 = Infinity;
      for (const p of g.turns) if (p < p0) p0 = p;
      const into = byFirst.get(p0);
      if (!into) {
        byFirst.set(p0, g);
        continue;
      }
      for (const p of g.turns) into.turns.add(p);
      for (const r of g.reasons.values()) {
        const old = into.reasons.get(r.kind);
        if (!old || r.weight > old.weight) into.reasons.set(r.kind, r);
      }
    }
    for (const g of byFirst.values()) {
      const positions = [...g.turns].sort((a, b) => a - b);
      const p0 = positions[0];
      const gv = row.gold[p0];
      const c = row.cons[p0];
      const reasons = [...g.reasons.values()].sort((a, b) => b.weight - a.weight || rank.get(a.kind)! - rank.get(b.kind)!);
      const s: Suspect = {
        dialogue: view.id,
        turn: gc.turnIndex[start + p0],
        turns: positions.map((p) => gc.turnIndex[start + p]),
        slot: row.slot,
        gold: gv === ABSENT ? null : valueName(gv),
        pred: c === NO_VALUE ? (gv === ABSENT ? null : valueName(gv)) : c === ABSENT ? null : valueName(c),
        score: 1 - reasons.reduce((q, r) => q * (1 - r.weight), 1),
        reasons,
        position: p0,
        agree: c === NO_VALUE ? 0 : row.agree[p0],
        runs: R,
      };
      if (g.to !== NO_VALUE) s.to = g.to === ABSENT ? null : valueName(g.to);
      out.push(s);
    }
  }
}
