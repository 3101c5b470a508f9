// Corrections applied to the gold score exactly like a gold file edited by
// hand the same way (both scopes, changes, additions and removals, on the
// fixtures); stale and unknown records are skipped and reported; the
// incremental what-if equals a full re-score; the signature's hash is stable.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyCorrections } from '../../../../src/shared/annotations/apply';
import { parseAnnotations, type KeptRecord } from '../../../../src/shared/annotations/file';
import { headerLine, recordLine, type AnnotationRecord } from '../../../../src/shared/annotations/record';
import { WhatIf } from '../../../../src/shared/annotations/whatif';
import { canonicalSlot } from '../../../../src/shared/formats/slot-names';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { dialogueDetail, evaluate } from '../../../../src/shared/metrics/evaluate';
import { renderSignature } from '../../../../src/shared/metrics/signature';
import { loadSource } from '../../../../src/main/services/load-pipeline';
import { fileSource } from '../../../../src/shared/source';
import { FIXTURES } from '../../../helpers/fixtures';

type State = Record<string, Record<string, string>>;
type Fga = Record<string, Record<string, { gt: State; pr: State }>>;
const config = defaultConfig({ lambdas: [0.25, 0.5, 1] });
const SOM = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
const fgaCorpus = (o: unknown) => loadCorpus(new TextEncoder().encode(JSON.stringify(o)), { file: 'x.json' }).corpus;

let seq = 0;
function rec(r: Partial<AnnotationRecord> & Pick<AnnotationRecord, 'dialogue' | 'turn' | 'slot' | 'from' | 'scope'>): AnnotationRecord {
  return {
    id: `r${++seq}`,
    rev: 1,
    category: 'wrong-value',
    status: 'confirmed',
    by: 'test',
    at: '2026-01-01T00:00:00Z',
    ...r,
  } as AnnotationRecord;
}
const kept = (rs: AnnotationRecord[]): KeptRecord[] => rs.map((record, k) => ({ record, line: k + 2 }));

/** The gold edited by hand, as the spec defines: at turn t if the gold equals `from`, set `to`; onward while it still equals `from`. */
function editByHand(
  json: Fga,
  edits: {
    dialogue: string;
    turn: number;
    domain: string;
    slot: string;
    from: string | null;
    to: string | null;
    scope: 'turn' | 'onward';
  }[],
): Fga {
  const out = JSON.parse(JSON.stringify(json)) as Fga;
  for (const e of edits) {
    const turns = Object.keys(out[e.dialogue])
      .map(Number)
      .sort((a, b) => a - b);
    const get = (t: number) => out[e.dialogue][t].gt[e.domain]?.[e.slot] ?? null;
    const set = (t: number) => {
      const gt = out[e.dialogue][t].gt;
      if (e.to === null) delete gt[e.domain][e.slot];
      else gt[e.domain] = { ...gt[e.domain], [e.slot]: e.to };
    };
    const k = turns.indexOf(e.turn);
    if (get(e.turn) !== e.from) continue;
    set(e.turn);
    if (e.scope === 'onward') for (const t of turns.slice(k + 1)) if (get(t) === e.from) set(t);
  }
  return out;
}

/** Edits spread over the fixture: for every 3rd dialogue one of: change (turn / onward), removal onward, addition (turn / onward). */
function plan(json: Fga) {
  const edits: Parameters<typeof editByHand>[1] = [];
  Object.keys(json).forEach((id, n) => {
    if (n % 3) return;
    const turns = Object.keys(json[id])
      .map(Number)
      .sort((a, b) => a - b);
    const t = turns[Math.min(1, turns.length - 1)];
    const kind = (n / 3) % 5;
    const gt = json[id][t].gt;
    const first = Object.entries(gt).flatMap(([d, s]) => Object.entries(s).map(([k, v]) => [d, k, v] as const))[0];
    if (kind === 3 || kind === 4 || !first) {
      const [domain, slot] = gt.hotel?.stars ? ['restaurant', 'area'] : ['hotel', 'stars'];
      const from = json[id][t].gt[domain]?.[slot] ?? null;
      edits.push({ dialogue: id, turn: t, domain, slot, from, to: '4', scope: kind === 3 ? 'turn' : 'onward' });
      return;
    }
    const [domain, slot, v] = first;
    if (kind === 0) edits.push({ dialogue: id, turn: t, domain, slot, from: v, to: `${v} (fixed)`, scope: 'turn' });
    if (kind === 1) edits.push({ dialogue: id, turn: t, domain, slot, from: v, to: `${v} (fixed)`, scope: 'onward' });
    if (kind === 2) edits.push({ dialogue: id, turn: t, domain, slot, from: v, to: null, scope: 'onward' });
  });
  return edits;
}

