// Layer: renderer (React component). Progress of a run's load.

import type { RunInfo } from '../../../shared/api';

function baseName(p: string): string {
  return p.split(/[\\/]/).pop() ?? p;
}

export function ProgressBar({ status }: { status: Pick<RunInfo, 'stage' | 'fraction' | 'file'> }) {
  const f = status.fraction;
  const file = baseName(status.file);
  return (
    <div className="progress" data-testid="progress">
      <div className="progress-label">
        {status.stage ?? 'loading'} {file} {f !== undefined ? `${Math.round(f * 100)}%` : ''}
      </div>
      <progress max={1} value={f} aria-label={`loading ${file}`} />
    </div>
  );
}
