// Layer: shared (pure TS). The official Schema-Guided Dialogue evaluator,
// re-implemented: google-research/google-research schema_guided_dst/
// evaluate.py @ 1acdadcc599feeb5321fb9b7a3a39a2b19f0bfdf (get_metrics,
// get_in_domain_services) and metrics.py @ c81395588a6132b39676c5f11ece4e56dff2317d
// (compute_f1, fuzzy_string_match, noncat_slot_value_match,
// compare_slot_values, get_active_intent_accuracy, get_slot_tagging_f1,
// get_requested_slots_f1, get_average_and_joint_goal_accuracy). It scores the
// frames present in each gold user turn (no carry-over), each frame macro-
// averaged into "#ALL_SERVICES", the service, its domain (the name before the
// first '_') and "#SEEN_SERVICES" / "#UNSEEN_SERVICES"; its output is the dict
// the evaluator writes (keys sorted), values as fractions.

import { tokenSortRatio, type FuzzBackend } from '../matching/fuzz';

export const ALL_SERVICES = '#ALL_SERVICES';
export const SEEN_SERVICES = '#SEEN_SERVICES';
export const UNSEEN_SERVICES = '#UNSEEN_SERVICES';
const JOINT_METRICS = new Set(['joint_goal_accuracy', 'joint_cat_accuracy', 'joint_noncat_accuracy']);

export interface SgdSchemaSlot {
  name: string;
  is_categorical: boolean;
}
export interface SgdService {
  service_name: string;
  slots: SgdSchemaSlot[];
}

export interface SgdEvalOptions {
  /** --joint across-turns (the evaluator's joint_acc_across_turn): joint metrics multiplied over a turn's frames. */
  acrossTurns: boolean;
  /** --match fuzzy (use_fuzzy_match, the default): token_sort_ratio / 100 on non-categorical slots. */
  fuzzy: boolean;
  backend: FuzzBackend;
}

/** A problem the official evaluator stops on (ValueError, KeyError, AssertionError), with where it is. */
export class SgdEvalError extends Error {}

type Json = Record<string, unknown>;
type Dialogue = Json;
export type SgdMetrics = Record<string, Record<string, number>>;

const obj = (v: unknown, where: string, what: string): Json => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new SgdEvalError(`${where}: expected ${what}`);
  return v as Json;
};
const arr = (v: unknown, where: string, what: string): unknown[] => {
  if (!Array.isArray(v)) throw new SgdEvalError(`${where}: expected ${what}`);
  return v;
};
const strList = (v: unknown, where: string): string[] => {
  const a = arr(v, where, 'a list of strings');
  a.forEach((x, i) => {
    if (typeof x !== 'string') throw new SgdEvalError(`${where}[${i}]: expected a string`);
  });
  return a as string[];
};

/** compute_f1: multiset precision, recall, F1; an empty side counts 1.0. */
export function computeF1(ref: readonly string[], hyp: readonly string[]): { f1: number; precision: number; recall: number } {
  const count = (xs: readonly string[]) => {
    const m = new Map<string, number>();
    for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
    return m;
  };
  const r = count(ref);
  const h = count(hyp);
  let tp = 0;
  for (const [k, n] of r) tp += Math.min(n, h.get(k) ?? 0);
  const precision = hyp.length ? tp / hyp.length : 1.0;
  const recall = ref.length ? tp / ref.length : 1.0;
  const f1 = precision + recall > 0 ? (2.0 * precision * recall) / (precision + recall) : 0.0;
  return { f1, precision, recall };
}

/** Python's sum then divide, as np.mean of a short list (pairwise summation differs only in the last bits). */
const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const prod = (xs: readonly number[]): number => xs.reduce((a, b) => a * b, 1);

/** Python slicing of a string by code points, utt[start:end] (indices clamped as Python does). */
function pySlice(cps: string[], start: number, end: number): string {
  const n = cps.length;
  const norm = (i: number) => (i < 0 ? Math.max(0, n + i) : Math.min(i, n));
  return cps.slice(norm(start), norm(end)).join('');
}

function slotValues(frame: Json, where: string): Map<string, string[]> {
  const state = obj(frame.state, `${where}.state`, 'the frame state');
  const sv = obj(state.slot_values, `${where}.state.slot_values`, 'an object of slot values');
  const out = new Map<string, string[]>();
  for (const [k, v] of Object.entries(sv)) out.set(k, strList(v, `${where}.state.slot_values.${k}`));
  return out;
}

