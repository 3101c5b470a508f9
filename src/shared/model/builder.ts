// Layer: shared (pure TS). The one way loaders make a Corpus: they report
// dialogues and turns with interned slot and value ids; the builder sorts turns
// by their integer index, sorts each state by slot, and refuses duplicates.
// Problems are returned as messages so that each loader can add the place in
// its own file (JSON path or line:column).

import { Interner } from './interner';
import { IntVector } from './int-vector';
import { NONE, type Corpus } from './corpus';

interface PendingTurn {
  index: number;
  gold: number[];
  pred: number[];
  system?: string;
  user?: string;
}

export class CorpusBuilder {
  readonly slots = new Interner();
  readonly values = new Interner([NONE]);
  private readonly dialogueIds: string[] = [];
  private readonly seenIds = new Set<string>();
  private readonly dialogueStart = new IntVector(1024);
  private readonly turnIndex = new IntVector(4096);
  private readonly goldStart = new IntVector(4096);
  private readonly goldLen = new IntVector(4096);
  private readonly predStart = new IntVector(4096);
  private readonly predLen = new IntVector(4096);
  private readonly pairs = new IntVector(1 << 16);
  private system: (string | undefined)[] | undefined;
  private user: (string | undefined)[] | undefined;
  private pending: PendingTurn[] = [];
  private open = false;

  /** Starts a dialogue; returns a problem message if the id was seen before. */
  beginDialogue(id: string): string | null {
    if (this.open) this.endDialogue();
    if (this.seenIds.has(id)) return `dialogue id ${JSON.stringify(id)} appears twice`;
    this.seenIds.add(id);
    this.dialogueIds.push(id);
    this.dialogueStart.push(this.turnIndex.length);
    this.open = true;
    this.pending = [];
    return null;
  }

  /**
   * Adds a turn of the open dialogue. `gold` and `pred` are flat
   * [slotId, valueId, ...] lists in any order. Returns a problem message or null.
   */
  addTurn(index: number, gold: number[], pred: number[], system?: string, user?: string): string | null {
    if (!this.open) return 'turn outside a dialogue';
    if (!Number.isSafeInteger(index) || index < 0) return `turn index ${index} is not a non-negative integer`;
    const problem = sortState(gold, this.slots, 'gold') ?? sortState(pred, this.slots, 'predicted');
    if (problem) return problem;
    this.pending.push({ index, gold, pred, system, user });
    if (system !== undefined || user !== undefined) {
      this.system ??= [];
      this.user ??= [];
    }
    return null;
  }

  /** Closes the open dialogue (dropping it if it has no turns); returns a problem message (duplicate turn index) or null. */
  endDialogue(): string | null {
    if (!this.open) return null;
    this.open = false;
    const turns = this.pending;
    this.pending = [];
    if (turns.length === 0) {
      // A dialogue without turns has no scores; it is dropped (loaders warn).
      this.dialogueIds.pop();
      this.dialogueStart.length--;
      return null;
    }
    let sorted = true;
    for (let i = 1; i < turns.length; i++) if (turns[i].index <= turns[i - 1].index) sorted = false;
    if (!sorted) turns.sort((a, b) => a.index - b.index);
    for (let i = 1; i < turns.length; i++) {
      if (turns[i].index === turns[i - 1].index) return `turn ${turns[i].index} appears twice`;
    }
    for (const t of turns) {
      const n = this.turnIndex.length;
      this.turnIndex.push(t.index);
      this.goldStart.push(this.pairs.length / 2);
      this.goldLen.push(t.gold.length / 2);
      this.pushState(t.gold);
      this.predStart.push(this.pairs.length / 2);
      this.predLen.push(t.pred.length / 2);
      this.pushState(t.pred);
      if (this.system && this.user) {
        this.system[n] = t.system;
        this.user[n] = t.user;
      }
    }
    return null;
  }

  private pushState(flat: number[]): void {
    this.pairs.reserve(flat.length);
    for (let i = 0; i < flat.length; i++) this.pairs.push(flat[i]);
  }

  get dialogueOpen(): boolean {
    return this.open;
  }

  build(): Corpus {
    if (this.open) this.endDialogue();
    const dialogueStart = new Int32Array(this.dialogueIds.length + 1);
    dialogueStart.set(this.dialogueStart.toArray());
    dialogueStart[this.dialogueIds.length] = this.turnIndex.length;
    return {
      slots: this.slots,
      values: this.values,
      dialogueIds: this.dialogueIds,
      dialogueStart,
      turnIndex: this.turnIndex.toArray(),
      goldStart: this.goldStart.toArray(),
      goldLen: this.goldLen.toArray(),
      predStart: this.predStart.toArray(),
      predLen: this.predLen.toArray(),
      pairs: this.pairs.toArray(),
      utterances: this.system && this.user ? { system: this.system, user: this.user } : undefined,
    };
  }
}

/** Sorts a flat pair list by slot id in place (insertion sort: states are small) and refuses repeated slots. */
function sortState(flat: number[], slots: Interner, side: string): string | null {
  for (let i = 2; i < flat.length; i += 2) {
    const s = flat[i];
    const v = flat[i + 1];
    let j = i - 2;
    while (j >= 0 && flat[j] > s) {
      flat[j + 2] = flat[j];
      flat[j + 3] = flat[j + 1];
      j -= 2;
    }
    flat[j + 2] = s;
    flat[j + 3] = v;
  }
  for (let i = 2; i < flat.length; i += 2) {
    if (flat[i] === flat[i - 2]) return `${side} state names slot ${JSON.stringify(slots.name(flat[i]))} twice`;
  }
  return null;
}
