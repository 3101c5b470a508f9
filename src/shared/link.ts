// Layer: shared (pure TS). A link to a view: the view's state as the part of
// an address after '#' (the fragment), and back. The renderer writes it into
// its address on every navigation and reads it on load, back/forward and an
// opened link; `dst-inspector open LINK` and the Electron dst-inspector://
// handler read it too. The fragment is chosen over the query because it never
// reaches a server (no log holds it, it never mixes with the browser-mode
// ?token=… the server checks) and it works alike under http://, app:// and
// dst-inspector://. Runs are named by their prediction file (relative to the
// served folder, absolute where it is outside) and a short content hash, never
// by the session's run ids. Decoding never throws: what it cannot read it
// leaves at its default and says so in `notices`. docs/guide/sharing.md.

import { PAIR_FILTERS, PAIR_SORT_KEYS, type PairFilter, type PairSortKey } from './calls/compare-view';
import { isSortKey, type SortKey } from './calls/sort-keys';
import { DEFAULT_SEED, MAX_BOOTSTRAP, MAX_SEED, MAX_TRIALS } from './analysis/seed';
import { SLICE_KINDS, type SliceKind } from './analysis/slices';
import { EXACT_PRESET, type PresetConfig } from './metrics/config';
import { presetConfigSchema } from './metrics/config-schema';

export const LINK_VIEWS = ['inspect', 'compare', 'analysis', 'playground'] as const;
export type LinkView = (typeof LINK_VIEWS)[number];

/** The built-in demo's name in links (a file of that name is named "./@demo"). */
export const DEMO_LINK_PATH = '@demo';

/** A run as a link names it: its prediction file and the first 12 hex digits of the SHA-256 of its bytes (null: unknown). */
export interface LinkRun {
  path: string;
  hash: string | null;
}

/** JSON values an analysis option may hold. */
export type LinkOption = string | number | boolean | null | string[];

export interface InspectLink {
  dialogue: string | null;
  /** The turn's position in the dialogue (0-based). */
  turn: number;
  sort: { key: SortKey; descending: boolean };
  filter: { domain?: string; mistakesOnly?: boolean; search?: string };
  mode: 'full' | 'changes';
  raw: boolean;
}

export interface CompareLink {
  /** The runs shown side by side, as indices into the link's runs (the link's runs are the compared ones, the baseline first). */
  lanes: number[];
  /** The selected dialogue as the first lane's run names it, and (when it differs) as the second's. */
  dialogue: string | null;
  dialogueB: string | null;
  /** The selected turn (its index in the file), null for none. */
  turn: number | null;
  sort: { key: PairSortKey; metric: string; descending: boolean };
  /** The pair list's filter; `slice`: the "where do runs differ most" finder's row clicked (pairQuery.filter.slice). */
  filter: { turns: PairFilter; search: string; slice?: { kind: SliceKind; key: string } };
  stats: { bootstrap: number; trials: number; seed: number };
  common: boolean;
  allowDifferentGold: boolean;
  onlyDiffering: boolean;
}

export interface AnalysisLink {
  /** The analysis's name (breakdown, position, …). */
  section: string;
  /** Its controls, by the key the view remembers them under (bd.by, pos.series, …). */
  options: Record<string, LinkOption>;
}

export interface LinkState {
  view: LinkView;
  runs: LinkRun[];
  /**
   * The evaluator preset every number is computed under (MetricConfig.preset); absent: exact (EXACT_PRESET). Every
   * view's numbers depend on it, so every link holds it (field `p`, written only when it is not exact).
   */
  preset?: PresetConfig;
  inspect?: InspectLink;
  compare?: CompareLink;
  analysis?: AnalysisLink;
  /** The playground's text, when small enough for a link (MAX_PLAYGROUND_TEXT). */
  playground?: { text: string };
}

/** The longest fragment read (a longer one is refused with a notice) and the longest playground text written. */
export const MAX_LINK_CHARS = 32_000;
export const MAX_PLAYGROUND_TEXT = 4000;

export const INSPECT_LINK_DEFAULTS: InspectLink = {
  dialogue: null,
  turn: 0,
  sort: { key: 'position', descending: false },
  filter: {},
  mode: 'full',
  raw: false,
};

