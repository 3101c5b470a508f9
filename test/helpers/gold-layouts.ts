// Test helpers for `gold diff` across layouts: a gold (with predictions) as
// plain data, written in every layout the tool reads gold from — the
// prediction layouts that carry a gold (FGA/GCA, JSON Lines, TRADE, SOM-DST,
// TripPy, ConvLab-3, IC-DST) and the dataset layouts (MultiWOZ 2.1 data.json,
// TRADE test_dials.json, MultiWOZ 2.2 / SGD dialogues, one file or a folder) —
// following each loader's reading (src/shared/formats/*.ts), and a
// perturbation of a gold that plants every kind of change gold diff must
// express (bench/perturb.js, which the benchmark uses too).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MULTIWOZ_DOMAINS } from '../../src/shared/formats/slot-names';
import type { Corpus } from '../../src/shared/model/corpus';
import { plantGoldChanges } from '../../bench/perturb.js';

export type Pairs = [string, string][];
export interface GoldTurn {
  turn: number;
  gold: Pairs;
  pred: Pairs;
}
export interface GoldDialogue {
  id: string;
  turns: GoldTurn[];
}
export type GoldSet = GoldDialogue[];

export const PREDICTION_LAYOUTS = ['fga', 'jsonl', 'trade', 'somdst', 'trippy', 'convlab', 'icdst'] as const;
export const DATASET_LAYOUTS = ['multiwoz21', 'trade-dials', 'sgd', 'sgd-folder'] as const;
export type GoldLayout = (typeof PREDICTION_LAYOUTS)[number] | (typeof DATASET_LAYOUTS)[number];
export const GOLD_LAYOUTS: readonly GoldLayout[] = [...PREDICTION_LAYOUTS, ...DATASET_LAYOUTS];

export const isDataset = (l: GoldLayout) => (DATASET_LAYOUTS as readonly string[]).includes(l);

/** The gold and predicted states of a corpus, as plain data. */
export function goldSetOf(c: Corpus): GoldSet {
  const pairs = (p: Int32Array, s: number, n: number): Pairs => {
    const out: Pairs = [];
    for (let k = s; k < s + n; k++) out.push([c.slots.name(p[2 * k]), c.values.name(p[2 * k + 1])]);
    return out;
  };
  return c.dialogueIds.map((id, d) => {
    const turns: GoldTurn[] = [];
    for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++)
      turns.push({
        turn: c.turnIndex[i],
        gold: pairs(c.goldPairs, c.goldStart[i], c.goldLen[i]),
        pred: pairs(c.predPairs, c.predStart[i], c.predLen[i]),
      });
    return { id, turns };
  });
}

/** Turns numbered 0, 1, 2, … in each dialogue (the dataset layouts number user turns so). */
export function renumbered(set: GoldSet): GoldSet {
  return set.map((d) => ({ id: d.id, turns: d.turns.map((t, p) => ({ ...t, turn: p })) }));
}

/** Predictions where a set has none (a dataset gold): the gold with every other turn's last slot dropped. */
export function withPredictions(set: GoldSet): GoldSet {
  return set.map((d) => ({ id: d.id, turns: d.turns.map((t, p) => ({ ...t, pred: p % 2 ? t.gold.slice(0, -1) : t.gold })) }));
}

function split(slot: string): [string, string] {
  const i = slot.indexOf('-');
  return [slot.slice(0, i), slot.slice(i + 1)];
}

const nested = (pairs: Pairs) => {
  const out: Record<string, Record<string, string>> = {};
  for (const [s, v] of pairs) {
    const [d, k] = split(s);
    (out[d] ??= {})[k] = v;
  }
  return out;
};
const flat = (pairs: Pairs) => Object.fromEntries(pairs);
const triples = (pairs: Pairs) => pairs.map(([s, v]) => `${s}-${v}`);
const allSlots = (set: GoldSet) => [...new Set(set.flatMap((d) => d.turns.flatMap((t) => [...t.gold, ...t.pred].map(([s]) => s))))].sort();

