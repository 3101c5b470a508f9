// Layer: shared (pure TS). Gathers turns from the layouts whose turns are not
// grouped by dialogue in the file (SOM-DST keys, TripPy and IC-DST lists,
// JSON Lines) or arrive out of order (TRADE), then hands them to the
// CorpusBuilder dialogue by dialogue, in order of first appearance. Slot names
// are made canonical here; values stay verbatim (value options come later).

import { CorpusBuilder, type TurnExtra } from '../model/builder';
import type { Corpus } from '../model/corpus';
import { LoadError, locate } from './errors';
import { canonicalFlatSlot, canonicalSlot } from './slot-names';
import type { SlotTable } from './state-policy';
import { plural } from '../plural';

interface PendingTurn {
  index: number;
  gold: number[];
  pred: number[];
  at: number;
  system?: string;
  user?: string;
  extra?: TurnExtra;
}

/** Thrown in streaming mode when a dialogue's turns are not contiguous in the file. */
class Reappeared extends Error {}

/**
 * Runs a loader body with a collector. Turns are first streamed into the
 * builder dialogue by dialogue (little memory); if a dialogue's turns turn out
 * not to be contiguous in the file, the body runs again with a collector that
 * buffers every turn (so `run` must keep its own state inside it).
 */
export function collectTurns(
  bytes: Uint8Array,
  file: string,
  run: (col: TurnCollector) => void,
  hint?: { turns?: number; pairs?: number },
): { corpus: Corpus; warnings: string[]; scoreNotes: string[] } {
  let col = new TurnCollector(bytes, file, true, hint);
  try {
    run(col);
  } catch (e) {
    if (!(e instanceof Reappeared)) throw e;
    col = new TurnCollector(bytes, file, false, hint);
    run(col);
  }
  return col.build();
}

/** Also the SlotTable the state reader (state-reader.ts) interns slots and values with. */
export class TurnCollector implements SlotTable {
  readonly builder: CorpusBuilder;
  private readonly dialogues = new Map<string, PendingTurn[]>();
  private readonly slotCache = new Map<string, number>();
  private outOfOrder = 0;
  /** Streaming mode: the dialogue being gathered, and those already handed to the builder. */
  private openId: string | null = null;
  private openTurns: PendingTurn[] = [];
  private readonly flushed = new Set<string>();
  readonly warnings: string[] = [];
  /** Warnings that change what the scores mean (LoadedCorpus.scoreNotes); also given as warnings. */
  readonly scoreNotes: string[] = [];
  /** Gold values given as lists of alternatives, joined with "|". */
  alternativeValues = 0;
  /** Those lists, by their joined string (Corpus.valueLists). */
  readonly valueLists = new Map<string, string[]>();
  /** Some gold value was given as a list (then a value not in valueLists is one value, even if it holds "|"). */
  listsRead = false;

  constructor(
    readonly bytes: Uint8Array,
    readonly file: string,
    readonly streaming = false,
    /** Sizes for the builder (a guess; a wrong one only costs a regrowth). */
    hint?: { turns?: number; pairs?: number },
  ) {
    this.builder = new CorpusBuilder(hint);
  }

  /** Slot id for a domain (or service) and a slot name. */
  slot(domain: string, slot: string): number {
    const key = `${domain}\u0000${slot}`;
    let id = this.slotCache.get(key);
    if (id === undefined) {
      id = this.builder.slots.intern(canonicalSlot(domain, slot));
      this.slotCache.set(key, id);
    }
    return id;
  }

  /** Slot id for a flat `domain-slot` name. */
  flatSlot(name: string): number {
    let id = this.slotCache.get(name);
    if (id === undefined) {
      id = this.builder.slots.intern(canonicalFlatSlot(name));
      this.slotCache.set(name, id);
    }
    return id;
  }

  slotById(canonical: string): number {
    return this.builder.slots.intern(canonical);
  }

  slotName(id: number): string {
    return this.builder.slots.name(id);
  }

