// Layer: renderer (React component). The evaluator preset menu (header and
// Open dialog): exact (the metric papers' code, the default), mwzeval, sgd, …
// Choosing one sets the preset field of the metric config: every call the
// views make then scores the open run(s) under it in the engine (never on
// this thread); the signature beside the numbers names it. Presets whose parts are
// not yet defined (they still score exactly as `exact`) are not offered.

import { EXACT_PRESET, PRESET_IDS, type PresetConfig } from '../../../shared/metrics/config';
import { EXACT_PARTS, PRESETS } from '../../../shared/presets/parts';
import { encodePreset } from '../../../shared/link';

/** The presets the app offers: exact, and every preset with parts of its own. */
export const APP_PRESETS = PRESET_IDS.filter((n) => n === 'exact' || PRESETS[n].parts !== EXACT_PARTS);

interface Props {
  value: PresetConfig;
  /** The value map the server read (serve --value-map): a preset with mwzeval's normalisation uses it. */
  valueMap?: string;
  onChange: (p: PresetConfig) => void;
  testId?: string;
  label?: string;
  /** What a preset means on the run shown, by name (sgd on a run without service frames: "equals exact on this run…"). */
  notes?: Partial<Record<PresetConfig['name'], string>>;
}

/** The config of a preset chosen by name: with the server's value map where the preset normalises as mwzeval does. */
export function presetNamed(name: PresetConfig['name'], valueMap?: string): PresetConfig {
  if (name === 'exact') return EXACT_PRESET;
  return valueMap && PRESETS[name].parts.normalisation === 'mwzeval' ? { name, valueMap } : { name };
}

/** What sets a preset apart from the menu's entry of its name, in a few words. */
function describeCustom(p: PresetConfig, valueMap: string | undefined): string {
  const named = presetNamed(p.name, valueMap);
  if (p.valueMap === undefined && named.valueMap !== undefined) return 'without the value map';
  if (p.valueMap !== undefined && p.valueMap !== valueMap) return `value map ${p.valueMap}`;
  return 'set on the command line';
}

/** A menu entry's text: the name, with a short "(= exact here)" where the run makes it score as exact. */
function entryText(n: PresetConfig['name'], note: string | undefined): string {
  return note === undefined ? n : `${n} (= exact here)`;
}

export function PresetSelect({ value, valueMap, onChange, testId = 'preset-select', label = 'Preset', notes }: Props) {
  // Not what choosing its name here gives (a matcher, flags or a value map set apart on the command line or by a link,
  // or mwzeval without the server's value map): shown as its own entry, so the menu never names other numbers.
  const custom = encodePreset(value) !== encodePreset(presetNamed(value.name, valueMap));
  return (
    <label className="preset" title={`Score as an evaluator does: ${PRESETS[value.name].summary}`}>
      {label}{' '}
      <select
        data-testid={testId}
        value={custom ? '' : value.name}
        onChange={(e) => onChange(presetNamed(e.target.value as PresetConfig['name'], valueMap))}
      >
        {custom && (
          <option value="">
            {value.name} ({describeCustom(value, valueMap)})
          </option>
        )}
        {APP_PRESETS.map((n) => (
          <option key={n} value={n} title={notes?.[n] ? `${PRESETS[n].summary}. On this run: ${notes[n]}` : PRESETS[n].summary}>
            {entryText(n, notes?.[n])}
          </option>
        ))}
      </select>
    </label>
  );
}
