// Layer: renderer (pure module). The inspect and compare views' choices as
// ONE plain, serialisable object each: the turn, the list's sort and filter,
// the modes, the compared runs and the statistics' settings. A view starts
// from its defaults merged with a request from another view, and keeps its
// choices in that one object (one useState, not one per field). The selected
// row lives in the list's selection (app/use-list-selection.ts), which also
// knows where it is in the list. What is not a choice of the user — hovered
// turn, focus, loading, the rows of a lazily fetched list — is not in it.

import { DEFAULT_SEED } from '../../../shared/analysis/seed';
import { DEFAULT_DIFFER_MIN_TURNS } from '../../../shared/analysis/slices';

import { COMPARE_LINK_DEFAULTS, type CompareLink, type InspectLink, type LinkState } from '../../../shared/link';
import type { InspectTarget } from '../app/inspect-target';
import { DEFAULT_PAIR_QUERY, DEFAULT_QUERY, type ListQuery, type PairQuery } from './list-query';
import type { TurnViewMode } from './turn-view';

export interface InspectViewState {
  view: 'inspect';
  /** The selected turn (its position, 0-based) and the dialogue it was selected in. */
  turn: { dialogue: string | null; position: number };
  /** The dialogue list's sort and filter (domain, mistakes only, search). */
  query: ListQuery;
  /** Full state or only the turn's changes. */
  mode: TurnViewMode;
  /** The raw JSON pane is open. */
  raw: boolean;
}

export const INSPECT_DEFAULTS: InspectViewState = {
  view: 'inspect',
  turn: { dialogue: null, position: 0 },
  query: DEFAULT_QUERY,
  mode: 'full',
  raw: false,
};

/** The inspect view's state for a request of another view (the analysis view's root causes and per-slot counts). */
export function inspectStateOf(target: InspectTarget | null): Partial<InspectViewState> {
  if (!target) return {};
  const out: Partial<InspectViewState> = {};
  if (target.dialogue) {
    out.turn = { dialogue: target.dialogue, position: target.position ?? 0 };
  }
  if (target.search || target.domain) out.query = { ...DEFAULT_QUERY, filter: { search: target.search, domain: target.domain } };
  return out;
}

/** The inspect view's state for a link (src/shared/link.ts). */
export function inspectStateOfLink(l: InspectLink): Partial<InspectViewState> {
  return { turn: { dialogue: l.dialogue, position: l.turn }, query: { sort: l.sort, filter: { ...l.filter } }, mode: l.mode, raw: l.raw };
}

/** The inspect view's state as a link holds it: the dialogue shown, the turn selected in it, the list's sort and filter, the modes. */
export function inspectLinkOf(s: InspectViewState, dialogue: string | null): InspectLink {
  const f = s.query.filter;
  return {
    dialogue,
    turn: dialogue !== null && s.turn.dialogue === dialogue ? s.turn.position : 0,
    sort: s.query.sort,
    filter: {
      ...(f.domain ? { domain: f.domain } : {}),
      ...(f.mistakesOnly ? { mistakesOnly: true } : {}),
      ...(f.search ? { search: f.search } : {}),
    },
    mode: s.mode,
    raw: s.raw,
  };
}

export interface StatSettings {
  bootstrap: number;
  trials: number;
  seed: number;
}