export const COMPARE_LINK_DEFAULTS: CompareLink = {
  lanes: [0, 1],
  dialogue: null,
  dialogueB: null,
  turn: null,
  sort: { key: 'diff', metric: 'JGA', descending: true },
  filter: { turns: 'all', search: '' },
  stats: { bootstrap: 1000, trials: 10000, seed: DEFAULT_SEED },
  common: false,
  allowDifferentGold: false,
  onlyDiffering: false,
};

/** The fields a person types into (search boxes, the playground): a change of only these replaces the history entry instead of adding one. */
const TYPED = new Set(['q', 'pq', 'text']);

const HASH = /^[0-9a-f]{6,64}$/;
const INT = /^(0|[1-9][0-9]{0,9})$/;
const OPTION_KEY = /^[a-zA-Z][a-zA-Z0-9._-]{0,63}$/;

// ---------------------------------------------------------------------------------------------------------------- encode

/** The fragment (without '#') for a state: fields at their default are left out. */
export function encodeLink(s: LinkState, compareDefaults: CompareLink = COMPARE_LINK_DEFAULTS): string {
  const p: [string, string][] = [['v', s.view]];
  for (const r of s.runs) p.push(['run', `${r.hash ?? ''}:${r.path}`]);
  if (s.preset && !samePreset(s.preset, EXACT_PRESET)) p.push(['p', encodePreset(s.preset)]);
  if (s.inspect) {
    const i = s.inspect;
    const d = INSPECT_LINK_DEFAULTS;
    if (i.dialogue !== null) p.push(['d', i.dialogue]);
    if (i.turn !== d.turn) p.push(['t', String(i.turn)]);
    if (i.sort.key !== d.sort.key || i.sort.descending !== d.sort.descending)
      p.push(['sort', `${i.sort.key}${i.sort.descending ? '-' : '+'}`]);
    if (i.filter.domain !== undefined) p.push(['dom', i.filter.domain]);
    if (i.filter.mistakesOnly) p.push(['mis', '1']);
    if (i.filter.search !== undefined) p.push(['q', i.filter.search]);
    if (i.mode !== d.mode) p.push(['mode', i.mode]);
    if (i.raw) p.push(['raw', '1']);
  }
  if (s.compare) {
    const c = s.compare;
    const d = compareDefaults;
    if (c.lanes.join(',') !== d.lanes.join(',')) p.push(['lanes', c.lanes.join(',')]);
    if (c.dialogue !== null) p.push(['d', c.dialogue]);
    if (c.dialogueB !== null) p.push(['db', c.dialogueB]);
    if (c.turn !== null) p.push(['t', String(c.turn)]);
    if (c.sort.key !== d.sort.key || c.sort.metric !== d.sort.metric || c.sort.descending !== d.sort.descending)
      p.push(['psort', `${c.sort.key}${c.sort.descending ? '-' : '+'}${c.sort.metric}`]);
    if (c.filter.turns !== d.filter.turns) p.push(['pf', c.filter.turns]);
    if (c.filter.search !== '') p.push(['pq', c.filter.search]);
    if (c.filter.slice) p.push(['sl', `${c.filter.slice.kind}:${c.filter.slice.key}`]);
    if (c.stats.bootstrap !== d.stats.bootstrap) p.push(['B', String(c.stats.bootstrap)]);
    if (c.stats.trials !== d.stats.trials) p.push(['R', String(c.stats.trials)]);
    if (c.stats.seed !== d.stats.seed) p.push(['seed', String(c.stats.seed)]);
    if (c.common) p.push(['common', '1']);
    if (c.allowDifferentGold) p.push(['gold', '1']);
    if (c.onlyDiffering) p.push(['diff', '1']);
  }
  if (s.analysis) {
    p.push(['a', s.analysis.section]);
    for (const k of Object.keys(s.analysis.options).sort()) p.push([`o.${k}`, JSON.stringify(s.analysis.options[k])]);
  }
  if (s.playground && s.playground.text.length <= MAX_PLAYGROUND_TEXT) p.push(['text', s.playground.text]);
  return p.map(([k, v]) => `${k}=${enc(v)}`).join('&');
}

