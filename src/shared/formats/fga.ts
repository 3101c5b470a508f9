// Layer: shared (pure TS). Loader for the FGA/GCA per-turn layout, the one the
// FGA and GCA papers' official scripts read (see design/formats.md):
//   { "<dialogue id>": { "<turn index>": { "gt": {domain: {slot: value}},
//                                          "pr": {domain: {slot: value}} } } }
// Values are kept verbatim: an explicit "none" stays "none" (GCA needs it).
// It streams over the bytes with the scanner and interns slots and values as
// it goes, so no object tree of the file is ever built; bytes that repeat a
// state or domain object already read are skipped (docs/performance.md). It
// can also read one part of a file, for the two-thread load of large files.
// States follow the reading rule of state-policy.ts: names are checked (and
// made canonical) the first time a (domain, slot) key pair is met, a domain
// written twice is refused here, and a state the corpus builder refuses (a
// slot named twice) is read again by the one state reader (state-reader.ts),
// which reports it with its line:column and JSON path. So the rule costs the
// fast path nothing per pair.

import { MAX_TURN_INDEX } from '../model/corpus';
import { CorpusBuilder } from '../model/builder';
import { ByteInterner } from './byte-interner';
import { TurnCollector } from './collect';
import { LoadError, pathPush } from './errors';
import { JsonScanner } from './json-scanner';
import { canonicalSlot } from './slot-names';
import { badDialogueId, nearMiss } from './field-policy';
import { badDomainKey, checkNames, Locator, repeatedDomain } from './state-policy';
import { StateReader } from './state-reader';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';
import { Interner } from '../model/interner';
import { plural } from '../plural';

const TURN_KEY = /^[0-9]+$/;
/** `"<key>": {"<key>":` anywhere in the head (keys may contain escapes). */
const KEY_THEN_OBJECT_KEY = /"((?:[^"\\]|\\.)*)"\s*:\s*\{\s*(?="((?:[^"\\]|\\.)*)"\s*:)/g;

/** `"<key>": {` then scalar members (strings, numbers, literals) then `"gt"` or `"pr"` as a key. */
const TURN_SCALARS_THEN_STATE =
  /"((?:[^"\\]|\\.)*)"\s*:\s*\{(?:\s*"(?:[^"\\]|\\.)*"\s*:\s*(?:"(?:[^"\\]|\\.)*"|-?[0-9][0-9.eE+-]*|true|false|null)\s*,)+\s*"(?:gt|pr)"\s*:/;

function decodeKey(raw: string): string | null {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return null;
  }
}

