// Layer: renderer (React component). A small modal dialog on the native
// <dialog> element: focus moves into it, Escape closes it.

import { useEffect, useRef, type ReactNode } from 'react';

export function Modal({ title, onClose, children, testId }: { title: string; onClose: () => void; children: ReactNode; testId?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
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