  value(v: string): number {
    return this.builder.values.intern(v);
  }

  /** Records a turn; `at` is the byte offset used in messages about it. */
  turn(
    dialogue: string,
    index: number,
    gold: number[],
    pred: number[],
    at: number,
    text?: { system?: string; user?: string },
    extra?: TurnExtra,
  ): void {
    const t: PendingTurn = { index, gold, pred, at, system: text?.system, user: text?.user, extra };
    if (this.streaming) {
      if (dialogue !== this.openId) {
        this.flushOpen();
        if (this.flushed.has(dialogue)) throw new Reappeared();
        this.openId = dialogue;
      }
      this.openTurns.push(t);
      return;
    }
    let turns = this.dialogues.get(dialogue);
    if (!turns) {
      turns = [];
      this.dialogues.set(dialogue, turns);
    }
    turns.push(t);
  }

  private flushOpen(): void {
    if (this.openId === null) return;
    this.flushed.add(this.openId);
    this.addDialogue(this.openId, this.openTurns);
    this.openId = null;
    this.openTurns = [];
  }

  private addDialogue(id: string, turns: PendingTurn[]): void {
    const b = this.builder;
    let sorted = true;
    for (let i = 1; i < turns.length && sorted; i++) if (turns[i].index < turns[i - 1].index) sorted = false;
    if (!sorted) {
      this.outOfOrder++;
      turns.sort((x, y) => x.index - y.index || x.at - y.at);
    }
    for (let i = 1; i < turns.length; i++) {
      if (turns[i].index === turns[i - 1].index) {
        const [first, second] = turns[i - 1].at <= turns[i].at ? [turns[i - 1], turns[i]] : [turns[i], turns[i - 1]];
        const f = locate(this.bytes, first.at);
        throw new LoadError(
          this.file,
          `dialogue ${JSON.stringify(id)}: turn ${turns[i].index} appears twice (first at ${f.line}:${f.column})`,
          locate(this.bytes, second.at),
        );
      }
    }
    b.beginDialogue(id);
    for (const t of turns) {
      const problem = b.addTurn(t.index, t.gold, t.pred, t.system, t.user, t.extra);
      if (problem) throw new LoadError(this.file, `dialogue ${JSON.stringify(id)} turn ${t.index}: ${problem}`, locate(this.bytes, t.at));
    }
    b.endDialogue();
  }

  get dialogueCount(): number {
    return this.dialogues.size + this.flushed.size + (this.openId === null ? 0 : 1);
  }

  build(): { corpus: Corpus; warnings: string[]; scoreNotes: string[] } {
    this.flushOpen();
    for (const [id, turns] of this.dialogues) this.addDialogue(id, turns);
    const warnings = [...this.warnings, ...this.scoreNotes];
    if (this.outOfOrder > 0)
      warnings.push(`turns of ${plural(this.outOfOrder, 'dialogue')} were out of order in the file; they are sorted by turn index`);
    if (this.alternativeValues > 0)
      warnings.push(
        `${plural(this.alternativeValues, 'gold value')} ${this.alternativeValues === 1 ? 'lists' : 'list'} alternatives, kept as "a|b"; the value option "alternatives" (--values alternatives) accepts a prediction equal to any of them`,
      );
    if (this.builder.confidenceDropped > 0)
      warnings.push(
        `${plural(this.builder.confidenceDropped, 'confidence score')} named no predicted pair (slot and value) of ${this.builder.confidenceDropped === 1 ? 'its' : 'their'} turn and ${this.builder.confidenceDropped === 1 ? 'was' : 'were'} left out`,
      );
    const built = this.builder.build();
    const corpus = this.listsRead ? { ...built, valueLists: this.valueLists } : built;
    if (corpus.dialogueIds.length === 0) throw new LoadError(this.file, 'the file holds no dialogue turns');
    return { corpus, warnings, scoreNotes: [...this.scoreNotes] };
  }
}
