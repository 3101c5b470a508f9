// Layer: shared (pure TS). The slot vocabulary belief spans are read with
// (belief-span.ts): which domains exist, which slots each domain has (names
// may be several words), further words that end a value, and values that are
// read whole although they contain a slot name as a word. MultiWOZ's (the
// DAMD lineage's, data/multiwoz-belief-spans.json) is the default;
// `--slot-vocab FILE` gives another in the same JSON shape:
//   {"domains": {"hotel": ["area", "price range", …], …},
//    "stop_words": ["address", …], "values": ["whale of a time", …]}
// Members whose name starts with "_" are comments.

import { LoadError } from './errors';
import { parseValueHere } from './json-walk';
import { JsonScanner } from './json-scanner';
import { canonicalSlot } from './slot-names';
import MULTIWOZ from './data/multiwoz-belief-spans.json';

export interface SlotVocabSpec {
  domains: Record<string, string[]>;
  stop_words?: string[];
  values?: string[];
}

/** A vocabulary ready for parsing: candidates indexed by their first word, longest first. */
export interface SlotVocab {
  /** Where it came from ("MultiWOZ (built in)" or the file), for inspect. */
  readonly source: string;
  readonly domains: ReadonlyMap<string, ReadonlySet<string>>;
  /** Slot names of any domain and stop words: first word → word sequences, longest first. */
  readonly enders: ReadonlyMap<string, readonly string[][]>;
  /** Values read whole: first word → word sequences, longest first. */
  readonly values: ReadonlyMap<string, readonly string[][]>;
  /** Canonical slot name of (domain, slot as spelt), cached. */
  canonical(domain: string, slot: string): string;
}

const words = (s: string): string[] => s.trim().split(/\s+/).filter(Boolean);

function index(seqs: Iterable<string>): Map<string, string[][]> {
  const out = new Map<string, string[][]>();
  for (const s of seqs) {
    const w = words(s);
    if (w.length === 0) continue;
    const list = out.get(w[0]) ?? [];
    if (!list.some((x) => x.join(' ') === w.join(' '))) list.push(w);
    out.set(w[0], list);
  }
  for (const list of out.values()) list.sort((a, b) => b.length - a.length);
  return out;
}

export function compileSlotVocab(spec: SlotVocabSpec, source: string): SlotVocab {
  const domains = new Map<string, Set<string>>();
  for (const [d, slots] of Object.entries(spec.domains)) domains.set(d, new Set(slots.map((s) => words(s).join(' '))));
  const all = new Set<string>();
  for (const s of domains.values()) for (const x of s) all.add(x);
  for (const w of spec.stop_words ?? []) all.add(words(w).join(' '));
  const cache = new Map<string, Map<string, string>>();
  return {
    source,
    domains,
    enders: index(all),
    values: index(spec.values ?? []),
    canonical(domain, slot) {
      let bySlot = cache.get(domain);
      if (bySlot === undefined) cache.set(domain, (bySlot = new Map()));
      let c = bySlot.get(slot);
      if (c === undefined) bySlot.set(slot, (c = canonicalSlot(domain, slot)));
      return c;
    },
  };
}

let builtIn: SlotVocab | undefined;

/** MultiWOZ's belief-span vocabulary (data/multiwoz-belief-spans.json; provenance in data/README.md). */
export function multiwozSlotVocab(): SlotVocab {
  return (builtIn ??= compileSlotVocab(MULTIWOZ as SlotVocabSpec, 'MultiWOZ (built in: UBAR, PPTOD, FnCTOD, MTTOD)'));
}

/** Reads a --slot-vocab file; a bad one is a LoadError naming the place. */
export function parseSlotVocab(bytes: Uint8Array, file: string): SlotVocab {
  const sc = new JsonScanner(bytes, file);
  sc.peek();
  const v = parseValueHere(sc, '$');
  sc.end();
  const fail = (path: string, problem: string) => new LoadError(file, problem, undefined, path);
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw fail('$', 'expected a slot vocabulary {"domains": {domain: [slot, …]}, "stop_words": […], "values": […]}');
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (!k.startsWith('_') && !['domains', 'stop_words', 'values'].includes(k))
      throw fail(`$.${k}`, `unknown member ${JSON.stringify(k)}; a slot vocabulary has "domains", "stop_words" and "values"`);
  const d = o.domains;
  if (typeof d !== 'object' || d === null || Array.isArray(d)) throw fail('$.domains', 'expected an object {domain: [slot name, …]}');
  const strings = (x: unknown, path: string): string[] => {
    if (!Array.isArray(x)) throw fail(path, 'expected a list of strings');
    x.forEach((s, i) => {
      if (typeof s !== 'string' || s.trim() === '') throw fail(`${path}[${i}]`, 'expected a non-empty string');
      if (/[[\]]/.test(s)) throw fail(`${path}[${i}]`, `${JSON.stringify(s)} contains "[" or "]", which mark domains in a span`);
    });
    return x as string[];
  };
  const domains: Record<string, string[]> = {};
  for (const [name, slots] of Object.entries(d as Record<string, unknown>)) {
    if (name.trim() === '' || /[\s[\]]/.test(name))
      throw fail(`$.domains`, `the domain name ${JSON.stringify(name)} is empty or contains a space or a bracket`);
    domains[name] = strings(slots, `$.domains[${JSON.stringify(name)}]`);
  }
  if (Object.keys(domains).length === 0) throw fail('$.domains', 'names no domain');
  const spec: SlotVocabSpec = { domains };
  if (o.stop_words !== undefined) spec.stop_words = strings(o.stop_words, '$.stop_words');
  if (o.values !== undefined) spec.values = strings(o.values, '$.values');
  return compileSlotVocab(spec, file);
}
