// Layer: renderer (React component). A small modal dialog on the native
// <dialog> element: focus moves into it and Tab stays there, Escape closes
// it, and the focus goes back to where it was.

import { useEffect, useRef, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Modal({ title, onClose, children, testId }: { title: string; onClose: () => void; children: ReactNode; testId?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (d && !d.open) d.showModal();
    return () => {
      d?.close();
      // Back to where the focus was, unless something meanwhile put it elsewhere (the queue's next chip).
      const now = document.activeElement;
      if (before?.isConnected && (now === null || now === document.body || !!d?.contains(now))) before.focus({ preventScroll: true });
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-label={title}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        // Tab and Shift+Tab go round the dialog's controls instead of leaving it.
        if (e.key !== 'Tab') return;
        const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
        if (items.length === 0) return;
        const first = items[0];
        const last = items[items.length - 1];
        const at = document.activeElement;
        if (e.shiftKey && (at === first || !e.currentTarget.contains(at))) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && (at === last || !e.currentTarget.contains(at))) {
          e.preventDefault();
          first.focus();
        }
      }}
    >
      <header>
        <h2>{title}</h2>
        <button onClick={onClose} aria-label="close">
          ✕
        </button>
      </header>
      {children}
    </dialog>
  );
}
