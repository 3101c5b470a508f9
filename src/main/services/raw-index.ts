// Layer: main (Node). The raw view: finds where each dialogue's JSON sits in
// the file (one validating scan of the top-level object), reads it back on
// demand from disk, and says on which line each turn starts. Layouts whose
// top level is not keyed by dialogue id get the normalised JSON instead.

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { DialogueRaw } from '../../shared/api';
import { JsonScanner } from '../../shared/formats/json-scanner';
import type { Corpus } from '../../shared/model/corpus';
import { domainOf } from '../../shared/model/corpus';
import type { RawIndex } from './load-types';

/** Byte ranges [key quote, end of value) of the top-level members, by key; null if the top level is not an object. */
export function topLevelRanges(bytes: Uint8Array, file: string): Map<string, [number, number]> | null {
  const sc = new JsonScanner(bytes, file);
  if (sc.peek() !== 0x7b) return null;
  try {
    sc.openObject('$', 'an object');
    const out = new Map<string, [number, number]>();
    for (let first = true; sc.nextKey(first); first = false) {
      const start = sc.keyStart - 1;
      const key = sc.key();
      sc.skipValue();
      out.set(key, [start, sc.pos]);
    }
    return out;
  } catch {
    return null;
  }
}

const MAX_RAW_BYTES = 32 * 1024 * 1024;

function readRange(path: string, start: number, end: number, expect: { size: number; mtimeMs: number }): Uint8Array | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    const st = fstatSync(fd);
    if (st.size !== expect.size || st.mtimeMs !== expect.mtimeMs) return null;
    // Start at the beginning of the key's line so the file's indentation is kept.
    const lead = Math.min(start, 256);
    const buf = Buffer.alloc(end - start + lead);
    let off = 0;
    while (off < buf.length) {
      const n = readSync(fd, buf, off, buf.length - off, start - lead + off);
      if (n === 0) break;
      off += n;
    }
    let s = lead;
    while (s > 0 && (buf[s - 1] === 0x20 || buf[s - 1] === 0x09)) s--;
    if (s > 0 && buf[s - 1] !== 0x0a) s = lead;
    return new Uint8Array(buf.buffer, buf.byteOffset + s, off - s);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** Line (1-based) where each turn key of the single dialogue in `text` starts. */
export function turnLinesOf(text: string): Record<number, number> {
  const bytes = new TextEncoder().encode(text);
  const out: Record<number, number> = {};
  try {
    const sc = new JsonScanner(bytes, 'raw');
    sc.openObject('$', 'an object');
    if (!sc.nextKey(true)) return out;
    if (sc.peek() !== 0x7b) return out;
    sc.openObject('$', 'an object');
    let line = 1;
    let counted = 0;
    for (let first = true; sc.nextKey(first); first = false) {
      const at = sc.keyStart - 1;
      for (; counted < at; counted++) if (bytes[counted] === 0x0a) line++;
      const k = sc.key();
      if (/^[0-9]+$/.test(k)) out[Number(k)] = line;
      sc.skipValue();
    }
  } catch {
    /* partial lines are still useful */
  }
  return out;
}

/** The dialogue's JSON as written in its file, wrapped in braces so it parses; normalised JSON when the file gives no range. */
export function dialogueRawText(corpus: Corpus, raw: RawIndex, d: number): DialogueRaw {
  const f = raw.file[d];
  if (f >= 0 && raw.end[d] - raw.start[d] <= MAX_RAW_BYTES) {
    const info = raw.files[f];
    const bytes = readRange(info.path, raw.start[d], raw.end[d], info);
    if (bytes) {
      let inner = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
      if (!inner.includes('\n') && inner.length > 80) {
        // Minified files: one line per dialogue is unreadable; indent it.
        try {
          const obj = JSON.parse(`{${inner}}`) as Record<string, unknown>;
          const text = JSON.stringify(obj, null, 2);
          return { text, turnLines: turnLinesOf(text) };
        } catch {
          /* fall through to the text as written */
        }
      }
      if (!/^\s/.test(inner)) inner = '  ' + inner;
      const text = `{\n${inner}\n}\n`;
      return { text, turnLines: turnLinesOf(text) };
    }
  }
  const text = normalisedJson(corpus, d);
  return { text, turnLines: turnLinesOf(text) };
}

/** One dialogue in the FGA/GCA per-turn layout, built from the corpus. */
export function normalisedJson(corpus: Corpus, d: number): string {
  const turns: Record<string, unknown> = {};
  const state = (pairs: Int32Array, start: number, len: number) => {
    const out: Record<string, Record<string, string>> = {};
    for (let k = start; k < start + len; k++) {
      const slot = corpus.slots.name(pairs[2 * k]);
      const domain = domainOf(slot);
      (out[domain] ??= {})[slot.slice(domain.length + 1)] = corpus.values.name(pairs[2 * k + 1]);
    }
    return out;
  };
  for (let i = corpus.dialogueStart[d]; i < corpus.dialogueStart[d + 1]; i++) {
    turns[String(corpus.turnIndex[i])] = {
      gt: state(corpus.goldPairs, corpus.goldStart[i], corpus.goldLen[i]),
      pr: state(corpus.predPairs, corpus.predStart[i], corpus.predLen[i]),
    };
  }
  return JSON.stringify({ [corpus.dialogueIds[d]]: turns }, null, 2) + '\n';
}
