// Layer: renderer (React component). Progress of the current load.

import type { LoadStatus } from '../../../shared/api';

export function ProgressBar({ status }: { status: LoadStatus }) {
  const f = status.fraction;
  return (
    <div className="progress" data-testid="progress">
      <div className="progress-label">
        {status.stage ?? 'loading'} {status.file ?? ''} {f !== undefined ? `${Math.round(f * 100)}%` : ''}
      </div>
      <progress max={1} value={f} aria-label={`loading ${status.file ?? ''}`} />
    </div>
  );
}
