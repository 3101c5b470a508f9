// Layer: renderer (React component). The evaluator preset menu (header and
// Open dialog): exact (the metric papers' code, the default), mwzeval, sgd, …
// Choosing one sets the preset field of the metric config: every call the
// views make then scores the open run(s) under it in the engine (never on
// this thread); the signature beside the numbers names it. Presets whose parts are
// not yet defined (they still score exactly as `exact`) are not offered.

import { EXACT_PRESET, PRESET_IDS, type PresetConfig } from '../../../shared/metrics/config';
import { EXACT_PARTS, PRESETS } from '../../../shared/presets/parts';

/** The presets the app offers: exact, and every preset with parts of its own. */
export const APP_PRESETS = PRESET_IDS.filter((n) => n === 'exact' || PRESETS[n].parts !== EXACT_PARTS);

interface Props {
  value: PresetConfig;
  onChange: (p: PresetConfig) => void;
  testId?: string;
  label?: string;
}

export function PresetSelect({ value, onChange, testId = 'preset-select', label = 'Preset' }: Props) {
  const custom = value.matcher !== undefined || value.valueMap !== undefined;
  return (
    <label className="preset" title={`Score as an evaluator does: ${PRESETS[value.name].summary}`}>
      {label}{' '}
      <select
        data-testid={testId}
        value={custom ? '' : value.name}
        onChange={(e) => onChange(e.target.value === 'exact' ? EXACT_PRESET : { name: e.target.value as PresetConfig['name'] })}
      >
        {custom && <option value="">{value.name} (set on the command line)</option>}
        {APP_PRESETS.map((n) => (
          <option key={n} value={n} title={PRESETS[n].summary}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}
