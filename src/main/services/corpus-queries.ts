// Layer: main (Node). Queries over a loaded corpus for the dialogue list: the
// per-dialogue scores under a config (one column per metric, cached per
// config) and the sorted, filtered index (cached per config, sort and filter),
// so paging through 100k dialogues costs a slice, not a re-sort.

import type { ApiArgs, DialogueRow, SortKey } from '../../shared/api';
import type { Corpus } from '../../shared/model/corpus';
import type { MetricConfig } from '../../shared/metrics/config';
import { lambdaKey } from '../../shared/metrics/config';
import { dialogueStates } from '../../shared/metrics/evaluate';
import { METRICS } from '../../shared/metrics/registry';
import { scoresOf } from '../../shared/metrics/state';
import { gcaCountsOf, hasNoChanges, metricValue, NO_CHANGE_KEYS } from '../../shared/metrics/values';
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
}


/** Row scores depend only on the first λ and K. */
export function rowConfigKey(config: MetricConfig): string {
  return `${lambdaKey(config.lambdas[0])}|${config.slotCount}`;
}

export function rowColumns(l: Loaded, config: MetricConfig): RowColumns {
  const n = l.corpus.dialogueIds.length;
  const one: MetricConfig = { ...config, lambdas: [config.lambdas[0]] };
  const { layout, states } = dialogueStates(l.corpus, l.stats, one);
  const metrics: Record<string, Float64Array> = {};
  for (const m of METRICS) metrics[m.id] = new Float64Array(n);
  const cols: RowColumns = { metrics, disagreement: new Float64Array(n), mistakes: new Int32Array(n), noChanges: new Uint8Array(n) };
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
    noChanges: cols.noChanges[d] === 1,
  };
}

type Filter = ApiArgs<'dialoguePage'>['filter'];
type Sort = ApiArgs<'dialoguePage'>['sort'];

/** Lower-cased id and utterance text of each dialogue, for search. */
export function searchTexts(l: Loaded): string[] {
  const c = l.corpus;
  const out: string[] = [];
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
    out.push(s.toLowerCase());
  }
  return out;
}

export function hasMistakes(cols: RowColumns, d: number): boolean {
  return cols.mistakes[d] > 0 || cols.metrics.JGA[d] < 1;
}

export function filterIndex(l: Loaded, cols: RowColumns, filter: Filter, texts: () => string[]): Int32Array {
  const n = l.corpus.dialogueIds.length;
  const domain = filter.domain ? l.domains.indexOf(filter.domain) : -1;
  if (filter.domain && domain < 0) return new Int32Array(0);
  const q = filter.search?.trim().toLowerCase() ?? '';
  const t = q ? texts() : null;
  const out = new Int32Array(n);
  let m = 0;
  for (let d = 0; d < n; d++) {
    if (filter.mistakesOnly && !hasMistakes(cols, d)) continue;
    if (domain >= 0) {
      let found = false;
      for (let k = l.domainStart[d]; k < l.domainStart[d + 1] && !found; k++) found = l.domainList[k] === domain;
      if (!found) continue;
    }
    if (t && !t[d].includes(q)) continue;
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
  } else if (key === 'disagreement' || key === 'mistakes') col = cols[key];
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
