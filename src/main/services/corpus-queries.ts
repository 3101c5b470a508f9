// Layer: main (Node). Queries over a loaded corpus for the dialogue list: the
// per-dialogue scores under a config (one column per metric, cached per
// config) and the sorted, filtered index (cached per config, sort and filter),
// so paging through 100k dialogues costs a slice, not a re-sort. Search matches
// ids, utterances, slot names and values, and class terms such as
// `missed:train-leaveat` or `wrong:"hotel-book stay"`
// (shared/analysis/search-query.ts); a query that cannot be read (an
// unclosed quote) is refused with its place.

import type { ApiArgs, DialogueRow, SortKey } from '../../shared/api';
import { NONE_ID, type Corpus } from '../../shared/model/corpus';
import { readSearch, SearchSyntaxError, slotsOfTerm, type ClassTerm } from '../../shared/analysis/search-query';
import type { MetricConfig } from '../../shared/metrics/config';
import { walkBelief } from '../../shared/metrics/belief-compare';
import { dialogueStates } from '../../shared/metrics/evaluate';
import { METRICS } from '../../shared/metrics/registry';
import { scoresOf } from '../../shared/metrics/state';
import { gcaCountsOf, hasNoChanges, metricValue, NO_CHANGE_KEYS } from '../../shared/metrics/values';
import { AppError } from '../../shared/app-error';
import { confidentWrongByDialogue, passesConfidentWrong } from '../../shared/analysis/calibration/confident-wrong';
import type { LoadResult } from './load-types';

/** A load result on the main thread: the corpus re-interned, plus an id → index map. */
export interface Loaded extends Omit<LoadResult, 'corpus'> {
  corpus: Corpus;
  idIndex: Map<string, number>;
}

/** Per-dialogue scores under one (first λ, K): one column per metric (NaN where undefined), |FGA − GCA| and GCA's mistakes. */
export interface RowColumns {
  metrics: Record<string, Float64Array>;
  disagreement: Float64Array;
  mistakes: Int32Array;
  /** 1 for a dialogue without any change (GCA undefined; its reported GCA is 0). */
  noChanges: Uint8Array;
  /** The most confident wrong pair's confidence (NaN: none); null when the run carries no confidences. */
  confidentWrong: Float64Array | null;
}

/**
 * The config the list's columns are computed under: `config` with its first λ
 * only (a row shows one FGA). Caches key the columns by configKey of this, so
 * every other setting, present or future, still tells them apart.
 */
export function rowConfig(config: MetricConfig): MetricConfig {
  return { ...config, lambdas: [config.lambdas[0]] };
}

export function rowColumns(l: Loaded, config: MetricConfig): RowColumns {
  const n = l.corpus.dialogueIds.length;
  const one = rowConfig(config);
  const { layout, states } = dialogueStates(l.corpus, l.stats, one);
  const metrics: Record<string, Float64Array> = {};
  for (const m of METRICS) metrics[m.id] = new Float64Array(n);
  const cols: RowColumns = {
    metrics,
    disagreement: new Float64Array(n),
    mistakes: new Int32Array(n),
    noChanges: new Uint8Array(n),
    confidentWrong: confidentWrongByDialogue(l.corpus),
  };
  for (let d = 0; d < n; d++) {
    const v = scoresOf(states, d * layout.width, layout, one).values;
    for (const m of METRICS) metrics[m.id][d] = metricValue(v, m.id) ?? NaN;
    cols.disagreement[d] = Math.abs(metrics.FGA[d] - metrics.GCA[d]);
    const c = gcaCountsOf(v);
    cols.mistakes[d] = c.M + c.W + c.O;
    cols.noChanges[d] = hasNoChanges(v) ? 1 : 0;
  }
  return cols;
}

export function dialogueDomainNames(l: Loaded, d: number): string[] {
  const out: string[] = [];
  for (let k = l.domainStart[d]; k < l.domainStart[d + 1]; k++) out.push(l.domains[l.domainList[k]]);
  return out;
}

export function rowOf(l: Loaded, cols: RowColumns, d: number): DialogueRow {
  const c = l.corpus;
  return {
    id: c.dialogueIds[d],
    position: d,
    turns: c.dialogueStart[d + 1] - c.dialogueStart[d],
    domains: dialogueDomainNames(l, d),
    values: Object.fromEntries(Object.entries(cols.metrics).map(([k, col]) => [k, Number.isNaN(col[d]) ? null : col[d]])),
    disagreement: cols.disagreement[d],
    mistakes: cols.mistakes[d],
    confidentWrong: cols.confidentWrong === null || Number.isNaN(cols.confidentWrong[d]) ? null : cols.confidentWrong[d],
    noChanges: cols.noChanges[d] === 1,
  };
}

type Filter = ApiArgs<'dialoguePage'>['filter'];
type Sort = ApiArgs<'dialoguePage'>['sort'];

/**
 * Lower-cased id, utterance text, and the names of the slots and values in
 * its states (gold or predicted, value other than "none") of each dialogue,
 * for search.
 */
export function searchTexts(l: Loaded): string[] {
  const c = l.corpus;
  const out: string[] = [];
  const slotSeen = new Int32Array(c.slots.size).fill(-1);
  const valueSeen = new Int32Array(c.values.size).fill(-1);
  for (let d = 0; d < c.dialogueIds.length; d++) {
    let s = c.dialogueIds[d];
    if (c.utterances) {
      for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++) {
        const sys = c.utterances.system[i];
        const usr = c.utterances.user[i];
        if (sys) s += '\n' + sys;
        if (usr) s += '\n' + usr;
      }
    }
    for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++) {
      for (const [pairs, from, len] of [
        [c.goldPairs, c.goldStart[i], c.goldLen[i]],
        [c.predPairs, c.predStart[i], c.predLen[i]],
      ] as const) {
        for (let k = from; k < from + len; k++) {
          const slot = pairs[2 * k];
          const value = pairs[2 * k + 1];
          if (value === NONE_ID) continue;
          if (slotSeen[slot] !== d) {
            slotSeen[slot] = d;
            s += '\n' + c.slots.name(slot);
          }
          if (valueSeen[value] !== d) {
            valueSeen[value] = d;
            s += '\n' + c.values.name(value);
          }
        }
      }
    }
    out.push(s.toLowerCase());
  }
  return out;
}

