// The sgd preset's notice on real corpora: a MultiWOZ file has no service
// frames (sgd equals exact there, and says so); an SGD prediction folder
// joined with its gold carries services over (sgd differs, and the notice says
// the official evaluator's numbers are CLI-only).
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { FIXTURES } from '../../../helpers/fixtures';
import { loadSource } from '../../../../src/main/services/load-pipeline';
import { fileSource } from '../../../../src/shared/source';
import { evaluate } from '../../../../src/shared/metrics/evaluate';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { applyPresetParts } from '../../../../src/shared/presets/apply';
import { PRESETS } from '../../../../src/shared/presets/parts';
import {
  carriedTurns,
  SGD_OFFICIAL_COMMAND,
  sgdEqualsExact,
  sgdMenuNote,
  sgdPresetNotice,
} from '../../../../src/shared/presets/sgd-notice';
import type { Corpus } from '../../../../src/shared/model/corpus';

const load = async (pred: string, gold?: string): Promise<Corpus> =>
  (await loadSource(fileSource([pred], gold ? { gold } : {}), { analyse: false })).loaded.corpus;

/** The corpus scores under `exact` and under the corpus-level `sgd` parts. */
function both(c: Corpus): [unknown, unknown] {
  const cfg = defaultConfig();
  return [evaluate(c, cfg).corpus.values, evaluate(applyPresetParts(c, PRESETS.sgd.parts).corpus, cfg).corpus.values];
}

describe('sgd on a corpus: equals exact exactly when no gold turn carries a service over', () => {
  it('MultiWOZ (SOM-DST 100): no carried turns, the notice says it equals exact, and it does', async () => {
    const c = await load(join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json'));
    expect(carriedTurns(c)).toBe(0);
    expect(sgdEqualsExact(carriedTurns(c))).toBe(true);
    const [exact, sgd] = both(c);
    expect(sgd).toEqual(exact);
    expect(sgdPresetNotice(0)).toContain('sgd needs SGD schema/service data');
    expect(sgdPresetNotice(0)).toContain('on this run it equals exact');
    expect(sgdPresetNotice(0)).toContain(SGD_OFFICIAL_COMMAND);
    expect(sgdMenuNote(0)).toMatch(/equals exact/);
  });

  it('SGD predictions with their gold folder: carried turns, numbers differ, the notice names the CLI', async () => {
    const S = join(FIXTURES, 'presets', 'sgd');
    const c = await load(join(S, 'pred', 'dialogues_001.json'), join(S, 'data', 'test'));
    const n = carriedTurns(c);
    expect(n).toBeGreaterThan(0);
    const [exact, sgd] = both(c);
    expect(sgd).not.toEqual(exact);
    expect(sgdPresetNotice(n)).toContain(`${n} turn(s) drop a carried-over service`);
    expect(sgdPresetNotice(n)).toContain('CLI-only');
    expect(sgdPresetNotice(n)).not.toContain('equals exact');
    expect(sgdMenuNote(n)).toBeUndefined();
  });
});
