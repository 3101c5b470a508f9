// Layer: main (Node). Follows a training run (`serve --watch`, the app's Watch
// toggle): reloads a run when one of its files changes, and adds each new
// file matching a glob as a run. File events come from chokidar (the
// platform's watcher, with polling for network drives where fs.watch misses
// changes); a file is read only once its size has stopped changing (a
// half-written checkpoint is waited for, not reported as broken), reloads are
// debounced, and a reload that still fails to parse keeps the run's data and
// is retried at the next change. Each reload or new run is announced with what
// changed ("+12 dialogues, JGA 41.20 → 42.00").

import { resolve } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import picomatch from 'picomatch';
import { defaultConfig } from '../../shared/metrics/config';
import { metricValue } from '../../shared/metrics/values';
import { percent2 } from '../../shared/report/round';
import type { SourceSpec } from '../../shared/source';
import type { Workspace } from './workspace';

export interface WatchOptions {
  /** Quiet time after the last event before a reload (ms). */
  debounceMs?: number;
  /** A file counts as written when its size has not changed for this long (ms). */
  stableMs?: number;
  /** Poll instead of native events (network drives). */
  usePolling?: boolean;
  /** Where each announcement goes (the workspace's event stream, stderr). */
  onNotice?: (text: string, run?: string) => void;
}

/** The files and folders a run reads. */
export function watchedPaths(spec: SourceSpec): string[] {
  if (spec.kind !== 'files') return [];
  const out = [...spec.predictions];
  for (const p of [spec.gold, spec.dialogues, spec.schema, spec.corrections?.file]) if (p) out.push(p);
  return out.map((p) => resolve(p));
}

/** The folder a glob's matches are under: the part of the pattern before its first wildcard. */
export function globBase(pattern: string): string {
  const parts = resolve(pattern).split(/[\\/]/);
  const k = parts.findIndex((p) => /[*?[\]{}()!]/.test(p));
  return (k < 0 ? parts.slice(0, -1) : parts.slice(0, k)).join('/') || '/';
}

interface Snapshot {
  dialogues: number;
  jga: number | null;
}

export class RunWatcher {
  private readonly runs = new Map<string, { watcher: FSWatcher; timer?: NodeJS.Timeout }>();
  private readonly globs: FSWatcher[] = [];
  private readonly opts: Required<Omit<WatchOptions, 'onNotice'>> & Pick<WatchOptions, 'onNotice'>;

  constructor(
    private readonly ws: Workspace,
    opts: WatchOptions = {},
  ) {
    this.opts = {
      debounceMs: opts.debounceMs ?? 300,
      stableMs: opts.stableMs ?? 500,
      usePolling: opts.usePolling ?? false,
      onNotice: opts.onNotice,
    };
    // A closed run is no longer watched.
    ws.onEvent((e) => {
      if (e.type !== 'runs-changed') return;
      const open = new Set(ws.list().map((r) => r.id));
      for (const id of [...this.runs.keys()]) if (!open.has(id)) this.unwatchRun(id);
    });
  }

  private chokidar(paths: string | string[], extra: { depth?: number; ignoreInitial?: boolean } = {}): FSWatcher {
    return watch(paths, {
      ignoreInitial: true,
      usePolling: this.opts.usePolling,
      interval: 200,
      awaitWriteFinish: { stabilityThreshold: this.opts.stableMs, pollInterval: 50 },
      ...extra,
    });
  }

  isWatching(run: string): boolean {
    return this.runs.has(run);
  }

  /** Reloads `run` whenever one of its files changes (until unwatch). */
  watchRun(run: string): void {
    if (this.runs.has(run)) return;
    const paths = watchedPaths(this.ws.status(run).source);
    if (paths.length === 0) throw new RangeError('the built-in demo has no file to watch');
    const entry: { watcher: FSWatcher; timer?: NodeJS.Timeout } = { watcher: this.chokidar(paths) };
    const changed = () => {
      clearTimeout(entry.timer);
      entry.timer = setTimeout(() => void this.reload(run), this.opts.debounceMs);
    };
    entry.watcher.on('change', changed).on('add', changed).on('unlink', changed);
    this.runs.set(run, entry);
  }

  unwatchRun(run: string): void {
    const e = this.runs.get(run);
    if (!e) return;
    clearTimeout(e.timer);
    void e.watcher.close();
    this.runs.delete(run);
  }

