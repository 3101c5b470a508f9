// Layer: shared (pure TS). Reads one belief span — the state as text that
// UBAR, PPTOD, FnCTOD and MTTOD write — into (canonical slot, value) pairs,
// or says why it cannot be read and at which word. Two grammars:
//   DAMD  (UBAR, PPTOD, FnCTOD): "[restaurant] food indian pricerange moderate [train] day saturday"
//         (UBAR reader.py bspan_to_constraint_dict, UBAR/PPTOD dst.py paser_bs,
//          FnCTOD src/multiwoz/utils/utils.py paser_bs_to_dict): a value runs to the
//          next slot name or stop word (slot-vocab.ts) or domain token.
//   MTTOD: "[train] [value_day] saturday [value_arrive] 16:30" (MTTOD reader.py
//          constraint_dict_to_bspn; read back by utils convert.py bspn_to_constraint_dict).
// Special tokens <sos_b> … <eos_b> (UBAR) and <bos_belief> … <eos_belief>
// (MTTOD) are removed; words after the closing token are not part of the span
// (the systems stop there too). Where the systems' parsers guess (a word before
// the first domain, an unknown [token], a slot without a value, a slot the
// domain does not have, a slot written twice, a span opened but never closed)
// this reader refuses the span instead: the loader marks the turn unparseable.

import type { SlotVocab } from './slot-vocab';

export type SpanGrammar = 'damd' | 'mttod';

export type SpanResult =
  | { ok: true; pairs: [string, string][] }
  | {
      ok: false;
      /** What is wrong. */
      problem: string;
      /** 1-based word number in the span as written (special tokens counted). */
      word: number;
    };

const MARKERS: Record<string, string> = { '<sos_b>': '<eos_b>', '<bos_belief>': '<eos_belief>' };
const CLOSERS = new Set(Object.values(MARKERS));

/** The grammar of a file, from one of its spans: MTTOD's when it has a [value_x] token. */
export function spanGrammar(span: string): SpanGrammar {
  return /\[value_[^\]\s]*\]/.test(span) ? 'mttod' : 'damd';
}

const bad = (problem: string, word: number): SpanResult => ({ ok: false, problem, word });

/** White space as split(/\s+/) sees it: only the first and last piece can be empty. */
const WHITE = /\s+/;

/** The words of a span without its special tokens, with their 1-based positions; or a problem. */
function spanWords(span: string): { words: string[]; at: number[] } | SpanResult {
  const all = span.split(WHITE);
  if (all.length > 0 && all[0] === '') all.shift();
  if (all.length > 0 && all[all.length - 1] === '') all.pop();
  const words: string[] = [];
  const at: number[] = [];
  let close: string | undefined;
  let closed = false;
  for (let i = 0; i < all.length && !closed; i++) {
    const w = all[i];
    if (i === 0 && Object.hasOwn(MARKERS, w)) {
      close = MARKERS[w];
      continue;
    }
    if (CLOSERS.has(w)) {
      closed = true;
      continue;
    }
    if (w.charCodeAt(0) === 0x3c && w.charCodeAt(w.length - 1) === 0x3e && /^<[^<>\s]*>$/.test(w))
      return bad(`unexpected special token ${JSON.stringify(w)}`, i + 1);
    words.push(w);
    at.push(i + 1);
  }
  if (close && !closed)
    return bad(
      `the span opens with ${all[0]} but never closes with ${close} (the generation may have been cut at its length limit)`,
      all.length,
    );
  return { words, at };
}

/** The longest candidate word sequence that starts at words[i], or undefined. */
function matchAt(index: ReadonlyMap<string, readonly string[][]>, words: string[], i: number): string[] | undefined {
  const list = index.get(words[i]);
  if (!list) return undefined;
  for (const seq of list) {
    let ok = i + seq.length <= words.length;
    for (let k = 1; ok && k < seq.length; k++) ok = words[i + k] === seq[k];
    if (ok) return seq;
  }
  return undefined;
}

const isBracket = (w: string): boolean => w.length >= 2 && w[0] === '[' && w[w.length - 1] === ']';

