// The scoring worker thread (src/main/services/score-worker.ts) driven by the
// corpus store: progress reports with stages and rising fractions, typed
// arrays arriving intact (scores equal evaluate), errors with their place,
// and a newer load superseding an older one.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/shared/metrics/config';
import { evaluate } from '../../../src/shared/metrics/evaluate';
import { CorpusStore } from '../../../src/main/services/corpus-store';
import { loadFile } from '../../helpers/fixtures';
import { buildWorker } from './build-worker';

let workerPath: string;
const dir = mkdtempSync(join(tmpdir(), 'dst-worker-data-'));

/** A synthetic FGA-layout file big enough to report progress several times. */
function bigFile(dialogues: number, turns: number): string {
  const parts: string[] = [];
  for (let d = 0; d < dialogues; d++) {
    const ts: string[] = [];
    for (let t = 0; t < turns; t++) {
      const gold = `{"hotel": {"area": "north", "stars": "${t % 5}"}, "taxi": {"leaveat": "${d % 24}:00"}}`;
      const pred = (d + t) % 7 === 0 ? `{"hotel": {"area": "south"}}` : gold;
      ts.push(`"${t}": {"gt": ${gold}, "pr": ${pred}}`);
    }
    parts.push(`"D${d}.json": {${ts.join(', ')}}`);
  }
  const file = join(dir, `big-${dialogues}x${turns}.json`);
  writeFileSync(file, `{\n${parts.join(',\n')}\n}\n`);
  return file;
}

beforeAll(async () => {
  workerPath = await buildWorker();
});

describe('scoring worker', () => {
  it('reports progress by stage, then the corpus, scoring exactly like evaluate', async () => {
    const file = bigFile(20000, 10);
    const seen: { stage: string; fraction: number }[] = [];
    const store = new CorpusStore({ workerPath, onProgress: (stage, fraction) => seen.push({ stage, fraction }) });
    store.open({ kind: 'file', path: file });
    expect(store.status().state).toBe('loading');
    const s = await store.whenSettled();
    expect(s.state).toBe('ready');
    const stages = [...new Set(seen.map((p) => p.stage))];
    expect(stages).toEqual(expect.arrayContaining(['reading', 'parsing', 'scoring']));
    const scoring = seen.filter((p) => p.stage === 'scoring').map((p) => p.fraction);
    expect(scoring.length).toBeGreaterThan(1);
    for (let i = 1; i < scoring.length; i++) expect(scoring[i]).toBeGreaterThanOrEqual(scoring[i - 1]);
    expect(scoring[scoring.length - 1]).toBe(1);
    const cfg = defaultConfig({ lambdas: [0.5, 1] });
    expect(store.summary(cfg).scores).toEqual(evaluate(loadFile(file), cfg).corpus);
    const page = store.page({ config: cfg, offset: 0, limit: 3, sort: { key: 'mistakes', descending: true }, filter: { domain: 'hotel' } });
    expect(page.total).toBe(20000);
    store.dispose();
  });

  it('loads the demo in the worker', async () => {
    const store = new CorpusStore({ workerPath });
    store.open({ kind: 'demo' });
    const s = await store.whenSettled();
    expect(s.state).toBe('ready');
    expect(store.summary(defaultConfig()).landing).toMatch(/MUL1110/);
    store.dispose();
  });

  it('surfaces a located error from the worker', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{"D1": {"0": {"gt": {}, "pr": {"hotel": {"area": 3}}}}}');
    const store = new CorpusStore({ workerPath });
    store.open({ kind: 'file', path: file });
    const s = await store.whenSettled();
    expect(s.state).toBe('error');
    expect(s.error?.jsonPath).toContain('area');
    expect(s.error?.message).toContain(file);
    expect(store.errorSource()?.text).toContain('"area": 3');
    store.dispose();
  });

  it('a newer load supersedes one still running', async () => {
    const file = bigFile(5000, 10);
    const store = new CorpusStore({ workerPath });
    const first = store.open({ kind: 'file', path: file });
    const second = store.open({ kind: 'demo' });
    expect(second.generation).toBe(first.generation + 1);
    const s = await store.whenSettled();
    expect(s.state).toBe('ready');
    expect(s.generation).toBe(second.generation);
    expect(store.summary(defaultConfig()).isDemo).toBe(true);
    store.dispose();
  });
});