const records = (edits: ReturnType<typeof plan>) =>
  edits.map((e) =>
    rec({
      dialogue: e.dialogue.replace(/\.json$/, '').toLowerCase(),
      turn: e.turn,
      slot: `${e.domain}-${e.slot}`,
      from: e.from,
      to: e.to,
      scope: e.scope,
    }),
  );

describe('applying corrections', () => {
  it('scores exactly like the gold edited by hand (100 dialogues, both scopes, changes, additions, removals)', () => {
    const json = JSON.parse(readFileSync(SOM, 'utf8')) as Fga;
    const edits = plan(json);
    expect(new Set(edits.map((e) => `${e.scope}:${e.from === null}:${e.to === null}`)).size).toBeGreaterThanOrEqual(4);
    const base = fgaCorpus(json);
    const r = applyCorrections(base, kept(records(edits)));
    expect(r.issues).toEqual([]);
    expect(r.summary.count).toBe(edits.length);
    const hand = fgaCorpus(editByHand(json, edits));
    const a = evaluate(r.corpus, config);
    const b = evaluate(hand, config);
    expect(a.corpus).toEqual(b.corpus);
    for (let d = 0; d < hand.dialogueIds.length; d++) expect(dialogueDetail(r.corpus, d, config)).toEqual(dialogueDetail(hand, d, config));
    // The input corpus is untouched (a shared gold is never edited in place).
    expect(evaluate(base, config).corpus).toEqual(evaluate(fgaCorpus(json), config).corpus);
    // The diff: one row per turn changed.
    const onward = edits.find((e) => e.scope === 'onward' && e.to === null)!;
    expect(r.changes.filter((c) => c.dialogue === onward.dialogue).length).toBeGreaterThan(1);
  });

  it('goes through the load pipeline (SourceSpec.corrections) with the signature part', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'corr-'));
    const json = JSON.parse(readFileSync(SOM, 'utf8')) as Fga;
    const edits = plan(json);
    const file = join(dir, 'a.annotations.jsonl');
    writeFileSync(file, [headerLine('predictions.json', '2026-01-01T00:00:00Z'), ...records(edits).map(recordLine)].join('\n') + '\n');
    const edited = join(dir, 'edited.json');
    writeFileSync(edited, JSON.stringify(editByHand(json, edits)));
    const viaFile = await loadSource(fileSource([SOM], { corrections: { file } }));
    const byHand = await loadSource(fileSource([edited]));
    expect(evaluate(viaFile.loaded.corpus, config).corpus).toEqual(evaluate(byHand.loaded.corpus, config).corpus);
    expect(viaFile.corrections!.notes).toEqual([]);
    expect(viaFile.corrections!.result.summary).toEqual({ count: edits.length, hash: expect.stringMatching(/^[0-9a-f]{8}$/) });
  });

  it('skips and reports stale records, unknown dialogues, slots and turns; suspected ones only when asked', () => {
    const base = fgaCorpus(JSON.parse(readFileSync(join(FIXTURES, 'paper', 'mul1110.json'), 'utf8')));
    const rs = [
      rec({ dialogue: 'MUL1110.json', turn: 2, slot: 'attraction-type', from: 'museum', to: null, scope: 'onward' }),
      rec({ dialogue: 'mul1110', turn: 0, slot: 'hotel-name', from: 'wrong', to: 'x', scope: 'turn' }),
      rec({ dialogue: 'NOPE', turn: 0, slot: 'hotel-name', from: null, to: 'x', scope: 'turn' }),
      rec({ dialogue: 'MUL1110', turn: 0, slot: 'hotel-flavour', from: null, to: 'x', scope: 'turn' }),
      rec({ dialogue: 'MUL1110', turn: 99, slot: 'hotel-area', from: null, to: 'x', scope: 'turn' }),
      rec({ dialogue: 'MUL1110', turn: 0, slot: 'hotel-area', from: null, to: 'east', scope: 'turn', status: 'suspected' }),
      rec({ dialogue: 'MUL1110', turn: 1, slot: 'hotel-book day', from: null, to: 'monday', scope: 'turn', status: 'rejected' }),
    ];
    const r = applyCorrections(base, kept(rs));
    expect(r.summary.count).toBe(1);
    expect(r.issues.map((i) => [i.kind, i.line])).toEqual([
      ['stale', 3],
      ['unknown-dialogue', 4],
      ['unknown-slot', 5],
      ['turn-outside', 6],
    ]);
    expect(r.issues[0].message).toMatch(
      /stale record r\d+ \(skipped\): MUL1110.json turn 0 hotel-name: the gold is "el shaddia guesthouse", not "wrong"/,
    );
    expect(applyCorrections(base, kept(rs), { includeSuspected: true }).summary.count).toBe(2);
    // Records are applied in turn order: a later-turn record written first still sees the earlier one's result.
    const chain = applyCorrections(
      base,
      kept([
        rec({ dialogue: 'MUL1110', turn: 3, slot: 'hotel-area', from: 'east', to: 'west', scope: 'turn' }),
        rec({ dialogue: 'MUL1110', turn: 2, slot: 'hotel-area', from: null, to: 'east', scope: 'onward' }),
      ]),
    );
    expect(chain.issues).toEqual([]);
    expect(chain.changes.map((c) => [c.turn, c.new])).toEqual([
      [2, 'east'],
      [3, 'east'],
      [4, 'east'],
      [5, 'east'],
      [6, 'east'],
      [3, 'west'],
    ]);
  });

  it('has a signature hash that depends on the corrections, not on who made them or the file order', () => {
    const base = fgaCorpus(JSON.parse(readFileSync(join(FIXTURES, 'paper', 'mul1110.json'), 'utf8')));
    const a = rec({ dialogue: 'MUL1110', turn: 2, slot: 'attraction-type', from: 'museum', to: null, scope: 'onward' });
    const b = rec({ dialogue: 'MUL1110', turn: 0, slot: 'hotel-area', from: null, to: 'east', scope: 'turn' });
    const h1 = applyCorrections(base, kept([a, b])).summary;
    const h2 = applyCorrections(base, kept([{ ...b, by: 'someone else', note: 'x' }, a])).summary;
    const h3 = applyCorrections(base, kept([a, { ...b, to: 'west' }])).summary;
    expect(h1).toEqual(h2);
    expect(h1.hash).not.toBe(h3.hash);
    const ev = evaluate(applyCorrections(base, kept([a, b])).corpus, config, { settings: { corrections: h1 } });
    expect(renderSignature(ev.signature)).toContain(`| corrections=2:${h1.hash} |`);
  });

  it('re-scores incrementally: the what-if equals a full re-score after each new correction', () => {
    const json = JSON.parse(readFileSync(SOM, 'utf8')) as Fga;
    const base = fgaCorpus(json);
    const baseEv = evaluate(base, config);
    const w = new WhatIf(base, baseEv.stats);
    const rs = records(plan(json)).slice(0, 12);
    for (let k = 1; k <= rs.length; k += 5) {
      const touched = w.update(kept(rs.slice(0, k)));
      expect(touched.length).toBeLessThanOrEqual(5);
      const diff = w.diff(config, baseEv.states, baseEv.corpus);
      const full = evaluate(applyCorrections(base, kept(rs.slice(0, k))).corpus, config);
      for (const [m, v] of Object.entries(full.corpus.values)) {
        if (typeof v === 'number') expect(diff.after.values[m]).toBeCloseTo(v, 12);
        else expect(diff.after.values[m]).toEqual(v);
      }
      expect(diff.before).toBe(baseEv.corpus);
    }
    // One more correction touches only its dialogue.
    const extra = rec({
      dialogue: base.dialogueIds[50],
      turn: base.turnIndex[base.dialogueStart[50]],
      slot: 'hotel-stars',
      from: null,
      to: '5',
      scope: 'turn',
    });
    w.update(kept(rs));
    expect(w.update(kept([...rs, extra]))).toEqual([50]);
    const flips = w.diff(config, baseEv.states, baseEv.corpus).flips.filter((f) => f.dialogue === base.dialogueIds[50]);
    expect(flips.length).toBeGreaterThan(0);
  });
});