export function hasMistakes(cols: RowColumns, d: number): boolean {
  return cols.mistakes[d] > 0 || cols.metrics.JGA[d] < 1;
}

const CLASS_CODE: Record<ClassTerm['cls'], number> = { correct: 0, wrong: 1, missed: 2, overshot: 3 };

/** Per class term, which slot ids it names (shared/analysis/search-query.ts, slotsOfTerm). */
function termSlots(c: Corpus, terms: ClassTerm[]): Uint8Array[] {
  return terms.map((t) => Uint8Array.from(slotsOfTerm(t.slot, c.slots.names), (hit) => (hit ? 1 : 0)));
}

/** Whether dialogue d has, for every term, a turn where a slot it names has its class (section 8, belief sets). */
function matchesTerms(c: Corpus, d: number, terms: ClassTerm[], slots: Uint8Array[], found: Uint8Array): boolean {
  found.fill(0);
  let left = terms.length;
  const mark = (slot: number, gold: number, pred: number) => {
    const cls = pred < 0 ? 2 : gold < 0 ? 3 : gold === pred ? 0 : 1;
    for (let t = 0; t < terms.length; t++) {
      if (!found[t] && CLASS_CODE[terms[t].cls] === cls && slots[t][slot]) {
        found[t] = 1;
        left--;
      }
    }
  };
  for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1] && left > 0; i++) walkBelief(c, i, mark);
  return left === 0;
}

export function filterIndex(l: Loaded, cols: RowColumns, filter: Filter, texts: () => string[]): Int32Array {
  const n = l.corpus.dialogueIds.length;
  const domain = filter.domain ? l.domains.indexOf(filter.domain) : -1;
  if (filter.domain && domain < 0) return new Int32Array(0);
  const parsed = readSearch(filter.search ?? '');
  if (parsed instanceof SearchSyntaxError) throw new AppError('bad-args', `search: ${parsed.message}`);
  const q = parsed.text.toLowerCase();
  const terms = parsed.terms;
  const threshold = parsed.confidentWrong;
  if (threshold !== undefined && cols.confidentWrong === null)
    throw new AppError(
      'bad-args',
      'search: confident-wrong: needs confidences, and this run carries none (docs/reference/formats.md lists the layouts that do)',
    );
  const t = q ? texts() : null;
  const slots = termSlots(l.corpus, terms);
  const found = new Uint8Array(terms.length);
  const out = new Int32Array(n);
  let m = 0;
  for (let d = 0; d < n; d++) {
    if (filter.mistakesOnly && !hasMistakes(cols, d)) continue;
    if (domain >= 0) {
      let hit = false;
      for (let k = l.domainStart[d]; k < l.domainStart[d + 1] && !hit; k++) hit = l.domainList[k] === domain;
      if (!hit) continue;
    }
    if (t && !t[d].includes(q)) continue;
    if (threshold !== undefined && !passesConfidentWrong((cols.confidentWrong as Float64Array)[d], threshold)) continue;
    if (terms.length > 0 && !matchesTerms(l.corpus, d, terms, slots, found)) continue;
    out[m++] = d;
  }
  return out.slice(0, m);
}

/**
 * Sorts dialogue indices in place; ties fall back to file order. Undefined
 * values sort last in both directions: AGA and IAGA where gold is always
 * empty, and GCA and |FGA − GCA| for a dialogue without any change (its
 * reported GCA of 0 is no score, so it must not lead a "worst GCA" or
 * "largest disagreement" list).
 */
export function sortIndex(l: Loaded, cols: RowColumns, idx: Int32Array, sort: Sort): Int32Array {
  const sign = sort.descending ? -1 : 1;
  const key: SortKey = sort.key;
  if (key === 'position') {
    if (sort.descending) idx.reverse();
    return idx;
  }
  if (key === 'id') {
    const ids = l.corpus.dialogueIds;
    return idx.sort((a, b) => (ids[a] < ids[b] ? -sign : ids[a] > ids[b] ? sign : a - b));
  }
  let col: ArrayLike<number>;
  if (key === 'turns') {
    const ds = l.corpus.dialogueStart;
    const turns = new Int32Array(ds.length - 1);
    for (let d = 0; d < turns.length; d++) turns[d] = ds[d + 1] - ds[d];
    col = turns;
  } else if (key === 'disagreement') col = cols.disagreement;
  else if (key === 'mistakes') col = cols.mistakes;
  else if (key === 'confidentWrong') col = cols.confidentWrong ?? new Float64Array(cols.mistakes.length).fill(Number.NaN);
  else col = cols.metrics[key];
  const none = NO_CHANGE_KEYS.has(key) ? cols.noChanges : null;
  return idx.sort((a, b) => {
    const x = col[a];
    const y = col[b];
    const xn = Number.isNaN(x) || (none !== null && none[a] === 1);
    const yn = Number.isNaN(y) || (none !== null && none[b] === 1);
    if (xn || yn) return xn && yn ? a - b : xn ? 1 : -1;
    return x === y ? a - b : x < y ? -sign : sign;
  });
}
