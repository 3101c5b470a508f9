// The corpus builder's generated texts given as ASCII bytes (TurnExtra
// rawBytes, decoded at build time: ascii-texts.ts) come out as the same
// strings as texts given as strings, turn by turn, also when a dialogue's
// turns arrive out of order (the builder permutes them) and the two kinds mix.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CorpusBuilder } from '../../../../src/shared/model/builder';

const enc = new TextEncoder();

describe('CorpusBuilder raw texts from bytes', () => {
  it('equal the texts given as strings, in turn order', () => {
    const turn = fc.record({
      raw: fc.option(fc.string({ unit: 'binary-ascii', maxLength: 20 }), { nil: undefined }),
      asBytes: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(fc.array(turn, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (dialogues, reverse) => {
          const file = enc.encode(dialogues.flatMap((d) => d.map((t) => t.raw ?? '')).join(''));
          const withBytes = new CorpusBuilder();
          const withStrings = new CorpusBuilder();
          let at = 0;
          dialogues.forEach((d, k) => {
            withBytes.beginDialogue(`d${k}`);
            withStrings.beginDialogue(`d${k}`);
            d.forEach((t, i) => {
              const index = reverse ? d.length - 1 - i : i;
              const r = t.raw ?? '';
              const bytesExtra =
                t.raw === undefined ? {} : t.asBytes ? { rawBytes: file, rawStart: at, rawEnd: at + r.length } : { raw: t.raw };
              at += r.length;
              expect(withBytes.addTurn(index, [], [], undefined, undefined, bytesExtra)).toBeNull();
              expect(withStrings.addTurn(index, [], [], undefined, undefined, t.raw === undefined ? {} : { raw: t.raw })).toBeNull();
            });
          });
          const a = withBytes.build().generation?.raw;
          const b = withStrings.build().generation?.raw;
          expect(a).toEqual(b);
          if (dialogues.some((d) => d.some((t) => t.raw !== undefined))) expect(a).toBeDefined();
        },
      ),
    );
  });
});
