// The load worker thread (src/main/services/score-worker.ts) driven by the
// workspace: progress reports with stages and rising fractions, typed
// arrays arriving intact (scores equal evaluate), errors with their place,
// and a newer load superseding an older one.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { evaluate } from '../../../../src/shared/metrics/evaluate';
import { Workspace } from '../../../../src/main/services/workspace';
import { fileSource } from '../../../../src/shared/source';
import { loadFile } from '../../../helpers/fixtures';
import { buildWorker } from '../../../helpers/build-worker';

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
    const ws = new Workspace({ workerPath, onProgress: (_run, stage, fraction) => seen.push({ stage, fraction }) });
    const { id } = ws.open(fileSource([file]));
    expect(ws.status(id).state).toBe('loading');
    const s = await ws.whenSettled(id);
    expect(s.state).toBe('ready');
    const store = ws.data(id, s.revision);
    const stages = [...new Set(seen.map((p) => p.stage))];
    expect(stages).toEqual(expect.arrayContaining(['reading', 'parsing', 'scoring']));
    const scoring = seen.filter((p) => p.stage === 'scoring').map((p) => p.fraction);
    expect(scoring.length).toBeGreaterThan(1);
    for (let i = 1; i < scoring.length; i++) expect(scoring[i]).toBeGreaterThanOrEqual(scoring[i - 1]);
    expect(scoring[scoring.length - 1]).toBe(1);
    const cfg = defaultConfig({ lambdas: [0.5, 1] });
    expect(store.summary(cfg).scores).toEqual(evaluate(loadFile(file), cfg).corpus);
    const page = store.page({
      run: id,
      rev: 1,
      config: cfg,
      offset: 0,
      limit: 3,
      sort: { key: 'mistakes', descending: true },
      filter: { domain: 'hotel' },
    });
    expect(page.total).toBe(20000);
    ws.dispose();
  });

  it('loads the demo in the worker', async () => {
    const ws = new Workspace({ workerPath });
    const { id } = ws.open({ kind: 'demo' });
    const s = await ws.whenSettled(id);
    expect(s.state).toBe('ready');
    expect(ws.data(id).summary(defaultConfig()).landing).toMatch(/MUL1110/);
    ws.dispose();
  });

  it('surfaces a located error from the worker', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{"D1": {"0": {"gt": {}, "pr": {"hotel": {"area": 3}}}}}');
    const ws = new Workspace({ workerPath });
    const { id } = ws.open(fileSource([file]));
    const s = await ws.whenSettled(id);
    expect(s.state).toBe('error');
    expect(s.error?.jsonPath).toContain('area');
    expect(s.error?.message).toContain(file);
    expect(ws.errorSource(id)?.text).toContain('"area": 3');
    ws.dispose();
  });

  it('a newer load of a run supersedes one still running', async () => {
    const file = bigFile(5000, 10);
    const ws = new Workspace({ workerPath });
    const first = ws.open(fileSource([file]));
    ws.open({ kind: 'demo' }, { replace: first.id });
    const s = await ws.whenSettled(first.id);
    expect(s.state).toBe('ready');
    expect(s.revision).toBe(1);
    expect(ws.data(first.id, 1).summary(defaultConfig()).isDemo).toBe(true);
    ws.dispose();
  });
});
