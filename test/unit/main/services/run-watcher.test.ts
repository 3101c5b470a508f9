// The run watcher on real files (chokidar, a workspace loading inline): a
// changed file reloads its run and the notice says what changed; a file
// written in two steps is read once, complete; a broken file keeps the run's
// data and says so; a glob opens the files there (in path order) and each new
// match as a run; closing a run stops its watch; the change text.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeChange, globBase, RunWatcher, watchedPaths } from '../../../../src/main/services/run-watcher';
import { Workspace } from '../../../../src/main/services/workspace';
import { FIXTURES } from '../../../helpers/fixtures';

const MUL = JSON.parse(readFileSync(join(FIXTURES, 'paper', 'mul1110.json'), 'utf8')) as Record<string, unknown>;
const SNG = JSON.parse(readFileSync(join(FIXTURES, 'paper', 'sng0779.json'), 'utf8')) as Record<string, unknown>;
const one = JSON.stringify(MUL);
const two = JSON.stringify({ ...MUL, ...SNG });

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

function setup(opts: { stableMs?: number } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'dsti-watch-'));
  const ws = new Workspace({ inline: true });
  const notices: string[] = [];
  const watcher = new RunWatcher(ws, { debounceMs: 50, stableMs: opts.stableMs ?? 150, onNotice: (t) => notices.push(t) });
  cleanup.push(() => {
    watcher.dispose();
    ws.dispose();
  });
  return { dir, ws, watcher, notices };
}

const until = (f: () => boolean) => expect.poll(f, { timeout: 10_000, interval: 50 }).toBe(true);

describe('RunWatcher', () => {
  it('reloads a run when its file changes and says what changed', async () => {
    const { dir, ws, watcher, notices } = setup();
    const file = join(dir, 'preds.json');
    writeFileSync(file, one);
    const run = ws.open({ kind: 'files', predictions: [file] });
    await ws.whenSettled(run.id);
    watcher.watchRun(run.id);
    await watcher.ready();
    writeFileSync(file, two);
    await until(() => notices.length > 0);
    expect(notices[0]).toMatch(/^preds reloaded: \+1 dialogues \(2\), JGA /);
    expect(ws.status(run.id).revision).toBe(2);
    expect(ws.data(run.id).corpus.dialogueIds).toHaveLength(2);
  });

  it('waits for a file written in two steps and reads it once, complete', async () => {
    const { dir, ws, watcher, notices } = setup({ stableMs: 400 });
    const file = join(dir, 'preds.json');
    writeFileSync(file, one);
    const run = ws.open({ kind: 'files', predictions: [file] });
    await ws.whenSettled(run.id);
    watcher.watchRun(run.id);
    await watcher.ready();
    writeFileSync(file, two.slice(0, two.length >> 1));
    await new Promise((r) => setTimeout(r, 100));
    writeFileSync(file, two);
    await until(() => notices.length > 0);
    await new Promise((r) => setTimeout(r, 600));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/reloaded: \+1 dialogues/);
    expect(ws.status(run.id).error).toBeUndefined();
  });

  it('keeps the data of a run whose changed file is broken, and says so', async () => {
    const { dir, ws, watcher, notices } = setup();
    const file = join(dir, 'preds.json');
    writeFileSync(file, one);
    const run = ws.open({ kind: 'files', predictions: [file] });
    await ws.whenSettled(run.id);
    watcher.watchRun(run.id);
    await watcher.ready();
    writeFileSync(file, '{"MUL1110.json": [');
    await until(() => notices.length > 0);
    expect(notices[0]).toMatch(/did not load .*keeping the previous data/);
    expect(ws.data(run.id).corpus.dialogueIds).toEqual(['MUL1110.json']);
    // The next change is tried again.
    writeFileSync(file, two);
    await until(() => notices.length > 1);
    expect(notices[1]).toMatch(/reloaded/);
  });

  it('opens the files a glob matches, in path order, then each new one', async () => {
    const { dir, ws, watcher, notices } = setup();
    for (const e of ['epoch_2', 'epoch_1', 'other']) mkdirSync(join(dir, e));
    writeFileSync(join(dir, 'epoch_2', 'preds.json'), one);
    writeFileSync(join(dir, 'epoch_1', 'preds.json'), one);
    writeFileSync(join(dir, 'other', 'preds.json'), one);
    watcher.watchGlob(join(dir, 'epoch_*', 'preds.json'));
    await watcher.ready();
    await until(() => ws.list().length === 2);
    expect(ws.list().map((r) => (r.source.kind === 'files' ? r.source.predictions[0] : ''))).toEqual([
      join(dir, 'epoch_1', 'preds.json'),
      join(dir, 'epoch_2', 'preds.json'),
    ]);
    mkdirSync(join(dir, 'epoch_3'));
    writeFileSync(join(dir, 'epoch_3', 'preds.json'), two);
    await until(() => notices.some((n) => n.startsWith('new run')));
    expect(ws.list()).toHaveLength(3);
    expect(notices.find((n) => n.startsWith('new run'))).toMatch(/2 dialogues, JGA \d/);
    expect(ws.list().every((r) => watcher.isWatching(r.id))).toBe(true);
  });

  it('stops watching a run that is closed', async () => {
    const { dir, ws, watcher } = setup();
    const file = join(dir, 'preds.json');
    writeFileSync(file, one);
    const run = ws.open({ kind: 'files', predictions: [file] });
    await ws.whenSettled(run.id);
    watcher.watchRun(run.id);
    ws.close(run.id);
    expect(watcher.isWatching(run.id)).toBe(false);
  });

  it('refuses to watch the demo', () => {
    const { ws, watcher } = setup();
    const run = ws.open({ kind: 'demo' });
    expect(() => watcher.watchRun(run.id)).toThrow(/demo has no file/);
  });
});

describe('helpers', () => {
  it('watches every file a run reads', () => {
    expect(watchedPaths({ kind: 'files', predictions: ['/a/p.json'], gold: '/a/g.json', dialogues: '/a/d.json' })).toEqual([
      '/a/p.json',
      '/a/g.json',
      '/a/d.json',
    ]);
    expect(watchedPaths({ kind: 'demo' })).toEqual([]);
  });
  it('finds the folder above a glob', () => {
    expect(globBase('/x/out/epoch_*/preds.json')).toBe('/x/out');
    expect(globBase('/x/out/preds.json')).toBe('/x/out');
  });
  it('describes a change', () => {
    expect(describeChange({ dialogues: 10, jga: 0.412 }, { dialogues: 22, jga: 0.42 })).toBe(
      '+12 dialogues (22), JGA 41.20 → 42.00 (+0.80)',
    );
    expect(describeChange({ dialogues: 10, jga: 0.5 }, { dialogues: 10, jga: 0.5 })).toBe('10 dialogues, JGA 50.00 (unchanged)');
  });
});