/** One frame's metrics (get_metrics' frame_metric), "NA" left out as the aggregation skips it. */
function frameMetrics(ref: Json, hyp: Json, utt: string, service: SgdService, opts: SgdEvalOptions, where: string): Record<string, number> {
  const rs = obj(ref.state, `${where}.state`, 'the frame state');
  const hs = obj(hyp.state, `${where} (prediction).state`, 'the frame state');
  const m: Record<string, number> = {};
  m.active_intent_accuracy = rs.active_intent === hs.active_intent ? 1.0 : 0.0;
  const rq = computeF1(
    strList(rs.requested_slots, `${where}.state.requested_slots`),
    strList(hs.requested_slots, `${where} (prediction).state.requested_slots`),
  );
  m.requested_slots_f1 = rq.f1;
  m.requested_slots_precision = rq.precision;
  m.requested_slots_recall = rq.recall;
  if ('slots' in hyp) {
    const noncat = new Set(service.slots.filter((s) => !s.is_categorical).map((s) => s.name));
    const cps = Array.from(utt);
    const spans = (frame: Json, w: string) =>
      arr(frame.slots, w, 'a list of slot spans')
        .map((x, i) => obj(x, `${w}[${i}]`, 'a slot span {"slot", "start", "exclusive_end"}'))
        .filter((s) => noncat.has(s.slot as string))
        .map((s) => `${JSON.stringify(s.slot)}\u0000${pySlice(cps, s.start as number, s.exclusive_end as number)}`);
    const st = computeF1(spans(ref, `${where}.slots`), spans(hyp, `${where} (prediction).slots`));
    m.slot_tagging_f1 = st.f1;
    m.slot_tagging_precision = st.precision;
    m.slot_tagging_recall = st.recall;
  }
  // compare_slot_values: the schema's slots in schema order.
  const refValues = slotValues(ref, where);
  const hypValues = slotValues(hyp, `${where} (prediction)`);
  const cor: number[] = [];
  const active: boolean[] = [];
  const cat: boolean[] = [];
  for (const slot of service.slots) {
    cat.push(slot.is_categorical);
    const r = refValues.get(slot.name);
    const h = hypValues.get(slot.name);
    if (r !== undefined) {
      active.push(true);
      if (h !== undefined) {
        const hv = h[0];
        if (slot.is_categorical) {
          if (r.length === 0)
            throw new SgdEvalError(`${where}.state.slot_values.${slot.name}: an empty list (the evaluator stops with IndexError)`);
          cor.push(r[0] === hv ? 1.0 : 0.0);
        } else {
          let score = 0.0;
          for (const rv of r) {
            const s = opts.fuzzy
              ? hv === undefined
                ? 0
                : tokenSortRatio(rv, hv, { backend: opts.backend }) / 100.0
              : rv === hv
                ? 1.0
                : 0.0;
            score = Math.max(score, s);
          }
          cor.push(score);
        }
      } else cor.push(0.0);
    } else {
      active.push(false);
      cor.push(h !== undefined ? 0.0 : 1.0);
    }
  }
  const pick = (f: (k: number) => boolean) => cor.filter((_, k) => f(k));
  const avg = pick((k) => active[k]);
  const avgCat = pick((k) => active[k] && cat[k]);
  const avgNon = pick((k) => active[k] && !cat[k]);
  if (avg.length) m.average_goal_accuracy = mean(avg);
  if (avgCat.length) m.average_cat_accuracy = mean(avgCat);
  if (avgNon.length) m.average_noncat_accuracy = mean(avgNon);
  if (cor.length) m.joint_goal_accuracy = prod(cor);
  const jc = pick((k) => cat[k]);
  const jn = pick((k) => !cat[k]);
  if (jc.length) m.joint_cat_accuracy = prod(jc);
  if (jn.length) m.joint_noncat_accuracy = prod(jn);
  return m;
}

export interface SgdInput {
  /** Gold dialogues by id (files in sorted order; a later id replaces an earlier one, as the evaluator's dict does). */
  ref: Map<string, Dialogue>;
  hyp: Map<string, Dialogue>;
  /** The eval set's schema. */
  services: Map<string, SgdService>;
  /** Services of the eval schema that the train schema has too (seen). */
  seen: ReadonlySet<string>;
}

