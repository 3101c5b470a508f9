// Corpus store (src/main/services/corpus-store.ts), loading in-process: the
// demo's landing dialogue against the GCA paper's numbers, paging, every sort
// key (disagreement against an independent evaluate), filters, raw view, and
// located load errors with the text around them.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORT_KEYS, type DialogueRow, type SortKey } from '../../../src/shared/api';
import { defaultConfig } from '../../../src/shared/metrics/config';
import { dialogueResults, evaluate } from '../../../src/shared/metrics/evaluate';
import { CorpusStore } from '../../../src/main/services/corpus-store';
import { ApiError } from '../../../src/main/services/api-error';
import { FIXTURES, loadFile } from '../../helpers/fixtures';

const config = defaultConfig();
const PRED = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
const DIALOGUES = join(FIXTURES, 'multiwoz-somdst-100', 'dialogues.json');

async function ready(source: Parameters<CorpusStore['open']>[0]): Promise<CorpusStore> {
  const store = new CorpusStore({ inline: true });
  store.open(source);
  const s = await store.whenSettled();
  if (s.state !== 'ready') throw new Error(`load failed: ${JSON.stringify(s.error)}`);
  return store;
}

function allRows(store: CorpusStore, key: SortKey, descending: boolean, filter = {}): DialogueRow[] {
  const rows: DialogueRow[] = [];
  for (let offset = 0; ; offset += 37) {
    const p = store.page({ config, offset, limit: 37, sort: { key, descending }, filter });
    rows.push(...p.rows);
    if (offset + 37 >= p.total) return rows;
  }
}

describe('demo corpus', () => {
  let store: CorpusStore;
  beforeAll(async () => {
    store = await ready({ kind: 'demo' });
  });

  it('lands on MUL1110 of the GCA paper with its GCA and FGA(0.5)', () => {
    const exp = JSON.parse(readFileSync(join(FIXTURES, 'paper', 'mul1110.expected.json'), 'utf8'));
    const summary = store.summary(config);
    expect(summary.isDemo).toBe(true);
    expect(summary.landing).toMatch(/MUL1110/);
    const d = store.detail(config, summary.landing!);
    expect(d.GCA).toBe(exp.corpus.GCA);
    expect(d.FGA['0.5']).toBeCloseTo(exp.corpus['FGA_0.5'], 14);
    expect((d.GCA * 100).toFixed(2)).toBe(exp.corpus_rounded_percent.GCA.toFixed(2));
    expect((d.FGA['0.5'] * 100).toFixed(2)).toBe(exp.corpus_rounded_percent['FGA_0.5'].toFixed(2));
    expect(d.perTurn).toHaveLength(exp.dialogues['MUL1110.json'].turns);
    // The landing dialogue is the paper file's, byte for byte.
    const raw = store.raw(summary.landing!);
    expect(JSON.parse(raw.text)).toEqual(JSON.parse(readFileSync(join(FIXTURES, 'paper', 'mul1110.json'), 'utf8')));
  });

  it('finds MUL1110 by searching its id, and keeps colliding paper ids apart', () => {
    const p = store.page({ config, offset: 0, limit: 50, sort: { key: 'position', descending: false }, filter: { search: 'mul1110' } });
    expect(p.rows.map((r) => r.id)).toContain(store.summary(config).landing);
    const ids = allRows(store, 'position', false).map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id.endsWith('MUL0003.json')).length).toBeGreaterThan(1);
  });

  it('has the 100 MultiWOZ dialogues with their utterances', () => {
    const s = store.summary(config);
    expect(s.hasUtterances).toBe(true);
    const d = store.detail(config, 'MUL0144.json');
    expect(d.utterances?.[0].user).toMatch(/cheaper restaurant/);
    expect(d.utterances?.[1].system).toBeTruthy();
  });
});

