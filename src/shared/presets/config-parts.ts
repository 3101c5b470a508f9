// Layer: shared (pure TS). The preset field of a MetricConfig read as parts:
// the preset's own parts (parts.ts) with the matcher set apart, and the
// signature parts every number computed under it carries. The default
// (`exact`, nothing set apart) writes nothing, so today's signatures stay as
// they were; every other setting names its preset (`preset=mwzeval`, or its
// parts written out with `--signature full`).

import type { PresetConfig } from '../metrics/config';
import type { SignaturePart } from '../metrics/signature';
import { PRESETS, presetSignatureText, type PresetParts } from './parts';

/** The parts a preset config stands for. */
export function partsOfPreset(pc: PresetConfig): PresetParts {
  const own = PRESETS[pc.name].parts;
  if (!pc.matcher && !pc.simpletod) return own;
  return { ...own, ...(pc.matcher ? { matcher: pc.matcher } : {}), ...(pc.simpletod ? { simpletod: pc.simpletod } : {}) };
}

/** True for the default: exact, nothing set apart (the corpus is scored as it is). */
export function isDefaultPreset(pc: PresetConfig): boolean {
  return pc.name === 'exact' && (pc.matcher === undefined || pc.matcher.kind === 'exact') && pc.valueMap === undefined;
}

/** The signature parts of a preset: none for the default; else the preset, and "none=value" where the literal "none" is a value. */
export function presetSignatureParts(pc: PresetConfig, full = false): SignaturePart[] {
  if (isDefaultPreset(pc)) return [];
  const parts = partsOfPreset(pc);
  const text = presetSignatureText(pc.name, parts, pc.valueMap ?? 'none', full, pc.sgd);
  const out: SignaturePart[] = [{ key: 'preset', text }];
  if (parts.noneIsValue) out.push({ key: 'none', text: 'none=value' });
  return out;
}

/** A short label for menus: the preset's name with what is set apart ("mwzeval", "exact, match=partial_ratio>95"). */
export function presetLabel(pc: PresetConfig): string {
  return presetSignatureText(pc.name, partsOfPreset(pc), pc.valueMap ?? 'none', false, pc.sgd).replace(/^preset=/, '');
}
