// The workspace (src/main/services/workspace.ts) and a run's queries
// (run-data.ts), loading in-process: the demo's landing dialogue against the
// GCA paper's numbers, paging, every sort key (disagreement against an
// independent evaluate), filters, raw view, located load errors with the text
// around them; several runs, revisions and stale answers, a failed reload that
// keeps the data, and one gold held once by runs that share it.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricSortKey, SORT_KEYS, type DialogueRow, type SortKey } from '../../../../src/shared/api';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { dialogueResults, evaluate } from '../../../../src/shared/metrics/evaluate';
import { Workspace } from '../../../../src/main/services/workspace';
import type { RunData } from '../../../../src/main/services/run-data';
import { AppError } from '../../../../src/shared/app-error';
import { renderSignature } from '../../../../src/shared/metrics/signature';
import { gcaCountsOf, metricNumber, metricValue } from '../../../../src/shared/metrics/values';
import { fileSource, type SourceSpec } from '../../../../src/shared/source';
import { FIXTURES, loadFile } from '../../../helpers/fixtures';

const config = defaultConfig();
const PRED = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
const DIALOGUES = join(FIXTURES, 'multiwoz-somdst-100', 'dialogues.json');

async function ready(source: SourceSpec): Promise<RunData> {
  const ws = new Workspace({ inline: true });
  const { id } = ws.open(source);
  const s = await ws.whenSettled(id);
  if (s.state !== 'ready') throw new Error(`load failed: ${JSON.stringify(s.error)}`);
  return ws.data(id, s.revision);
}

const file = (path: string, opts: Parameters<typeof fileSource>[1] = {}) => fileSource([path], opts);

function allRows(store: RunData, key: SortKey, descending: boolean, filter = {}): DialogueRow[] {
  const rows: DialogueRow[] = [];
  for (let offset = 0; ; offset += 37) {
    const p = store.page({ run: 'r1', rev: 1, config, offset, limit: 37, sort: { key, descending }, filter });
    rows.push(...p.rows);
    if (offset + 37 >= p.total) return rows;
  }
}

