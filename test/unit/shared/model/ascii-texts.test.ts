// The pool of ASCII texts the corpus builder decodes all at once: every text
// read back equals the bytes put in, across chunk boundaries and for texts
// longer than a chunk (refused: the caller keeps a string).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AsciiTexts } from '../../../../src/shared/model/ascii-texts';

const enc = new TextEncoder();

describe('AsciiTexts', () => {
  it('gives back each text added, whatever the chunk size', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'binary-ascii', maxLength: 40 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 64 }),
        (texts, chunk) => {
          // The texts side by side in one file, with a byte between them.
          const file = enc.encode(texts.join('|'));
          const pool = new AsciiTexts(chunk);
          const places: number[] = [];
          let at = 0;
          for (const t of texts) {
            places.push(pool.add(file, at, at + t.length));
            at += t.length + 1;
          }
          const read = pool.reader();
          texts.forEach((t, i) => {
            if (t.length > chunk) expect(places[i]).toBe(-1);
            else expect(read(places[i], t.length)).toBe(t);
          });
        },
      ),
    );
  });
});
