// Test helper: writes dialogues in the issue-18 layouts, as the public code
// that produces each writes it (see the headers of src/shared/formats/bspn.ts,
// convlab.ts, csv.ts, lines.ts, jsonl.ts): UBAR-DST's belief-span results
// (DAMD grammar, <sos_b> … <eos_b>, ids lower case), ConvLab-3's LLM
// evaluation file (string turn ids, every slot listed with ""), Sun et al.'s
// CSV (every field quoted, CRLF, turns from 1, confidences keyed
// <slot>_<value>), DST-as-Prompting's all-domain updates with their index,
// LDST's result lines, and JSON Lines with updates, raw text and confidences.
import type { TestDialogue } from './layouts';

const enc = (s: string) => new TextEncoder().encode(s);
const split = (name: string) => {
  const i = name.indexOf('-');
  return [name.slice(0, i), name.slice(i + 1)] as const;
};
const DAMD: Record<string, string> = {
  'book day': 'day',
  'book people': 'people',
  'book stay': 'stay',
  'book time': 'time',
  arriveby: 'arrive',
  leaveat: 'leave',
};
const UNIFIED: Record<string, string> = { pricerange: 'price range', arriveby: 'arrive by', leaveat: 'leave at' };
const nested = (st: Record<string, string>, name: (s: string) => string = (s) => s) => {
  const o: Record<string, Record<string, string>> = {};
  for (const [k, v] of Object.entries(st)) {
    const [d, s] = split(k);
    (o[d] ??= {})[name(s)] = v;
  }
  return o;
};

/** UBAR-DST train_DST.py Model.validate: {id: {"t": {bspn, bspn_gen, …}}}. */
export function writeBspn(ds: TestDialogue[]): Uint8Array {
  const span = (st: Record<string, string>) =>
    `<sos_b> ${Object.entries(nested(st, (s) => DAMD[s] ?? s))
      .map(
        ([d, slots]) =>
          `[${d}] ${Object.entries(slots)
            .map(([s, v]) => `${s} ${v}`)
            .join(' ')}`,
      )
      .join(' ')} <eos_b>`.replace(/\s+/g, ' ');
  const out: Record<string, Record<string, unknown>> = {};
  for (const d of ds) {
    const id = d.id.toLowerCase().replace(/\.json$/, '');
    out[id] = {};
    for (const t of d.turns) out[id][String(t.index)] = { bspn_gen: span(t.pred), aspn_gen: '<sos_a> <eos_a>', bspn: span(t.gold) };
  }
  return enc(JSON.stringify(out, null, 2));
}

/** ConvLab-3 base_models/llm/evaluate_dst.py: every slot of the corpus listed, "" inactive. */
export function writeConvlabEval(ds: TestDialogue[]): Uint8Array {
  const all = new Set<string>();
  for (const d of ds) for (const t of d.turns) for (const k of [...Object.keys(t.gold), ...Object.keys(t.pred)]) all.add(k);
  const full = (st: Record<string, string>) => nested(Object.fromEntries([...all].map((k) => [k, st[k] ?? ''])), (s) => UNIFIED[s] ?? s);
  const out = [];
  for (const d of ds)
    for (const t of d.turns)
      out.push({
        dialogue_id: d.id,
        turn_id: String(t.index),
        context: ['', 'user'],
        state: full(t.gold),
        predictions: { state: full(t.pred) },
      });
  return enc(JSON.stringify(out, null, 2));
}

