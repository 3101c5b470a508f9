// Layer: shared (pure TS). The contract every label-error detector of the
// suspects queue keeps (docs/guide/annotate.md, "How the evidence is
// weighed"). The ranking (../suspects.ts) hands a detector one slot of one
// dialogue at a time — the gold value at each turn, each run's prediction,
// the runs' consensus and, when utterances are loaded, what the turns say —
// and the detector appends evidence: a turn, the turns the error it sees
// affects, the value the gold should hold there when it can tell, a weight in
// [0, 1] and one sentence for the person reviewing. The ranking groups the
// evidence of all detectors into suspects and combines the weights.

/** A slot that is not in the state (the literal "none" reads as absent too). */
export const ABSENT = -1;
/** No consensus at a turn (every run agrees with the gold, up to format); or, as a proposal, "the evidence does not say which value". */
export const NO_VALUE = -2;

export type ReasonKind = 'delayed' | 'inconsistent' | 'consensus' | 'unsaid' | 'said';

/** One slot of one dialogue: values are ids of DialogueView.name (ABSENT when the slot is not in the state). */
export interface SlotRow {
  slot: string;
  /** Gold value per turn position. */
  gold: Int32Array;
  /**
   * Each run's prediction per turn position, where a prediction that differs
   * from the gold only in format (detectors/format.ts) — or that a run
   * flagged as following another gold version writes by its convention — is
   * already the gold value: such differences are never evidence.
   */
  preds: Int32Array[];
  /** Each run's confidence in its prediction per position (NaN: not known), or null when the run has none. */
  conf: (Float64Array | null)[];
  /** The value the runs predict instead of the gold per position (the weighted plurality of the runs that disagree), or NO_VALUE. */
  cons: Int32Array;
  /** Weighted share of the runs predicting `cons` (each run weighs its confidence, 1 when not known), in [0, 1]. */
  share: Float64Array;
  /** Runs predicting `cons`. */
  agree: Int32Array;
}

/** What the turns of a dialogue say, when utterances are loaded (text-match.ts rules). */
export interface DialogueText {
  /** Whether the value is said in the turn at position p: by the user, by the system (the utterance before the user's), or by either. */
  said(p: number, value: number, who: 'user' | 'system' | 'any'): boolean;
  /** Whether the value is said anywhere in the dialogue. */
  saidAnywhere(value: number): boolean;
  /** Whether a value is one that is never said as such (dontcare, yes, no, …): text proves nothing about it. */
  unsayable(value: number): boolean;
}

export interface DialogueView {
  id: string;
  /** Turns in the dialogue. */
  n: number;
  /** The turn index (as written in the file) of position p. */
  turnIndex(p: number): number;
  /** Runs voting. */
  runs: number;
  /** Run labels, for the evidence's text. */
  labels: readonly string[];
  /** The value of an id. */
  name(value: number): string;
  /** Utterance evidence, or null (none loaded, or this dialogue not covered by them). */
  text: DialogueText | null;
  /** Whether two values differ only in format (detectors/format.ts). */
  sameButFormat(a: number, b: number): boolean;
  /** How often the runs agree with the gold on this slot over the whole corpus, in [0, 1] (1 when never active). */
  reliability: number;
}

export interface Evidence {
  kind: ReasonKind;
  /** The positions (turns of the dialogue) the suspected error affects, sorted, at least one. */
  turns: number[];
  /** The value the gold should hold there (ABSENT: no value), or NO_VALUE when the evidence does not say. */
  to: number;
  /** Strength in [0, 1]. */
  weight: number;
  text: string;
}

export interface Detector {
  kind: ReasonKind;
  /** One line: what it looks for (the CLI help and the docs list these). */
  summary: string;
  /** Looks at one slot of one dialogue; appends what it finds. */
  detect(row: SlotRow, view: DialogueView, out: Evidence[]): void;
}

/** A value for the evidence's text: JSON-quoted, or "absent". */
export function shown(view: DialogueView, v: number): string {
  return v === ABSENT ? 'absent' : JSON.stringify(view.name(v));
}

/** The gold's runs of one value: [start, end) positions and the value, left to right. */
export interface GoldRun {
  start: number;
  end: number;
  value: number;
}

export function goldRuns(gold: Int32Array): GoldRun[] {
  const out: GoldRun[] = [];
  for (let p = 0; p < gold.length;) {
    let q = p + 1;
    while (q < gold.length && gold[q] === gold[p]) q++;
    out.push({ start: p, end: q, value: gold[p] });
    p = q;
  }
  return out;
}

/** Positions [a, b). */
export function range(a: number, b: number): number[] {
  const out: number[] = [];
  for (let p = a; p < b; p++) out.push(p);
  return out;
}

/** "the run (x)" or "2 of 3 runs". */
export function whoPredicts(view: DialogueView, agree: number): string {
  return view.runs === 1 ? `the run (${view.labels[0]})` : `${agree} of ${view.runs} runs`;
}

/** Turn index of position p as the text says it. */
export function turnName(view: DialogueView, p: number): string {
  return `turn ${view.turnIndex(p)}`;
}
