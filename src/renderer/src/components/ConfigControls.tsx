// Layer: renderer (React component). The λ (FGA) and K (SA) inputs; a valid
// value applies on Enter or when the field loses focus.

import { useState } from 'react';
import type { MetricConfig } from '../../../shared/metrics/config';
import { parseLambda, parseSlotCount, withControls } from '../model/config-input';

export function ConfigControls({ config, onChange }: { config: MetricConfig; onChange: (c: MetricConfig) => void }) {
  const [lambda, setLambda] = useState(String(config.lambdas[0]));
  const [k, setK] = useState(String(config.slotCount));
  const l = parseLambda(lambda);
  const kk = parseSlotCount(k);
  const problem = typeof l === 'string' ? l : typeof kk === 'string' ? kk : null;
  const apply = () => {
    if (typeof l === 'number' && typeof kk === 'number' && (l !== config.lambdas[0] || kk !== config.slotCount))
      onChange(withControls(config, l, kk));
  };
  const onKey = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') apply();
  };
  return (
    <form
      className="config"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <label title="FGA's decay λ: how fast a carried-over mistake is forgiven">
        λ{' '}
        <input
          data-testid="lambda"
          type="number"
          step="0.05"
          min="0"
          value={lambda}
          onChange={(e) => setLambda(e.target.value)}
          onBlur={apply}
          onKeyDown={onKey}
          aria-invalid={typeof l === 'string'}
          size={4}
        />
      </label>
      <label title="K, the number of slots in the schema, for SA">
        K{' '}
        <input
          data-testid="slot-count"
          type="number"
          step="1"
          min="1"
          value={k}
          onChange={(e) => setK(e.target.value)}
          onBlur={apply}
          onKeyDown={onKey}
          aria-invalid={typeof kk === 'string'}
          size={4}
        />
      </label>
      {problem && (
        <span className="problem" role="status">
          {problem}
        </span>
      )}
    </form>
  );
}
