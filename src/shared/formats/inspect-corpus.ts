// Layer: shared (pure TS). What `dst-inspector inspect` reports about a loaded
// corpus: format, sizes, slots seen (with gold and prediction counts),
// domains, value options in force, and warnings — the loader's (out-of-order
// turns, alternatives, joins) plus gaps in turn indices, empty states, slots
// outside the schema, and predicted values that differ from gold only by
// whitespace, case or punctuation (value-lookalikes.ts).

import { domainOf, NONE_ID } from '../model/corpus';
import { generationSummary, type GenerationSummary } from '../model/generation';
import { MULTIWOZ_DOMAINS, MULTIWOZ_SLOTS } from './slot-names';
import type { LoadedCorpus } from './types';
import { lookalikeWarnings, valueLookalikes, type LookalikeReport } from './value-lookalikes';
import { plural } from '../plural';
import { pushAll } from '../arrays';

export interface SlotCount {
  slot: string;
  /** Turns whose gold / predicted state has this slot active (value not "none"). */
  gold: number;
  pred: number;
}

export interface CorpusReport {
  format: string;
  dialogues: number;
  turns: number;
  slots: SlotCount[];
  domains: string[];
  valueOptions: string[];
  hasUtterances: boolean;
  /** K for SA from a schema, when one was read. */
  slotCount?: number;
  /** Predicted values that differ from gold only by whitespace, case or punctuation. */
  lookalikes: LookalikeReport;
  /** What the layout carried beside the states (generated text, confidences), when anything. */
  generation?: GenerationSummary & {
    /** Every turn whose generation could not be parsed: where, and why (scored as formats.md says). */
    unparseableTurns: { dialogue: string; turn: number; problem: string }[];
  };
  warnings: string[];
}

/** The generation summary with every unparseable turn listed. */
function generationReport(loaded: LoadedCorpus): CorpusReport['generation'] {
  const c = loaded.corpus;
  const g = c.generation;
  const summary = generationSummary(g);
  if (!summary) return undefined;
  const unparseableTurns: { dialogue: string; turn: number; problem: string }[] = [];
  if (g?.unparseable)
    for (let d = 0; d < c.dialogueIds.length; d++)
      for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++)
        if (g.unparseable[i]) unparseableTurns.push({ dialogue: c.dialogueIds[d], turn: c.turnIndex[i], problem: g.problem?.[i] ?? '' });
  return { ...summary, unparseableTurns };
}

function some(ids: string[]): string {
  return (
    ids
      .slice(0, 5)
      .map((x) => JSON.stringify(x))
      .join(', ') + (ids.length > 5 ? ` and ${ids.length - 5} more` : '')
  );
}

export function inspectCorpus(loaded: LoadedCorpus, schemaSlots?: readonly string[]): CorpusReport {
  const c = loaded.corpus;
  const gold = new Int32Array(c.slots.size);
  const pred = new Int32Array(c.slots.size);
  let emptyGold = 0;
  let emptyPred = 0;
  const gaps: string[] = [];
  const lateStart: string[] = [];
  for (let d = 0; d < c.dialogueIds.length; d++) {
    const from = c.dialogueStart[d];
    const to = c.dialogueStart[d + 1];
    if (c.turnIndex[from] !== 0) lateStart.push(c.dialogueIds[d]);
    if (c.turnIndex[to - 1] - c.turnIndex[from] !== to - from - 1) gaps.push(c.dialogueIds[d]);
    for (let i = from; i < to; i++) {
      let g = 0;
      let p = 0;
      for (let k = c.goldStart[i]; k < c.goldStart[i] + c.goldLen[i]; k++) {
        if (c.goldPairs[2 * k + 1] !== NONE_ID) {
          gold[c.goldPairs[2 * k]]++;
          g++;
        }
      }
      for (let k = c.predStart[i]; k < c.predStart[i] + c.predLen[i]; k++) {
        if (c.predPairs[2 * k + 1] !== NONE_ID) {
          pred[c.predPairs[2 * k]]++;
          p++;
        }
      }
      if (g === 0) emptyGold++;
      if (p === 0) emptyPred++;
    }
  }
  const slots: SlotCount[] = c.slots.names.map((slot, s) => ({ slot, gold: gold[s], pred: pred[s] })).filter((x) => x.gold + x.pred > 0);
  slots.sort((a, b) => (a.slot < b.slot ? -1 : a.slot > b.slot ? 1 : 0));
  const domains = [...new Set(slots.map((s) => domainOf(s.slot)))].sort();
  const warnings = [...loaded.warnings];
  if (lateStart.length > 0)
    warnings.push(
      `${plural(lateStart.length, 'dialogue')} ${lateStart.length === 1 ? 'does' : 'do'} not start at turn 0: ${some(lateStart)}`,
    );
  if (gaps.length > 0)
    warnings.push(
      `${plural(gaps.length, 'dialogue')} ${gaps.length === 1 ? 'has' : 'have'} missing turns (gaps in turn indices): ${some(gaps)}`,
    );
  const turns = c.turnIndex.length;
  if (emptyGold > 0) warnings.push(`${emptyGold} of ${plural(turns, 'turn')} ${emptyGold === 1 ? 'has' : 'have'} an empty gold state`);
  if (emptyPred > 0) warnings.push(`${emptyPred} of ${plural(turns, 'turn')} ${emptyPred === 1 ? 'has' : 'have'} an empty predicted state`);
  let schema = schemaSlots;
  if (!schema && domains.length > 0 && domains.every((d) => MULTIWOZ_DOMAINS.has(d))) schema = MULTIWOZ_SLOTS;
  if (schema) {
    const known = new Set(schema);
    const outside = slots.filter((s) => !known.has(s.slot)).map((s) => s.slot);
    if (outside.length > 0)
      warnings.push(`${outside.length} slot(s) outside the ${schemaSlots ? 'schema' : '30 MultiWOZ slots'}: ${some(outside)}`);
  }
  const lookalikes = valueLookalikes(c);
  pushAll(warnings, lookalikeWarnings(lookalikes));
  const generation = generationReport(loaded);
  return {
    format: loaded.format,
    dialogues: c.dialogueIds.length,
    turns,
    slots,
    domains,
    valueOptions: loaded.valueOptions ?? [],
    hasUtterances: c.utterances !== undefined,
    slotCount: loaded.slotCount,
    lookalikes,
    ...(generation ? { generation } : {}),
    warnings,
  };
}
