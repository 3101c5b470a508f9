// Layer: renderer (React hook). A view's keys: every keydown on the window is
// read as an action of model/keyboard.ts (the same table the help lists) and
// handed to the view's handler, which always sees the view's current state.

import { useEffect, useEffectEvent } from 'react';
import { keyAction, type KeyAction } from '../model/keyboard';
import { inTextField } from './dom';

export function useKeyActions(onAction: (action: KeyAction, e: KeyboardEvent) => void): void {
  const handle = useEffectEvent((e: KeyboardEvent) => {
    const action = keyAction({ key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey, inTextField: inTextField(e.target) });
    if (action) onAction(action, e);
  });
  useEffect(() => {
    const h = (e: KeyboardEvent) => handle(e);
    window.addEventListener('keydown', h);
    return () => window.removeEventListener('keydown', h);
  }, []);
}
