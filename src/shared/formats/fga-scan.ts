// Layer: shared (pure TS). The FGA/GCA per-turn layout's scan (fga.ts is the
// loader): it streams over the bytes with the JSON scanner and interns slots
// and values as it goes, so no object tree of the file is ever built. One
// FgaScan reads a file, or one part of it for the two-thread load, into a
// corpus builder, top down:
//   run      → the dialogues object, progress, and where a head part stops
//   dialogue → its id and its turns object
//   turn     → its index, "gt" and "pr" (other members skipped), the builder
//   gold/pred → a state whose bytes repeat one just read is taken, not scanned
//   state    → its domains, each checked once and read by `domain`
//   domain   → a domain object whose bytes repeat (or begin like) the last one
//              of that domain is taken (or its complete pairs are) from the
//              cache; the rest is read pair by pair
// Why repeated bytes can be skipped, and what it saves: docs/performance.md.
// Names are checked (and made canonical) the first time a (domain, slot) key
// pair is met; what the fast path does not locate itself is located by
// fga-explain.ts.

import { MAX_TURN_INDEX } from '../model/corpus';
import type { CorpusBuilder } from '../model/builder';
import { Interner } from '../model/interner';
import { ByteInterner } from './byte-interner';
import { pathPush } from './errors';
import { DomainCache, PairBuffer } from './fga-buffers';
import { explainState, misspelt, repeatedTurn } from './fga-explain';
import { badDialogueId } from './field-policy';
import { JsonScanner } from './json-scanner';
import { canonicalSlot } from './slot-names';
import { badDomainKey, checkNames, Locator, repeatedDomain } from './state-policy';
import type { LoadOptions } from './types';
import { TURN_KEY } from './sniffers';
/** The prefix of the warning noted for a dialogue whose turn keys are out of order (fga.ts summarises them). */
export const OUT_OF_ORDER = 'turns out of order: ';

const ROOT = '$';
const QUOTE = 0x22;
const COMMA = 0x2c;

/**
 * Part of a file for reading it in two threads. `head`: read from the start,
 * but stop if a top-level dialogue key begins exactly at byte `at` (the split
 * is then confirmed); otherwise read on to the end. `tail`: start at the
 * dialogue key at byte `at` and read to the end of the file.
 */
export interface FgaPart {
  kind: 'head' | 'tail';
  at: number;
}

type Side = 'gt' | 'pr';

/** One scan of an FGA/GCA file (or part) into a builder. Throws LoadError on bad input. */
export class FgaScan {
  /** Notes for the caller: out-of-order dialogues (OUT_OF_ORDER + id) and dialogues without turns. */
  readonly warnings: string[] = [];

  private readonly sc: JsonScanner;
  private readonly values: ByteInterner;
  /** Domain and slot keys, interned from bytes (not corpus names: those are canonical). */
  private readonly keys = new ByteInterner(new Interner());
  /** slotIds[domain key id][slot key id] = corpus slot id. */
  private readonly slotIds: number[][] = [];
  private readonly loc: Locator;
  /** Domain key ids whose name was checked (1). */
  private readonly domainOk: number[] = [];

  // Where the scan is, for error messages: JSON paths are built only when something is wrong.
  private dialogueId = '';
  private turnKey: string | number = '';

  // The states just read, as pair lists (the builder copies them) and byte
  // ranges: a state whose bytes repeat one of them (gold unchanged since the
  // last turn, prediction equal to gold or to the last prediction — most turns
  // of a DST file) is taken, not scanned.
  private gold = new PairBuffer();
  private pred = new PairBuffer();
  private prevGold = new PairBuffer();
  private prevPred = new PairBuffer();
  private goldAt = -1;
  private goldLen = 0;
  private prevGoldAt = -1;
  private prevGoldLen = 0;
  private prevPredAt = -1;
  private prevPredLen = 0;

  // The same for each domain's object, down to its pairs: the last object read
  // on each side, per domain key. A turn usually changes one domain and repeats
  // the others; in the changed one, the pairs before the change are reused.
  private readonly lastGt: DomainCache[] = [];
  private readonly lastPr: DomainCache[] = [];

