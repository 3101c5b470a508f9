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
//   - the dialogue id is decoded only when it changes;
//   - a total_state or confidence cell is read in place from its first byte
//     and ends where its JSON ends (CsvRecords.open/close), not scanned for
//     its closing quote first and then read again.
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

/** A turn_state pair: the slot key as written, the slot id, the value id, the slot key's id (in the keys interner). */
type UpdatePair = [string, number, number, number];

/**
 * A confidence cell as read, the last one of its column under an update: its
 * bytes [at, at + len) and, relative to `at`, where each of its n scores
 * (all numbers) begins and ends (spans[2j], spans[2j + 1]); outcomes[j]: the
 * index of the update's pair score j names, or -1 (none). A later cell of the
 * column under the same update whose bytes outside the numbers are the same
 * is the same object (same keys, same order) with other numbers: its scores
 * name the same pairs, and only its numbers are read.
 */
interface ConfTemplate {
  at: number;
  len: number;
  spans: number[];
  outcomes: number[];
}

/** A turn_state read: its pairs, and per confidence column the template of the last cell read under it. */
interface Update {
  pairs: UpdatePair[];
  templates: (ConfTemplate | undefined)[];
}
const NO_UPDATE: Update = { pairs: [], templates: [] };

/** A confidence cell as read (reused): n keys (ids), scores (NaN where the entry holds no number), and where each score is (relative spans). */
interface ConfCell {
  n: number;
  keys: number[];
  scores: number[];
  spans: number[];
}

/** Outcome of an entry that holds no number. */
const NOT_NUMBER = -2;

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

/**
 * Sizes for the corpus builder, from the file's size: rows of at least twice
 * the header's length (Sun et al.'s are about four times theirs), a predicted
 * pair per 32 bytes (the bench's Sun-shaped file has one per 91). A guess too
 * large costs address space, too small a regrowth.
 */
function sizeHint(bytes: number, headerLength: number): { turns: number; pairs: number } {
  return { turns: bytes / Math.max(32, 2 * headerLength), pairs: bytes / 32 };
}

/** Reads a CSV file on the fast path; null where the plain path must read it (csv.ts). */
export function readCsvFast(bytes: Uint8Array, file: string, counts?: CsvFastCounts): CsvRead | null {
  try {
    return read(bytes, file, counts ?? { templated: 0 });
  } catch (e) {
    // Decline, or an error the plain path reports in its own words (a turn twice, a bad UTF-8 string).
    if (e instanceof Error) return null;
    throw e;
  }
}

/** What the fast path skipped (for tests): confidence cells read as a template's numbers only; cells read in place (if asked). */
export interface CsvFastCounts {
  templated: number;
  inPlace?: number;
}

