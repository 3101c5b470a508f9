// Layer: main (Node). A loaded run seen under an evaluator preset (the
// preset field of the MetricConfig): its corpus rewritten by the preset's
// parts (src/shared/presets/apply.ts), its turn stats computed anew, the
// per-dialogue columns (domains, raw ranges) kept for the dialogues the preset
// scores, and why each value the matcher accepted counts as correct (by
// dialogue id and turn position, for the chips and the turn card).

import type { PresetConfig } from '../../shared/metrics/config';
import { analyseCorpus } from '../../shared/metrics/turn-stats';
import { applyPresetParts } from '../../shared/presets/apply';
import { partsOfPreset } from '../../shared/presets/config-parts';
import { matchReasonText } from '../../shared/presets/match-reason';
import { AppError } from '../../shared/app-error';
import type { Loaded } from './corpus-queries';
import type { ValueMap } from '../../shared/presets/value-map';

/**
 * The value maps this process has read (serve --value-map), by content hash:
 * the config names a map by its hash, the map itself stays here.
 */
const valueMaps = new Map<string, ValueMap>();

export function registerValueMap(map: ValueMap): void {
  valueMaps.set(map.hash, map);
}

/** Why a predicted value was accepted: the turn's position in its dialogue, the slot, the reason text. */
export interface MatchReason {
  turn: number;
  slot: string;
  text: string;
}

export interface PresetView {
  loaded: Loaded;
  /** Per dialogue of the view (by index), the acceptances beyond equality. */
  reasons: Map<number, MatchReason[]>;
}

/** The run `l` under preset `pc` (not the default; the caller keeps the run as it is for that). */
export function presetView(l: Loaded, pc: PresetConfig): PresetView {
  const map = valueMapOf(pc);
  const a = applyPresetParts(l.corpus, partsOfPreset(pc), map ? { map } : {});
  const corpus = a.corpus;
  const stats = a.corpus === l.corpus ? l.stats : analyseCorpus(corpus);
  // The input dialogue of each dialogue the preset kept (all of them unless it scores predicted turns only).
  const n = corpus.dialogueIds.length;
  const from = new Int32Array(n);
  const idIndex = new Map<string, number>();
  for (let d = 0; d < n; d++) {
    const id = corpus.dialogueIds[d];
    from[d] = l.idIndex.get(id)!;
    idIndex.set(id, d);
  }
  const domainStart = new Int32Array(n + 1);
  const domainList: number[] = [];
  for (let d = 0; d < n; d++) {
    const s = from[d];
    for (let k = l.domainStart[s]; k < l.domainStart[s + 1]; k++) domainList.push(l.domainList[k]);
    domainStart[d + 1] = domainList.length;
  }
  const raw = {
    files: l.raw.files,
    file: Int32Array.from(from, (s) => l.raw.file[s]),
    start: Float64Array.from(from, (s) => l.raw.start[s]),
    end: Float64Array.from(from, (s) => l.raw.end[s]),
  };
  const dialogueOf = new Int32Array(corpus.turnIndex.length);
  for (let d = 0; d < n; d++) for (let i = corpus.dialogueStart[d]; i < corpus.dialogueStart[d + 1]; i++) dialogueOf[i] = d;
  const reasons = new Map<number, MatchReason[]>();
  for (const note of a.notes) {
    const d = dialogueOf[note.turn];
    let list = reasons.get(d);
    if (!list) reasons.set(d, (list = []));
    list.push({ turn: note.turn - corpus.dialogueStart[d], slot: note.slot, text: matchReasonText(note) });
  }
  const warnings = [...l.warnings];
  if (a.droppedTurns > 0)
    warnings.push(
      `${a.droppedTurns} gold turn(s) the predictions lack are not scored under preset ${pc.name} (it scores predicted turns only)`,
    );
  if (a.issues.unparsedTimes > 0)
    warnings.push(`${a.issues.unparsedTimes} time value(s) mwzeval's time_to_canonical cannot parse are kept as written`);
  const loaded: Loaded = { ...l, corpus, stats, idIndex, domainStart, domainList: Int32Array.from(domainList), raw, warnings };
  return { loaded, reasons };
}

/** The value map a preset config names (undefined: none); one this process has not read is refused. */
export function valueMapOf(pc: PresetConfig): ValueMap | undefined {
  if (pc.valueMap === undefined) return undefined;
  const m = valueMaps.get(pc.valueMap);
  if (!m) throw new AppError('bad-args', `value map ${pc.valueMap} is not loaded here: start the inspector with serve --value-map FILE`);
  return m;
}