  /** domainSeen[domain key id] = the state generation it was last met in (a domain written twice in a state is refused). */
  private readonly domainSeen: number[] = [];
  private stateGen = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly opts: LoadOptions,
    private readonly b: CorpusBuilder,
  ) {
    this.sc = new JsonScanner(bytes, opts.file);
    this.values = new ByteInterner(b.values);
    this.loc = new Locator(bytes, opts.file);
  }

  /** Reads the dialogues (all of them, or one part). Returns whether a head part stopped at its split. */
  run(part?: FgaPart): boolean {
    const sc = this.sc;
    if (part?.kind === 'tail') sc.pos = part.at;
    else if (!sc.tryOpenObject()) sc.wrongType(ROOT, 'an object of dialogues (FGA/GCA per-turn layout)');
    const splitAt = part?.kind === 'head' ? part.at : -1;
    const onProgress = this.opts.onProgress;
    let nextProgress = 0;
    for (let first = true; sc.nextKey(first); first = false) {
      this.dialogue();
      if (onProgress && sc.pos >= nextProgress) {
        onProgress(sc.pos / this.bytes.length);
        nextProgress = sc.pos + (1 << 22);
      }
      if (splitAt >= 0 && sc.pos < splitAt && this.nextKeyAt(splitAt)) return true;
    }
    sc.end();
    if (!part && this.b.dialogueCount === 0) throw sc.shapeError('the file holds no dialogues', ROOT, 0);
    return false;
  }

  /** Whether the next dialogue's key starts exactly at `at` (a head part stops there); the cursor does not move. */
  private nextKeyAt(at: number): boolean {
    const sc = this.sc;
    const save = sc.pos;
    let found = false;
    if (sc.peek() === COMMA) {
      sc.pos++;
      found = sc.peek() === QUOTE && sc.pos === at;
    }
    sc.pos = save;
    return found;
  }

  private dialoguePath(): string {
    return pathPush(ROOT, this.dialogueId);
  }

  private turnPath(): string {
    return pathPush(this.dialoguePath(), String(this.turnKey));
  }

  /** A dialogue, its key just read: the id, then its turns. */
  private dialogue(): void {
    const sc = this.sc;
    const b = this.b;
    const keyAt = sc.keyStart - 1;
    this.dialogueId = sc.key();
    const blankId = badDialogueId(this.dialogueId);
    if (blankId) throw sc.shapeError(blankId, this.dialoguePath(), keyAt);
    const dup = b.beginDialogue(this.dialogueId);
    if (dup) throw sc.shapeError(dup, this.dialoguePath(), keyAt);
    if (!sc.tryOpenObject()) sc.wrongType(this.dialoguePath(), 'an object of turns');
    this.prevGoldAt = this.prevPredAt = -1;
    let turns = 0;
    for (let first = true; sc.nextKey(first); first = false) {
      this.turn();
      turns++;
    }
    const sortedBefore = b.outOfOrderDialogues;
    const problem = b.endDialogue();
    if (problem)
      throw repeatedTurn(this.bytes, this.opts.file, keyAt, this.dialoguePath()) ?? sc.shapeError(problem, this.dialoguePath(), keyAt);
    if (b.outOfOrderDialogues !== sortedBefore) this.warnings.push(OUT_OF_ORDER + JSON.stringify(this.dialogueId));
    if (turns === 0) this.warnings.push(`dialogue ${JSON.stringify(this.dialogueId)} has no turns`);
  }

  /** A turn, its key just read: the index, "gt" and "pr", then the turn goes to the builder. */
  private turn(): void {
    const sc = this.sc;
    const tAt = sc.keyStart - 1;
    const index = this.turnIndex(tAt);
    if (!sc.tryOpenObject()) sc.wrongType(this.turnPath(), 'a turn object with "gt" and "pr"');
    let hasGold = false;
    let hasPred = false;
    this.goldAt = -1;
    for (let first = true; sc.nextKey(first); first = false) {
      if (sc.keyIs('gt')) {
        if (hasGold) throw sc.shapeError('"gt" appears twice', this.turnPath());
        hasGold = true;
        this.readGold();
      } else if (sc.keyIs('pr')) {
        if (hasPred) throw sc.shapeError('"pr" appears twice', this.turnPath());
        hasPred = true;
        this.readPred();
      } else sc.skipValue();
    }
    if (!hasGold || !hasPred) {
      const missing = hasGold ? 'pr' : 'gt';
      throw sc.shapeError(
        `turn has no "${missing}" (${hasGold ? 'predicted' : 'gold'} state)${misspelt(this.bytes, this.opts.file, tAt, missing)}`,
        this.turnPath(),
        tAt,
      );
    }
    this.addTurn(index, tAt);
  }

  /** The turn's index from its key (just read, starting at byte `tAt`): a non-negative integer up to MAX_TURN_INDEX. */
  private turnIndex(tAt: number): number {
    const sc = this.sc;
    const fast = turnKeyValue(sc);
    if (fast >= 0) {
      this.turnKey = fast;
      return fast;
    }
    const key = sc.key();
    this.turnKey = key;
    if (!TURN_KEY.test(key)) throw sc.shapeError(`turn key ${JSON.stringify(key)} is not a non-negative integer`, this.turnPath(), tAt);
    const index = Number(key);
    if (!(index <= MAX_TURN_INDEX)) throw sc.shapeError(`turn key ${key} is too large (at most ${MAX_TURN_INDEX})`, this.turnPath(), tAt);
    return index;
  }

  /** Gives the turn's states to the builder, then keeps them as the previous turn's. */
  private addTurn(index: number, tAt: number): void {
    // The builder sorts the lists in place; remember them as parsed (sorted
    // lists of unique slots parse the same way).
    const gold = this.gold;
    const pred = this.pred;
    const problem = this.b.addTurnPairs(index, gold.a, gold.n, pred.a, pred.n);
    if (problem)
      throw (
        explainState(this.bytes, this.opts.file, [
          [this.goldAt, pathPush(this.turnPath(), 'gt')],
          [this.prevPredAt, pathPush(this.turnPath(), 'pr')],
        ]) ?? this.sc.shapeError(problem, this.turnPath(), tAt)
      );
    this.gold = this.prevGold;
    this.prevGold = gold;
    this.pred = this.prevPred;
    this.prevPred = pred;
    this.prevGoldAt = this.goldAt;
    this.prevGoldLen = this.goldLen;
  }

  /** "gt": the previous turn's gold if the bytes repeat it, else read. */
  private readGold(): void {
    const sc = this.sc;
    const gold = this.gold;
    gold.n = 0;
    sc.peek();
    const at = sc.pos;
    if (sc.skipRepeat(this.prevGoldAt, this.prevGoldLen)) gold.copyFrom(this.prevGold);
    else this.state('gt', gold);
    this.goldAt = at;
    this.goldLen = sc.pos - at;
  }

  /** "pr": this turn's gold or the previous prediction if the bytes repeat it, else read. */
  private readPred(): void {
    const sc = this.sc;
    const pred = this.pred;
    pred.n = 0;
    sc.peek();
    const at = sc.pos;
    if (this.goldAt >= 0 && sc.skipRepeat(this.goldAt, this.goldLen)) pred.copyFrom(this.gold);
    else if (sc.skipRepeat(this.prevPredAt, this.prevPredLen)) pred.copyFrom(this.prevPred);
    else this.state('pr', pred);
    this.prevPredAt = at;
    this.prevPredLen = sc.pos - at;
  }

  /** A state object: its domains, each name checked once per file and each domain once per state, into `out`. */
  private state(side: Side, out: PairBuffer): void {
    const sc = this.sc;
    if (!sc.tryOpenObject()) sc.wrongType(pathPush(this.turnPath(), side), 'an object of domains');
    const gen = ++this.stateGen;
    for (let first = true; sc.nextKey(first); first = false) {
      const domain = sc.internKey(this.keys);
      if (this.domainSeen[domain] === gen) {
        throw sc.shapeError(repeatedDomain(this.keyName(domain)), this.domainPath(side, domain), sc.keyStart - 1);
      }
      this.domainSeen[domain] = gen;
      if (this.domainOk[domain] !== 1) {
        const keyAt = sc.keyStart - 1;
        const bad = badDomainKey(this.keyName(domain), sc.describeHere());
        if (bad) throw sc.shapeError(bad, this.domainPath(side, domain), keyAt);
        this.domainOk[domain] = 1;
      }
      this.domain(side, domain, out);
    }
  }

  /**
   * One domain's object into `out`: taken whole from the cache when its bytes
   * repeat a cached object of this domain (this side's last, or for a
   * prediction the gold's), else its complete pairs within the longest shared
   * prefix are taken and the rest is read.
   */
  private domain(side: Side, domain: number, out: PairBuffer): void {
    const sc = this.sc;
    const own = side === 'gt' ? this.lastGt : this.lastPr;
    sc.peek();
    const at = sc.pos;
    const from = out.n;
    // The longest byte prefix shared with a cached object of this domain.
    let best = own[domain];
    let shared = best === undefined ? 0 : sc.commonPrefix(best.at, best.len);
    if (side === 'pr' && (best === undefined || shared < best.len)) {
      const gt = this.lastGt[domain];
      const l = gt === undefined ? 0 : sc.commonPrefix(gt.at, gt.len);
      if (l > shared) {
        best = gt;
        shared = l;
      }
    }
    if (best !== undefined && shared === best.len) {
      // The whole object repeats.
      sc.pos = at + shared;
      out.append(best.pairs);
      if (best !== own[domain]) (own[domain] ??= new DomainCache()).copyFrom(best, best.pairs.n >> 1, at, shared);
      else best.at = at;
      return;
    }
    const reused = best === undefined ? 0 : best.pairsWithin(shared);
    const cache = (own[domain] ??= new DomainCache());
    let first: boolean;
    if (reused > 0) {
      // Complete pairs inside the shared prefix parse the same: take them, resume after them.
      const end = best!.ends[reused - 1];
      out.appendPairs(best!.pairs, reused);
      if (best !== cache) cache.copyFrom(best!, reused, at, end);
      else cache.truncate(reused);
      sc.pos = at + end;
      first = false;
    } else {
      if (!sc.tryOpenObject()) sc.wrongType(this.domainPath(side, domain), 'an object of slot → value');
      cache.truncate(0);
      first = true;
    }
    this.pairs(side, domain, out, cache, at, first);
    cache.at = at;
    cache.len = sc.pos - at;
    if (cache.pairs.n !== out.n - from) throw new Error('fga loader: domain cache out of step');
  }

  /** The rest of a domain object's `"slot": "value"` members (the object starts at `at`), into `out` and its cache. */
  private pairs(side: Side, domain: number, out: PairBuffer, cache: DomainCache, at: number, first: boolean): void {
    const sc = this.sc;
    const keys = this.keys;
    const values = this.values;
    const slotIds = this.slotIds;
    for (; sc.nextKey(first); first = false) {
      const slotKey = sc.internKey(keys);
      if (!sc.isString()) sc.wrongType(this.slotPath(side, domain, slotKey), 'a string value');
      const row = slotIds[domain];
      let slot = row === undefined ? undefined : row[slotKey];
      if (slot === undefined) slot = this.slotOf(domain, slotKey, this.slotPath(side, domain, slotKey));
      const value = sc.readStringId(values);
      out.push(slot, value);
      cache.add(slot, value, sc.pos - at);
    }
  }

  /** The corpus slot of a (domain key, slot key) pair met for the first time: names checked, made canonical. */
  private slotOf(domainKey: number, slotKey: number, path: string): number {
    const row = (this.slotIds[domainKey] ??= []);
    let id = row[slotKey];
    if (id === undefined) {
      checkNames(this.loc, this.keyName(domainKey), this.keyName(slotKey), { path, at: this.sc.keyStart - 1 });
      id = this.b.slots.intern(canonicalSlot(this.keyName(domainKey), this.keyName(slotKey)));
      row[slotKey] = id;
    }
    return id;
  }

  private keyName(id: number): string {
    return this.keys.target.name(id);
  }

  private domainPath(side: Side, domain: number): string {
    return pathPush(pathPush(this.turnPath(), side), this.keyName(domain));
  }

  private slotPath(side: Side, domain: number, slotKey: number): string {
    return pathPush(this.domainPath(side, domain), this.keyName(slotKey));
  }
}

/** The current key as a turn number when it is plain ASCII digits (fast path), else -1. */
function turnKeyValue(sc: JsonScanner): number {
  const len = sc.keyEnd - sc.keyStart;
  if (sc.keyEscaped || len === 0 || len > 9) return -1; // 10+ digits may pass MAX_TURN_INDEX: the slow path checks
  const b = sc.bytes;
  if (len > 1 && b[sc.keyStart] === 0x30) return -1; // leading zero: the slow path keeps the key's spelling
  let n = 0;
  for (let p = sc.keyStart; p < sc.keyEnd; p++) {
    const d = b[p] - 0x30;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}
