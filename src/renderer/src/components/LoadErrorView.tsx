// Layer: renderer (React component). Shown when a file fails to load: the
// loader's message (file, problem, place) and, for syntax errors, the file's
// text around the error in Monaco with a marker at the reported place.

import { useEffect, useState } from 'react';
import type { Api, LoadErrorInfo, LoadErrorSource } from '../../../shared/api';
import { MonacoView } from './MonacoView';

interface Props {
  api: Api;
  error: LoadErrorInfo;
  generation: number;
  onOpen: () => void;
  onDemo: () => void;
}

export function LoadErrorView({ api, error, generation, onOpen, onDemo }: Props) {
  const [source, setSource] = useState<{ gen: number; src: LoadErrorSource | null } | null>(null);
  useEffect(() => {
    let stale = false;
    api.call('loadErrorSource', {}).then(
      (src) => {
        if (!stale) setSource({ gen: generation, src });
      },
      () => {
        if (!stale) setSource({ gen: generation, src: null });
      },
    );
    return () => {
      stale = true;
    };
  }, [api, generation]);
  const src = source?.gen === generation ? source.src : null;
  const where = [error.line !== undefined ? `line ${error.line}${error.column !== undefined ? `, column ${error.column}` : ''}` : null, error.jsonPath ? `at ${error.jsonPath}` : null].filter(Boolean).join(', ');
  return (
    <main className="load-error" role="alert" data-testid="load-error" aria-label="the file could not be loaded">
      <h2>Could not load {error.file}</h2>
      <p className="message" data-testid="load-error-message">
        {error.message}
      </p>
      <dl>
        <dt>Problem</dt>
        <dd>{error.problem}</dd>
        {where && (
          <>
            <dt>Where</dt>
            <dd data-testid="load-error-where">{where}</dd>
          </>
        )}
      </dl>
      <p>
        <button onClick={onOpen}>Open another file…</button> <button onClick={onDemo}>Open the demo</button>
      </p>
      {src && (
        <div className="error-source">
          <p className="note">
            The file around the error{src.truncated ? ' (excerpt)' : ''}; the marker shows the place the loader reports.
          </p>
          <MonacoView text={src.text} language="plaintext" firstLine={src.firstLine} marker={{ line: src.line, column: src.column, message: error.problem }} label="file text around the error" />
        </div>
      )}
    </main>
  );
}
