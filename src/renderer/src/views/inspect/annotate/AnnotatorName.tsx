// Layer: renderer (React component). The annotator name saves carry in `by`
// (serve --annotator, the app's setting, else the OS user), shown in the
// review pane's header; a click edits it (Enter keeps it — the app keeps it
// as a setting —, Escape leaves it).

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../app/app-context';
import { errorText, useApiQuery } from '../../../app/queries';

export function AnnotatorName() {
  const api = useApi();
  const q = useApiQuery('annotator', {});
  const qc = useQueryClient();
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = q.data?.name;
  if (editing !== null)
    return (
      <input
        className="annotator-input"
        aria-label="annotator name"
        data-testid="annotator-input"
        value={editing}
        maxLength={200}
        autoFocus
        onChange={(e) => setEditing(e.target.value)}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Escape') setEditing(null);
          if (e.key !== 'Enter') return;
          api
            .call('setAnnotator', { name: editing })
            .then((r) => {
              qc.setQueryData(['annotator', {}, null], r);
              setEditing(null);
              setError(null);
            })
            .catch((err: unknown) => setError(errorText(err)));
        }}
        title={error ?? 'the name your annotations carry; Enter keeps it, Escape cancels'}
      />
    );
  return (
    <button
      className="annotator-name"
      data-testid="annotator-name"
      title="the name your annotations carry (click to change)"
      onClick={() => setEditing(name ?? '')}
    >
      as {name ?? '…'}
    </button>
  );
}