function read(bytes: Uint8Array, file: string, counts: CsvFastCounts): CsvRead {
  const b = bytes;
  const first = new CsvRecords(b);
  first.next();
  const header: string[] = [];
  for (let k = 0; k < first.count; k++) header.push(first.text(k).trim());
  const { idCol, totalCol, turnCol, domainCol, rawCol, confCols } = csvColumns(header);
  if (idCol < 0 || (totalCol < 0 && (turnCol < 0 || domainCol < 0))) throw new Decline();

  let unusedScores = 0;
  let notNumbers = 0;
  const { corpus, warnings } = collectTurns(
    b,
    file,
    (tc: TurnCollector) => {
      unusedScores = notNumbers = 0;
      const confIndex = confCols.map(([h]) => tc.builder.confidenceColumn(h));
      const rec = new CsvRecords(b);
      rec.next();
      const cj = new CellJson(b);
      const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
      // Keys of all cells (domain, slot and confidence keys) and the gt_domain cells, interned from bytes.
      const keys = new ByteInterner(new Interner());
      const domainCells = new ByteInterner(new Interner());
      /** The key id of each distinct gt_domain cell. */
      const domainKeyOf: number[] = [];
      const values = new ByteInterner(tc.builder.values);
      /** slotOf[domain key id][slot key id] = corpus slot id (tc.slot, the first time). */
      const slotOf: number[][] = [];
      const slotFor = (d: number, k: number): number => {
        const row = (slotOf[d] ??= []);
        let id = row[k];
        if (id === undefined) id = row[k] = tc.slot(keys.target.name(d), keys.target.name(k));
        return id;
      };
      const caches: DomainCache[] = [];
      const seenDomain: number[] = [];
      let stateGen = 0;
      // Cells read before, by their bytes: a turn_state (per domain) and a confidence cell are read once.
      const turnCells = new ByteRanges(b);
      const updates: Update[][] = [];
      /**
       * Per confidence key (id k): the ids of its prefixes that end before a "_"
       * with something after it (the slots the key may name as "<slot>_<value>"),
       * and, found when first asked, the value id of the rest after each.
       */
      const prefixes: number[][] = [];
      const prefixValue: number[][] = [];
      const prefixesOf = (k: number): number[] => {
        let pre = prefixes[k];
        if (pre === undefined) {
          const name = keys.target.name(k);
          pre = [];
          for (let i = name.indexOf('_'); i >= 0 && i < name.length - 1; i = name.indexOf('_', i + 1))
            pre.push(keys.target.intern(name.slice(0, i)));
          prefixes[k] = pre;
          prefixValue[k] = [];
        }
        return pre;
      };
      /**
       * The pair of `update` a confidence key (id k) scores, as csv.ts finds it:
       * the update's slot equal to the key, else the first "<slot>_" the key
       * begins with (and goes on after) whose value is the rest; -1 for none.
       * The value is interned (tc.value) when csv.ts would first intern it.
       */
      const pairOf = (update: UpdatePair[], k: number): number => {
        for (let i = 0; i < update.length; i++) if (update[i][3] === k) return i;
        const pre = prefixesOf(k);
        if (pre.length === 0) return -1;
        for (let i = 0; i < update.length; i++) {
          const j = pre.indexOf(update[i][3]);
          if (j < 0) continue;
          const values = prefixValue[k];
          let v = values[j];
          if (v === undefined) v = values[j] = tc.value(keys.target.name(k).slice(update[i][0].length + 1));
          return v === update[i][2] ? i : -1;
        }
        return -1;
      };
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
      const readUpdate = (d: number, s: number, e: number): Update => {
        const update: UpdatePair[] = [];
        cj.begin(s, e);
        cj.openObject();
        nKeys = 0;
        for (let f = true; cj.nextKey(f); f = false) {
          const k = key();
          if (!cj.stringHere()) throw new Decline();
          const slot = slotFor(d, k);
          update.push([keys.target.name(k), slot, cj.intern(values), k]);
        }
        cj.end();
        return { pairs: update, templates: [] };
      };
      /**
       * A confidence cell from s: an object of scores, read into `cell`. Its end
       * is e when known (lim = e); else (lim past the field: a field opened,
       * CsvRecords.open) the closing quote after the object, returned.
       */
      const cell: ConfCell = { n: 0, keys: [], scores: [], spans: [] };
      const readConf = (s: number, lim: number, e: number): number => {
        cell.n = 0;
        cj.begin(s, lim);
        cj.openObject();
        nKeys = 0;
        for (let f = true; cj.nextKey(f); f = false) {
          const j = cell.n++;
          cell.keys[j] = key();
          cj.peek();
          cell.spans[2 * j] = cj.pos - s;
          cell.scores[j] = cj.scalar();
          cell.spans[2 * j + 1] = cj.pos - s;
        }
        if (e >= 0) {
          cj.end();
          return e;
        }
        return cj.close();
      };
      /** Scores read by matchTemplate. */
      const tplScores: number[] = [];
      const outcomes: number[] = [];
      /**
       * Whether the cell from s is the template's cell with other numbers (then
       * tplScores holds them): its end where e is known (lim = e), else (lim past
       * the field) a closing quote; returns the cell's end, or -1.
       */
      const matchTemplate = (t: ConfTemplate, s: number, lim: number, e: number): number => {
        let p = s;
        let prev = 0;
        const n = t.outcomes.length;
        for (let j = 0; j <= n; j++) {
          const next = j < n ? t.spans[2 * j] : t.len;
          const len = next - prev;
          if (p + len > lim || commonPrefix(view, b, p, t.at + prev, len) !== len) return -1;
          p += len;
          if (j === n) break;
          cj.begin(p, lim);
          const v = cj.scalar();
          if (Number.isNaN(v)) return -1;
          tplScores[j] = v;
          p = cj.pos;
          prev = t.spans[2 * j + 1];
        }
        return (e >= 0 ? p === e : cj.closesAt(p)) ? p : -1;
      };

      let lastDialogue: string | undefined;
      let lastIdAt = -1;
      let lastIdLen = 0;
      let state = new Map<number, number>();
      let lastTotalAt = -1;
      let lastTotalLen = -1;
      let lastPred: number[] = [];
      /** The domain objects of the last total_state cell read: their key ids, and where each ends (from the cell's start). */
      const domainIds: number[] = [];
      const domainEnds: number[] = [];
      let lastDomains = 0;
      // A row's fields are read in order: the id, gt_domain and turn_state cells scanned (CsvRecords.locate); a
      // total_state or confidence cell that is the next field and begins with "{" read in place to its end (open,
      // then close where the JSON object ends), the others located first.
      const size = b.length;
      while (rec.begin()) {
        // The id: "<dialogue>-<turn>"; the dialogue decoded when its bytes change.
        let dialogue: string | undefined;
        let tn = -1;
        {
          rec.locate(idCol);
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
        // The gt_domain as a key id (-1: none), by the cell's bytes.
        let domainKey = -1;
        if (domainCol >= 0) {
          rec.locate(domainCol);
          const s = rec.start[domainCol];
          const e = rec.end[domainCol];
          if (!rec.doubled[domainCol] && trimmed(b, s, e)) {
            const cell = domainCells.intern(b, s, e, hashBytes(b, s, e));
            domainKey = domainKeyOf[cell] ??= keys.target.intern(domainCells.target.name(cell));
          } else if (s !== e) {
            const domain = rec.text(domainCol).trim();
            if (domain !== '') domainKey = keys.target.intern(domain);
          }
        }
        if (dialogue !== lastDialogue) state = new Map();
        lastDialogue = dialogue;

        // The turn's update: [slot key, slot id, value id]; a cell read before (same bytes, same domain) is not read again.
        let update = NO_UPDATE;
        if (turnCol >= 0 && domainKey >= 0) {
          const d = domainKey;
          rec.locate(turnCol);
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
          // Read in place (e = -1: its end not known, lim = the end of the text), or located first.
          let s = rec.open(totalCol);
          let e = -1;
          if (s < 0 || b[s] !== 0x7b) {
            rec.locate(totalCol);
            s = rec.start[totalCol];
            e = rec.end[totalCol];
          }
          const lim = e >= 0 ? e : size;
          if (
            lastTotalLen >= 0 &&
            (e >= 0 ? e - s === lastTotalLen : cj.closesAt(s + lastTotalLen)) &&
            commonPrefix(view, b, s, lastTotalAt, lastTotalLen) === lastTotalLen
          ) {
            pred = lastPred;
            if (e < 0) rec.close(totalCol, s + lastTotalLen);
          } else {
            pred = [];
            cj.begin(s, lim);
            const gen = ++stateGen;
            // The domains of the last total_state cell that end inside the bytes this one begins with are the same
            // objects (same key, same pairs, as their caches hold them): taken without reading their keys again.
            let nd = 0;
            if (lastDomains > 0) {
              const shared = commonPrefix(view, b, s, lastTotalAt, Math.min(lastTotalLen, lim - s));
              while (nd < lastDomains && domainEnds[nd] <= shared) {
                const d = domainIds[nd++];
                seenDomain[d] = gen;
                const cache = caches[d];
                for (let i = 0; i < 2 * cache.n; i++) pred.push(cache.pairs[i]);
              }
            }
            if (nd > 0) cj.pos = s + domainEnds[nd - 1];
            else cj.openObject();
            for (let f = nd === 0; cj.nextKey(f); f = false) {
              if (cj.digitsOnly()) throw new Decline();
              const d = cj.intern(keys);
              if (seenDomain[d] === gen) throw new Decline();
              seenDomain[d] = gen;
              if (cj.peek() !== 0x7b) throw new Decline();
              const at = cj.pos;
              const cache = (caches[d] ??= new DomainCache());
              const shared = cache.len > 0 ? commonPrefix(view, b, at, cache.at, Math.min(cache.len, lim - at)) : 0;
              if (cache.len > 0 && shared === cache.len) {
                // The whole domain object repeats.
                cj.pos = at + shared;
                for (let i = 0; i < 2 * cache.n; i++) pred.push(cache.pairs[i]);
                cache.at = at;
                domainIds[nd] = d;
                domainEnds[nd++] = cj.pos - s;
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
              domainIds[nd] = d;
              domainEnds[nd++] = cj.pos - s;
            }
            lastDomains = nd;
            if (e >= 0) cj.end();
            else rec.close(totalCol, (e = cj.close()));
            lastPred = pred;
            lastTotalAt = s;
            lastTotalLen = e - s;
          }
          if (pred === lastPred && lastTotalAt !== s) pred = pred.slice(); // a repeat: its own copy (the builder sorts in place)
        } else {
          pred = [];
          for (const [, s, v] of update.pairs) state.set(s, v);
          for (const [s, v] of state) pred.push(s, v);
        }

        const extra: TurnExtra = {};
        if (confCols.length > 0 && update.pairs.length > 0) {
          const pairs = update.pairs;
          // Entries by slot, in the order first met (as csv.ts's Map).
          const entries: { slot: number; value: number; scores: (number | undefined)[] }[] = [];
          // The template of the last cell read in this row (its other columns often repeat its keys: pair_verbalized,
          // pair_confidence and pair_minicons name the same "<slot>_<value>" pairs); the same update, so the same outcomes.
          let inRow: ConfTemplate | undefined;
          for (let c = 0; c < confCols.length; c++) {
            const col = confCols[c][1];
            // Read in place (e = -1, lim = the end of the text; then close), or located first.
            let s = rec.open(col);
            let e = -1;
            if (s < 0 || b[s] !== 0x7b) {
              rec.locate(col);
              s = rec.start[col];
              e = rec.end[col];
              if (blank(b, s, e)) continue;
            }
            const lim = e >= 0 ? e : size;
            const t = update.templates[c];
            let scores: number[];
            let out: number[];
            let n: number;
            let end: number;
            if (t !== undefined && (end = matchTemplate(t, s, lim, e)) >= 0) {
              counts.templated++;
              scores = tplScores;
              out = t.outcomes;
              n = out.length;
              inRow = t;
            } else if (inRow !== undefined && inRow !== t && (end = matchTemplate(inRow, s, lim, e)) >= 0) {
              counts.templated++;
              scores = tplScores;
              out = inRow.outcomes;
              n = out.length;
              update.templates[c] = inRow;
            } else {
              end = readConf(s, lim, e);
              scores = cell.scores;
              out = outcomes;
              n = cell.n;
              let numbers = true;
              for (let j = 0; j < n; j++) {
                if (Number.isNaN(scores[j])) {
                  out[j] = NOT_NUMBER;
                  numbers = false;
                } else out[j] = pairOf(pairs, cell.keys[j]);
              }
              if (numbers)
                update.templates[c] = inRow = { at: s, len: end - s, spans: cell.spans.slice(0, 2 * n), outcomes: out.slice(0, n) };
            }
            if (e < 0) {
              rec.close(col, end);
              if (counts.inPlace !== undefined) counts.inPlace++;
            }
            for (let j = 0; j < n; j++) {
              const m = out[j];
              if (m === NOT_NUMBER) {
                notNumbers++;
                continue;
              }
              if (m < 0) {
                unusedScores++;
                continue;
              }
              const u = pairs[m];
              let entry;
              for (let x = 0; x < entries.length; x++)
                if (entries[x].slot === u[1]) {
                  entry = entries[x];
                  break;
                }
              if (!entry) entries.push((entry = { slot: u[1], value: u[2], scores: [] }));
              entry.scores[confIndex[c]] = scores[j];
            }
          }
          if (entries.length > 0) extra.confidence = entries;
        }
        rec.finish();
        if (rawCol >= 0) extra.raw = rec.text(rawCol);
        tc.turn(dialogue, tn - 1, [], pred, 0, undefined, extra);
      }
    },
    sizeHint(b.length, first.end[first.count - 1]),
  );
  return { header, corpus, warnings, unusedScores, notNumbers };
}