export interface CompareViewState {
  view: 'compare';
  /** The baseline run (null: the first run compared). */
  baseline: string | null;
  /** Runs left out of the comparison. */
  excluded: string[];
  stats: StatSettings;
  /** Compare on the part every run has. */
  common: boolean;
  allowDifferentGold: boolean;
  /** Series: x per run typed here (over the command line's and the names'), the number of the names chosen, the panel shown (null: by itself). */
  series: { xs: Record<string, number | null>; part: string | null; shown: boolean | null };
  /**
   * The runs shown side by side (ids; empty: the baseline and the next run). The baseline is the
   * reference: first lane, run A of the pair list, and the run the paired tests are against.
   */
  runs: string[];
  /** Run B of the pair list, sorted by B − A (null: the first shown run after the reference). */
  pairB: string | null;
  /** "Where do runs differ most": the metric column (JGA, SA, FGA_0.5, …) and the fewest turns a slice needs. */
  differ: { metric: string; minTurns: number };
  /** The pair list's sort and filter. */
  pairQuery: PairQuery;
  /** The selected turn of that dialogue (its index in the file), null for none. */
  turn: number | null;
  /** Only the slots whose class differs between the runs. */
  onlyDiffering: boolean;
}

export const COMPARE_DEFAULTS: CompareViewState = {
  view: 'compare',
  baseline: null,
  excluded: [],
  stats: { bootstrap: 1000, trials: 10000, seed: DEFAULT_SEED },
  common: false,
  allowDifferentGold: false,
  series: { xs: {}, part: null, shown: null },
  runs: [],
  pairB: null,
  differ: { metric: 'JGA', minTurns: DEFAULT_DIFFER_MIN_TURNS },
  pairQuery: DEFAULT_PAIR_QUERY,
  turn: null,
  onlyDiffering: false,
};

/** A view's state from its defaults and what is asked (a request, later a link): fields asked for win. */
export function viewState<S extends object>(defaults: S, asked: Partial<S> = {}): S {
  return { ...defaults, ...asked };
}

/**
 * The compare view's state for a link whose runs are `runIds` (this workspace's ids, the baseline first): runs the
 * link does not name are left out of the comparison, the runs side by side (B, then C, …) by their places in the link's runs.
 */
export function compareStateOfLink(link: { state: LinkState; runIds: string[] }, ready: readonly { id: string }[]): CompareViewState {
  const c = link.state.compare ?? COMPARE_LINK_DEFAULTS;
  const ids = link.runIds;
  return {
    ...COMPARE_DEFAULTS,
    baseline: ids[0] ?? null,
    excluded: ids.length ? ready.filter((r) => !ids.includes(r.id)).map((r) => r.id) : [],
    stats: { ...c.stats },
    common: c.common,
    allowDifferentGold: c.allowDifferentGold,
    // The lanes after the reference: B first, then the further runs side by side.
    runs: c.lanes
      .slice(1)
      .map((k) => ids[k])
      .filter((id): id is string => id !== undefined),
    pairB: ids[c.lanes[1]] ?? null,
    pairQuery: { sort: { ...c.sort }, filter: { ...c.filter } },
    turn: c.turn,
    onlyDiffering: c.onlyDiffering,
  };
}

/** The compare view's state as a link holds it: `compared` are the compared runs' ids (the baseline first), `shown` the runs side by side (the reference, B, then the further lanes). */
export function compareLinkOf(
  s: CompareViewState,
  compared: readonly string[],
  shown: readonly (string | null)[],
  ids: { a: string; b: string } | null,
): CompareLink {
  const lanes = shown.map((id) => (id === null ? -1 : compared.indexOf(id)));
  return {
    lanes: lanes.every((k) => k >= 0) ? lanes : [...COMPARE_LINK_DEFAULTS.lanes],
    dialogue: ids?.a ?? null,
    dialogueB: ids && ids.b !== ids.a ? ids.b : null,
    turn: s.turn,
    sort: { ...s.pairQuery.sort },
    // The finder's slice (a row of "where do runs differ most" clicked) when one filters the list.
    filter: {
      turns: s.pairQuery.filter.turns,
      search: s.pairQuery.filter.search,
      ...(s.pairQuery.filter.slice ? { slice: { ...s.pairQuery.filter.slice } } : {}),
    },
    stats: { ...s.stats },
    common: s.common,
    allowDifferentGold: s.allowDifferentGold,
    onlyDiffering: s.onlyDiffering,
  };
}