describe('demo corpus', () => {
  let store: RunData;
  beforeAll(async () => {
    store = await ready({ kind: 'demo' });
  });

  it('lands on MUL1110 of the GCA paper with its GCA and FGA(0.5)', () => {
    const exp = JSON.parse(readFileSync(join(FIXTURES, 'paper', 'mul1110.expected.json'), 'utf8'));
    const summary = store.summary(config);
    expect(summary.isDemo).toBe(true);
    expect(summary.landing).toMatch(/MUL1110/);
    const d = store.detail(config, summary.landing!);
    const gca = metricNumber(d.values, 'GCA');
    const fga = metricNumber(d.values, 'FGA', '0.5');
    expect(gca).toBe(exp.corpus.GCA);
    expect(fga).toBeCloseTo(exp.corpus['FGA_0.5'], 14);
    expect((gca * 100).toFixed(2)).toBe(exp.corpus_rounded_percent.GCA.toFixed(2));
    expect((fga * 100).toFixed(2)).toBe(exp.corpus_rounded_percent['FGA_0.5'].toFixed(2));
    expect(d.perTurn).toHaveLength(exp.dialogues['MUL1110.json'].turns);
    // The landing dialogue is the paper file's, byte for byte.
    const raw = store.raw(summary.landing!);
    expect(JSON.parse(raw.text)).toEqual(JSON.parse(readFileSync(join(FIXTURES, 'paper', 'mul1110.json'), 'utf8')));
  });

  it('finds MUL1110 by searching its id, and keeps colliding paper ids apart', () => {
    const p = store.page({
      run: 'r1',
      rev: 1,
      config,
      offset: 0,
      limit: 50,
      sort: { key: 'position', descending: false },
      filter: { search: 'mul1110' },
    });
    expect(p.rows.map((r) => r.id)).toContain(store.summary(config).landing);
    const ids = allRows(store, 'position', false).map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id.endsWith('MUL0003.json')).length).toBeGreaterThan(1);
  });

  it('warns in the summary when K is below the slots active in some turn (SA can go negative), as the CLI does', () => {
    expect(store.summary(config).slotCountWarning).toBeUndefined();
    const low = store.summary({ ...config, slotCount: 1 }).slotCountWarning;
    expect(low).toMatch(
      /^K = 1 is below the \d+ slots active in one turn \(dialogue ".+", turn \d+\): SA = \(K − missed − wrong\) \/ K can go negative there$/,
    );
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
  let store: RunData;
  beforeAll(async () => {
    store = await ready(file(PRED, { dialogues: DIALOGUES }));
  });

  it('gives the same corpus scores as evaluate, for any λ list', () => {
    const cfg = defaultConfig({ lambdas: [0.25, 0.5, 1] });
    const ev = evaluate(loadFile(PRED), cfg);
    expect(store.summary(cfg).scores).toEqual(ev.corpus);
  });

  it('pages through every dialogue exactly once', () => {
    const rows = allRows(store, 'position', false);
    expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i));
    const p = store.page({ run: 'r1', rev: 1, config, offset: 95, limit: 10, sort: { key: 'position', descending: false }, filter: {} });
    expect(p.total).toBe(100);
    expect(p.rows).toHaveLength(5);
  });

  it('sorts by disagreement |FGA − GCA| exactly as evaluate ranks the dialogues', () => {
    const ev = evaluate(loadFile(PRED), config);
    const expected = [...dialogueResults(ev)]
      .map((d, i) => ({ id: d.id, i, gap: Math.abs(metricNumber(d.values, 'FGA', '0.5') - metricNumber(d.values, 'GCA')) }))
      .sort((a, b) => b.gap - a.gap || a.i - b.i)
      .map((d) => d.id);
    const rows = allRows(store, 'disagreement', true);
    expect(rows.map((r) => r.id)).toEqual(expected);
    expect(rows[0].disagreement).toBeGreaterThan(rows[rows.length - 1].disagreement);
    for (const r of rows) expect(r.disagreement).toBeCloseTo(Math.abs(r.values.FGA! - r.values.GCA!), 15);
  });

  it.each(SORT_KEYS.filter((k) => k !== 'position'))('sorts by %s in both directions, ties in file order', (key) => {
    for (const descending of [false, true]) {
      const rows = allRows(store, key, descending);
      expect(rows).toHaveLength(100);
      const value = (r: DialogueRow) => (key in r.values ? r.values[key] : (r as unknown as Record<string, number | string | null>)[key]);
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
    for (const r of allRows(store, metricSortKey('GCA'), false).slice(0, 10)) {
      const d = store.detail(config, r.id);
      for (const m of ['GCA', 'JGA', 'SA', 'AGA', 'IAGA', 'F1', 'RSA']) expect(r.values[m], m).toBe(metricValue(d.values, m));
      expect(r.values.FGA).toBe(metricValue(d.values, 'FGA', '0.5'));
      const c = gcaCountsOf(d.values);
      expect(r.mistakes).toBe(c.M + c.W + c.O);
    }
  });

  it('filters by domain, by mistakes, and by text in ids and utterances (case-insensitive)', () => {
    const all = allRows(store, 'position', false);
    const taxi = allRows(store, 'position', false, { domain: 'taxi' });
    expect(taxi.length).toBeGreaterThan(0);
    expect(taxi.length).toBeLessThan(all.length);
    for (const r of taxi) expect(r.domains).toContain('taxi');
    expect(all.filter((r) => r.domains.includes('taxi'))).toHaveLength(taxi.length);
    expect(
      store.page({
        run: 'r1',
        rev: 1,
        config,
        offset: 0,
        limit: 5,
        sort: { key: 'position', descending: false },
        filter: { domain: 'nowhere' },
      }).total,
    ).toBe(0);

    const mistakes = allRows(store, 'position', false, { mistakesOnly: true });
    expect(mistakes.length).toBeLessThan(all.length);
    for (const r of mistakes) expect(r.mistakes > 0 || r.values.JGA! < 1).toBe(true);

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
    expect(() => store.detail(config, 'nope')).toThrow(AppError);
    try {
      store.raw('nope');
    } catch (e) {
      expect((e as AppError).code).toBe('not-found');
    }
  });
});