describe('the annotation file', () => {
  const H = headerLine('gold.json', '2026-01-01T00:00:00Z');
  const line = (o: object) =>
    JSON.stringify({
      rev: 1,
      dialogue: 'D',
      turn: 0,
      slot: 'hotel-day',
      from: null,
      to: 'x',
      scope: 'turn',
      category: 'other',
      status: 'confirmed',
      by: 'a',
      at: 't',
      ...o,
    });

  it('keeps the highest rev per id (the last on ties), drops withdrawn ids, keeps unknown fields, canonical slots on write', () => {
    const text =
      [
        H,
        line({ id: 'a', extra: { k: 1 } }),
        line({ id: 'b' }),
        line({ id: 'a', rev: 2, to: 'y' }),
        line({ id: 'b', rev: 2, deleted: true }),
        line({ id: 'c' }),
        line({ id: 'c', to: 'z' }),
      ].join('\n') + '\n';
    const p = parseAnnotations(text, 'f.jsonl');
    expect(p.records.map((k) => [k.record.id, k.record.to, k.line])).toEqual([
      ['a', 'y', 4],
      ['c', 'z', 7],
    ]);
    expect(p.replacedLines).toBe(3);
    expect(p.problems).toEqual([]);
    const a = parseAnnotations([H, line({ id: 'a', extra: { k: 1 }, zzz: true })].join('\n') + '\n', 'f').records[0].record;
    expect(JSON.parse(recordLine(a))).toMatchObject({ extra: { k: 1 }, zzz: true });
    expect(Object.keys(JSON.parse(recordLine(a))).slice(0, 3)).toEqual(['id', 'rev', 'dialogue']);
  });

  it('locates bad lines, reports a torn last line and where the good part ends', () => {
    const good =
      [H, line({ id: 'a' }), '{"id": "b", "rev": 1', line({ id: 'c', category: 'nonsense' }), line({ id: 'd' })].join('\n') + '\n';
    const p = parseAnnotations(good + '{"id":"e","rev":1,"dia', 'f.jsonl');
    expect(p.problems.map((x) => x.line)).toEqual([3, 4]);
    expect(p.problems[1].message).toMatch(/category/);
    expect(p.torn?.line).toBe(6);
    expect(p.goodBytes).toBe(new TextEncoder().encode(good).length);
    expect(p.records.map((k) => k.record.id)).toEqual(['a', 'd']);
    // A complete last record without its newline (a hand-written file) is kept.
    const q = parseAnnotations([H, line({ id: 'a' })].join('\n'), 'f');
    expect([q.records.length, q.torn, q.missingNewline]).toEqual([1, undefined, true]);
  });

  it('refuses files that are not annotation files, or of a newer version', () => {
    expect(() => parseAnnotations('{"MUL1110.json": {}}\n', 'p.json')).toThrow(/p\.json:1: is not an annotation file/);
    expect(() =>
      parseAnnotations(JSON.stringify({ format: 'dst-inspector-annotations', version: 2, gold: 'g', created: 't' }) + '\n', 'n.jsonl'),
    ).toThrow(/newer DST Inspector \(annotation format version 2/);
    expect(() => parseAnnotations('', 'e.jsonl')).toThrow(/is empty/);
  });

  it('maps any slot spelling the loaders understand to the canonical name', () => {
    expect(canonicalSlot('hotel', 'book day')).toBe('hotel-book day');
    const base = fgaCorpus({ D: { '0': { gt: { hotel: { day: 'monday' } }, pr: {} } } });
    for (const slot of ['hotel-day', 'hotel-bookday', 'Hotel-Book Day', 'hotel-book_day']) {
      const r = applyCorrections(base, kept([rec({ dialogue: 'd.json', turn: 0, slot, from: 'monday', to: 'friday', scope: 'turn' })]));
      expect(r.changes.map((c) => [c.slot, c.new])).toEqual([['hotel-book day', 'friday']]);
    }
  });
});
