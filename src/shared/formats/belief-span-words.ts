// Layer: shared (pure TS). Parses one domain segment of a belief span
// ("[hotel] area north price range cheap", or MTTOD's "[hotel] [value_area]
// north") straight from the file's bytes, for the fast path
// (belief-span-bytes.ts), when the segment is new (not in its cache): words
// are interned by their bytes (each distinct word decoded once) and matched
// against the slot vocabulary by word id, values are interned by their bytes
// (the words with the single spaces between them), so a new segment costs no
// decoding, no split and no string per pair. It follows belief-span.ts's
// parseDamd and parseMttod step by step on word ids and gives exactly what
// parseSpan gives on the segment's text, or null where parseSpan refuses it (or
// where this reader does not follow: a <token> word; the caller declines then).
// The segment is ASCII (the caller checked) and starts with a [token] word.

import { Interner } from '../model/interner';
import type { SpanGrammar } from './belief-span';
import { ByteInterner } from './byte-interner';
import type { SlotVocab } from './slot-vocab';

/** Slot and value ids, as the loader's collector interns them. */
export interface SpanIds {
  slotById(canonical: string): number;
  value(v: string): number;
}

const LT = 0x3c;
const GT = 0x3e;

const isWhite = (c: number): boolean => c === 0x20 || (c >= 0x09 && c <= 0x0d);

/** A candidate word sequence of the vocabulary (slot name, stop word, or value read whole), by word ids. */
interface Seq {
  words: Int32Array;
  /** The words joined by single spaces (a slot name as parseDamd spells it). */
  name: string;
  /** Its number among the ender sequences (for the slot cache). */
  index: number;
}

/** What a distinct word is, worked out the first time it is met. */
interface WordInfo {
  /** A [token]: its name between the brackets; else undefined. */
  bracket: string | undefined;
  /** Whether it is a <token> word (spanWords' test), which this reader leaves to parseSpan. */
  angle: boolean;
  /** Slot names and stop words starting with it, longest first (vocab.enders), or undefined. */
  enders: Seq[] | undefined;
  /** Values read whole starting with it, longest first (vocab.values), or undefined. */
  values: Seq[] | undefined;
}

export class SegmentWords {
  private readonly words = new Interner();
  private readonly wordBytes = new ByteInterner(this.words);
  private readonly info: WordInfo[] = [];
  /** Values and canonical slot names met, numbered locally; the collector's ids are asked for once a segment is read. */
  private readonly valueBytes = new ByteInterner(new Interner());
  private readonly valueIds: number[] = [];
  private readonly slots = new Interner();
  private readonly slotIds: number[] = [];
  /** slotOf[domain word id][ender seq index (DAMD) or [value_x] word id (MTTOD)] = local slot id, or -1: not a slot of the domain. */
  private readonly slotOf: number[][] = [];
  private enderCount = 0;
  /** Scratch: the segment's word ranges and ids. */
  private ws: Int32Array<ArrayBuffer> = new Int32Array(64);
  private we: Int32Array<ArrayBuffer> = new Int32Array(64);
  private wid: Int32Array<ArrayBuffer> = new Int32Array(64);

  constructor(
    private readonly bytes: Uint8Array,
    private readonly grammar: SpanGrammar,
    private readonly vocab: SlotVocab,
    private readonly ids: SpanIds,
  ) {}

  /** The pairs of the segment bytes[s, e) as flat [slot id, value id, …], or null: parseSpan refuses it (or may). */
  parse(s: number, e: number): number[] | null {
    const n = this.split(s, e);
    if (n === 0) return null;
    const first = this.infoOf(this.wid[0]);
    if (first.bracket === undefined || !this.vocab.domains.has(first.bracket)) return null;
    for (let i = 1; i < n; i++) if (this.infoOf(this.wid[i]).angle) return null;
    const out = this.grammar === 'mttod' ? this.mttod(n) : this.damd(n);
    // The collector interns the slots and values of a segment read, not of one refused (as with parseSpan).
    if (out)
      for (let k = 0; k < out.length; k += 2) {
        out[k] = this.slotIds[out[k]] ??= this.ids.slotById(this.slots.name(out[k]));
        out[k + 1] = this.valueIds[out[k + 1]] ??= this.ids.value(this.valueBytes.target.name(out[k + 1]));
      }
    return out;
  }

  /** Splits bytes[s, e) into words (ws, we, wid); returns their number. */
  private split(s: number, e: number): number {
    const b = this.bytes;
    let n = 0;
    let p = s;
    for (;;) {
      while (p < e && isWhite(b[p])) p++;
      if (p >= e) break;
      const start = p;
      let h = 0x811c9dc5 | 0;
      for (let c = 0; p < e && !isWhite((c = b[p])); p++) h = Math.imul(h ^ c, 0x01000193);
      if (n === this.ws.length) this.grow();
      this.ws[n] = start;
      this.we[n] = p;
      this.wid[n] = this.wordBytes.intern(b, start, p, h);
      n++;
    }
    return n;
  }

  private grow(): void {
    const g = (a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
      const x = new Int32Array(2 * a.length);
      x.set(a);
      return x;
    };
    this.ws = g(this.ws);
    this.we = g(this.we);
    this.wid = g(this.wid);
  }

