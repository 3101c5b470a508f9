// The annotation form's model (model/annotations.ts) and the review keys
// (model/keyboard.ts): what the form starts from, what it saves, the digits.
import { describe, expect, it } from 'vitest';
import {
  categoryOfDigit,
  formProblem,
  initialForm,
  recordBody,
  suggestedCategory,
  suspectPosition,
  verdictOf,
  type AnnotationTarget,
} from '../../../../../src/renderer/src/model/annotations';
import type { AnnotationItem } from '../../../../../src/shared/api';
import { keyAction, type KeyInput } from '../../../../../src/renderer/src/model/keyboard';

const key = (k: string, o: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  inTextField: false,
  ...o,
});
const wrong: AnnotationTarget = { dialogue: 'MUL0654.json', turn: 2, slot: 'train-leaveat', gold: '16:00', pred: '18:45', cls: 'wrong' };

describe('annotation form model', () => {
  it('starts from the prediction, onward, with the category the chip class suggests', () => {
    expect(initialForm(wrong)).toEqual({ to: '18:45', scope: 'onward', category: 'wrong-value', note: '' });
    expect(initialForm({ ...wrong, pred: null, cls: 'missed' })).toMatchObject({ to: null, category: 'extra-slot' });
    expect(suggestedCategory('overshot')).toBe('missing-slot');
    expect(initialForm({ dialogue: 'D', turn: 0, gold: null, pred: null }).to).toBeUndefined();
  });

  it('saves from = the gold seen, to only when a correction is proposed, the note trimmed', () => {
    expect(recordBody(wrong, { to: '18:45', scope: 'turn', category: 'wrong-value', note: ' late ' }, 'confirmed')).toEqual({
      dialogue: 'MUL0654.json',
      turn: 2,
      slot: 'train-leaveat',
      from: '16:00',
      to: '18:45',
      scope: 'turn',
      category: 'wrong-value',
      status: 'confirmed',
      note: 'late',
    });
    expect(recordBody(wrong, { to: undefined, scope: 'onward', category: 'ambiguous', note: '' }, 'suspected')).not.toHaveProperty('to');
    expect(recordBody(wrong, { to: null, scope: 'onward', category: 'extra-slot', note: '' }, 'confirmed').to).toBeNull();
  });

  it('maps digits 1–9 to the categories in the spec order', () => {
    expect(['1', '2', '3', '9'].map(categoryOfDigit)).toEqual(['wrong-value', 'missing-slot', 'extra-slot', 'other']);
    expect(categoryOfDigit('0')).toBeNull();
  });

  it('has the review keys, and leaves them to text fields', () => {
    expect(['a', 'x', 'u', 's', 'w', 'A', 'e', 'l', 'h'].map((k) => keyAction(key(k)))).toEqual([
      'annotate',
      'reject',
      'undo',
      'toggle-queue',
      'toggle-whatif',
      'toggle-annotations',
      'export',
      'next-chip',
      'prev-chip',
    ]);
    expect(keyAction(key('a', { inTextField: true }))).toBeNull();
  });
});

describe('corrections that change nothing, verdicts, the queue position', () => {
  const form = (to: string | null | undefined) => ({ to, scope: 'onward' as const, category: 'wrong-value' as const, note: '' });

  it('the form refuses a correction equal to the gold (a value, or absent where the gold is absent), and starts without one when the prediction is the gold', () => {
    expect(formProblem(wrong, form('16:00'))).toMatch(/^The gold already is "16:00": a correction must change the gold/);
    expect(formProblem(wrong, form('16:00 '))).toBeNull(); // a space is a change
    expect(formProblem(wrong, form(undefined))).toBeNull(); // only a flag
    expect(formProblem(wrong, form(null))).toBeNull();
    const absent: AnnotationTarget = { ...wrong, gold: null, pred: 'x', cls: 'overshot' };
    expect(formProblem(absent, form(null))).toMatch(/^The gold already lacks this slot/);
    expect(initialForm({ ...wrong, pred: '16:00', cls: 'correct' }).to).toBeUndefined();
    // An older record that already proposed the gold's value may keep it (its status can still change).
    const existing = { id: 'i', rev: 1, to: '16:00', status: 'suspected' } as AnnotationItem;
    expect(formProblem({ ...wrong, existing }, form('16:00'))).toBeNull();
  });

  it('a done suspect shows what was decided: rejected, corrected (a `to`), confirmed (no `to`), suspected', () => {
    expect(verdictOf({ status: 'rejected', to: 'x' })).toBe('rejected');
    expect(verdictOf({ status: 'confirmed', to: 'x' })).toBe('corrected');
    expect(verdictOf({ status: 'confirmed', to: null })).toBe('corrected'); // the slot should be absent
    expect(verdictOf({ status: 'confirmed' })).toBe('confirmed');
    expect(verdictOf({ status: 'suspected', to: 'x' })).toBe('suspected');
  });

  it('the queue says where it stands among all the suspects, with thousands separators', () => {
    expect(suspectPosition(15, 4871)).toBe('suspect 16 of 4,871');
    expect(suspectPosition(0, 1)).toBe('suspect 1 of 1');
    expect(suspectPosition(1233, 123456)).toBe('suspect 1,234 of 123,456');
  });
});
