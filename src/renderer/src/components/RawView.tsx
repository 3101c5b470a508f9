// Layer: renderer (React component). The bottom pane: the selected dialogue's
// JSON as it is in the file, with the selected turn revealed.

import { useEffect, useState } from 'react';
import type { Api, DialogueRaw } from '../../../shared/api';
import { MonacoView } from './MonacoView';

interface Props {
  api: Api;
  id: string | null;
  /** The selected turn: its position and its index in the file. */
  position: number;
  turnIndex: number | undefined;
  generation: number;
  onClose: () => void;
}

export function RawView({ api, id, position, turnIndex, generation, onClose }: Props) {
  const [raw, setRaw] = useState<{ id: string; raw: DialogueRaw } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!id) return;
    let stale = false;
    api.call('dialogueRaw', { id }).then(
      (r) => {
        if (stale) return;
        setRaw({ id, raw: r });
        setError(null);
      },
      (e: unknown) => {
        if (!stale) setError(e instanceof Error ? e.message : String(e));
      },
    );
    return () => {
      stale = true;
    };
  }, [api, id, generation]);
  const r = raw && raw.id === id ? raw.raw : null;
  const line = r ? (turnIndex !== undefined ? r.turnLines[turnIndex] : undefined) ?? r.turnLines[position] : undefined;
  return (
    <section className="raw-view" aria-label="raw JSON of the dialogue">
      <header>
        <h2>Raw JSON {id && <span className="raw-id">{id}</span>}</h2>
        <button onClick={onClose} aria-label="close the raw view">
          ✕
        </button>
      </header>
      {error ? <p className="error">{error}</p> : r ? <MonacoView text={r.text} language="json" revealLine={line} label="raw JSON of the selected dialogue" /> : <p>loading…</p>}
    </section>
  );
}
