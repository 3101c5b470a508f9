// The two-thread load of large FGA/GCA files (src/main/services/fga-parallel.ts, the load pipeline's fast path)
// gives exactly what the one-thread load gives: the same corpus, scores,
// warnings and error messages, whether the tail half runs in a worker or inline,
// and whether or not the guessed boundary is a real one.
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateText } from '../../../../bench/generate.js';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { dialogueResults, evaluateStats } from '../../../../src/shared/metrics/evaluate';
import { findDialogueBoundary } from '../../../../src/main/services/fga-parallel';
import { loadSource, type PipelineOptions } from '../../../../src/main/services/load-pipeline';
import { fileSource } from '../../../../src/shared/source';
import { turnTwiceCases } from '../../shared/formats/turn-twice';
import { FGA_PREDICTIONS, goldCases, MWZ_PREDICTIONS } from '../../shared/formats/gold-turn-twice';

const dir = mkdtempSync(join(tmpdir(), 'pipeline-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const config = defaultConfig({ lambdas: [0.5, 1] });
const WORKER = join(__dirname, '..', '..', '..', '..', 'out', 'main', 'fga-tail-worker.js');

function write(name: string, text: string): string {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
}

async function load(file: string, parallel: PipelineOptions['parallel']) {
  try {
    const { loaded, stats } = await loadSource(fileSource([file]), { parallel });
    const ev = evaluateStats(loaded.corpus, stats!, config);
    return { ids: loaded.corpus.dialogueIds, warnings: loaded.warnings, corpus: ev.corpus, dialogues: [...dialogueResults(ev, true)] };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

const oneThread = (file: string) => load(file, false);
const twoThreads = (file: string, workerPath?: string) => load(file, { minBytes: 0, inline: !workerPath, workerPath });

describe('two-thread FGA load', () => {
  const text = generateText(3000, 5).text;

  it('finds a boundary between dialogues near the middle', () => {
    const at = findDialogueBoundary(new TextEncoder().encode(text), text.length >> 1);
    expect(at).toBeGreaterThan(text.length >> 1);
    expect(text.slice(at - 3, at)).toBe('}, ');
    expect(text.slice(at)).toMatch(/^"[A-Z]+\d+\.json": \{"0": \{"gt"/);
  });

  it('compact and indented files: same corpus, scores and per-turn records as one thread', async () => {
    for (const [name, t] of [
      ['c.json', text],
      ['i.json', JSON.stringify(JSON.parse(text), null, 2)],
    ]) {
      const f = write(name, t);
      const one = await oneThread(f);
      expect(one).not.toHaveProperty('error');
      expect(await twoThreads(f)).toEqual(one);
    }
  });

  it('bad input in either half gives the one-thread message; so does a dialogue id repeated across the halves', async () => {
    const data = JSON.parse(text) as Record<string, Record<string, { gt: Record<string, Record<string, unknown>> }>>;
    const ids = Object.keys(data);
    const late = ids[ids.length - 3];
    const broken = structuredClone(data);
    broken[late]['0'].gt = { hotel: { area: 7 } };
    const early = structuredClone(data);
    early[ids[2]]['0'].gt = { hotel: { area: null } };
    const lastTurns = JSON.stringify(data[ids[1]]);
    const cases = [
      write('tail-error.json', JSON.stringify(broken)),
      write('head-error.json', JSON.stringify(early)),
      write('dup.json', `${text.slice(0, -1)}, ${JSON.stringify(ids[1])}: ${lastTurns}}`),
      write('syntax.json', `${text.slice(0, -200)}`),
    ];
    for (const f of cases) {
      const one = await oneThread(f);
      expect(one).toHaveProperty('error');
      expect(await twoThreads(f)).toEqual(one);
    }
  });

  // A turn key written twice: every path names the second key's line:column and JSON path and where the first is.
  describe.each(turnTwiceCases())('a turn key written twice ($name)', (c) => {
    const bytes = new TextEncoder().encode(c.text);
    const split = findDialogueBoundary(bytes, bytes.length >> 1);
    const f = () => write('turn-twice.json', c.text);
    const expected = () => `${f()}:${c.message}`;
    it('one thread', async () => {
      expect(await oneThread(f())).toEqual({ error: expected() });
    });
    it(`two threads, tail inline (repeat in the ${split < 0 ? 'only part: no boundary' : split < c.secondAt ? 'tail' : 'head'})`, async () => {
      expect(await twoThreads(f())).toEqual({ error: expected() });
    });
    it.runIf(existsSync(WORKER))('two threads, tail in the built worker', async () => {
      expect(await twoThreads(f(), WORKER)).toEqual({ error: expected() });
    });
  });

  it('the turn-key cases cover a repeat in the head and in the tail of a two-thread load', () => {
    const where = turnTwiceCases().map((c) => {
      const bytes = new TextEncoder().encode(c.text);
      const split = findDialogueBoundary(bytes, bytes.length >> 1);
      return split < 0 ? 'none' : c.firstAt > split ? 'tail' : c.secondAt < split ? 'head' : 'across';
    });
    expect(where).toEqual(['none', 'head', 'tail', 'head', 'tail']);
  });

  it('a guessed boundary inside a turn is not taken: the first thread reads on', async () => {
    // Extra turn keys shaped like a dialogue: `}, "meta": {"0": {"gt": …` at depth 3.
    const data = JSON.parse(text) as Record<string, Record<string, Record<string, unknown>>>;
    for (const turns of Object.values(data)) for (const t of Object.values(turns)) t.meta = { 0: { gt: {} } };
    const f = write('decoy.json', JSON.stringify(data));
    const bytes = new TextEncoder().encode(JSON.stringify(data));
    const at = findDialogueBoundary(bytes, bytes.length >> 1);
    expect(JSON.stringify(data).slice(at, at + 8)).toBe('"meta":{');
    const one = await oneThread(f);
    expect(one).not.toHaveProperty('error');
    expect(await twoThreads(f)).toEqual(one);
  });

  it.runIf(existsSync(WORKER))('with the built worker thread', async () => {
    const f = write('w.json', text);
    expect(await twoThreads(f, WORKER)).toEqual(await oneThread(f));
  });
});

// The app's path to gold and utterance files (the load pipeline's source cache, which keeps no file bytes:
// the place is found by reading the file again, on the error path only).
describe('gold and utterance files with a turn index written twice, through the load pipeline', () => {
  const attempt = async (spec: Parameters<typeof fileSource>[1], preds: string) => {
    try {
      await loadSource(fileSource([preds], spec), { parallel: false });
      return 'loaded';
    } catch (e) {
      return (e as Error).message;
    }
  };
  it.each(goldCases())('as gold: $name', async (c) => {
    const gold = write('gold-dials.json', c.text);
    expect(await attempt({ gold }, write('mwz.json', MWZ_PREDICTIONS))).toBe(`${gold}:${c.message}`);
  });
  it.each(goldCases().filter((c) => c.asDialogues))('as utterances: $name', async (c) => {
    const dialogues = write('utt-dials.json', c.text);
    expect(await attempt({ dialogues }, write('fga.json', FGA_PREDICTIONS))).toBe(`${dialogues}:${c.message}`);
  });
});
