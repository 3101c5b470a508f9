// Layer: shared (pure TS). The CSV loader's fast path (csv.ts calls it first):
// the same rows, turns, states, confidences and notes as the plain path,
// read from the bytes (csv-bytes.ts) instead of from a decoded text split
// into strings and cells given to JSON.parse. What it saves
// (docs/performance.md):
//   - a `total_state` cell byte-equal to the previous row's is not read (its
//     pairs are the previous row's: cumulative states repeat);
//   - within a `total_state`, a domain object whose bytes repeat (or begin
//     like) the last object of that domain is taken (or its complete pairs
//     are) from a cache, as the FGA loader does (fga-scan.ts);
//   - keys and values are interned from their bytes: a string seen before is
//     never decoded; numbers are read once per distinct spelling;
//   - the dialogue id is decoded only when it changes.
// Slots and values are interned in the plain path's order (so their ids are
// the same). At anything the plain path would read differently or refuse —
// a cell that is not an object of strings or numbers, a key twice in an
// object, a key of digits only (JSON.parse orders those first), escapes the
// byte reader leaves alone, invalid UTF-8, any CSV that is not plain — it
// declines (returns null) and csv.ts reads the file with the plain path.
// test/unit/shared/formats/csv-read-fast.test.ts checks both paths give the same corpus, or this declines.

import type { TurnExtra } from '../model/builder';
import { Interner } from '../model/interner';
import { ByteInterner, decodeUtf8 } from './byte-interner';
import { collectTurns, type TurnCollector } from './collect';
import { blank, ByteRanges, CellJson, commonPrefix, CsvRecords, Decline, hashBytes, trimmed } from './csv-bytes';
import type { Corpus } from '../model/corpus';

/** Columns that are not confidence columns. */
const STATE_COLUMNS = new Set(['id', 'gt_domain', 'turn_state', 'total_state', 'value_confidence', 'raw', 'generation']);

/** Where the loader's columns are in a header (names trimmed); -1 when absent. */
export interface CsvColumns {
  idCol: number;
  totalCol: number;
  turnCol: number;
  domainCol: number;
  rawCol: number;
  /** Every other column but value_confidence: [name, index]. */
  confCols: (readonly [string, number])[];
}

export function csvColumns(header: string[]): CsvColumns {
  const col = (name: string) => header.indexOf(name);
  return {
    idCol: col('id'),
    totalCol: col('total_state'),
    turnCol: col('turn_state'),
    domainCol: col('gt_domain'),
    rawCol: col('raw') >= 0 ? col('raw') : col('generation'),
    confCols: header.map((h, i) => [h, i] as const).filter(([h]) => !STATE_COLUMNS.has(h)),
  };
}

export interface CsvRead {
  header: string[];
  corpus: Corpus;
  warnings: string[];
  unusedScores: number;
  notNumbers: number;
}

/** A domain object of a total_state last read: where, its n pairs, each pair's end (from `at`) and slot key. */
class DomainCache {
  at = 0;
  len = 0;
  n = 0;
  pairs: number[] = [];
  ends: number[] = [];
  keys: number[] = [];
  add(slot: number, value: number, end: number, key: number): void {
    const i = this.n++;
    this.pairs[2 * i] = slot;
    this.pairs[2 * i + 1] = value;
    this.ends[i] = end;
    this.keys[i] = key;
  }
}

/** A turn_state pair: the slot key as written, the slot id, the value id. */
type UpdatePair = [string, number, number];
const NO_UPDATE: UpdatePair[] = [];

/** A confidence cell as read: its keys (ids) and scores (NaN where the entry holds no number). */
interface ConfCell {
  keys: number[];
  scores: number[];
}

function sameBytes(b: Uint8Array, p: number, q: number, len: number): boolean {
  for (let k = 0; k < len; k++) if (b[p + k] !== b[q + k]) return false;
  return true;
}

