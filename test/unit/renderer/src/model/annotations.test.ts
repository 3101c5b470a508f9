// The annotation form's model (model/annotations.ts) and the review keys
// (model/keyboard.ts): what the form starts from, what it saves, the digits.
import { describe, expect, it } from 'vitest';
import {
  categoryOfDigit,
  initialForm,
  recordBody,
  suggestedCategory,
  type AnnotationTarget,
} from '../../../../../src/renderer/src/model/annotations';
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