/** A slot name as TripPy writes it in a field name (`hotel-book_day`). */
const trippyName = (slot: string) => {
  const [d, k] = split(slot);
  return MULTIWOZ_DOMAINS.has(d) ? `${d}-${k.replace(/ /g, '_')}` : slot;
};

/** A MultiWOZ 2.2 slot key (`hotel-bookday`); SGD services' slots unprefixed (`city`). */
const sgdKey = (slot: string) => {
  const [d, k] = split(slot);
  return MULTIWOZ_DOMAINS.has(d) ? `${d}-${k.replace(/ /g, '')}` : k;
};

function sgdDialogues(set: GoldSet): unknown[] {
  return set.map((d) => {
    const services = [...new Set(d.turns.flatMap((t) => t.gold.map(([s]) => split(s)[0])))].sort();
    return {
      dialogue_id: d.id,
      services,
      turns: d.turns.flatMap((t) => [
        {
          speaker: 'USER',
          utterance: `user ${t.turn}`,
          frames: services.map((service) => ({
            service,
            slots: [],
            actions: [],
            state: {
              active_intent: 'NONE',
              requested_slots: [],
              slot_values: Object.fromEntries(
                t.gold.filter(([s]) => split(s)[0] === service).map(([s, v]) => [sgdKey(s), v.split('|')] as const),
              ),
            },
          })),
        },
        { speaker: 'SYSTEM', utterance: `system ${t.turn}`, frames: [] },
      ]),
    };
  });
}

function multiwozMetadata(gold: Pairs): Record<string, unknown> {
  const md: Record<string, { semi: Record<string, string>; book: Record<string, unknown> }> = {};
  for (const [s, v] of gold) {
    const [d, k] = split(s);
    const dom = (md[d] ??= { semi: {}, book: { booked: [] } });
    if (k.startsWith('book ')) dom.book[k.slice(5)] = v;
    else dom.semi[k] = v;
  }
  // An empty metadata is "no state here"; a turn with an empty state lists a slot as "not mentioned".
  if (Object.keys(md).length === 0) md.police = { semi: { name: 'not mentioned' }, book: { booked: [] } };
  return md;
}