describe('a file with utterances', () => {
  let store: CorpusStore;
  beforeAll(async () => {
    store = await ready({ kind: 'file', path: PRED, dialoguesPath: DIALOGUES });
  });

  it('gives the same corpus scores as evaluate, for any λ list', () => {
    const cfg = defaultConfig({ lambdas: [0.25, 0.5, 1] });
    const ev = evaluate(loadFile(PRED), cfg);
    expect(store.summary(cfg).scores).toEqual(ev.corpus);
  });

  it('pages through every dialogue exactly once', () => {
    const rows = allRows(store, 'position', false);
    expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i));
    const p = store.page({ config, offset: 95, limit: 10, sort: { key: 'position', descending: false }, filter: {} });
    expect(p.total).toBe(100);
    expect(p.rows).toHaveLength(5);
  });

  it('sorts by disagreement |FGA − GCA| exactly as evaluate ranks the dialogues', () => {
    const ev = evaluate(loadFile(PRED), config);
    const expected = [...dialogueResults(ev)]
      .map((d, i) => ({ id: d.id, i, gap: Math.abs(d.FGA['0.5'] - d.GCA) }))
      .sort((a, b) => b.gap - a.gap || a.i - b.i)
      .map((d) => d.id);
    const rows = allRows(store, 'disagreement', true);
    expect(rows.map((r) => r.id)).toEqual(expected);
    expect(rows[0].disagreement).toBeGreaterThan(rows[rows.length - 1].disagreement);
    for (const r of rows) expect(r.disagreement).toBeCloseTo(Math.abs(r.FGA - r.GCA), 15);
  });

  it.each(SORT_KEYS.filter((k) => k !== 'position'))('sorts by %s in both directions, ties in file order', (key) => {
    for (const descending of [false, true]) {
      const rows = allRows(store, key, descending);
      expect(rows).toHaveLength(100);
      const value = (r: DialogueRow) => (r as unknown as Record<string, number | string | null>)[key];
      for (let i = 1; i < rows.length; i++) {
        const a = value(rows[i - 1]);
        const b = value(rows[i]);
        if (a === null || b === null) {
          expect(b).toBeNull(); // undefined AGA goes last
          continue;
        }
        if (a === b) expect(rows[i].position).toBeGreaterThan(rows[i - 1].position);
        else expect(a < b).toBe(!descending);
      }
    }
  });

  it('row numbers match the dialogue detail', () => {
    for (const r of allRows(store, 'GCA', false).slice(0, 10)) {
      const d = store.detail(config, r.id);
      expect(r.GCA).toBe(d.GCA);
      expect(r.FGA).toBe(d.FGA['0.5']);
      expect(r.JGA).toBe(d.JGA);
      expect(r.mistakes).toBe(d.counts.M + d.counts.W + d.counts.O);
    }
  });

  it('filters by domain, by mistakes, and by text in ids and utterances (case-insensitive)', () => {
    const all = allRows(store, 'position', false);
    const taxi = allRows(store, 'position', false, { domain: 'taxi' });
    expect(taxi.length).toBeGreaterThan(0);
    expect(taxi.length).toBeLessThan(all.length);
    for (const r of taxi) expect(r.domains).toContain('taxi');
    expect(all.filter((r) => r.domains.includes('taxi'))).toHaveLength(taxi.length);
    expect(store.page({ config, offset: 0, limit: 5, sort: { key: 'position', descending: false }, filter: { domain: 'nowhere' } }).total).toBe(0);

    const mistakes = allRows(store, 'position', false, { mistakesOnly: true });
    expect(mistakes.length).toBeLessThan(all.length);
    for (const r of mistakes) expect(r.mistakes > 0 || r.JGA < 1).toBe(true);

    const byText = allRows(store, 'position', false, { search: 'DOJO NOODLE' });
    expect(byText.map((r) => r.id)).toContain('MUL0144.json');
    const byId = allRows(store, 'position', false, { search: 'mul0144' });
    expect(byId.map((r) => r.id)).toEqual(['MUL0144.json']);
  });

  it('gives the dialogue JSON as written, with the line of each turn', () => {
    const raw = store.raw('MUL0144.json');
    const obj = JSON.parse(raw.text);
    const file = JSON.parse(readFileSync(PRED, 'utf8'));
    expect(obj).toEqual({ 'MUL0144.json': file['MUL0144.json'] });
    const lines = raw.text.split('\n');
    const turns = Object.keys(file['MUL0144.json']).map(Number);
    for (const t of turns) expect(lines[raw.turnLines[t] - 1]).toMatch(new RegExp(`^\\s*"${t}"\\s*:`));
  });

  it('refuses unknown dialogue ids with not-found', () => {
    expect(() => store.detail(config, 'nope')).toThrow(ApiError);
    try {
      store.raw('nope');
    } catch (e) {
      expect((e as ApiError).code).toBe('not-found');
    }
  });
});

describe('raw view of other layouts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dst-raw-'));

  it('indents a minified file and still finds each turn', async () => {
    const file = join(dir, 'min.json');
    const d = { '0': { gt: { hotel: { area: 'north', stars: '4', name: 'a long hotel name to pass the minified threshold' } }, pr: { hotel: { area: 'south' } } }, '1': { gt: { hotel: { area: 'north' } }, pr: { hotel: { area: 'north' } } } };
    writeFileSync(file, JSON.stringify({ 'A.json': d, 'B.json': d }));
    const store = await ready({ kind: 'file', path: file });
    const raw = store.raw('B.json');
    expect(raw.text.split('\n').length).toBeGreaterThan(10);
    expect(JSON.parse(raw.text)).toEqual({ 'B.json': d });
    expect(raw.text.split('\n')[raw.turnLines[1] - 1]).toMatch(/^\s*"1": \{/);
  });

  it('gives the normalised dialogue for a layout without per-dialogue ranges (JSON Lines)', async () => {
    const file = join(dir, 'turns.jsonl');
    const lines = [
      { dialogue_id: 'X1', turn: 0, gold: { 'hotel-area': 'north' }, pred: { 'hotel-area': 'north' } },
      { dialogue_id: 'X1', turn: 1, gold: { 'hotel-area': 'north', 'hotel-stars': '4' }, pred: { 'hotel-area': 'south' } },
    ];
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const store = await ready({ kind: 'file', path: file });
    const raw = store.raw('X1');
    const obj = JSON.parse(raw.text);
    expect(obj.X1['1'].gt.hotel).toEqual({ area: 'north', stars: '4' });
    expect(obj.X1['1'].pr.hotel).toEqual({ area: 'south' });
    expect(raw.text.split('\n')[raw.turnLines[1] - 1]).toMatch(/"1"/);
  });
});

