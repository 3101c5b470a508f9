// Layer: renderer (pure DOM helpers). Where a key press belongs, and the
// browser storages (which a private window or a sandbox may refuse).

export function inTextField(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  return t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName) || t.closest('.monaco-editor') !== null;
}

export function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
