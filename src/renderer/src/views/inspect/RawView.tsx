// Layer: renderer (React component). The bottom pane: the selected dialogue's
// JSON as it is in the file, with the selected turn revealed.

import { errorText, useApiQuery } from '../../app/queries';
import { MonacoView } from '../../components/MonacoView';

interface Props {
  runRef: { run: string; rev: number };
  id: string | null;
  /** The selected turn: its position and its index in the file. */
  position: number;
  turnIndex: number | undefined;
  onClose: () => void;
}

export function RawView({ runRef, id, position, turnIndex, onClose }: Props) {
  const q = useApiQuery('dialogueRaw', id ? { ...runRef, id } : null);
  const r = q.data ?? null;
  const error = q.error ? errorText(q.error) : null;
  const line = r ? ((turnIndex !== undefined ? r.turnLines[turnIndex] : undefined) ?? r.turnLines[position]) : undefined;
  return (
    <section className="raw-view" aria-label="raw JSON of the dialogue">
      <header>
        <h2>Raw JSON {id && <span className="raw-id">{id}</span>}</h2>
        <button onClick={onClose} aria-label="close the raw view">
          ✕
        </button>
      </header>
      {error ? (
        <p className="error">{error}</p>
      ) : r ? (
        <MonacoView text={r.text} language="json" revealLine={line} label="raw JSON of the selected dialogue" />
      ) : (
        <p>loading…</p>
      )}
    </section>
  );
}