/** get_metrics(...)[0] with the evaluator's flags, keys sorted as it writes them (json.dump(sort_keys=True)). */
export function sgdMetrics(input: SgdInput, opts: SgdEvalOptions): SgdMetrics {
  const collections = new Map<string, Map<string, number[]>>();
  const push = (key: string, metric: string, v: number) => {
    let c = collections.get(key);
    if (!c) collections.set(key, (c = new Map()));
    let l = c.get(metric);
    if (!l) c.set(metric, (l = []));
    l.push(v);
  };
  for (const id of input.hyp.keys())
    if (!input.ref.has(id))
      throw new SgdEvalError(`dialogue ${JSON.stringify(id)} of the predictions is not in the gold (the evaluator asserts hyp ⊆ ref)`);
  for (const [id, dh] of input.hyp) {
    const dr = input.ref.get(id)!;
    const where = `dialogue ${JSON.stringify(id)}`;
    const sr = new Set(strList(dr.services, `${where}.services`));
    const sh = new Set(strList(dh.services, `${where} (prediction).services`));
    if (sr.size !== sh.size || [...sr].some((s) => !sh.has(s)))
      throw new SgdEvalError(`${where}: the services of gold and prediction differ (${[...sr].join(', ')} vs ${[...sh].join(', ')})`);
    const tr = arr(dr.turns, `${where}.turns`, 'a list of turns');
    const th = arr(dh.turns, `${where} (prediction).turns`, 'a list of turns');
    const n = Math.min(tr.length, th.length); // zip
    for (let t = 0; t < n; t++) {
      const w = `${where} turn ${t}`;
      const turnRef = obj(tr[t], w, 'a turn object');
      const turnHyp = obj(th[t], `${w} (prediction)`, 'a turn object');
      if (turnRef.speaker !== turnHyp.speaker)
        throw new SgdEvalError(`${w}: speakers differ (${JSON.stringify(turnRef.speaker)} vs ${JSON.stringify(turnHyp.speaker)})`);
      if (turnRef.speaker !== 'USER') continue;
      if (turnRef.utterance !== turnHyp.utterance) throw new SgdEvalError(`${w}: utterances differ between gold and prediction`);
      const hypFrames = new Map<string, Json>();
      arr(turnHyp.frames, `${w} (prediction).frames`, 'a list of frames').forEach((f, j) => {
        const fo = obj(f, `${w} (prediction).frames[${j}]`, 'a frame');
        hypFrames.set(fo.service as string, fo);
      });
      const perTurn = new Map<string, Map<string, number>>();
      arr(turnRef.frames, `${w}.frames`, 'a list of frames').forEach((f, j) => {
        const fr = obj(f, `${w}.frames[${j}]`, 'a frame');
        const name = fr.service as string;
        const fh = hypFrames.get(name);
        if (!fh) throw new SgdEvalError(`${w}: the prediction has no frame for service ${JSON.stringify(name)}`);
        const service = input.services.get(name);
        if (!service) throw new SgdEvalError(`${w}: service ${JSON.stringify(name)} is not in the schema`);
        const metrics = frameMetrics(fr, fh, turnRef.utterance as string, service, opts, `${w}.frames[${j}]`);
        const hname = fh.service as string;
        const keys = [ALL_SERVICES, hname, hname.split('_')[0], input.seen.has(hname) ? SEEN_SERVICES : UNSEEN_SERVICES];
        for (const key of keys)
          for (const [metric, v] of Object.entries(metrics)) {
            if (opts.acrossTurns && JOINT_METRICS.has(metric)) {
              let p = perTurn.get(key);
              if (!p) perTurn.set(key, (p = new Map()));
              p.set(metric, (p.get(metric) ?? 1.0) * v);
            } else push(key, metric, v);
          }
      });
      if (opts.acrossTurns) for (const [key, p] of perTurn) for (const [metric, v] of p) push(key, metric, v);
    }
  }
  const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const out: SgdMetrics = {};
  for (const key of [...collections.keys()].sort(byCodePoint)) {
    const c = collections.get(key)!;
    const agg: Record<string, number> = {};
    for (const metric of [...c.keys()].sort(byCodePoint)) agg[metric] = mean(c.get(metric)!);
    out[key] = agg;
  }
  return out;
}

/** get_in_domain_services: services of the eval schema that the train schema names too (seen = by exact service name). */
export function seenServices(evalSchema: readonly SgdService[], trainSchema: readonly SgdService[]): Set<string> {
  const train = new Set(trainSchema.map((s) => s.service_name));
  return new Set(evalSchema.map((s) => s.service_name).filter((s) => train.has(s)));
}

/** Checks a parsed schema.json: a list of services with slots {name, is_categorical}. */
export function parseSgdSchema(data: unknown, file: string): SgdService[] {
  return arr(data, `${file}: $`, 'a list of services (SGD schema.json)').map((s, i) => {
    const o = obj(s, `${file}: $[${i}]`, 'a service {"service_name", "slots"}');
    if (typeof o.service_name !== 'string') throw new SgdEvalError(`${file}: $[${i}].service_name: expected a string`);
    const slots = arr(o.slots, `${file}: $[${i}].slots`, 'a list of slots').map((x, k) => {
      const so = obj(x, `${file}: $[${i}].slots[${k}]`, 'a slot {"name", "is_categorical"}');
      if (typeof so.name !== 'string') throw new SgdEvalError(`${file}: $[${i}].slots[${k}].name: expected a string`);
      return { name: so.name, is_categorical: so.is_categorical === true };
    });
    return { service_name: o.service_name, slots };
  });
}

/** get_dataset_as_dict for one parsed file: a list of dialogues (by dialogue_id) or an object {id: dialogue}. */
export function addDialogues(into: Map<string, Dialogue>, data: unknown, file: string): void {
  if (Array.isArray(data)) {
    data.forEach((d, i) => {
      const o = obj(d, `${file}: $[${i}]`, 'a dialogue object');
      if (typeof o.dialogue_id !== 'string') throw new SgdEvalError(`${file}: $[${i}].dialogue_id: expected a string`);
      into.set(o.dialogue_id, o);
    });
  } else if (typeof data === 'object' && data !== null) {
    for (const [k, v] of Object.entries(data)) into.set(k, obj(v, `${file}: $.${k}`, 'a dialogue object'));
  }
}
