// The simpletod preset against SimpleTOD's own script (test/fixtures/presets/
// simpletod, README there): salesforce/simpletod @ a6050a4 compute_joint_acc.py
// with utils/dst.py (ignore_none, default_cleaning, fix_mismatch_jason,
// IGNORE_TURNS_TYPE2), run with the one line it lacks (args =
// parser.parse_args()), dialogue_target_final defined (it is not, so
// --type2_cleaning stops with NameError as published) and FnCTOD's
// ignore_dontcare_in_pred (facebookresearch/FnCTOD compute_joint_acc.py::
// compute_jacc) added as a flag. Each switch on its own and combined.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyPresetParts } from '../../../../src/shared/presets/apply';
import { parseSimpletodSwitches, PRESETS, type SimpletodSwitches } from '../../../../src/shared/presets/parts';
import { defaultCleanItem, simpletodScores } from '../../../../src/shared/presets/simpletod-eval';
import { analyseCorpus } from '../../../../src/shared/metrics/turn-stats';
import { FIXTURES, loadFile } from '../../../helpers/fixtures';

const P = join(FIXTURES, 'presets', 'simpletod');
type Run = { joint_accuracy: number; per_turn: [string, number, boolean][] };
const expected: Record<'somdst100' | 'edge', Record<string, Run>> = JSON.parse(readFileSync(join(P, 'expected.json'), 'utf8'));
const inputs = { somdst100: join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json'), edge: join(P, 'edge.json') };
const SETTINGS = ['none', 'default', 'type2', 'default,type2', 'ignore-dontcare-pred', 'default,ignore-dontcare-pred'];

function run(file: string, sw: SimpletodSwitches) {
  const c = applyPresetParts(loadFile(file), { ...PRESETS.simpletod.parts, simpletod: sw }).corpus;
  const stats = analyseCorpus(c);
  return { c, stats, scores: simpletodScores(c, stats, sw) };
}

describe('--preset simpletod equals compute_joint_acc.py', () => {
  for (const name of ['somdst100', 'edge'] as const)
    for (const setting of SETTINGS) {
      it(`${name}, --cleaning ${setting}: joint accuracy and every turn's decision`, () => {
        const sw = parseSimpletodSwitches(setting) as SimpletodSwitches;
        const { c, stats, scores } = run(inputs[name], sw);
        const exp = expected[name][setting];
        expect(Math.abs(scores.joint_accuracy - exp.joint_accuracy)).toBeLessThan(1e-9);
        expect(scores.turns).toBe(exp.per_turn.length);
        if (!sw.type2Cleaning) {
          // Without type2 a turn is right exactly when our classes say so (the joint of our JGA).
          const rows: [string, number, boolean][] = [];
          for (let d = 0; d < c.dialogueIds.length; d++)
            for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++)
              rows.push([c.dialogueIds[d], i - c.dialogueStart[d], stats.wrong[i] + stats.missed[i] + stats.overshot[i] === 0]);
          expect(rows).toEqual(exp.per_turn);
        }
      });
    }

  it('the edge rules, turn by turn (test/fixtures/presets/simpletod/expected.json edge_why)', () => {
    const j = (s: string) => expected.edge[s].per_turn.slice(0, 11).map((r) => r[2]);
    // dontcare in target only / prediction only; not mentioned; none removed; internet free; trailing; leading; dont care; book; pred not mentioned; typo
    expect(j('none')).toEqual([false, false, true, false, false, true, false, true, true, true, false]);
    expect(j('default')).toEqual([false, false, true, false, true, true, true, true, true, true, false]);
    expect(j('ignore-dontcare-pred')).toEqual([false, true, true, false, false, true, false, false, true, true, false]);
  });

  it('default_cleaning is idempotent on an item, and re-joins its tokens with single spaces', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('hotel', 'restaurant', 'train'),
        fc.constantFrom('area', 'type', 'book day', 'internet', 'pricerange', 'name'),
        fc.stringMatching(/^[a-z ]{1,12}$/),
        (d, s, v) => {
          const once = defaultCleanItem(`${d} ${s} ${v}`);
          expect(defaultCleanItem(once)).toBe(once);
          expect(once).not.toMatch(/ {2}/);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('--cleaning parses each switch on its own, together, or none; refuses others', () => {
    expect(parseSimpletodSwitches('none')).toEqual({ defaultCleaning: false, type2Cleaning: false, ignoreDontcareInPred: false });
    expect(parseSimpletodSwitches('type2')).toEqual({ defaultCleaning: false, type2Cleaning: true, ignoreDontcareInPred: false });
    expect(parseSimpletodSwitches('default+ignore-dontcare-pred')).toEqual({
      defaultCleaning: true,
      type2Cleaning: false,
      ignoreDontcareInPred: true,
    });
    expect(parseSimpletodSwitches('type3')).toMatch(/unknown switch "type3"/);
  });
});