/** The id "<dialogue>-<turn>" read as csv.ts reads it: [dialogue, turn from 1], or null where the plain path reports an error. */
function splitId(id: string): [string, number] | null {
  const dash = id.lastIndexOf('-');
  const tn = dash > 0 ? Number(id.slice(dash + 1)) : Number.NaN;
  if (!Number.isInteger(tn) || tn < 1) return null;
  return [id.slice(0, dash), tn];
}

/** Reads a CSV file on the fast path; null where the plain path must read it (csv.ts). */
export function readCsvFast(bytes: Uint8Array, file: string): CsvRead | null {
  try {
    return read(bytes, file);
  } catch (e) {
    // Decline, or an error the plain path reports in its own words (a turn twice, a bad UTF-8 string).
    if (e instanceof Error) return null;
    throw e;
  }
}

function read(bytes: Uint8Array, file: string): CsvRead {
  const b = bytes;
  const first = new CsvRecords(b);
  first.next();
  const header: string[] = [];
  for (let k = 0; k < first.count; k++) header.push(first.text(k).trim());
  const { idCol, totalCol, turnCol, domainCol, rawCol, confCols } = csvColumns(header);
  if (idCol < 0 || (totalCol < 0 && (turnCol < 0 || domainCol < 0))) throw new Decline();

  let unusedScores = 0;
  let notNumbers = 0;
  const { corpus, warnings } = collectTurns(b, file, (tc: TurnCollector) => {
    unusedScores = notNumbers = 0;
    const confIndex = confCols.map(([h]) => tc.builder.confidenceColumn(h));
    const rec = new CsvRecords(b);
    rec.next();
    const cj = new CellJson(b);
    const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    // Keys of all cells (domain, slot and confidence keys) and the gt_domain cells, interned from bytes.
    const keys = new ByteInterner(new Interner());
    const domainCells = new ByteInterner(new Interner());
    const values = new ByteInterner(tc.builder.values);
    /** slotOf[domain key id][slot key id] = corpus slot id (tc.slot, the first time). */
    const slotOf: number[][] = [];
    const slotFor = (d: number, k: number): number => {
      const row = (slotOf[d] ??= []);
      let id = row[k];
      if (id === undefined) id = row[k] = tc.slot(keys.target.name(d), keys.target.name(k));
      return id;
    };
    /** Confidence keys: the value after "<slot>_" for the last slot length asked, interned (tc.value). */
    const suffixLen: number[] = [];
    const suffixValue: number[] = [];
    const caches: DomainCache[] = [];
    const seenDomain: number[] = [];
    let stateGen = 0;
    // Cells read before, by their bytes: a turn_state (per domain) and a confidence cell are read once.
    const turnCells = new ByteRanges(b);
    const updates: UpdatePair[][][] = [];
    const confCells = new ByteRanges(b);
    const confRead: ConfCell[] = [];
    /**
     * The pair of `update` a confidence key scores, as csv.ts finds it: the
     * update's slot equal to the key, else the first "<slot>_" the key begins
     * with (and goes on after) whose value is the rest; -1 for none.
     */
    const pairOf = (update: UpdatePair[], k: number): number => {
      const name = keys.target.name(k);
      let i = update.findIndex(([slot]) => slot === name);
      if (i < 0) i = update.findIndex(([slot]) => name.startsWith(`${slot}_`) && name.length > slot.length + 1);
      if (i < 0) return -1;
      const slot = update[i][0];
      if (slot === name) return i;
      let v = suffixValue[k];
      if (suffixLen[k] !== slot.length) {
        v = suffixValue[k] = tc.value(name.slice(slot.length + 1));
        suffixLen[k] = slot.length;
      }
      return v === update[i][2] ? i : -1;
    };
    /** pairOf's answers per update (the cached updates are shared by rows) and key id. */
    const matches = new WeakMap<UpdatePair[], number[]>();
    /** The keys of the object being read (a key twice: decline). */
    const objectKeys: number[] = [];
    let nKeys = 0;
    /** After nextKey: the key's id, refusing (declining) a key of digits only or a key twice in the object. */
    const key = (): number => {
      if (cj.digitsOnly()) throw new Decline();
      const k = cj.intern(keys);
      for (let i = 0; i < nKeys; i++) if (objectKeys[i] === k) throw new Decline();
      objectKeys[nKeys++] = k;
      return k;
    };
    /** A turn_state cell, bytes [s, e), under the domain (key id) d. */
    const readUpdate = (d: number, s: number, e: number): UpdatePair[] => {
      const update: UpdatePair[] = [];
      cj.begin(s, e);
      cj.openObject();
      nKeys = 0;
      for (let f = true; cj.nextKey(f); f = false) {
        const k = key();
        if (!cj.stringHere()) throw new Decline();
        const slot = slotFor(d, k);
        update.push([keys.target.name(k), slot, cj.intern(values)]);
      }
      cj.end();
      return update;
    };
    /** A confidence cell, bytes [s, e): an object of scores. */
    const readConf = (s: number, e: number): ConfCell => {
      const out: ConfCell = { keys: [], scores: [] };
      cj.begin(s, e);
      cj.openObject();
      nKeys = 0;
      for (let f = true; cj.nextKey(f); f = false) {
        out.keys.push(key());
        out.scores.push(cj.scalar());
      }
      cj.end();
      return out;
    };

    let lastDialogue: string | undefined;
    let lastIdAt = -1;
    let lastIdLen = 0;
    let state = new Map<number, number>();
    let lastTotalAt = -1;
    let lastTotalLen = -1;
    let lastPred: number[] = [];
    while (rec.next()) {
      // The id: "<dialogue>-<turn>"; the dialogue decoded when its bytes change.
      let dialogue: string | undefined;
      let tn = -1;
      {
        const s = rec.start[idCol];
        const e = rec.end[idCol];
        if (!rec.doubled[idCol] && trimmed(b, s, e)) {
          let dash = e - 1;
          while (dash >= s && b[dash] !== 0x2d) dash--;
          if (dash > s && e - dash - 1 >= 1 && e - dash - 1 <= 9 && b[dash + 1] !== 0x30) {
            tn = 0;
            for (let p = dash + 1; p < e && tn >= 0; p++) tn = b[p] >= 0x30 && b[p] <= 0x39 ? tn * 10 + b[p] - 0x30 : -1;
            if (tn >= 1) {
              if (lastIdAt >= 0 && dash - s === lastIdLen && sameBytes(b, s, lastIdAt, lastIdLen)) dialogue = lastDialogue;
              else {
                dialogue = decodeUtf8(b, s, dash);
                lastIdAt = s;
                lastIdLen = dash - s;
              }
            }
          }
        }
        if (dialogue === undefined) {
          const split = splitId(rec.text(idCol).trim());
          if (!split) throw new Decline();
          [dialogue, tn] = split;
          lastIdAt = -1;
        }
      }
      let domain = '';
      if (domainCol >= 0) {
        const s = rec.start[domainCol];
        const e = rec.end[domainCol];
        if (!rec.doubled[domainCol] && trimmed(b, s, e)) domain = domainCells.target.name(domainCells.intern(b, s, e, hashBytes(b, s, e)));
        else if (s !== e) domain = rec.text(domainCol).trim();
      }
      if (dialogue !== lastDialogue) state = new Map();
      lastDialogue = dialogue;

      // The turn's update: [slot key, slot id, value id]; a cell read before (same bytes, same domain) is not read again.
      let update = NO_UPDATE;
      if (turnCol >= 0 && domain !== '') {
        const d = keys.target.intern(domain);
        const s = rec.start[turnCol];
        const e = rec.end[turnCol];
        const cell = turnCells.id(s, e);
        const known = cell < 0 ? undefined : (updates[d] ??= [])[cell];
        if (known) update = known;
        else {
          update = readUpdate(d, s, e);
          if (cell >= 0) updates[d][cell] = update;
        }
      }

      let pred: number[];
      if (totalCol >= 0) {
        const s = rec.start[totalCol];
        const e = rec.end[totalCol];
        if (e - s === lastTotalLen && commonPrefix(view, b, s, lastTotalAt, lastTotalLen) === lastTotalLen) pred = lastPred;
        else {
          pred = [];
          cj.begin(s, e);
          cj.openObject();
          const gen = ++stateGen;
          for (let f = true; cj.nextKey(f); f = false) {
            if (cj.digitsOnly()) throw new Decline();
            const d = cj.intern(keys);
            if (seenDomain[d] === gen) throw new Decline();
            seenDomain[d] = gen;
            if (cj.peek() !== 0x7b) throw new Decline();
            const at = cj.pos;
            const cache = (caches[d] ??= new DomainCache());
            const shared = cache.len > 0 ? commonPrefix(view, b, at, cache.at, Math.min(cache.len, e - at)) : 0;
            if (cache.len > 0 && shared === cache.len) {
              // The whole domain object repeats.
              cj.pos = at + shared;
              for (let i = 0; i < 2 * cache.n; i++) pred.push(cache.pairs[i]);
              cache.at = at;
              continue;
            }
            let reused = 0;
            while (reused < cache.n && cache.ends[reused] <= shared) reused++;
            let firstPair: boolean;
            if (reused > 0) {
              // Complete pairs inside the shared prefix read the same: take them, go on after them.
              for (let i = 0; i < 2 * reused; i++) pred.push(cache.pairs[i]);
              cache.n = reused;
              cj.pos = at + cache.ends[reused - 1];
              firstPair = false;
            } else {
              cache.n = 0;
              cj.openObject();
              firstPair = true;
            }
            nKeys = 0;
            for (let i = 0; i < cache.n; i++) objectKeys[nKeys++] = cache.keys[i];
            for (; cj.nextKey(firstPair); firstPair = false) {
              const k = key();
              if (!cj.stringHere()) throw new Decline();
              const slot = slotFor(d, k);
              const v = cj.intern(values);
              pred.push(slot, v);
              cache.add(slot, v, cj.pos - at, k);
            }
            cache.at = at;
            cache.len = cj.pos - at;
          }
          cj.end();
          lastPred = pred;
          lastTotalAt = s;
          lastTotalLen = e - s;
        }
        if (pred === lastPred && lastTotalAt !== s) pred = pred.slice(); // a repeat: its own copy (the builder sorts in place)
      } else {
        pred = [];
        for (const [, s, v] of update) state.set(s, v);
        for (const [s, v] of state) pred.push(s, v);
      }

      const extra: TurnExtra = {};
      if (rawCol >= 0) extra.raw = rec.text(rawCol);
      if (confCols.length > 0 && update.length > 0) {
        // Entries by slot, in the order first met (as csv.ts's Map).
        const entries: { slot: number; value: number; scores: (number | undefined)[] }[] = [];
        let match = matches.get(update);
        if (!match) matches.set(update, (match = []));
        for (let c = 0; c < confCols.length; c++) {
          const col = confCols[c][1];
          const s = rec.start[col];
          const e = rec.end[col];
          if (blank(b, s, e)) continue;
          const cell = confCells.id(s, e);
          let conf = cell < 0 ? undefined : confRead[cell];
          if (!conf) {
            conf = readConf(s, e);
            if (cell >= 0) confRead[cell] = conf;
          }
          for (let j = 0; j < conf.keys.length; j++) {
            const score = conf.scores[j];
            if (Number.isNaN(score)) {
              notNumbers++;
              continue;
            }
            // The pair the key scores, per update and key (-1: none), found once: updates and keys repeat.
            const k = conf.keys[j];
            let m = match[k];
            if (m === undefined) m = match[k] = pairOf(update, k);
            if (m < 0) {
              unusedScores++;
              continue;
            }
            const u = update[m];
            let entry;
            for (const x of entries) if (x.slot === u[1]) entry = x;
            if (!entry) entries.push((entry = { slot: u[1], value: u[2], scores: [] }));
            entry.scores[confIndex[c]] = score;
          }
        }
        if (entries.length > 0) extra.confidence = entries;
      }
      tc.turn(dialogue, tn - 1, [], pred, 0, undefined, extra);
    }
  });
  return { header, corpus, warnings, unusedScores, notNumbers };
}
