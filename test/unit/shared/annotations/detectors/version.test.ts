// Runs following another gold version (src/shared/annotations/detectors/version.ts):
// a consistent renaming or a slot the run never predicts, across enough
// dialogues, flags the run; its votes on those places leave the ranking (the
// format note counts them as "convention"); a run with ordinary errors is not
// flagged.
import { describe, expect, it } from 'vitest';
import { rankSuspects } from '../../../../../src/shared/annotations/suspects';
import { VERSION } from '../../../../../src/shared/annotations/detectors/version';
import { runsOf, type DialogueSpec } from '../../../../helpers/suspect-rows';

const N = 25;
const ids = Array.from({ length: N }, (_, k) => `D${String(k).padStart(2, '0')}`);

describe('runs that follow another gold version', () => {
  it('flags a run that never predicts a slot the gold has in many dialogues; its misses there are not suspects', () => {
    const ds: DialogueSpec[] = ids.map((id) => ({
      id,
      gold: { 'hotel-area': ['north'], 'hotel-internet': ['yes'] },
      preds: [{ 'hotel-area': ['north'] }],
    }));
    const r = rankSuspects(runsOf(ds));
    expect(r.versions).toHaveLength(1);
    expect(r.versions[0]).toMatchObject({
      run: 'r0',
      conventions: N,
      disagreements: N,
      slots: [{ slot: 'hotel-internet', kind: 'missing', dialogues: N }],
    });
    expect(r.versions[0].reason).toMatch(/may follow another gold version.*never predicts hotel-internet \(in 25 gold dialogues\)/);
    expect(r.items.filter((s) => s.slot === 'hotel-internet')).toEqual([]);
    expect(r.format.groups).toEqual([expect.objectContaining({ kind: 'convention', count: N })]);
  });

  it('flags a consistent renaming of a gold value the run never writes', () => {
    const ds: DialogueSpec[] = ids.map((id) => ({ id, gold: { 'hotel-type': ['hotel'] }, preds: [{ 'hotel-type': ['hotel-room'] }] }));
    const r = rankSuspects(runsOf(ds));
    expect(r.versions[0].renamings).toEqual([{ slot: 'hotel-type', gold: 'hotel', pred: 'hotel-room', turns: N, dialogues: N }]);
    expect(r.items).toEqual([]);
  });

  it('does not flag ordinary errors (the run writes the gold value elsewhere), nor too few', () => {
    const ds: DialogueSpec[] = ids.map((id, k) => ({
      id,
      gold: { 'hotel-type': ['hotel'] },
      preds: [{ 'hotel-type': [k % 2 ? 'hotel' : 'guesthouse'] }],
    }));
    const r = rankSuspects(runsOf(ds));
    expect(r.versions).toEqual([]);
    expect(r.items.length).toBe(Math.ceil(N / 2));
    const few = ids
      .slice(0, VERSION.flagCount - 1)
      .map((id) => ({ id, gold: { 'hotel-type': ['hotel'] }, preds: [{ 'hotel-type': ['hotel-room'] }] }));
    expect(rankSuspects(runsOf(few)).versions).toEqual([]);
  });
});