describe('load errors', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dst-store-'));
  afterAll(() => undefined);

  it('a broken file gives state error with the located message and the text around it', async () => {
    const lines = ['{', '  "D1.json": {', '    "0": {', '      "gt": {"hotel": {"area": "north"}},', '      "pr": {"hotel": {"area": "north"}}', '    },', '  }', '}'];
    const file = join(dir, 'broken.json');
    writeFileSync(file, lines.join('\n'));
    const store = new CorpusStore({ inline: true });
    expect(store.open({ kind: 'file', path: file }).state).toBe('loading');
    const s = await store.whenSettled();
    expect(s.state).toBe('error');
    expect(s.error?.line).toBe(7);
    expect(s.error?.message).toContain(`${file}:7:3`);
    const src = store.errorSource();
    expect(src).not.toBeNull();
    expect(src!.text.split('\n')[src!.line - 1].slice(src!.column - 1)).toBe('}');
    expect(src!.firstLine + src!.line - 1).toBe(7);
    expect(() => store.summary(config)).toThrow(/failed to load/);
  });

  it('a window around an error deep in a long file is cut, and says so', async () => {
    const body = Array.from({ length: 500 }, (_, i) => `  "D${i}": {"0": {"gt": {}, "pr": {}}},`).join('\n');
    const file = join(dir, 'long.json');
    writeFileSync(file, `{\n${body}\n  "X": {"0": {"gt": {}, "pr": {}}} oops\n}`);
    const store = new CorpusStore({ inline: true });
    store.open({ kind: 'file', path: file });
    const s = await store.whenSettled();
    expect(s.state).toBe('error');
    const src = store.errorSource()!;
    expect(src.truncated).toBe(true);
    expect(src.firstLine).toBeGreaterThan(1);
    expect(src.firstLine + src.line - 1).toBe(s.error!.line);
    expect(src.text.split('\n')[src.line - 1].slice(src.column - 1)).toMatch(/^oops/);
  });

  it('a broken dialogue file is named in the error, with the text around the mistake', async () => {
    const file = join(dir, 'data.json');
    writeFileSync(file, '{\n  "MUL0144.json": {\n    "log": [\n      {"text": "hi"},\n      {"text": "hello" "oops"}\n    ]\n  }\n}\n');
    const store = new CorpusStore({ inline: true });
    store.open({ kind: 'file', path: PRED, dialoguesPath: file });
    const s = await store.whenSettled();
    expect(s.state).toBe('error');
    expect(s.error?.file).toBe(file);
    expect(s.error?.line).toBe(5);
    const src = store.errorSource()!;
    expect(src.text.split('\n')[src.line - 1]).toContain('"oops"');
  });

  it('a missing file gives a clear error without a source window', async () => {
    const store = new CorpusStore({ inline: true });
    store.open({ kind: 'file', path: join(dir, 'missing.json') });
    const s = await store.whenSettled();
    expect(s.state).toBe('error');
    expect(s.error?.message).toMatch(/missing\.json: no such file/);
    expect(store.errorSource()).toBeNull();
  });

  it('answers no-corpus before anything is open', () => {
    const store = new CorpusStore({ inline: true });
    expect(store.status().state).toBe('empty');
    try {
      store.page({ config, offset: 0, limit: 1, sort: { key: 'id', descending: false }, filter: {} });
      expect.unreachable();
    } catch (e) {
      expect((e as ApiError).code).toBe('no-corpus');
    }
  });
});

describe('value options', () => {
  it('are applied to the loaded corpus and recorded in every signature the store gives', async () => {
    const exact = await ready({ kind: 'file', path: PRED });
    const lower = await ready({ kind: 'file', path: PRED, values: ['lower', 'dontcare'] });
    expect(exact.summary(config).signature).toContain('values=exact');
    const s = lower.summary(config).signature;
    expect(s).toContain('values=lower+dontcare');
    const id = lower.page({ config, offset: 0, limit: 1, sort: { key: 'position', descending: false }, filter: {} }).rows[0].id;
    expect(lower.detail(config, id).signature).toBe(s);
  });
});

describe('schema slot count', () => {
  it('an SGD schema next to the gold gives the summary its K (the UI starts from it)', async () => {
    const F = join(FIXTURES, 'formats');
    const store = await ready({ kind: 'file', path: join(F, 'sgd-pred', 'dialogues_001.json'), goldPath: join(F, 'sgd') });
    expect(store.summary(config).slotCount).toBe(5);
    const plain = await ready({ kind: 'file', path: PRED });
    expect(plain.summary(config).slotCount).toBeUndefined();
  });
});