/** encodeURIComponent, keeping the characters that are safe in a fragment and common in paths (/ : , @) readable. */
function enc(v: string): string {
  return encodeURIComponent(v).replace(/%2F/g, '/').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%40/g, '@');
}

// ---------------------------------------------------------------------------------------------------------------- decode

export interface DecodedLink {
  /** What could be read (null: the fragment names no view: not a link of ours, or empty). */
  state: LinkState | null;
  /** What was left out or at its default, and why (one sentence each). */
  notices: string[];
}

/** Reads a fragment (with or without its '#'); never throws. */
export function decodeLink(fragment: string, compareDefaults: CompareLink = COMPARE_LINK_DEFAULTS): DecodedLink {
  const notices: string[] = [];
  const f = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (f.trim() === '') return { state: null, notices };
  if (f.length > MAX_LINK_CHARS)
    return { state: null, notices: [`the link is too long (${f.length} characters, at most ${MAX_LINK_CHARS}); it was not read`] };
  const pairs: [string, string][] = [];
  for (const part of f.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const k = eq < 0 ? part : part.slice(0, eq);
    const raw = eq < 0 ? '' : part.slice(eq + 1);
    try {
      pairs.push([decodeURIComponent(k), decodeURIComponent(raw)]);
    } catch {
      notices.push(`the link's field ${JSON.stringify(k.slice(0, 40))} is not valid percent-encoding; it was left out`);
    }
  }
  const one = new Map<string, string>();
  const runs: LinkRun[] = [];
  const options: Record<string, LinkOption> = {};
  for (const [k, v] of pairs) {
    if (k === 'run') {
      const c = v.indexOf(':');
      const hash = c < 0 ? '' : v.slice(0, c);
      const path = c < 0 ? v : v.slice(c + 1);
      if (path === '' || path.length > 4096 || path.includes('\0') || (hash !== '' && !HASH.test(hash)))
        notices.push(`the link's run ${JSON.stringify(v.slice(0, 80))} is not "HASH:PATH"; it was left out`);
      else runs.push({ path, hash: hash === '' ? null : hash });
    } else if (k.startsWith('o.')) {
      const key = k.slice(2);
      const val = parseOption(v);
      if (!OPTION_KEY.test(key) || val === undefined)
        notices.push(`the link's analysis option ${JSON.stringify(k.slice(0, 60))} could not be read; it was left out`);
      else options[key] = val;
    } else if (KNOWN.has(k)) one.set(k, v);
    else notices.push(`the link's field ${JSON.stringify(k.slice(0, 40))} is not known here (a newer version's?); it was ignored`);
  }

  const viewText = one.get('v');
  let view: LinkView = 'inspect';
  if (viewText === undefined) notices.push('the link names no view; showing the inspector');
  else if ((LINK_VIEWS as readonly string[]).includes(viewText)) view = viewText as LinkView;
  else
    notices.push(`the link's view ${JSON.stringify(viewText.slice(0, 40))} is not one of ${LINK_VIEWS.join(', ')}; showing the inspector`);

  const bad = (field: string, v: string, what: string) =>
    notices.push(`the link's ${field} ${JSON.stringify(v.slice(0, 60))} is not ${what}; it was left at its default`);
  const int = (k: string, field: string, max = 1e9): number | undefined => {
    const v = one.get(k);
    if (v === undefined) return undefined;
    if (INT.test(v) && Number(v) <= max) return Number(v);
    bad(field, v, `a whole number from 0 to ${max}`);
    return undefined;
  };
  const flag = (k: string, field: string): boolean => {
    const v = one.get(k);
    if (v === undefined || v === '0') return false;
    if (v === '1') return true;
    bad(field, v, '0 or 1');
    return false;
  };

  const state: LinkState = { view, runs };
  const presetText = one.get('p');
  if (presetText !== undefined) {
    const r = decodePreset(presetText);
    if (typeof r === 'string')
      notices.push(`the link's preset ${JSON.stringify(presetText.slice(0, 80))} could not be read (${r}); scoring as exact`);
    else if (!samePreset(r, EXACT_PRESET)) state.preset = r;
  }
  if (view === 'inspect') {
    const d = INSPECT_LINK_DEFAULTS;
    const i: InspectLink = { ...d, sort: { ...d.sort }, filter: {} };
    if (one.has('d')) i.dialogue = one.get('d')!;
    i.turn = int('t', 'turn') ?? d.turn;
    const sort = one.get('sort');
    if (sort !== undefined) {
      const key = sort.slice(0, -1);
      const dir = sort.slice(-1);
      if (isSortKey(key) && (dir === '+' || dir === '-')) i.sort = { key, descending: dir === '-' };
      else bad('sort', sort, 'a sort key followed by + or -');
    }
    if (one.has('dom')) i.filter.domain = one.get('dom')!;
    if (flag('mis', 'mistakes-only flag')) i.filter.mistakesOnly = true;
    if (one.has('q')) i.filter.search = one.get('q')!;
    const mode = one.get('mode');
    if (mode === 'full' || mode === 'changes') i.mode = mode;
    else if (mode !== undefined) bad('mode', mode, '"full" or "changes"');
    i.raw = flag('raw', 'raw-pane flag');
    state.inspect = i;
  }
  if (view === 'compare') {
    const d = compareDefaults;
    const c: CompareLink = { ...d, lanes: [...d.lanes], sort: { ...d.sort }, filter: { ...d.filter }, stats: { ...d.stats } };
    const lanes = one.get('lanes');
    if (lanes !== undefined) {
      const xs = lanes.split(',');
      if (xs.length >= 1 && xs.length <= 64 && xs.every((x) => INT.test(x) && Number(x) < 256)) c.lanes = xs.map(Number);
      else bad('lanes', lanes, 'a list of run numbers such as 0,1');
    }
    if (one.has('d')) c.dialogue = one.get('d')!;
    if (one.has('db')) c.dialogueB = one.get('db')!;
    c.turn = int('t', 'turn') ?? null;
    const ps = one.get('psort');
    if (ps !== undefined) {
      const m = /^([A-Za-z]+)([+-])(.*)$/.exec(ps);
      if (m && (PAIR_SORT_KEYS as readonly string[]).includes(m[1]) && m[3] !== '')
        c.sort = { key: m[1] as PairSortKey, descending: m[2] === '-', metric: m[3] };
      else bad('pair sort', ps, 'a pair sort key, + or -, and a metric');
    }
    const pf = one.get('pf');
    if (pf !== undefined) {
      if ((PAIR_FILTERS as readonly string[]).includes(pf)) c.filter.turns = pf as PairFilter;
      else bad('pair filter', pf, `one of ${PAIR_FILTERS.join(', ')}`);
    }
    if (one.has('pq')) c.filter.search = one.get('pq')!;
    const sl = one.get('sl');
    if (sl !== undefined) {
      const colon = sl.indexOf(':');
      const kind = sl.slice(0, Math.max(0, colon));
      const key = sl.slice(colon + 1);
      if (colon > 0 && (SLICE_KINDS as readonly string[]).includes(kind) && key.length >= 1 && key.length <= 200)
        c.filter.slice = { kind: kind as SliceKind, key };
      else bad('slice', sl, `a slice "KIND:KEY" with KIND one of ${SLICE_KINDS.join(', ')}`);
    }
    c.stats.bootstrap = int('B', 'bootstrap B', MAX_BOOTSTRAP) ?? d.stats.bootstrap;
    c.stats.trials = int('R', 'trials R', MAX_TRIALS) ?? d.stats.trials;
    c.stats.seed = int('seed', 'seed', MAX_SEED) ?? d.stats.seed;
    c.common = flag('common', 'common-part flag');
    c.allowDifferentGold = flag('gold', 'different-gold flag');
    c.onlyDiffering = flag('diff', 'only-differing flag');
    state.compare = c;
  }
  if (view === 'analysis') {
    const a = one.get('a');
    if (a !== undefined && /^[a-z][a-z0-9-]{0,40}$/.test(a)) state.analysis = { section: a, options };
    else {
      if (a !== undefined) bad('analysis', a, 'an analysis name');
      if (Object.keys(options).length > 0 || a !== undefined) state.analysis = { section: '', options };
    }
  }
  if (view === 'playground' && one.has('text')) state.playground = { text: one.get('text')! };
  return { state, notices };
}

