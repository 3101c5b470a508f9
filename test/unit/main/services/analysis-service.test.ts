// The analysis calls on a workspace (src/main/services/analysis-handlers.ts, analysis-service.ts):
// the header's filtered scores equal scoring the subset's file on its own;
// search matches slots, values and class terms (missed:train-leaveat,
// wrong:"hotel-book stay", wrong:book_stay) as the dialogue view's slot
// classes say, and refuses an unclosed quote with its place; the analyses answered in a worker thread
// equal the ones computed in-process; a reloaded run's answers are refused.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisHandlers } from '../../../../src/main/services/analysis-handlers';
import { AnalysisService } from '../../../../src/main/services/analysis-service';
import { analysisWorkerPath } from '../../../../src/main/services/analysis-host';
import { Workspace } from '../../../../src/main/services/workspace';
import type { RunData } from '../../../../src/main/services/run-data';
import { domainBreakdown } from '../../../../src/shared/analysis/domain-breakdown';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { dialogueDetail, evaluate } from '../../../../src/shared/metrics/evaluate';
import { renderSignature } from '../../../../src/shared/metrics/signature';
import { metricValue } from '../../../../src/shared/metrics/values';
import { fileSource } from '../../../../src/shared/source';
import { FIXTURES, loadFile } from '../../../helpers/fixtures';

