// Layer: renderer (React component). Shown when a file fails to load: the
// loader's message (file, problem, place), what the file holds when no layout
// matched it, a note when it ends too early (it may be truncated) and, for
// syntax errors, the file's text around the error in Monaco with a marker at
// the reported place.

import type { LoadErrorInfo } from '../../../shared/api';
import { truncationNote } from '../../../shared/formats/describe-top';
import { useApiQuery } from '../app/queries';
import { MonacoView } from './MonacoView';

interface Props {
  /** The run whose load failed. */
  run: string;
  error: LoadErrorInfo;
  onOpen: () => void;
  onDemo: () => void;
  /** When the run kept the data it had (a failed reload): go back to it. */
  back?: { label: string; go: () => void };
}

export function LoadErrorView({ run, error, onOpen, onDemo, back }: Props) {
  // Keyed by the error too: a later failed load of the same run asks again.
  const src = useApiQuery('loadErrorSource', { run }, { key: error.message }).data ?? null;
  const where = [
    error.line !== undefined ? `line ${error.line}${error.column !== undefined ? `, column ${error.column}` : ''}` : null,
    error.jsonPath ? `at ${error.jsonPath}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const truncated = truncationNote(error.reason);
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
        {error.found && (
          <>
            <dt>Found</dt>
            <dd data-testid="load-error-found">{error.found}</dd>
          </>
        )}
      </dl>
      {truncated && (
        <p className="note" data-testid="load-error-truncated">
          {truncated}
        </p>
      )}
      <p>
        {back && (
          <>
            <button className="primary" data-testid="back-to-run" onClick={back.go}>
              Back to {back.label}
            </button>{' '}
          </>
        )}
        <button onClick={onOpen}>Open another file…</button> <button onClick={onDemo}>Open the demo</button>
      </p>
      {src && (
        <div className="error-source">
          <p className="note">
            The file around the error{src.truncated ? ' (excerpt)' : ''}; the marker shows the place the loader reports.
          </p>
          <MonacoView
            text={src.text}
            language="plaintext"
            firstLine={src.firstLine}
            marker={{ line: src.line, column: src.column, message: error.problem }}
            label="file text around the error"
          />
        </div>
      )}
    </main>
  );
}
