// Tests of the keyboard map (model/keyboard.ts).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { keyAction, SHORTCUTS, step, type KeyInput } from '../../../../../src/renderer/src/model/keyboard';

const key = (k: string, o: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  inTextField: false,
  ...o,
});

describe('keyboard map', () => {
  it('maps the documented keys', () => {
    expect(keyAction(key('j'))).toBe('next-turn');
    expect(keyAction(key('k'))).toBe('prev-turn');
    expect(keyAction(key('n'))).toBe('next-dialogue');
    expect(keyAction(key('p'))).toBe('prev-dialogue');
    expect(keyAction(key('/'))).toBe('focus-search');
    expect(keyAction(key('?'))).toBe('help');
    expect(keyAction(key('o', { ctrlKey: true }))).toBe('open');
    expect(keyAction(key('O', { metaKey: true }))).toBe('open');
    expect(keyAction(key('Escape'))).toBe('close');
  });

  it('leaves letters to text fields, but Ctrl/Cmd+O and Escape still work there', () => {
    expect(keyAction(key('j', { inTextField: true }))).toBeNull();
    expect(keyAction(key('/', { inTextField: true }))).toBeNull();
    expect(keyAction(key('o', { ctrlKey: true, inTextField: true }))).toBe('open');
    expect(keyAction(key('Escape', { inTextField: true }))).toBe('close');
  });

  it('ignores modified letters (browser shortcuts stay the browser’s)', () => {
    expect(keyAction(key('j', { ctrlKey: true }))).toBeNull();
    expect(keyAction(key('n', { metaKey: true }))).toBeNull();
    expect(keyAction(key('o', { ctrlKey: true, altKey: true }))).toBeNull();
  });

  it('lists every action in the help', () => {
    const plain = ['j', 'k', 'n', 'p', '/', '?', 'c', 'r'].map((k) => keyAction(key(k)));
    for (const a of [...plain, 'open', 'close']) expect(SHORTCUTS.map((s) => s.action)).toContain(a);
  });

  it('steps within bounds', () => {
    expect(step(-1, 1, 5)).toBe(0);
    expect(step(-1, -1, 5)).toBe(4);
    expect(step(4, 1, 5)).toBe(4);
    expect(step(0, -1, 5)).toBe(0);
    expect(step(0, 1, 0)).toBe(-1);
    fc.assert(
      fc.property(fc.integer({ min: -1, max: 200 }), fc.integer({ min: -3, max: 3 }), fc.integer({ min: 1, max: 200 }), (i, d, n) => {
        const r = step(Math.min(i, n - 1), d, n);
        return r >= 0 && r < n;
      }),
    );
  });
});