describe('raw view of other layouts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dst-raw-'));

  it('indents a minified file and still finds each turn', async () => {
    const file = join(dir, 'min.json');
    const d = {
      '0': {
        gt: { hotel: { area: 'north', stars: '4', name: 'a long hotel name to pass the minified threshold' } },
        pr: { hotel: { area: 'south' } },
      },
      '1': { gt: { hotel: { area: 'north' } }, pr: { hotel: { area: 'north' } } },
    };
    writeFileSync(file, JSON.stringify({ 'A.json': d, 'B.json': d }));
    const store = await ready(fileSource([file]));
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
    const store = await ready(fileSource([file]));
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
    const lines = [
      '{',
      '  "D1.json": {',
      '    "0": {',
      '      "gt": {"hotel": {"area": "north"}},',
      '      "pr": {"hotel": {"area": "north"}}',
      '    },',
      '  }',
      '}',
    ];
    const file = join(dir, 'broken.json');
    writeFileSync(file, lines.join('\n'));
    const ws = new Workspace({ inline: true });
    const run = ws.open(fileSource([file]));
    expect(run.state).toBe('loading');
    const s = await ws.whenSettled(run.id);
    expect(s.state).toBe('error');
    expect(s.error?.line).toBe(7);
    expect(s.error?.message).toContain(`${file}:7:3`);
    const src = ws.errorSource(run.id);
    expect(src).not.toBeNull();
    expect(src!.text.split('\n')[src!.line - 1].slice(src!.column - 1)).toBe('}');
    expect(src!.firstLine + src!.line - 1).toBe(7);
    expect(() => ws.data(run.id)).toThrow(/failed to load/);
  });

  it('a window around an error deep in a long file is cut, and says so', async () => {
    const body = Array.from({ length: 500 }, (_, i) => `  "D${i}": {"0": {"gt": {}, "pr": {}}},`).join('\n');
    const file = join(dir, 'long.json');
    writeFileSync(file, `{\n${body}\n  "X": {"0": {"gt": {}, "pr": {}}} oops\n}`);
    const ws = new Workspace({ inline: true });
    const { id } = ws.open(fileSource([file]));
    const s = await ws.whenSettled(id);
    expect(s.state).toBe('error');
    const src = ws.errorSource(id)!;
    expect(src.truncated).toBe(true);
    expect(src.firstLine).toBeGreaterThan(1);
    expect(src.firstLine + src.line - 1).toBe(s.error!.line);
    expect(src.text.split('\n')[src.line - 1].slice(src.column - 1)).toMatch(/^oops/);
  });

  it('a broken dialogue file is named in the error, with the text around the mistake', async () => {
    const f = join(dir, 'data.json');
    writeFileSync(f, '{\n  "MUL0144.json": {\n    "log": [\n      {"text": "hi"},\n      {"text": "hello" "oops"}\n    ]\n  }\n}\n');
    const ws = new Workspace({ inline: true });
    const { id } = ws.open(file(PRED, { dialogues: f }));
    const s = await ws.whenSettled(id);
    expect(s.state).toBe('error');
    expect(s.error?.file).toBe(f);
    expect(s.error?.line).toBe(5);
    const src = ws.errorSource(id)!;
    expect(src.text.split('\n')[src.line - 1]).toContain('"oops"');
  });

  it('a file that does not look like JSON gives its located error but never the text around it', async () => {
    const secret = join(dir, 'id_rsa');
    writeFileSync(
      secret,
      '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----\n',
    );
    const ws = new Workspace({ inline: true });
    const { id } = ws.open({ kind: 'files', predictions: [secret], layout: 'fga' });
    const s = await ws.whenSettled(id);
    expect(s.state).toBe('error');
    expect(s.error?.line).toBe(1);
    expect(ws.errorSource(id)).toBeNull();
    expect(JSON.stringify(s.error)).not.toContain('b3BlbnNzaC1rZXkt');
    // The same place in a file that does look like JSON keeps its excerpt.
    const json = join(dir, 'not-fga.json');
    writeFileSync(json, '[{"x": 1}]\n');
    const j = ws.open({ kind: 'files', predictions: [json], layout: 'fga' });
    expect((await ws.whenSettled(j.id)).state).toBe('error');
    expect(ws.errorSource(j.id)?.text).toContain('[{"x": 1}]');
  });

  it('a JSON file no layout matches: the error says what its start holds (structure, never values); a file that is not JSON: nothing', async () => {
    const f = join(dir, 'other.json');
    writeFileSync(f, JSON.stringify({ a: { x: 'secret-value', y: 2 }, b: { x: 3 }, c: { z: 4 } }));
    const ws = new Workspace({ inline: true });
    const { id } = ws.open(fileSource([f]));
    const s = await ws.whenSettled(id);
    expect(s.state).toBe('error');
    expect(s.error?.problem).toMatch(/unknown layout/);
    expect(s.error?.found).toBe('top level is an object with keys "a", "b", "c" whose values are objects with keys "x", "y", "z"');
    expect(JSON.stringify(s.error)).not.toContain('secret-value');
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'password: hunter2\n');
    const t = ws.open(fileSource([text]));
    const st = await ws.whenSettled(t.id);
    expect(st.state).toBe('error');
    expect(st.error?.found).toBeUndefined();
  });

  it('a missing file gives a clear error without a source window', async () => {
    const ws = new Workspace({ inline: true });
    const { id } = ws.open(fileSource([join(dir, 'missing.json')]));
    const s = await ws.whenSettled(id);
    expect(s.state).toBe('error');
    expect(s.error?.message).toMatch(/missing\.json: no such file/);
    expect(ws.errorSource(id)).toBeNull();
  });

  it('answers no-corpus while a run loads its first revision, and not-found for an unknown run', () => {
    const ws = new Workspace({ inline: true });
    const { id } = ws.open(fileSource([PRED]));
    for (const [run, code] of [
      [id, 'no-corpus'],
      ['r99', 'not-found'],
    ]) {
      try {
        ws.data(run, 1);
        expect.unreachable();
      } catch (e) {
        expect((e as AppError).code).toBe(code);
      }
    }
  });
});