const PRED = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
const DIALOGUES = join(FIXTURES, 'multiwoz-somdst-100', 'dialogues.json');
const config = defaultConfig();
const dir = mkdtempSync(join(tmpdir(), 'analysis-service-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let ws: Workspace;
let data: RunData;
let inline: ReturnType<typeof analysisHandlers>;
const ref = { run: 'r1', rev: 1 };

beforeAll(async () => {
  ws = new Workspace({ inline: true });
  const { id } = ws.open(fileSource([PRED], { dialogues: DIALOGUES }));
  await ws.whenSettled(id);
  data = ws.data(id);
  inline = analysisHandlers(ws, { inline: true });
});

/** Scores the given dialogues of the fixture as a file of their own. */
function subsetScores(ids: string[]) {
  const all = JSON.parse(readFileSync(PRED, 'utf8')) as Record<string, unknown>;
  const f = join(dir, `subset-${ids.length}-${ids[0]}.json`);
  writeFileSync(f, JSON.stringify(Object.fromEntries(ids.map((id) => [id, all[id]]))));
  return evaluate(loadFile(f), config).corpus;
}

function listIds(filter: object): string[] {
  return data.page({ ...ref, config, offset: 0, limit: 1000, sort: { key: 'position', descending: false }, filter }).rows.map((r) => r.id);
}

describe('filtered scores', () => {
  it('domain taxi: the corpus metrics of the taxi dialogues, labelled, with the subset in the signature', async () => {
    const r = await inline.filteredScores({ ...ref, config, filter: { domain: 'taxi' } });
    const ids = listIds({ domain: 'taxi' });
    expect(ids.length).toBeGreaterThan(5);
    expect(r.scores.dialogues).toBe(ids.length);
    const want = subsetScores(ids);
    expect(r.scores.turns).toBe(want.turns);
    for (const m of ['JGA', 'SA', 'AGA', 'IAGA', 'F1', 'RSA', 'FGA', 'GCA'])
      expect(Math.abs(metricValue(r.scores.values, m, config)! - metricValue(want.values, m, config)!)).toBeLessThan(1e-9);
    expect(r.label).toBe('domain taxi');
    expect(renderSignature(r.signature)).toContain(`subset=domain taxi (${ids.length} dialogues)`);
  });

  it('no filter: the whole corpus', async () => {
    const r = await inline.filteredScores({ ...ref, config, filter: {} });
    expect(r.scores).toEqual(data.evaluation(config).corpus);
    expect(r.label).toBe('all dialogues');
  });
});

describe('search', () => {
  it('class terms keep exactly the dialogues with a turn where the slot has that class', () => {
    const ids = listIds({ search: 'missed:train-leaveat' });
    expect(ids.length).toBeGreaterThan(0);
    const c = data.corpus;
    for (let d = 0; d < c.dialogueIds.length; d++) {
      const has = dialogueDetail(c, d, config).perTurn!.some((t) =>
        t.slots.some((s) => s.slot === 'train-leaveat' && s.class === 'missed'),
      );
      expect(ids.includes(c.dialogueIds[d]), c.dialogueIds[d]).toBe(has);
    }
    // A part of a slot name; two terms must both match; a term with free text.
    const wrongName = listIds({ search: 'wrong:name' });
    expect(wrongName.length).toBeGreaterThan(listIds({ search: 'wrong:hotel-name' }).length);
    const both = listIds({ search: 'wrong:name missed:leaveat' });
    expect(both.every((id) => wrongName.includes(id) && listIds({ search: 'missed:leaveat' }).includes(id))).toBe(true);
    expect(listIds({ search: 'overshot:no-such-slot' })).toEqual([]);
  });

  /** The dialogues with a turn where `slot` has class `cls`, from the dialogue view's classes. */
  const withClass = (slot: string, cls: string) =>
    data.corpus.dialogueIds.filter((_, d) =>
      dialogueDetail(data.corpus, d, config).perTurn!.some((t) => t.slots.some((s) => s.slot === slot && s.class === cls)),
    );

  it('a slot name with a space (hotel-book stay): quoted, escaped or in the file’s spelling, that slot only', async () => {
    for (const cls of ['wrong', 'overshot', 'correct']) {
      const want = withClass('hotel-book stay', cls);
      expect(want.length, cls).toBeGreaterThan(0);
      for (const q of [
        `${cls}:"hotel-book stay"`,
        `${cls}:'hotel-book stay'`,
        `${cls}:hotel-book\\ stay`,
        `${cls}:book_stay`,
        `${cls}:hotel-book_stay`,
        `${cls.toUpperCase()}:BookStay`,
      ])
        expect(listIds({ search: q }), q).toEqual(want);
    }
    // The header's filtered scores of that subset are those of the subset's file scored on its own.
    const ids = withClass('hotel-book stay', 'overshot');
    const r = await inline.filteredScores({ ...ref, config, filter: { search: 'overshot:"hotel-book stay"' } });
    expect(r.scores.dialogues).toBe(ids.length);
    const want = subsetScores(ids);
    for (const m of ['JGA', 'SA', 'F1', 'RSA', 'FGA', 'GCA'])
      expect(Math.abs(metricValue(r.scores.values, m, config)! - metricValue(want.values, m, config)!)).toBeLessThan(1e-9);
    expect(r.label).toBe('“overshot:"hotel-book stay"”');
    // Unquoted, the space ends the term: every hotel booking slot, and the word "stay" anywhere (a different subset).
    const hotelBook = ['hotel-book day', 'hotel-book people', 'hotel-book stay'].flatMap((s) => withClass(s, 'wrong'));
    const loose = listIds({ search: 'wrong:hotel-book stay' });
    expect(loose.every((id) => hotelBook.includes(id) && listIds({ search: 'stay' }).includes(id))).toBe(true);
  });

  it('a search that cannot be read is refused with its place, not answered with another subset', async () => {
    expect(() => listIds({ search: 'wrong:"hotel-book stay' })).toThrow(/^search: unclosed " at character 7: close the quote/);
    const answer = Promise.resolve().then(() => inline.filteredScores({ ...ref, config, filter: { search: "cheap 'hotel" } }));
    await expect(answer).rejects.toMatchObject({
      code: 'bad-args',
      message: expect.stringMatching(/unclosed ' at character 7/) as unknown,
    });
  });

  it('free text matches slot names and values as well as ids and utterances', () => {
    const byValue = listIds({ search: 'avalon' });
    expect(byValue.length).toBeGreaterThan(0);
    const c = data.corpus;
    for (const id of byValue) {
      const d = c.dialogueIds.indexOf(id);
      const inStates = dialogueDetail(c, d, config).perTurn!.some((t) => t.slots.some((s) => s.gold === 'avalon' || s.pred === 'avalon'));
      const text = data
        .detail(config, id)
        .utterances!.map((u) => `${u.system ?? ''} ${u.user ?? ''}`)
        .join(' ')
        .toLowerCase();
      expect(inStates || text.includes('avalon')).toBe(true);
    }
    const bySlot = listIds({ search: 'taxi-leaveat' });
    expect(bySlot.length).toBeGreaterThan(0);
    expect(listIds({ search: 'MUL0144' })).toEqual(['MUL0144.json']);
  });
});

describe('analyses in a worker thread', () => {
  it.runIf(analysisWorkerPath() !== null)('answer what the in-process engine answers', async () => {
    const threaded = analysisHandlers(ws);
    const args = { ...ref, config };
    const calls = [
      ['breakdown', { ...args, by: 'domain' as const }],
      ['breakdown', { ...args, by: 'slot' as const }],
      ['turnPosition', { ...args, by: 'index' as const, bands: ['JGA'], replicates: 100 }],
      ['errorOrigin', { ...args, top: 5 }],
      ['correlations', { ...args, level: 'turn' as const, method: 'spearman' as const }],
      ['traitsView', args],
    ] as const;
    for (const [call, a] of calls) {
      const h = (x: typeof threaded) => (x[call] as (v: unknown) => Promise<unknown>)(a);
      expect(await h(threaded), call).toEqual(await h(inline));
    }
    const service = new AnalysisService(ws);
    await service.run('errorOrigin', { ...args, top: 1 });
    expect(service.host(data).threaded).toBe(true);
    service.dispose();
    const b = await threaded.breakdown({ ...args, by: 'domain' });
    expect(b.by === 'domain' && b.groups.map((g) => g.group)).toEqual(['attraction', 'hotel', 'restaurant', 'taxi', 'train']);
    expect(b).toEqual(JSON.parse(JSON.stringify(domainBreakdown(data.corpus, config, { turns: 'active', settings: { values: [] } }))));
  });

  it('a reloaded run answers stale for its old revision', async () => {
    const ws2 = new Workspace({ inline: true });
    const { id } = ws2.open(fileSource([PRED]));
    await ws2.whenSettled(id);
    const h = analysisHandlers(ws2, { inline: true });
    expect((await h.errorOrigin({ run: id, rev: 1, config })).wrong).toBeGreaterThan(0);
    ws2.open(fileSource([PRED]), { replace: id });
    await ws2.whenSettled(id);
    expect(() => h.errorOrigin({ run: id, rev: 1, config })).toThrow(/revision 2, not 1/);
    expect((await h.errorOrigin({ run: id, rev: 2, config })).wrong).toBeGreaterThan(0);
  });
});
