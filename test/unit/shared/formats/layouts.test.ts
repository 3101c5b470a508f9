// The command's layout list (src/shared/formats/layouts.ts: each layout's
// sniffer with a dynamic import of its loader) against the registry
// (registry.ts, every loader loaded): the same layouts in the same order with
// the same sniffers, each import giving the registry's loader, and
// loadRawCorpusLazy giving what loadRawCorpus gives — the same corpus, or the
// same error — for every kit's sample (with --index, with --layout), for the
// files that fit no layout, and for random files (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadRawCorpus, type CorpusLoadOptions } from '../../../../src/shared/formats/detect';
import { LAYOUTS, layoutNames, loadRawCorpusLazy } from '../../../../src/shared/formats/layouts';
import { LOADERS } from '../../../../src/shared/formats/registry';
import type { LoadedCorpus } from '../../../../src/shared/formats/types';
import { indexOption, LAYOUT_KITS } from './layout-kits';
import { fixture } from './samples';

const utf8 = (s: string) => new TextEncoder().encode(s);

type Outcome = { ok: LoadedCorpus } | { error: string; name: string; reason: unknown };

function outcome(load: () => LoadedCorpus): Outcome {
  try {
    return { ok: load() };
  } catch (e) {
    return { error: (e as Error).message, name: (e as Error).name, reason: (e as { reason?: unknown }).reason };
  }
}

async function lazyOutcome(bytes: Uint8Array, opts: CorpusLoadOptions): Promise<Outcome> {
  try {
    return { ok: await loadRawCorpusLazy(bytes, opts) };
  } catch (e) {
    return { error: (e as Error).message, name: (e as Error).name, reason: (e as { reason?: unknown }).reason };
  }
}

/** Both paths on the same bytes and options: the same corpus, warnings and format, or the same error. */
async function expectSame(bytes: Uint8Array, opts: CorpusLoadOptions): Promise<Outcome> {
  const plain = outcome(() => loadRawCorpus(bytes, opts));
  expect(await lazyOutcome(bytes, opts)).toEqual(plain);
  return plain;
}

describe('the command’s layout list', () => {
  it('has the registry’s layouts, in its order, with the same names, labels and sniffers', () => {
    expect(LAYOUTS.map((l) => [l.id, l.label])).toEqual(LOADERS.map((l) => [l.id, l.label]));
    LAYOUTS.forEach((l, i) => expect(l.sniff, l.id).toBe(LOADERS[i].sniff));
    expect(layoutNames()).toEqual(LOADERS.map((l) => l.id));
  });

  it('imports each layout’s loader: the registry’s', async () => {
    for (const [i, l] of LAYOUTS.entries()) expect(await l.loader(), l.id).toBe(LOADERS[i]);
  });
});

describe('loadRawCorpusLazy equals loadRawCorpus', () => {
  const samples = Object.entries(LAYOUT_KITS).flatMap(([id, kit]) => kit.samples.map((s) => [id, s.file, s.index] as const));

  it.each(samples)('%s: %s, detected (or by its index) and by --layout', async (id, file, indexPath) => {
    const bytes = fixture(file);
    const index = indexOption(indexPath);
    const detected = await expectSame(bytes, { file, index });
    expect('ok' in detected && detected.ok.format).toBe(id);
    await expectSame(bytes, { file, index, layout: id });
  });

  it('for files that fit no layout, or a layout they are not in: the same errors', async () => {
    const cases: [string, CorpusLoadOptions][] = [
      ['', { file: 'empty.json' }],
      ['  \n', { file: 'blank.json' }],
      ['{}', { file: 'empty-object.json' }],
      ['[ ]', { file: 'empty-list.json' }],
      ['hello', { file: 'text.txt' }],
      ['{"a": 1}', { file: 'other.json' }],
      ['{"MUL1110.json": {"0": {"x": {}}}}', { file: 'near-fga.json' }], // near FGA: turns without "gt"/"pr"
      ['{"d": {"0": {"gt": {}, "pr": {}}}}', { file: 'x.json', layout: 'no-such-layout' }],
      ['{"d": {"0": {"gt": {}, "pr": {}}}}', { file: 'x.json', layout: 'trade' }],
      ['\u0000\u0001', { file: 'binary.bin' }],
    ];
    for (const [text, opts] of cases) {
      const r = await expectSame(utf8(text), opts);
      expect('error' in r, `${opts.file} is refused`).toBe(true);
    }
    // Dialogue files given as predictions (MultiWOZ 2.1 data.json, TRADE test_dials.json): "not predictions".
    for (const file of ['formats/data.json', 'formats/test_dials.json']) {
      const r = await expectSame(fixture(file), { file });
      expect('error' in r && r.reason, file).toBe('not-predictions');
    }
    const bom16 = new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]);
    expect('error' in (await expectSame(bom16, { file: 'utf16.json' }))).toBe(true);
  });

  it('for random files built from layout-like pieces (fast-check)', async () => {
    const piece = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      ' ',
      '\n',
      '"d1"',
      '"0"',
      '"1"',
      '"gt"',
      '"pr"',
      '{}',
      '"hotel-area"',
      '"centre"',
      '"dialogue_id"',
      '"turns"',
      '"turn"',
      '"gold"',
      '"pred"',
      '"utt_idx"',
      '"predictions"',
      '"state"',
      '"guid"',
      '"slot_prediction_hotel-area"',
      '"ID"',
      '"turn_id"',
      '"slot_values"',
      '"bspn_gen"',
      '"dial_id"',
      '"turn_num"',
      '"turn_belief"',
      '"pred_bs_ptr"',
      '"d1_0"',
      '|||',
      'id,turn_state',
      '1',
      'null',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 40 }),
        fc.option(fc.constantFrom(...LOADERS.map((l) => l.id)), { nil: undefined }),
        async (parts, layout) => {
          await expectSame(utf8(parts.join('')), { file: 'random.json', layout });
        },
      ),
      { numRuns: 300 },
    );
  });
});
