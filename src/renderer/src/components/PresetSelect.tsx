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
  /** The value map the server read (serve --value-map): a preset with mwzeval's normalisation uses it. */
  valueMap?: string;
  onChange: (p: PresetConfig) => void;
  testId?: string;
  label?: string;
}

/** The config of a preset chosen by name: with the server's value map where the preset normalises as mwzeval does. */
export function presetNamed(name: PresetConfig['name'], valueMap?: string): PresetConfig {
  if (name === 'exact') return EXACT_PRESET;
  return valueMap && PRESETS[name].parts.normalisation === 'mwzeval' ? { name, valueMap } : { name };
}

export function PresetSelect({ value, valueMap, onChange, testId = 'preset-select', label = 'Preset' }: Props) {
  const custom = value.matcher !== undefined || (value.valueMap !== undefined && value.valueMap !== valueMap);
  return (
    <label className="preset" title={`Score as an evaluator does: ${PRESETS[value.name].summary}`}>
      {label}{' '}
      <select
        data-testid={testId}
        value={custom ? '' : value.name}
        onChange={(e) => onChange(presetNamed(e.target.value as PresetConfig['name'], valueMap))}
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