  private infoOf(w: number): WordInfo {
    let i = this.info[w];
    if (i === undefined) {
      const name = this.words.name(w);
      const bracket = name.length >= 2 && name[0] === '[' && name[name.length - 1] === ']' ? name.slice(1, -1) : undefined;
      const angle = name.charCodeAt(0) === LT && name.charCodeAt(name.length - 1) === GT && /^<[^<>\s]*>$/.test(name);
      i = { bracket, angle, enders: this.seqs(this.vocab.enders.get(name), true), values: this.seqs(this.vocab.values.get(name), false) };
      this.info[w] = i;
    }
    return i;
  }

  private seqs(list: readonly string[][] | undefined, enders: boolean): Seq[] | undefined {
    if (!list) return undefined;
    return list.map((seq) => ({
      words: Int32Array.from(seq, (x) => this.words.intern(x)),
      name: seq.join(' '),
      index: enders ? this.enderCount++ : -1,
    }));
  }

  /** belief-span.ts matchAt: the longest candidate that starts at word i, or undefined. */
  private matchAt(list: Seq[] | undefined, i: number, n: number): Seq | undefined {
    if (!list) return undefined;
    const wid = this.wid;
    for (const seq of list) {
      const w = seq.words;
      let ok = i + w.length <= n;
      for (let k = 1; ok && k < w.length; k++) ok = wid[i + k] === w[k];
      if (ok) return seq;
    }
    return undefined;
  }

  /** parseDamd's boundary: a [token] or the start of a slot name or stop word. */
  private boundary(j: number, n: number): boolean {
    const info = this.infoOf(this.wid[j]);
    return info.bracket !== undefined || this.matchAt(info.enders, j, n) !== undefined;
  }

  /** belief-span.ts parseDamd on the segment's words (the first, its domain, checked). */
  private damd(n: number): number[] | null {
    const out: number[] = [];
    const domainWord = this.wid[0];
    const domain = this.infoOf(domainWord).bracket!;
    let i = 1;
    while (i < n) {
      const info = this.infoOf(this.wid[i]);
      if (info.bracket !== undefined) return null; // another [token]: the caller makes it a segment of its own
      const slotSeq = this.matchAt(info.enders, i, n);
      if (!slotSeq) return null;
      const slot = this.slotId(domainWord, slotSeq.index, domain, slotSeq.name);
      if (slot < 0) return null;
      i += slotSeq.words.length;
      let j = i;
      const whole = i < n ? this.matchAt(this.infoOf(this.wid[i]).values, i, n) : undefined;
      if (whole && (i + whole.words.length === n || this.boundary(i + whole.words.length, n))) j = i + whole.words.length;
      else while (j < n && !this.boundary(j, n)) j++;
      if (j === i) return null;
      for (let k = 0; k < out.length; k += 2) if (out[k] === slot) return null;
      out.push(slot, this.valueId(i, j));
      i = j;
    }
    return out;
  }

  /** belief-span.ts parseMttod on the segment's words (the first, its domain, checked). */
  private mttod(n: number): number[] | null {
    const out: number[] = [];
    const domainWord = this.wid[0];
    const domain = this.infoOf(domainWord).bracket!;
    let i = 1;
    while (i < n) {
      const w = this.wid[i];
      const name = this.infoOf(w).bracket;
      if (name === undefined || !name.startsWith('value_')) return null; // a value before the first [value_x], or another domain
      const slot = this.slotId(domainWord, w, domain, name.slice('value_'.length));
      if (slot < 0) return null;
      for (let k = 0; k < out.length; k += 2) if (out[k] === slot) return null;
      let j = ++i;
      while (j < n && this.infoOf(this.wid[j]).bracket === undefined) j++;
      if (j === i) return null;
      out.push(slot, this.valueId(i, j));
      i = j;
    }
    return out;
  }

  /**
   * The local id of the canonical name of a slot (spelt `slot`) of the domain, cached by the domain's word and `key`;
   * -1 if the domain has no such slot. (Two spellings of one canonical name get one id: parseSpan's "written twice".)
   */
  private slotId(domainWord: number, key: number, domain: string, slot: string): number {
    const byKey = (this.slotOf[domainWord] ??= []);
    let id = byKey[key];
    if (id === undefined) {
      id = this.vocab.domains.get(domain)!.has(slot) ? this.slots.intern(this.vocab.canonical(domain, slot)) : -1;
      byKey[key] = id;
    }
    return id;
  }

  /** The local id of the value words [i, j) joined by single spaces: interned by their bytes when single spaces join them there. */
  private valueId(i: number, j: number): number {
    const b = this.bytes;
    const { ws, we } = this;
    let single = true;
    for (let k = i; k + 1 < j && single; k++) single = ws[k + 1] === we[k] + 1 && b[we[k]] === 0x20;
    let local: number;
    if (single) {
      let h = 0x811c9dc5 | 0;
      for (let p = ws[i]; p < we[j - 1]; p++) h = Math.imul(h ^ b[p], 0x01000193);
      local = this.valueBytes.intern(b, ws[i], we[j - 1], h);
    } else {
      const parts: string[] = [];
      for (let k = i; k < j; k++) parts.push(this.words.name(this.wid[k]));
      local = this.valueBytes.target.intern(parts.join(' '));
    }
    return local;
  }
}
