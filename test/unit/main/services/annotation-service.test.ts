// Annotations over a workspace (src/main/services/annotation-service.ts):
// - which file runs on one gold share: --annotations FILE; else the separate
//   gold's `.annotations.jsonl`, then the prediction files' (sorted by path):
//   the first that exists, else the first — the same whatever order the runs
//   were opened or asked in; with a note when several exist;
// - the suspects queue and the value-options what-if, computed in the run's
//   analysis worker (utterances posted in parts; the ranked list kept there,
//   pages sent back), equal what the main thread computes (the code that ran
//   there before).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AnalysisEngine, type SuspectsArgs } from '../../../../src/main/services/analysis-engine';
import { AnalysisService } from '../../../../src/main/services/analysis-service';
import { analysisWorkerPath } from '../../../../src/main/services/analysis-host';
import { AnnotationService, chooseAnnotationFile, runsOnGold } from '../../../../src/main/services/annotation-service';
import { AnnotationStore } from '../../../../src/main/services/annotation-store';
import { WriteAccess } from '../../../../src/main/services/annotation-access';
import { ApiError } from '../../../../src/main/services/api-error';
import { Workspace } from '../../../../src/main/services/workspace';
import { placeKey } from '../../../../src/shared/annotations/record';
import { rankSuspects } from '../../../../src/shared/annotations/suspects';
import { analysisDiff } from '../../../../src/shared/annotations/whatif';
import { applyValueOptions, type ValueOption } from '../../../../src/shared/formats/normalise';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { evaluateStats } from '../../../../src/shared/metrics/evaluate';
import { analyseCorpus } from '../../../../src/shared/metrics/turn-stats';
import { corpusPayload } from '../../../../src/shared/model/corpus-payload';
import { fileSource, type SourceSpec } from '../../../../src/shared/source';
import { ROOT, requireFreshBuild } from '../../../helpers/cli';
import { FIXTURES } from '../../../helpers/fixtures';
import { perturbFga } from '../../../helpers/perturb';