/** Sun et al. run.py's table as CSV; confidences synthetic, on the pairs that changed. */
export function writeSunCsv(ds: TestDialogue[]): Uint8Array {
  const q = (s: string) => `"${s.replaceAll('"', '""')}"`;
  const rows = ['"id","gt_domain","turn_state","total_state","pair_confidence","pair_verbalized"'];
  for (const d of ds) {
    let prev: Record<string, string> = {};
    d.turns.forEach((t, i) => {
      const changed = Object.entries(t.pred).filter(([k, v]) => prev[k] !== v);
      const domain = changed.length > 0 ? split(changed[0][0])[0] : 'hotel';
      const update = Object.fromEntries(changed.filter(([k]) => split(k)[0] === domain).map(([k, v]) => [split(k)[1], v]));
      const conf = Object.fromEntries(Object.entries(update).map(([s, v], k) => [`${s}_${v}`, 0.5 + k / 10]));
      rows.push(
        [
          `${d.id.replace(/\.json$/, '')}-${i + 1}`,
          domain,
          JSON.stringify(update),
          JSON.stringify(nested(t.pred)),
          JSON.stringify(conf),
          JSON.stringify(conf),
        ]
          .map(q)
          .join(','),
      );
      prev = t.pred;
    });
  }
  return enc(rows.join('\r\n') + '\r\n');
}

/** DST-as-Prompting all domains: generated turn updates + the JSON Lines index with the cumulative gold. */
export function writeSdpAllDomains(ds: TestDialogue[]): { generations: Uint8Array; index: Uint8Array } {
  const gen: string[] = [];
  const idx: string[] = [];
  const dst = (st: Record<string, string>) =>
    Object.entries(st)
      .map(([k, v]) => `${k}=${v}, `)
      .join('');
  for (const d of ds) {
    let prev: Record<string, string> = {};
    for (const t of d.turns) {
      const removed = Object.keys(prev).some((k) => !(k in t.pred));
      if (removed) throw new Error('updates cannot remove a slot');
      const update = Object.entries(t.pred).filter(([k, v]) => prev[k] !== v);
      gen.push(update.length === 0 ? 'none' : update.map(([k, v]) => `${k}=${v}`).join(', ') + ',');
      idx.push(JSON.stringify({ dialogue: '…', dst: dst(t.gold), tlb: 'none', dialogue_id: d.id, turn_id: t.index }));
      prev = t.pred;
    }
  }
  return { generations: enc(gen.join('\n')), index: enc(idx.join('\n') + '\n') };
}

/** LDST generate_few-shot.py: one line per (turn, slot), the response as a Python list literal. */
export function writeLdst(ds: TestDialogue[]): Uint8Array {
  const lines: string[] = [];
  const slots = new Set<string>();
  for (const d of ds) for (const t of d.turns) for (const k of [...Object.keys(t.gold), ...Object.keys(t.pred)]) slots.add(k);
  for (const d of ds)
    for (const t of d.turns)
      for (const k of slots) {
        const [dom, s] = split(k);
        const v = t.pred[k] === undefined ? 'NONE' : t.pred[k];
        const lit = v.includes("'") ? `["${v}</s>"]` : `['${v}</s>']`;
        lines.push(`data.json|||${d.id}|||${2 * t.index + 1}|||0|||${dom}|||${s}|||${lit}`);
      }
  return enc(lines.join('\n') + '\n');
}

/** JSON Lines with updates where a turn only adds, raw text and two confidence columns. */
export function writeJsonlExtended(ds: TestDialogue[]): Uint8Array {
  const lines: string[] = [];
  for (const d of ds) {
    let prev: Record<string, string> = {};
    for (const t of d.turns) {
      const onlyAdds = Object.entries(prev).every(([k, v]) => t.pred[k] === v);
      const update = Object.fromEntries(Object.entries(t.pred).filter(([k, v]) => prev[k] !== v));
      const confidence = Object.fromEntries(Object.keys(t.pred).map((k, i) => [k, { softmax: 0.5 + i / 100, verbalized: 0.9 }]));
      const line: Record<string, unknown> = { dialogue_id: d.id, turn: t.index, gold: t.gold, raw: JSON.stringify(update), confidence };
      if (onlyAdds) line.update = update;
      else line.pred = t.pred;
      lines.push(JSON.stringify(line));
      prev = t.pred;
    }
  }
  return enc(lines.join('\n'));
}