describe('value options', () => {
  it('are applied to the loaded corpus and recorded in every signature the store gives', async () => {
    const exact = await ready(file(PRED));
    const lower = await ready(file(PRED, { values: ['lower', 'dontcare'] }));
    expect(renderSignature(exact.summary(config).signature)).toContain('values=exact');
    const s = lower.summary(config).signature;
    expect(renderSignature(s)).toContain('values=lower+dontcare');
    const id = lower.page({ run: 'r1', rev: 1, config, offset: 0, limit: 1, sort: { key: 'position', descending: false }, filter: {} })
      .rows[0].id;
    expect(lower.detail(config, id).signature).toEqual(s);
  });
});

describe('schema slot count', () => {
  it('an SGD schema next to the gold gives the summary its K (the UI starts from it)', async () => {
    const F = join(FIXTURES, 'formats');
    const store = await ready(file(join(F, 'sgd-pred', 'dialogues_001.json'), { gold: join(F, 'sgd') }));
    expect(store.summary(config).slotCount).toBe(5);
    const plain = await ready(file(PRED));
    expect(plain.summary(config).slotCount).toBeUndefined();
  });
});

describe('several runs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dst-runs-'));
  /** The SOM-DST file with one prediction changed in every dialogue: same gold, another model. */
  function perturbedCopy(): string {
    const data = JSON.parse(readFileSync(PRED, 'utf8')) as Record<string, Record<string, { pr: Record<string, Record<string, string>> }>>;
    for (const turns of Object.values(data))
      for (const t of Object.values(turns)) t.pr = { ...t.pr, taxi: { ...(t.pr.taxi ?? {}), leaveat: '23:59' } };
    const f = join(dir, 'perturbed.json');
    writeFileSync(f, JSON.stringify(data));
    return f;
  }

  it('hold their own corpora under unique names; reads name the run and its revision', async () => {
    const ws = new Workspace({ inline: true });
    const a = ws.open(fileSource([PRED]));
    // The same file with the same options is refused (it would count twice); a copy is another run.
    expect(() => ws.open(fileSource([PRED]))).toThrow(/already open as run "predictions"/);
    const copy = join(dir, 'predictions.json');
    writeFileSync(copy, readFileSync(PRED));
    const b = ws.open(fileSource([copy]), { label: 'predictions' });
    expect(a.label).toBe('predictions');
    expect(b.label).toBe('predictions (2)');
    const c = ws.open(fileSource([perturbedCopy()]));
    await Promise.all([a, b, c].map((r) => ws.whenSettled(r.id)));
    expect(ws.list().map((r) => [r.id, r.state, r.revision])).toEqual([
      [a.id, 'ready', 1],
      [b.id, 'ready', 1],
      [c.id, 'ready', 1],
    ]);
    const jga = (id: string) => metricNumber(ws.data(id, 1).summary(config).scores.values, 'JGA');
    expect(jga(a.id)).toBe(jga(b.id));
    expect(jga(c.id)).toBeLessThan(jga(a.id));
    expect(() => ws.rename(c.id, 'predictions')).toThrow(/already named "predictions"/);
    expect(ws.rename(c.id, 'perturbed').label).toBe('perturbed');
    expect(ws.close(b.id).map((r) => r.id)).toEqual([a.id, c.id]);
  });

  it("hold an equal gold once: the second run shares the first one's gold arrays and scores the same", async () => {
    const ws = new Workspace({ inline: true });
    const a = ws.open(fileSource([PRED]));
    await ws.whenSettled(a.id);
    const b = ws.open(fileSource([perturbedCopy()]));
    await ws.whenSettled(b.id);
    const ca = ws.data(a.id).corpus;
    const cb = ws.data(b.id).corpus;
    expect(cb.goldPairs).toBe(ca.goldPairs);
    expect(cb.goldStart).toBe(ca.goldStart);
    expect(cb.slots).toBe(ca.slots);
    expect(cb.predPairs).not.toBe(ca.predPairs);
    // Sharing changes no number: the same file scored on its own.
    const alone = await ready(fileSource([join(dir, 'perturbed.json')]));
    expect(ws.data(b.id).summary(config).scores).toEqual(alone.summary(config).scores);
    const id = 'MUL0144.json';
    expect(ws.data(b.id).detail(config, id).perTurn).toEqual(alone.detail(config, id).perTurn);
  });

  it('a reload bumps the revision; an answer for the old revision is refused as stale', async () => {
    const ws = new Workspace({ inline: true });
    const a = ws.open(fileSource([PRED]));
    await ws.whenSettled(a.id);
    ws.open(fileSource([PRED], { dialogues: DIALOGUES }), { replace: a.id });
    // While the reload runs, revision 1 still answers.
    expect(ws.data(a.id, 1).summary(config).hasUtterances).toBe(false);
    const s = await ws.whenSettled(a.id);
    expect(s.revision).toBe(2);
    expect(ws.data(a.id, 2).summary(config).hasUtterances).toBe(true);
    try {
      ws.data(a.id, 1);
      expect.unreachable();
    } catch (e) {
      expect((e as AppError).code).toBe('stale');
      expect((e as AppError).message).toMatch(/at revision 2, not 1/);
    }
  });

  it("another file opened in a run's place gives the run its name, unless the user named the run", async () => {
    const ws = new Workspace({ inline: true });
    const a = ws.open(fileSource([PRED]));
    await ws.whenSettled(a.id);
    expect(ws.status(a.id).label).toBe('predictions');
    ws.open(fileSource([PRED], { dialogues: DIALOGUES }), { replace: a.id }); // the same file, utterances added
    expect((await ws.whenSettled(a.id)).label).toBe('predictions');
    ws.open(fileSource([join(FIXTURES, 'paper', 'mul1110.json')]), { replace: a.id });
    expect((await ws.whenSettled(a.id)).label).toBe('mul1110');
    ws.rename(a.id, 'mul1110 (baseline)'); // a name of the user's, however it looks
    ws.open(fileSource([PRED]), { replace: a.id });
    expect((await ws.whenSettled(a.id)).label).toBe('mul1110 (baseline)');
    // A label given with the open is the user's too.
    const b = ws.open(fileSource([PRED], { dialogues: DIALOGUES }));
    await ws.whenSettled(b.id);
    ws.open(fileSource([join(FIXTURES, 'paper', 'mul1110.json')]), { replace: b.id, label: 'predictions (fixed)' });
    expect((await ws.whenSettled(b.id)).label).toBe('predictions (fixed)');
  });

  it('a failed reload keeps the data that was loaded and says why', async () => {
    const ws = new Workspace({ inline: true });
    const a = ws.open(fileSource([PRED]));
    await ws.whenSettled(a.id);
    ws.open(fileSource([join(dir, 'missing.json')]), { replace: a.id });
    const s = await ws.whenSettled(a.id);
    expect(s.state).toBe('ready');
    expect(s.revision).toBe(1);
    expect(s.error?.message).toMatch(/missing\.json: no such file/);
    expect(ws.data(a.id, 1).summary(config).dialogues).toBe(100);
  });

  it('a folder source loads in the app as in the CLI', async () => {
    const F = join(FIXTURES, 'formats');
    const run = await ready(file(join(F, 'sgd-pred'), { gold: join(F, 'sgd') }));
    expect(run.summary(config).dialogues).toBe(1);
  });

  it('a source is validated where it enters: a bad one is refused with the field named', () => {
    const ws = new Workspace({ inline: true });
    expect(() => ws.open({ kind: 'files', predictions: [] })).toThrow(/predictions/);
    expect(() => ws.open({ kind: 'files', predictions: ['a.json'], values: ['upper'] })).toThrow(/values/);
  });
});