/** Reads a span in the DAMD or MTTOD grammar with a slot vocabulary. */
export function parseSpan(span: string, grammar: SpanGrammar, vocab: SlotVocab): SpanResult {
  const sw = spanWords(span);
  if ('ok' in sw) return sw;
  return grammar === 'mttod' ? parseMttod(sw.words, sw.at, vocab) : parseDamd(sw.words, sw.at, vocab);
}

function parseDamd(words: string[], at: number[], vocab: SlotVocab): SpanResult {
  const pairs: [string, string][] = [];
  const seen = new Set<string>();
  let domain: string | undefined;
  const boundary = (j: number) => isBracket(words[j]) || matchAt(vocab.enders, words, j) !== undefined;
  let i = 0;
  while (i < words.length) {
    const w = words[i];
    if (isBracket(w)) {
      const name = w.slice(1, -1);
      if (!vocab.domains.has(name)) return bad(`unknown token ${JSON.stringify(w)} (not a domain of the slot vocabulary)`, at[i]);
      domain = name;
      i++;
      continue;
    }
    if (domain === undefined) return bad(`${JSON.stringify(w)} comes before the first [domain]`, at[i]);
    const slotWords = matchAt(vocab.enders, words, i);
    if (!slotWords) return bad(`expected a slot name of [${domain}], found ${JSON.stringify(w)}`, at[i]);
    const slot = slotWords.join(' ');
    if (!vocab.domains.get(domain)!.has(slot)) return bad(`${JSON.stringify(slot)} is not a slot of [${domain}]`, at[i]);
    const slotAt = at[i];
    i += slotWords.length;
    let j = i;
    const whole = i < words.length ? matchAt(vocab.values, words, i) : undefined;
    if (whole && (i + whole.length === words.length || boundary(i + whole.length))) j = i + whole.length;
    else while (j < words.length && !boundary(j)) j++;
    if (j === i) return bad(`the slot ${JSON.stringify(slot)} of [${domain}] has no value`, slotAt);
    const canonical = vocab.canonical(domain, slot);
    if (seen.has(canonical)) return bad(`the slot ${JSON.stringify(slot)} of [${domain}] is written twice`, slotAt);
    seen.add(canonical);
    pairs.push([canonical, words.slice(i, j).join(' ')]);
    i = j;
  }
  return { ok: true, pairs };
}

function parseMttod(words: string[], at: number[], vocab: SlotVocab): SpanResult {
  const pairs: [string, string][] = [];
  const seen = new Set<string>();
  let domain: string | undefined;
  let slot: string | undefined;
  let slotAt = 0;
  let value: string[] = [];
  const close = (): SpanResult | undefined => {
    if (slot === undefined) return undefined;
    if (value.length === 0) return bad(`the slot ${JSON.stringify(slot)} of [${domain}] has no value`, slotAt);
    pairs.push([vocab.canonical(domain!, slot), value.join(' ')]);
    slot = undefined;
    value = [];
    return undefined;
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (isBracket(w)) {
      const name = w.slice(1, -1);
      const problem = close();
      if (problem) return problem;
      if (name.startsWith('value_')) {
        const s = name.slice('value_'.length);
        if (domain === undefined) return bad(`${JSON.stringify(w)} comes before the first [domain]`, at[i]);
        if (!vocab.domains.get(domain)!.has(s)) return bad(`${JSON.stringify(s)} is not a slot of [${domain}]`, at[i]);
        const canonical = vocab.canonical(domain, s);
        if (seen.has(canonical)) return bad(`the slot ${JSON.stringify(s)} of [${domain}] is written twice`, at[i]);
        seen.add(canonical);
        slot = s;
        slotAt = at[i];
        continue;
      }
      if (!vocab.domains.has(name)) return bad(`unknown token ${JSON.stringify(w)} (not a domain of the slot vocabulary)`, at[i]);
      domain = name;
      continue;
    }
    if (slot === undefined)
      return bad(`${JSON.stringify(w)} comes before the first ${domain === undefined ? '[domain]' : '[value_slot]'}`, at[i]);
    value.push(w);
  }
  const problem = close();
  return problem ?? { ok: true, pairs };
}