const KNOWN = new Set([
  'v',
  'd',
  't',
  'sort',
  'dom',
  'mis',
  'q',
  'mode',
  'raw',
  'lanes',
  'db',
  'psort',
  'pf',
  'pq',
  'sl',
  'p',
  'B',
  'R',
  'seed',
  'common',
  'gold',
  'diff',
  'a',
  'text',
]);

function parseOption(v: string): LinkOption | undefined {
  let x: unknown;
  try {
    x = JSON.parse(v);
  } catch {
    return undefined;
  }
  if (x === null || typeof x === 'string' || typeof x === 'boolean') return x;
  if (typeof x === 'number') return Number.isFinite(x) ? x : undefined;
  if (Array.isArray(x) && x.length <= 256 && x.every((e) => typeof e === 'string')) return x as string[];
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------- preset

/**
 * A preset in a link, compactly: its name, then what is set apart from the preset's own, comma-separated —
 * `vm:HASH` (the value map's content hash), `m:exact` or `m:SCORER/THRESHOLD/BACKEND` (the matcher),
 * `sgd:ACROSS/FUZZY/BACKEND` (0 or 1 each, then the backend), `st:DTI` (SimpleTOD's default cleaning, type-2 cleaning,
 * ignore dontcare in predictions: 0 or 1 each). E.g. `mwzeval,vm:3fa2c1`, `sgd,sgd:1/1/difflib`, `simpletod,st:110`.
 */
export function encodePreset(p: PresetConfig): string {
  const out: string[] = [p.name];
  if (p.valueMap !== undefined) out.push(`vm:${p.valueMap}`);
  if (p.matcher) out.push(p.matcher.kind === 'exact' ? 'm:exact' : `m:${p.matcher.scorer}/${p.matcher.threshold}/${p.matcher.backend}`);
  if (p.sgd) out.push(`sgd:${bit(p.sgd.acrossTurns)}/${bit(p.sgd.fuzzy)}/${p.sgd.backend}`);
  if (p.simpletod)
    out.push(`st:${bit(p.simpletod.defaultCleaning)}${bit(p.simpletod.type2Cleaning)}${bit(p.simpletod.ignoreDontcareInPred)}`);
  return out.join(',');
}

const bit = (b: boolean) => (b ? '1' : '0');

/** A preset from its link text (encodePreset), checked against the config's schema; a string says what is wrong. */
export function decodePreset(text: string): PresetConfig | string {
  const [name, ...parts] = text.split(',');
  const o: Record<string, unknown> = { name };
  for (const part of parts) {
    const c = part.indexOf(':');
    const k = c < 0 ? part : part.slice(0, c);
    const v = c < 0 ? '' : part.slice(c + 1);
    if (k in PRESET_PART_KEYS && o[PRESET_PART_KEYS[k]] !== undefined) return `${k} is given twice`;
    if (k === 'vm') o.valueMap = v;
    else if (k === 'm') {
      const m = v.split('/');
      if (v === 'exact') o.matcher = { kind: 'exact' };
      else if (m.length === 3 && /^\d{1,3}(\.\d{1,6})?$/.test(m[1]))
        o.matcher = { kind: 'fuzzy', scorer: m[0], threshold: Number(m[1]), backend: m[2] };
      else return `matcher ${JSON.stringify(v.slice(0, 40))} is not "exact" or SCORER/THRESHOLD/BACKEND`;
    } else if (k === 'sgd') {
      const m = /^([01])\/([01])\/(.*)$/.exec(v);
      if (!m) return `sgd flags ${JSON.stringify(v.slice(0, 40))} are not ACROSS/FUZZY/BACKEND`;
      o.sgd = { acrossTurns: m[1] === '1', fuzzy: m[2] === '1', backend: m[3] };
    } else if (k === 'st') {
      if (!/^[01]{3}$/.test(v)) return `simpletod switches ${JSON.stringify(v.slice(0, 40))} are not three 0/1 digits`;
      o.simpletod = { defaultCleaning: v[0] === '1', type2Cleaning: v[1] === '1', ignoreDontcareInPred: v[2] === '1' };
    } else return `its part ${JSON.stringify(part.slice(0, 40))} is not known`;
  }
  const r = presetConfigSchema.safeParse(o);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  return `${issue.path.length ? issue.path.join('.') : 'name'}: ${issue.message}`;
}

const PRESET_PART_KEYS: Record<string, string> = { vm: 'valueMap', m: 'matcher', sgd: 'sgd', st: 'simpletod' };

/** Two presets alike (the same text in a link). */
export function samePreset(a: PresetConfig, b: PresetConfig): boolean {
  return encodePreset(a) === encodePreset(b);
}

// ---------------------------------------------------------------------------------------------------------------- history

/** One step of the history rule: how the address change goes in, and the typed field whose edit is open after it. */
export interface HistoryStep {
  mode: 'push' | 'replace' | 'none';
  edit: string | null;
}

/**
 * How a change of the address goes into the history. 'push' (Back undoes it): another view, run, preset, dialogue,
 * turn, sort or filter — and the first change of an edit of a typed field (a search box, the playground's text), which
 * opens that edit. 'replace': a further change of the typed field whose edit is open (`edit`), so one edit is one
 * history entry. 'none': no change. An edit is closed by any push of something else and by the caller when the field
 * loses focus (pass null). Before this rule the first keystroke replaced too, and overwrote the step before the typing.
 */
export function historyStep(before: string, after: string, edit: string | null): HistoryStep {
  const bare = (f: string) => (f.startsWith('#') ? f.slice(1) : f);
  if (bare(before) === bare(after)) return { mode: 'none', edit };
  const fields = (f: string) => {
    const typed = new Map<string, string>();
    const rest: string[] = [];
    for (const p of bare(f).split('&')) {
      const k = p.slice(0, Math.max(0, p.indexOf('=')));
      if (TYPED.has(k)) typed.set(k, p);
      else rest.push(p);
    }
    return { typed, rest: rest.join('&') };
  };
  const b = fields(before);
  const a = fields(after);
  if (b.rest !== a.rest) return { mode: 'push', edit: null };
  const changed = [...TYPED].filter((k) => b.typed.get(k) !== a.typed.get(k));
  if (edit !== null && changed.length === 1 && changed[0] === edit) return { mode: 'replace', edit };
  return { mode: 'push', edit: changed.length === 1 ? changed[0] : null };
}

// ---------------------------------------------------------------------------------------------------------------- links

/** The scheme of the desktop app's links. */
export const LINK_SCHEME = 'dst-inspector:';

/**
 * The fragment of a link given as text: a browser-mode address (http://127.0.0.1:PORT/…#…), a desktop link
 * (dst-inspector://open#…), or a bare fragment (#… or v=…). A `token` in the address is never kept (the receiver
 * authenticates with their own). Null with a reason for what is none of these.
 */
export function linkFragment(text: string): { fragment: string } | { error: string } {
  const t = text.trim();
  if (t.length > MAX_LINK_CHARS + 200) return { error: `the link is too long (${t.length} characters)` };
  if (t.startsWith('#')) return { fragment: t.slice(1) };
  if (/^v=/.test(t)) return { fragment: t };
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/.exec(t);
  if (!m)
    return {
      error: `${JSON.stringify(t.slice(0, 80))} is not a link of DST Inspector (http://127.0.0.1:PORT/#v=… or dst-inspector://open#v=…)`,
    };
  const scheme = `${m[1].toLowerCase()}:`;
  if (scheme === LINK_SCHEME) {
    if (m[2] !== 'open' || (m[3] !== '' && m[3] !== '/'))
      return { error: `a ${LINK_SCHEME}// link must be ${LINK_SCHEME}//open#…; this one is ${JSON.stringify(t.slice(0, 80))}` };
  } else if (scheme !== 'http:' && scheme !== 'https:')
    return { error: `links of scheme ${JSON.stringify(scheme)} are not opened (http, https or ${LINK_SCHEME})` };
  return { fragment: (m[5] ?? '#').slice(1) };
}

/** The desktop link of a fragment. */
export function desktopLink(fragment: string): string {
  return `${LINK_SCHEME}//open#${fragment}`;
}