/** Writes the set in a layout: a file at `path` (a folder for sgd-folder, with a schema.json). Returns the path. */
export function writeGoldLayout(layout: GoldLayout, set: GoldSet, path: string): string {
  const json = (o: unknown) => writeFileSync(path, JSON.stringify(o, null, 1));
  switch (layout) {
    case 'fga':
      json(
        Object.fromEntries(
          set.map((d) => [d.id, Object.fromEntries(d.turns.map((t) => [String(t.turn), { gt: nested(t.gold), pr: nested(t.pred) }]))]),
        ),
      );
      break;
    case 'jsonl':
      writeFileSync(
        path,
        set
          .flatMap((d) => d.turns.map((t) => JSON.stringify({ dialogue_id: d.id, turn: t.turn, gold: flat(t.gold), pred: flat(t.pred) })))
          .join('\n') + '\n',
      );
      break;
    case 'trade':
      json(
        Object.fromEntries(
          set.map((d) => [
            d.id,
            Object.fromEntries(
              // TRADE writes turns in batch order: reversed here.
              [...d.turns].reverse().map((t) => [String(t.turn), { turn_belief: triples(t.gold), pred_bs_ptr: triples(t.pred) }]),
            ),
          ]),
        ),
      );
      break;
    case 'somdst':
      json(Object.fromEntries(set.flatMap((d) => d.turns.map((t) => [`${d.id}_${t.turn}`, [triples(t.pred), triples(t.gold)]]))));
      break;
    case 'trippy': {
      const slots = allSlots(set);
      json(
        set.flatMap((d) =>
          d.turns.map((t) => {
            const g = new Map(t.gold);
            const p = new Map(t.pred);
            const e: Record<string, unknown> = { guid: ['test', d.id, String(t.turn)] };
            for (const s of slots) {
              e[`slot_prediction_${trippyName(s)}`] = p.get(s) ?? 'none';
              e[`slot_groundtruth_${trippyName(s)}`] = g.get(s) ?? 'none';
            }
            return e;
          }),
        ),
      );
      break;
    }
    case 'convlab':
      json(
        set.flatMap((d) =>
          d.turns.map((t) => ({
            original_id: d.id,
            speaker: 'user',
            utterance: `user ${t.turn}`,
            utt_idx: 2 * t.turn,
            context: [],
            state: nested(t.gold),
            predictions: { state: nested(t.pred) },
          })),
        ),
      );
      break;
    case 'icdst':
      json(
        set.flatMap((d) => d.turns.map((t) => ({ ID: d.id, turn_id: t.turn, domains: [], slot_values: flat(t.gold), pred: flat(t.pred) }))),
      );
      break;
    case 'multiwoz21':
      json(
        Object.fromEntries(
          set.map((d) => [
            d.id,
            {
              goal: {},
              log: d.turns.flatMap((t) => [
                { text: `user ${t.turn}`, metadata: {} },
                { text: `system ${t.turn}`, metadata: multiwozMetadata(t.gold) },
              ]),
            },
          ]),
        ),
      );
      break;
    case 'trade-dials':
      json(
        set.map((d) => ({
          dialogue_idx: d.id,
          domains: [],
          dialogue: d.turns.map((t) => ({
            system_transcript: '',
            turn_idx: t.turn,
            belief_state: t.gold.map(([s, v]) => ({ slots: [[s, v]], act: 'inform' })),
            turn_label: [],
            transcript: `user ${t.turn}`,
          })),
        })),
      );
      break;
    case 'sgd':
      json(sgdDialogues(set));
      break;
    case 'sgd-folder': {
      mkdirSync(path, { recursive: true });
      const half = Math.ceil(set.length / 2);
      writeFileSync(join(path, 'dialogues_001.json'), JSON.stringify(sgdDialogues(set.slice(0, half))));
      if (set.length > half) writeFileSync(join(path, 'dialogues_002.json'), JSON.stringify(sgdDialogues(set.slice(half))));
      const services = [...new Set(allSlots(set).map((s) => split(s)[0]))];
      const schema = services.map((service_name) => ({
        service_name,
        slots: allSlots(set)
          .filter((s) => split(s)[0] === service_name)
          .map((s) => ({ name: sgdKey(s) })),
      }));
      writeFileSync(join(path, 'schema.json'), JSON.stringify(schema));
      break;
    }
  }
  return path;
}

/** Predictions for a dataset gold: JSON Lines with the set's predicted states. */
export function writePredictions(set: GoldSet, path: string): string {
  return writeGoldLayout('jsonl', set, path);
}

export interface Planted {
  /** Kinds of change planted (GOLD_CHANGE_KINDS of bench/perturb.js), dialogue by dialogue. */
  kinds: string[];
}

/**
 * A copy of the set's gold with changes planted (plantGoldChanges of
 * bench/perturb.js; the predictions kept): dialogue k gets kind k mod 7, so
 * a seventh of them each — a value one turn late, a change that persists, one
 * that does not, a removal, an addition of a slot with a space in its name
 * and a value with "|", a value with "|" at one turn, a value one turn early.
 * `all`: every kind in every dialogue, where it applies (for small samples).
 */
export function perturbGold(set: GoldSet, opts: { all?: boolean } = {}): { set: GoldSet; planted: Planted } {
  const kinds: string[] = [];
  const out = set.map((d, k) => {
    const states = d.turns.map((t) => new Map(t.gold));
    kinds.push(...plantGoldChanges(states, opts.all ? [0, 1, 2, 3, 4, 5, 6] : [k % 7]));
    return { id: d.id, turns: d.turns.map((t, p) => ({ ...t, gold: [...states[p].entries()] as Pairs })) };
  });
  return { set: out, planted: { kinds } };
}
