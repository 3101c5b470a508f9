// What the bytes are before a layout is tried (src/shared/formats/encoding.ts):
// UTF-16/32 named with the evidence (byte order mark, or NUL bytes between the
// characters), a NUL byte with its offset and line:column, leading whitespace
// of any length skipped by detection, and a string too long for JavaScript
// named as such instead of "invalid UTF-8".
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { loadReference } from '../../../../src/shared/formats/dialogue-sources';
import { decodeProblem, encodingProblem, firstInvalidUtf8, headText, MAX_STRING_CHARS } from '../../../../src/shared/formats/encoding';
import { LoadError } from '../../../../src/shared/formats/errors';
import { sample } from './samples';

const JSONL = '{"dialogue_id":"a","turn":0,"gold":{"hotel-area":"north"},"pred":{"hotel-area":"north"}}\n';

function encode(text: string, encoding: 'utf16le' | 'utf16be' | 'utf32le' | 'utf32be', bom: boolean): Uint8Array {
  const units = [...((bom ? '\uFEFF' : '') + text)].map((c) => c.codePointAt(0)!);
  const width = encoding.startsWith('utf16') ? 2 : 4;
  const out = new Uint8Array(units.length * width);
  units.forEach((u, i) => {
    for (let k = 0; k < width; k++) {
      const byte = (u >> (8 * k)) & 0xff;
      out[i * width + (encoding.endsWith('le') ? k : width - 1 - k)] = byte;
    }
  });
  return out;
}

function problem(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    if (e instanceof LoadError) return e.message;
    throw e;
  }
  throw new Error('expected a LoadError');
}

describe('UTF-16 and UTF-32 are named, with the evidence', () => {
  const cases: ['utf16le' | 'utf16be' | 'utf32le' | 'utf32be', string][] = [
    ['utf16le', 'UTF-16 LE'],
    ['utf16be', 'UTF-16 BE'],
    ['utf32le', 'UTF-32 LE'],
    ['utf32be', 'UTF-32 BE'],
  ];
  it.each(cases)('%s with a byte order mark', (enc, name) => {
    const bytes = encode(JSONL, enc, true);
    const marks: Record<string, string> = { utf16le: 'FF FE', utf16be: 'FE FF', utf32le: 'FF FE 00 00', utf32be: '00 00 FE FF' };
    const expected = `t.jsonl: this file looks like ${name} (byte order mark ${marks[enc]} at offset 0); save it as UTF-8 (JSON files are UTF-8) and open it again`;
    expect(problem(() => loadCorpus(bytes, { file: 't.jsonl' }))).toBe(expected);
    // --layout skips detection, not this check; gold and dialogue files say the same.
    expect(problem(() => loadCorpus(bytes, { file: 't.jsonl', layout: 'jsonl' }))).toBe(expected);
    expect(problem(() => loadReference(bytes, { file: 't.jsonl' }))).toBe(expected);
  });
  it.each(cases)('%s without a byte order mark', (enc, name) => {
    const bytes = encode(JSONL, enc, false);
    expect(problem(() => loadCorpus(bytes, { file: 't.jsonl' }))).toBe(
      `t.jsonl: this file looks like ${name} (no byte order mark, but NUL bytes between the characters from offset 0); save it as UTF-8 (JSON files are UTF-8) and open it again`,
    );
  });
});

describe('a NUL byte: its offset and line:column', () => {
  it('in the first 4 KiB of an otherwise ASCII file', () => {
    const bytes = new TextEncoder().encode(JSONL + '{"dialogue_id":"b"\0');
    const at = JSONL.length + 18;
    expect(encodingProblem(bytes, 'a JSON prediction file')).toBe(
      `this is not a text file: NUL byte at offset ${at} (line 2, column 19); expected a JSON prediction file`,
    );
  });
  it('later in the file: the scanner reports it where it is', () => {
    const bytes = new TextEncoder().encode(JSONL.repeat(100) + '{"dialogue_id":"b\0"}\n');
    expect(problem(() => loadCorpus(bytes, { file: 't.jsonl' }))).toMatch(/^t\.jsonl:101:18: control character byte 0x00 inside a string/);
  });
});

describe('leading whitespace of any length', () => {
  it('detection skips it (was: gave up after 64 KiB)', () => {
    const text = sample('all_prediction_TRADE.json');
    for (const pad of [64 * 1024, 3 * 2 ** 20]) {
      const bytes = new Uint8Array(pad + text.length);
      bytes.fill(0x20, 0, pad);
      for (let i = 0; i < pad; i += 97) bytes[i] = 0x0a;
      bytes.set(text, pad);
      expect(loadCorpus(bytes, { file: 'p.json' }).format).toBe('trade');
    }
  });
  it('after a UTF-8 byte order mark too; headText starts at the first non-blank byte', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new Array(70_000).fill(0x09), ...new TextEncoder().encode(JSONL)]);
    expect(loadCorpus(bytes, { file: 't.jsonl' }).format).toBe('jsonl');
    expect(headText(bytes).startsWith('{"dialogue_id"')).toBe(true);
  });
});

describe('a string that cannot be decoded', () => {
  it('invalid UTF-8: the offending byte and its offset', () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"dialogue_id":"ab'),
      0xc3,
      0x28,
      ...new TextEncoder().encode('","turn":0,"gold":{},"pred":{}}\n'),
    ]);
    expect(problem(() => loadCorpus(bytes, { file: 't.jsonl' }))).toBe(
      't.jsonl:1:19: a string is not valid UTF-8 (byte 0xc3 at offset 18)',
    );
  });
  it('firstInvalidUtf8 agrees with a fatal TextDecoder', () => {
    const dec = new TextDecoder('utf-8', { fatal: true });
    const samples = [
      [0x61],
      [0xc3, 0xa9],
      [0xe2, 0x82, 0xac],
      [0xf0, 0x9f, 0x98, 0x80],
      [0xc0, 0x80],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xe2, 0x82],
      [0x80],
      [0xff],
    ];
    for (const s of samples) {
      const b = new Uint8Array(s);
      let valid = true;
      try {
        dec.decode(b);
      } catch {
        valid = false;
      }
      expect(firstInvalidUtf8(b, 0, b.length) < 0, s.join(' ')).toBe(valid);
    }
  });
  it('longer than a JavaScript string can be: said so, not "invalid UTF-8" (was: a 600 MB ASCII string called invalid UTF-8)', () => {
    // 2^29 bytes of ASCII inside one string value: just above V8's 2^29 − 24 characters.
    const head = new TextEncoder().encode('{"dialogue_id":"');
    const tail = new TextEncoder().encode('","turn":0,"gold":{},"pred":{}}\n');
    const n = 2 ** 29;
    expect(n).toBeGreaterThan(MAX_STRING_CHARS);
    const bytes = new Uint8Array(head.length + n + tail.length);
    bytes.set(head);
    bytes.fill(0x61, head.length, head.length + n);
    bytes.set(tail, head.length + n);
    expect(problem(() => loadCorpus(bytes, { file: 'big.jsonl', layout: 'jsonl' }))).toBe(
      'big.jsonl:1:17: a string of 536,870,912 bytes (512 MB) is longer than the longest string JavaScript can hold (536,870,888 characters); no value or id is that long — is a quote missing, or the file cut?',
    );
    expect(decodeProblem(bytes, head.length, head.length + n).problem).toMatch(/longer than the longest string JavaScript can hold/);
  }, 180_000); // half a gigabyte scanned twice: seconds alone, more on a busy machine
});