export const fgaLoader: FormatLoader = {
  id: 'fga',
  label: 'FGA/GCA per-turn JSON',
  sniff(head) {
    if (!/^\uFEFF?\s*\{/.test(head)) return 'no';
    // The first `"<key>": {"gt"|"pr": …` is a turn object; its key must be a turn index.
    for (const m of head.matchAll(KEY_THEN_OBJECT_KEY)) {
      const inner = decodeKey(m[2]);
      if (inner !== 'gt' && inner !== 'pr') continue;
      const key = decodeKey(m[1]);
      if (key !== null && TURN_KEY.test(key)) return 'yes';
      return {
        near: `turn objects have "gt"/"pr", but the turn key ${key === null ? m[1] : JSON.stringify(key)} is not a non-negative integer`,
      };
    }
    // A turn object may carry scalar members (the playground's "system"/"user" texts) before "gt"/"pr".
    const late = TURN_SCALARS_THEN_STATE.exec(head);
    if (late) {
      const key = decodeKey(late[1]);
      if (key !== null && TURN_KEY.test(key)) return 'yes';
    }
    const m = /^\uFEFF?\s*\{\s*"(?:[^"\\]|\\.)*"\s*:\s*\{\s*"([^"]*)"\s*:\s*\{\s*"([^"]*)"/.exec(head);
    if (m && TURN_KEY.test(m[1])) return { near: 'dialogue → turn objects, but the turn lacks "gt"/"pr" keys' };
    return 'no';
  },
  load: loadFga,
};

export function loadFga(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  const b = fgaBuilder(bytes.length);
  const { warnings } = scanFga(bytes, opts, b);
  const corpus = b.build();
  opts.onProgress?.(1);
  return { corpus, format: fgaLoader.id, warnings: summariseFgaWarnings(warnings) };
}

const OUT_OF_ORDER = 'turns out of order: ';

/**
 * scanFga notes each dialogue whose turn keys are out of order; this turns the
 * notes into one line (whether one thread or two read the file).
 */
export function summariseFgaWarnings(warnings: string[]): string[] {
  const ids = warnings.filter((w) => w.startsWith(OUT_OF_ORDER)).map((w) => w.slice(OUT_OF_ORDER.length));
  if (ids.length === 0) return warnings;
  const rest = warnings.filter((w) => !w.startsWith(OUT_OF_ORDER));
  const eg = ids.slice(0, 3).join(', ') + (ids.length > 3 ? ', …' : '');
  return [...rest, `turns of ${plural(ids.length, 'dialogue')} were out of order in the file (${eg}); they are sorted by turn index`];
}

/** A builder sized for `bytes` of FGA/GCA JSON. */
export function fgaBuilder(bytes: number): CorpusBuilder {
  // Guesses (real files run 150-450 bytes a turn, 15-25 a pair); wrong guesses only cost a regrowth.
  return new CorpusBuilder({ turns: bytes / 100, pairs: bytes / 12 });
}

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

/**
 * Reads dialogues of the file (all of them, or one part) into `b` (not built).
 * Throws LoadError on bad input. `reachedSplit`: a head part stopped at its split.
 */
export function scanFga(
  bytes: Uint8Array,
  opts: LoadOptions,
  b: CorpusBuilder,
  part?: FgaPart,
): { warnings: string[]; reachedSplit: boolean } {
  const sc = new JsonScanner(bytes, opts.file);
  const values = new ByteInterner(b.values);
  const keys = new ByteInterner(new Interner());
  const keyName = (id: number): string => keys.target.name(id);
  /** slotIds[domain key id][slot key id] = corpus slot id. */
  const slotIds: number[][] = [];
  const loc = new Locator(bytes, opts.file);
  /** The corpus slot of a (domain key, slot key) pair met for the first time: names checked, made canonical. */
  const slotOf = (domainKey: number, slotKey: number, path: string): number => {
    const row = (slotIds[domainKey] ??= []);
    let id = row[slotKey];
    if (id === undefined) {
      checkNames(loc, keyName(domainKey), keyName(slotKey), { path, at: sc.keyStart - 1 });
      id = b.slots.intern(canonicalSlot(keyName(domainKey), keyName(slotKey)));
      row[slotKey] = id;
    }
    return id;
  };
  /** Domain key ids whose name was checked (not empty). */
  const domainOk: number[] = [];
  const warnings: string[] = [];

  // JSON paths are only built when something is wrong: the current dialogue id and turn key.
  let dialogueId = '';
  let turnKey: string | number = '';
  const root = '$';
  const dialoguePath = () => pathPush(root, dialogueId);
  const turnPath = () => pathPush(dialoguePath(), String(turnKey));

  // Scratch pair lists (the builder copies them), and the byte ranges and
  // parsed pairs of the states just read: a state whose bytes repeat one of
  // them (gold unchanged since the last turn, prediction equal to gold or to
  // the last prediction — most turns of a DST file) is skipped, not re-scanned.
  let gold = new PairBuffer();
  let pred = new PairBuffer();
  let prevGold = new PairBuffer();
  let prevPred = new PairBuffer();
  let goldAt = -1;
  let goldLen = 0;
  let prevGoldAt = -1;
  let prevGoldLen = 0;
  let prevPredAt = -1;
  let prevPredLen = 0;

  // The same for each domain's object, down to its pairs: the last object read
  // on each side, per domain key. A turn usually changes one domain and repeats
  // the others; in the changed one, the pairs before the change are reused.
  const lastGt: DomainCache[] = [];
  const lastPr: DomainCache[] = [];

  // Domains seen in the state being read (a domain key written twice is refused, like a repeated slot).
  const domainSeen: number[] = [];
  let stateGen = 0;

  const readState = (side: 'gt' | 'pr', out: PairBuffer): void => {
    if (!sc.tryOpenObject()) sc.wrongType(pathPush(turnPath(), side), 'an object of domains');
    const own = side === 'gt' ? lastGt : lastPr;
    stateGen++;
    for (let first = true; sc.nextKey(first); first = false) {
      const domain = sc.internKey(keys);
      if (domainSeen[domain] === stateGen) {
        throw sc.shapeError(repeatedDomain(keyName(domain)), pathPush(pathPush(turnPath(), side), keyName(domain)), sc.keyStart - 1);
      }
      domainSeen[domain] = stateGen;
      if (domainOk[domain] !== 1) {
        const keyAt = sc.keyStart - 1;
        const bad = badDomainKey(keyName(domain), sc.describeHere());
        if (bad) throw sc.shapeError(bad, pathPush(pathPush(turnPath(), side), keyName(domain)), keyAt);
        domainOk[domain] = 1;
      }
      sc.peek();
      const at = sc.pos;
      const from = out.n;
      // The longest byte prefix shared with a cached object of this domain.
      let best = own[domain];
      let shared = best === undefined ? 0 : sc.commonPrefix(best.at, best.len);
      if (side === 'pr' && (best === undefined || shared < best.len)) {
        const gt = lastGt[domain];
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
        continue;
      }
      const reused = best === undefined ? 0 : best.pairsWithin(shared);
      const cache = (own[domain] ??= new DomainCache());
      let f2: boolean;
      if (reused > 0) {
        // Complete pairs inside the shared prefix parse the same: take them, resume after them.
        const end = best!.ends[reused - 1];
        out.appendPairs(best!.pairs, reused);
        if (best !== cache) cache.copyFrom(best!, reused, at, end);
        else cache.truncate(reused);
        sc.pos = at + end;
        f2 = false;
      } else {
        if (!sc.tryOpenObject()) sc.wrongType(pathPush(pathPush(turnPath(), side), keyName(domain)), 'an object of slot → value');
        cache.truncate(0);
        f2 = true;
      }
      for (; sc.nextKey(f2); f2 = false) {
        const slotKey = sc.internKey(keys);
        if (!sc.isString())
          sc.wrongType(pathPush(pathPush(pathPush(turnPath(), side), keyName(domain)), keyName(slotKey)), 'a string value');
        const row = slotIds[domain];
        let slot = row === undefined ? undefined : row[slotKey];
        if (slot === undefined)
          slot = slotOf(domain, slotKey, pathPush(pathPush(pathPush(turnPath(), side), keyName(domain)), keyName(slotKey)));
        const value = sc.readStringId(values);
        out.push(slot, value);
        cache.add(slot, value, sc.pos - at);
      }
      cache.at = at;
      cache.len = sc.pos - at;
      if (cache.pairs.n !== out.n - from) throw new Error('fga loader: domain cache out of step');
    }
  };

  const readGold = (): void => {
    gold.n = 0;
    sc.peek();
    const at = sc.pos;
    if (sc.skipRepeat(prevGoldAt, prevGoldLen)) gold.copyFrom(prevGold);
    else readState('gt', gold);
    goldAt = at;
    goldLen = sc.pos - at;
  };

  const readPred = (): void => {
    pred.n = 0;
    sc.peek();
    const at = sc.pos;
    if (goldAt >= 0 && sc.skipRepeat(goldAt, goldLen)) pred.copyFrom(gold);
    else if (sc.skipRepeat(prevPredAt, prevPredLen)) pred.copyFrom(prevPred);
    else readState('pr', pred);
    prevPredAt = at;
    prevPredLen = sc.pos - at;
  };

  if (part?.kind === 'tail') sc.pos = part.at;
  else if (!sc.tryOpenObject()) sc.wrongType(root, 'an object of dialogues (FGA/GCA per-turn layout)');
  const splitAt = part?.kind === 'head' ? part.at : -1;
  let reachedSplit = false;
  let nextProgress = 0;
  for (let first = true; sc.nextKey(first); first = false) {
    const keyAt = sc.keyStart - 1;
    dialogueId = sc.key();
    const blankId = badDialogueId(dialogueId);
    if (blankId) throw sc.shapeError(blankId, dialoguePath(), keyAt);
    const dup = b.beginDialogue(dialogueId);
    if (dup) throw sc.shapeError(dup, dialoguePath(), keyAt);
    if (!sc.tryOpenObject()) sc.wrongType(dialoguePath(), 'an object of turns');
    prevGoldAt = prevPredAt = -1;
    let turns = 0;
    for (let f2 = true; sc.nextKey(f2); f2 = false) {
      const tAt = sc.keyStart - 1;
      let index = turnKeyValue(sc);
      if (index < 0) {
        turnKey = sc.key();
        if (!TURN_KEY.test(turnKey))
          throw sc.shapeError(`turn key ${JSON.stringify(turnKey)} is not a non-negative integer`, turnPath(), tAt);
        index = Number(turnKey);
        if (!(index <= MAX_TURN_INDEX))
          throw sc.shapeError(`turn key ${turnKey} is too large (at most ${MAX_TURN_INDEX})`, turnPath(), tAt);
      } else turnKey = index;
      if (!sc.tryOpenObject()) sc.wrongType(turnPath(), 'a turn object with "gt" and "pr"');
      let hasGold = false;
      let hasPred = false;
      goldAt = -1;
      for (let f3 = true; sc.nextKey(f3); f3 = false) {
        if (sc.keyIs('gt')) {
          if (hasGold) throw sc.shapeError('"gt" appears twice', turnPath());
          hasGold = true;
          readGold();
        } else if (sc.keyIs('pr')) {
          if (hasPred) throw sc.shapeError('"pr" appears twice', turnPath());
          hasPred = true;
          readPred();
        } else sc.skipValue();
      }
      if (!hasGold || !hasPred) {
        throw sc.shapeError(
          `turn has no "${hasGold ? 'pr' : 'gt'}" (${hasGold ? 'predicted' : 'gold'} state)${misspelt(bytes, opts.file, tAt, hasGold ? 'pr' : 'gt')}`,
          turnPath(),
          tAt,
        );
      }
      // The builder sorts the lists in place; remember them as parsed (sorted
      // lists of unique slots parse the same way).
      const problem = b.addTurnPairs(index, gold.a, gold.n, pred.a, pred.n);
      if (problem)
        throw (
          explainState(bytes, opts.file, [
            [goldAt, pathPush(turnPath(), 'gt')],
            [prevPredAt, pathPush(turnPath(), 'pr')],
          ]) ?? sc.shapeError(problem, turnPath(), tAt)
        );
      const g = prevGold;
      prevGold = gold;
      gold = g;
      const p = prevPred;
      prevPred = pred;
      pred = p;
      prevGoldAt = goldAt;
      prevGoldLen = goldLen;
      turns++;
    }
    const sortedBefore = b.outOfOrderDialogues;
    const problem = b.endDialogue();
    if (problem) throw repeatedTurn(bytes, opts.file, keyAt, dialoguePath()) ?? sc.shapeError(problem, dialoguePath(), keyAt);
    if (b.outOfOrderDialogues !== sortedBefore) warnings.push(OUT_OF_ORDER + JSON.stringify(dialogueId));
    if (turns === 0) warnings.push(`dialogue ${JSON.stringify(dialogueId)} has no turns`);
    if (opts.onProgress && sc.pos >= nextProgress) {
      opts.onProgress(sc.pos / bytes.length);
      nextProgress = sc.pos + (1 << 22);
    }
    if (splitAt >= 0 && sc.pos < splitAt) {
      // A head part stops where the next dialogue's key starts at the split.
      const save = sc.pos;
      if (sc.peek() === 0x2c) {
        sc.pos++;
        if (sc.peek() === QUOTE && sc.pos === splitAt) {
          reachedSplit = true;
          break;
        }
      }
      sc.pos = save;
    }
  }
  if (!reachedSplit) {
    sc.end();
    if (!part && b.dialogueCount === 0) throw sc.shapeError('the file holds no dialogues', root, 0);
  }
  return { warnings, reachedSplit };
}

const QUOTE = 0x22;

/**
 * Error path: ": it has "gtt", a misspelling of "gt"?" when the turn object
 * whose key starts at byte `keyAt` has a key that looks like the missing one.
 */
function misspelt(bytes: Uint8Array, file: string, keyAt: number, wanted: string): string {
  const sc = new JsonScanner(bytes, file);
  sc.pos = keyAt;
  const keys: string[] = [];
  try {
    if (!sc.nextKey(true) || !sc.tryOpenObject()) return '';
    for (let first = true; sc.nextKey(first); first = false) {
      keys.push(sc.key());
      sc.skipValue();
    }
  } catch {
    return '';
  }
  const near = nearMiss(
    wanted,
    keys.filter((k) => k !== 'gt' && k !== 'pr'),
  );
  return near === undefined ? '' : `; it has ${JSON.stringify(near)}: a misspelling of "${wanted}"?`;
}

/**
 * Reads the states at the given offsets again with the one state reader and
 * returns the located error it reports (a slot named twice), or null.
 */
function explainState(bytes: Uint8Array, file: string, states: [number, string][]): LoadError | null {
  for (const [at, path] of states) {
    if (at < 0) continue;
    const sc = new JsonScanner(bytes, file);
    sc.pos = at;
    try {
      new StateReader(new TurnCollector(bytes, file), sc).object(path);
    } catch (e) {
      if (e instanceof LoadError) return e;
      throw e;
    }
  }
  return null;
}

/**
 * A turn index written twice in one dialogue, located: the builder only says
 * which index repeats, so the dialogue whose key starts at byte `keyAt` is read
 * again (its keys only; the first pass checked them) and the error points at the
 * first turn key, in file order, whose index an earlier key had, naming where
 * that one is. Runs only when a duplicate was found: the fast path pays nothing.
 * Null if no repeat is found (the caller then reports the builder's message).
 */
function repeatedTurn(bytes: Uint8Array, file: string, keyAt: number, dialoguePath: string): LoadError | null {
  const sc = new JsonScanner(bytes, file);
  sc.pos = keyAt;
  if (!sc.nextKey(true) || !sc.tryOpenObject()) return null;
  const seen = new Map<number, { key: string; at: number }>();
  const loc = new Locator(bytes, file);
  for (let first = true; sc.nextKey(first); first = false) {
    const key = sc.key();
    const at = sc.keyStart - 1;
    const index = Number(key);
    const before = seen.get(index);
    if (before) {
      const firstPlace = `${loc.where(before.at)} ${pathPush(dialoguePath, before.key)}`;
      const problem =
        before.key === key
          ? `turn ${index} appears twice in this dialogue (first at ${firstPlace}); a dialogue has each turn once`
          : `turn ${index} appears twice in this dialogue, as ${JSON.stringify(before.key)} (first at ${firstPlace}) and as ${JSON.stringify(key)}; a dialogue has each turn once`;
      return sc.shapeError(problem, pathPush(dialoguePath, key), at);
    }
    seen.set(index, { key, at });
    sc.skipValue();
  }
  return null;
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

/** A reusable, growable list of (slot, value) id pairs: a[0, n). */
class PairBuffer {
  a = new Int32Array(64);
  n = 0;

  push(slot: number, value: number): void {
    if (this.n + 2 > this.a.length) {
      const next = new Int32Array(this.a.length * 2);
      next.set(this.a);
      this.a = next;
    }
    this.a[this.n] = slot;
    this.a[this.n + 1] = value;
    this.n += 2;
  }

  /** Appends all of o's pairs. */
  append(o: PairBuffer): void {
    this.appendPairs(o, o.n >> 1);
  }

  /** Appends o's first `pairs` pairs. */
  appendPairs(o: PairBuffer, pairs: number): void {
    const count = 2 * pairs;
    const need = this.n + count;
    if (need > this.a.length) {
      let cap = this.a.length * 2;
      while (cap < need) cap *= 2;
      const next = new Int32Array(cap);
      next.set(this.a.subarray(0, this.n));
      this.a = next;
    }
    const a = this.a;
    const src = o.a;
    let j = this.n;
    for (let i = 0; i < count; i++) a[j++] = src[i];
    this.n = j;
  }

  copyFrom(o: PairBuffer): void {
    if (o.n > this.a.length) this.a = new Int32Array(o.a.length);
    const a = this.a;
    const src = o.a;
    for (let i = 0; i < o.n; i++) a[i] = src[i];
    this.n = o.n;
  }
}

/**
 * A domain object already read: its bytes [at, at + len), its pairs, and where
 * each pair ends (offset after the value's closing quote, from `at`).
 */
class DomainCache {
  at = 0;
  len = 0;
  readonly pairs = new PairBuffer();
  ends = new Int32Array(16);

  /** How many leading pairs end within the first `prefix` bytes. */
  pairsWithin(prefix: number): number {
    const ends = this.ends;
    const n = this.pairs.n >> 1;
    let k = 0;
    while (k < n && ends[k] <= prefix) k++;
    return k;
  }

  truncate(pairs: number): void {
    this.pairs.n = 2 * pairs;
  }

  add(slot: number, value: number, end: number): void {
    const k = this.pairs.n >> 1;
    if (k >= this.ends.length) {
      const next = new Int32Array(this.ends.length * 2);
      next.set(this.ends);
      this.ends = next;
    }
    this.ends[k] = end;
    this.pairs.push(slot, value);
  }

  /** Becomes the first `pairs` pairs of `o`, for an object at `at` whose bytes repeat o's first `len`. */
  copyFrom(o: DomainCache, pairs: number, at: number, len: number): void {
    this.pairs.n = 0;
    this.pairs.appendPairs(o.pairs, pairs);
    if (this.ends.length < o.ends.length) this.ends = new Int32Array(o.ends.length);
    for (let k = 0; k < pairs; k++) this.ends[k] = o.ends[k];
    this.at = at;
    this.len = len;
  }
}