const SOM = join(FIXTURES, 'multiwoz-somdst-100');
const DIALOGUES = join(SOM, 'dialogues.json');
const root = mkdtempSync(join(tmpdir(), 'ann-service-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const config = defaultConfig();

/** Two models' prediction files on one embedded gold, in folders b-model (the fixture) and a-model (a perturbed copy). */
function models(name: string): { a: string; b: string; dir: string } {
  const dir = join(root, name);
  const text = readFileSync(join(SOM, 'predictions.json'), 'utf8');
  for (const m of ['a-model', 'b-model']) mkdirSync(join(dir, m), { recursive: true });
  writeFileSync(join(dir, 'b-model', 'preds.json'), text);
  writeFileSync(join(dir, 'a-model', 'preds.json'), perturbFga(text));
  return { a: join(dir, 'a-model', 'preds.json'), b: join(dir, 'b-model', 'preds.json'), dir };
}

async function workspace(specs: SourceSpec[]): Promise<{ ws: Workspace; ids: string[] }> {
  const ws = new Workspace({ inline: true });
  const ids = specs.map((s) => ws.open(s).id);
  for (const id of ids) await ws.whenSettled(id);
  return { ws, ids };
}

const inlineService = (ws: Workspace, opts: { file?: string } = {}) =>
  new AnnotationService(ws, { ...opts, analysis: new AnalysisService(ws, { inline: true }) });
const store = (file: string) => new AnnotationStore(file, { gold: 'g' });
const record = {
  dialogue: 'MUL0144.json',
  turn: 0,
  slot: 'restaurant-area',
  from: 'centre',
  to: 'center',
  scope: 'turn' as const,
  category: 'normalisation' as const,
  status: 'confirmed' as const,
};

describe('the exported diff', () => {
  it('names the gold file (here the predictions, which hold it), whatever the annotation file is called', async () => {
    const { a, dir } = models('export-gold');
    const { ws, ids } = await workspace([fileSource([a])]);
    const svc = inlineService(ws, { file: join(dir, 'ann.jsonl') });
    await svc.save(ids[0], record);
    const out = svc.exportDiff(ids[0], 'diff');
    // Relative to the annotation file's folder: the two travel together, and no home folder goes into a shared file.
    expect(out.text.split('\n')[0]).toBe(`--- gold: ${relative(dir, a)}`);
    expect(relative(dir, a)).not.toMatch(/^\//);
    expect(out.filename).toBe('ann.corrections.diff');
  });
});

describe('the annotation file of runs on one gold', () => {
  it('is the same whatever order the runs were opened and asked in: the first by path when none exists yet', async () => {
    const { a, b } = models('order');
    const first = await workspace([fileSource([b]), fileSource([a])]);
    const second = await workspace([fileSource([a]), fileSource([b])]);
    expect(runsOnGold(first.ws, first.ids[0])).toHaveLength(2); // they do share the gold
    const f1 = inlineService(first.ws).fileOf(first.ids[0]); // b asked first
    const f2 = inlineService(second.ws).fileOf(second.ids[0]); // a asked first
    expect(f1).toBe(`${a}.annotations.jsonl`);
    expect(f2).toBe(f1);
  });

  it('is the one that already exists, so earlier records stay in view whichever run is asked first', async () => {
    const { a, b } = models('existing');
    await store(`${b}.annotations.jsonl`).save(record);
    const { ws, ids } = await workspace([fileSource([a]), fileSource([b])]);
    const svc = inlineService(ws);
    expect(svc.fileOf(ids[0])).toBe(`${b}.annotations.jsonl`); // a asked first, b's file holds the records
    expect(svc.list(ids[0]).records).toHaveLength(1);
    expect(svc.list(ids[1]).records).toHaveLength(1);
    expect(svc.list(ids[0]).notes).toBeUndefined();
  });

  it('when several exist: the first by path, and a note naming the others', async () => {
    const { a, b } = models('several');
    await store(`${b}.annotations.jsonl`).save(record);
    await store(`${a}.annotations.jsonl`).save({ ...record, note: 'in a' });
    const { ws, ids } = await workspace([fileSource([b]), fileSource([a])]);
    const list = inlineService(ws).list(ids[0]);
    expect(list.file).toBe(`${a}.annotations.jsonl`);
    expect(list.records.map((r) => r.note)).toEqual(['in a']);
    expect(list.notes).toEqual([
      expect.stringContaining(`${a}.annotations.jsonl is used; ${b}.annotations.jsonl is neither read nor written`),
    ]);
  });

  it('prefers the separate gold file, then prediction files by path; --annotations overrides everything', () => {
    const dir = join(root, 'rule');
    mkdirSync(dir, { recursive: true });
    const p = (n: string) => join(dir, n);
    const withGold: SourceSpec = { kind: 'files', predictions: [p('z-preds.json')], gold: p('gold.json') };
    const plain: SourceSpec = { kind: 'files', predictions: [p('a-preds.json')] };
    expect(chooseAnnotationFile([plain, withGold]).file).toBe(p('gold.json.annotations.jsonl'));
    expect(chooseAnnotationFile([plain, withGold]).candidates).toEqual([
      p('gold.json.annotations.jsonl'),
      p('a-preds.json.annotations.jsonl'),
    ]);
    // An existing file of a prediction file beats a gold file not written yet: its records are kept in view.
    writeFileSync(p('a-preds.json.annotations.jsonl'), '');
    expect(chooseAnnotationFile([withGold, plain]).file).toBe(p('a-preds.json.annotations.jsonl'));
    expect(chooseAnnotationFile([withGold, plain], p('mine.jsonl'))).toEqual({
      file: p('mine.jsonl'),
      candidates: [p('mine.jsonl')],
      existing: [],
    });
  });
});

/** The value-options what-if as the main thread computed it before it moved to the worker. */
function valueWhatIfOnMain(ws: Workspace, run: string, values: ValueOption[]) {
  const data = ws.data(run);
  const ev = data.evaluation(config);
  const corpus = applyValueOptions(data.corpus, values);
  const stats = analyseCorpus(corpus);
  const after = evaluateStats(corpus, stats, config, { values });
  return {
    diff: analysisDiff({ corpus: data.corpus, stats: data.l.stats, before: ev.corpus }, { stats, after: after.corpus }),
    signatureAfter: after.signature,
  };
}

describe('suspects and the value-options what-if off the main thread', () => {
  it('utterances of two revisions sent at once, in interleaved parts, do not mix: each key is whole', async () => {
    const { ws, ids } = await workspace([fileSource([join(SOM, 'predictions.json')], { dialogues: DIALOGUES })]);
    const data = ws.data(ids[0]);
    const u = data.corpus.utterances!;
    const engine = new AnalysisEngine(data.corpus, data.l.stats, { GCA: {} } as never);
    const total = u.system.length;
    const other = { system: u.system.map((x) => (x === undefined ? x : `${x} (new)`)), user: u.user };
    for (let offset = 0; offset < total; offset += 100) {
      for (const [key, src] of [
        ['r@1', u],
        ['r@2', other],
      ] as const)
        engine.addUtterances({
          key,
          total,
          offset,
          system: src.system.slice(offset, offset + 100),
          user: src.user.slice(offset, offset + 100),
        });
      if (offset === 0) expect([engine.hasUtterances('r@1'), engine.hasUtterances('r@2')]).toEqual([total <= 100, total <= 100]);
    }
    expect([engine.hasUtterances('r@1'), engine.hasUtterances('r@2')]).toEqual([true, true]);
    // A third key makes room by dropping the oldest.
    engine.addUtterances({ key: 'r@3', total, offset: 0, system: u.system, user: u.user });
    expect([engine.hasUtterances('r@1'), engine.hasUtterances('r@2'), engine.hasUtterances('r@3')]).toEqual([false, true, true]);
    // A key sent again while it is filling: its parts count once, so it is whole only when every part came.
    engine.addUtterances({ key: 'r@4', total, offset: 0, system: u.system.slice(0, 100), user: u.user.slice(0, 100) });
    engine.addUtterances({ key: 'r@4', total, offset: 0, system: u.system.slice(0, 100), user: u.user.slice(0, 100) });
    expect(engine.hasUtterances('r@4')).toBe(total <= 100);
    // The third key dropped a complete one (r@2), not r@4 that is still filling; r@3 stays.
    expect([engine.hasUtterances('r@2'), engine.hasUtterances('r@3')]).toEqual([false, true]);
  });

  it('the worker answers exactly what the main thread computes', async () => {
    // The worker runs the built bundle: it must be built from this source, or the comparison proves nothing.
    requireFreshBuild(analysisWorkerPath() ?? join(ROOT, 'out', 'main', 'analysis-worker.js'));
    const { a, b } = models('worker');
    const { ws, ids } = await workspace([fileSource([b], { dialogues: DIALOGUES }), fileSource([a])]);
    const analysis = new AnalysisService(ws, { utterancePart: 97 }); // the utterances go in many parts
    const threaded = new AnnotationService(ws, { analysis, access: new WriteAccess('any') });
    const inline = inlineService(ws);
    try {
      for (const run of ids) {
        const want = rankSuspects(runsOnGold(ws, run).map((r) => ({ label: r.label, corpus: r.data.corpus })));
        expect(want.hasText).toBe(true);
        expect(want.items.length).toBeGreaterThan(100);
        const t = await threaded.suspects(run, 0, 5000);
        expect(t).toEqual(await inline.suspects(run, 0, 5000));
        expect(t.items).toEqual(want.items);
        expect([t.total, t.hasText, t.runs.length]).toEqual([want.items.length, true, 2]);
        expect((await threaded.suspects(run, 10, 5)).items).toEqual(want.items.slice(10, 15));
        for (const values of [['lower'], ['dontcare', 'lower', 'trade-fixes']] as ValueOption[][]) {
          const r = await threaded.whatIf(run, config, false, values);
          const main = valueWhatIfOnMain(ws, run, values);
          expect(r).toEqual(await inline.whatIf(run, config, false, values));
          expect([r.mode, r.diff, r.signatureAfter]).toEqual(['values', main.diff, main.signatureAfter]);
        }
        expect(analysis.host(ws.data(run)).threaded).toBe(true);
      }
      // Left out once annotated (the places are sent with the request; the list stays in the worker).
      const top = (await threaded.suspects(ids[0], 0, 1)).items[0];
      await threaded.save(ids[0], {
        dialogue: top.dialogue,
        turn: top.turn,
        slot: top.slot,
        from: top.gold,
        to: top.pred,
        scope: 'turn',
        category: 'wrong-value',
        status: 'suspected',
      });
      const left = await threaded.suspects(ids[0], 0, 5000, true);
      expect(left).toEqual(await inline.suspects(ids[0], 0, 5000, true));
      expect(left.total).toBe((await threaded.suspects(ids[0], 0, 1)).total - 1);
      expect(left.items.some((x) => x.dialogue === top.dialogue && x.turn === top.turn && x.slot === top.slot)).toBe(false);
    } finally {
      analysis.dispose();
    }
  });

  it('the engine ranks a run that does not share the gold columns from its whole corpus', async () => {
    const { a, b } = models('engine');
    const one = await workspace([fileSource([b], { dialogues: DIALOGUES })]);
    const two = await workspace([fileSource([a])]); // loaded apart: its own columns and interners
    const mine = one.ws.data(one.ids[0]);
    const other = two.ws.data(two.ids[0]);
    const engine = new AnalysisEngine(mine.corpus, mine.l.stats, { values: [] });
    engine.addUtterances({ key: 'u', total: mine.corpus.turnIndex.length, offset: 0, ...mine.corpus.utterances! });
    const data = {
      runs: [
        { label: 'b', own: true as const },
        { label: 'a', corpus: corpusPayload(other.corpus) },
      ],
      slotNames: mine.corpus.slots.names,
      valueNames: mine.corpus.values.names,
      utterances: 'u',
    };
    const want = rankSuspects([
      { label: 'b', corpus: mine.corpus },
      { label: 'a', corpus: other.corpus },
    ]);
    const ask = (args: SuspectsArgs) => engine.run({ kind: 'suspects', args });
    // The page carries the ranking's format note and version flags (the queue header shows them).
    const extra = { format: want.format, versions: want.versions };
    expect(ask({ group: 'g', offset: 0, limit: 1e6, data })).toEqual({
      total: want.items.length,
      items: want.items,
      hasText: true,
      ...extra,
    });
    // The ranked list stays in the engine: pages, and pages without the places already annotated.
    expect(ask({ group: 'g', offset: 3, limit: 2 })).toEqual({
      total: want.items.length,
      items: want.items.slice(3, 5),
      hasText: true,
      ...extra,
    });
    const first = want.items[0];
    const exclude = [placeKey(first.dialogue, first.turn, first.slot)];
    expect(ask({ group: 'g', offset: 0, limit: 2, exclude })).toEqual({
      total: want.items.length - 1,
      items: want.items.slice(1, 3),
      hasText: true,
      ...extra,
    });
    // Another set of runs it has not ranked: the caller must send the data.
    expect(ask({ group: 'other', offset: 0, limit: 1 })).toEqual({ missing: true });
  });
});

describe('corrections that change nothing, and withdrawals', () => {
  const MUL = join(FIXTURES, 'paper', 'mul1110.json');
  const base = { dialogue: 'MUL1110.json', turn: 1, slot: 'hotel-area', scope: 'turn' as const, category: 'other' as const };
  const refusal = async (p: Promise<unknown>) => {
    const e = await p.then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  };

  it('a correction whose new value is the gold is refused (bad-args, saying so), whoever asks; a flag without one is fine', async () => {
    const dir = join(root, 'same-as-gold');
    mkdirSync(dir, { recursive: true });
    const { ws, ids } = await workspace([fileSource([MUL])]);
    const file = join(dir, 'a.jsonl');
    const svc = inlineService(ws, { file });
    // The gold of MUL1110 turn 1 has hotel-name "el shaddia guesthouse" and no hotel-area.
    const e = await refusal(svc.save(ids[0], { ...base, from: null, to: null, status: 'confirmed' }));
    expect([e.code, e.message]).toEqual([
      'bad-args',
      'the correct value absent is what the gold of MUL1110.json turn 1 hotel-area already is: a correction must change the gold (choose "no correction" to only flag the place, or give another value)',
    ]);
    const name = { ...base, slot: 'hotel-name', from: 'el shaddia guesthouse' };
    expect((await refusal(svc.save(ids[0], { ...name, to: 'el shaddia guesthouse', status: 'suspected' }))).message).toMatch(
      /^the correct value "el shaddia guesthouse" is what the gold of MUL1110\.json turn 1 hotel-name already has/,
    );
    // Without `from` too: the gold decides.
    await refusal(svc.save(ids[0], { ...base, slot: 'hotel-name', to: 'el shaddia guesthouse', status: 'confirmed' }));
    expect(existsSync(file)).toBe(false);
    // A value that differs (by a space even) is a correction; no `to` at all is a flag.
    const ok = await svc.save(ids[0], { ...name, to: ' el shaddia guesthouse', status: 'confirmed' });
    await svc.save(ids[0], { ...name, status: 'suspected' });
    // Revising it to the gold's value is refused too; withdrawing it is not.
    await refusal(svc.revise(ids[0], ok.id, 1, { to: 'el shaddia guesthouse' }, undefined));
    const w = await svc.revise(ids[0], ok.id, 1, undefined, true);
    expect(w.rev).toBe(2);
    expect(svc.list(ids[0]).records).toHaveLength(1);
  });

  it('an older record whose `to` equals the gold can still change status (its own value is not checked again)', async () => {
    const dir = join(root, 'legacy');
    mkdirSync(dir, { recursive: true });
    const { ws, ids } = await workspace([fileSource([MUL])]);
    const file = join(dir, 'a.jsonl');
    const legacy = await new AnnotationStore(file, { gold: 'g' }).save({
      ...base,
      slot: 'hotel-name',
      from: 'el shaddia guesthouse',
      to: 'el shaddia guesthouse',
      status: 'suspected',
    });
    const svc = inlineService(ws, { file });
    const r = await svc.revise(ids[0], legacy.id, 1, { status: 'rejected' }, undefined);
    expect(r.rev).toBe(2);
    expect(svc.list(ids[0]).records[0].status).toBe('rejected');
  });

  it('any record can be withdrawn (not only the last save): an appended line, the record kept in the journal', async () => {
    const dir = join(root, 'withdraw');
    mkdirSync(dir, { recursive: true });
    const { ws, ids } = await workspace([fileSource([MUL])]);
    const file = join(dir, 'a.jsonl');
    const svc = inlineService(ws, { file });
    const saved = [];
    for (let t = 1; t <= 4; t++) saved.push(await svc.save(ids[0], { ...base, turn: t, from: null, to: `v${t}`, status: 'confirmed' }));
    const before = readFileSync(file, 'utf8');
    await svc.revise(ids[0], saved[1].id, 1, undefined, true);
    const after = readFileSync(file, 'utf8');
    expect(after.startsWith(before)).toBe(true); // nothing rewritten: one line appended
    const line = JSON.parse(after.slice(before.length));
    expect(line).toMatchObject({ id: saved[1].id, rev: 2, deleted: true, to: 'v2', turn: 2 });
    expect(svc.list(ids[0]).records.map((r) => r.id)).toEqual([saved[0].id, saved[2].id, saved[3].id]);
  });
});