  /**
   * Opens every file matching `pattern` as a run (those there now in path
   * order, then each new one as it appears), opened like `spec` with the file
   * as its predictions, and watches each.
   */
  watchGlob(pattern: string, spec: Omit<Extract<SourceSpec, { kind: 'files' }>, 'predictions' | 'kind'> = {}): void {
    const abs = resolve(pattern);
    const isMatch = picomatch(abs);
    const w = this.chokidar(globBase(abs), { depth: 16, ignoreInitial: false });
    let initial: string[] | null = [];
    const open = (path: string, announce: boolean) => {
      const known = this.ws.list().some((r) => r.source.kind === 'files' && r.source.predictions.some((p) => resolve(p) === path));
      if (known) return;
      try {
        const info = this.ws.open({ ...spec, kind: 'files', predictions: [path] });
        this.watchRun(info.id);
        if (!announce) return;
        void this.ws.whenSettled(info.id).then((s) => {
          const snap = s.state === 'ready' ? this.snapshot(info.id) : null;
          this.opts.onNotice?.(
            snap
              ? `new run ${s.label}: ${snap.dialogues} dialogues, JGA ${snap.jga === null ? '—' : percent2(snap.jga)}`
              : `new run ${s.label} did not load: ${s.error?.message ?? 'error'}`,
            info.id,
          );
        });
      } catch (e) {
        this.opts.onNotice?.(`could not open ${path}: ${(e as Error).message}`);
      }
    };
    w.on('add', (p) => {
      const path = resolve(p);
      if (!isMatch(path)) return;
      if (initial) initial.push(path);
      else open(path, true);
    });
    w.once('ready', () => {
      const found = (initial ?? []).sort();
      initial = null;
      for (const p of found) open(p, false);
    });
    this.globs.push(w);
  }

  /** Resolves once every watcher is listening (tests write files after this). */
  async ready(): Promise<void> {
    const all = [...[...this.runs.values()].map((e) => e.watcher), ...this.globs];
    await Promise.all(all.map((w) => new Promise<void>((done) => (w.closed ? done() : w.once('ready', () => done())))));
  }

  private snapshot(run: string): Snapshot | null {
    try {
      const data = this.ws.data(run);
      const ev = data.evaluation(defaultConfig({ slotCount: data.l.slotCount }));
      return { dialogues: data.corpus.dialogueIds.length, jga: metricValue(ev.corpus.values, 'JGA') };
    } catch {
      return null;
    }
  }

  private async reload(run: string): Promise<void> {
    if (!this.runs.has(run)) return;
    const before = this.snapshot(run);
    let info;
    try {
      info = this.ws.open(this.ws.status(run).source, { replace: run });
    } catch (e) {
      this.opts.onNotice?.(`could not reload: ${(e as Error).message}`, run);
      return;
    }
    const s = await this.ws.whenSettled(info.id);
    if (s.state !== 'ready' || s.error) {
      this.opts.onNotice?.(`${s.label}: the changed file did not load (${s.error?.message ?? 'error'}); keeping the previous data`, run);
      return;
    }
    const after = this.snapshot(run);
    this.opts.onNotice?.(`${s.label} reloaded: ${describeChange(before, after)}`, run);
  }

  dispose(): void {
    for (const id of [...this.runs.keys()]) this.unwatchRun(id);
    for (const g of this.globs.splice(0)) void g.close();
  }
}

/** "+12 dialogues, JGA 41.20 → 42.00 (+0.80)" */
export function describeChange(before: Snapshot | null, after: Snapshot | null): string {
  if (!after) return 'reloaded';
  const parts: string[] = [];
  const dd = before ? after.dialogues - before.dialogues : 0;
  parts.push(dd === 0 ? `${after.dialogues} dialogues` : `${dd > 0 ? '+' : ''}${dd} dialogues (${after.dialogues})`);
  if (after.jga !== null) {
    if (before?.jga !== null && before?.jga !== undefined && before.jga !== after.jga) {
      const d = (after.jga - before.jga) * 100;
      parts.push(`JGA ${percent2(before.jga)} → ${percent2(after.jga)} (${d > 0 ? '+' : ''}${d.toFixed(2)})`);
    } else parts.push(`JGA ${percent2(after.jga)}${before ? ' (unchanged)' : ''}`);
  }
  return parts.join(', ');
}
