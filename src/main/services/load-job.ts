// Layer: main (Node). The work the scoring worker does for one load: read the
// file(s), detect the layout and load, attach utterances, score every turn,
// index where each dialogue sits for the raw view, and post the compact result.
// Kept apart from the worker entry so tests can run it in-process too.

import { statSync } from 'node:fs';
import type { LoadErrorInfo, LoadErrorSource } from '../../shared/api';
import { loadCorpus } from '../../shared/formats/detect';
import { LoadError } from '../../shared/formats/errors';
import { analyseCorpus, type TurnStats } from '../../shared/metrics/turn-stats';
import { domainOf, NONE_ID, type Corpus } from '../../shared/model/corpus';
import { IntVector } from '../../shared/model/int-vector';
import { mergeCorpora } from './corpus-merge';
import { demoLayout } from './demo';
import { errorSource } from './error-source';
import type { LoadJob, LoadResult, RawIndex, WorkerMessage } from './load-types';
import { fillRaw, topLevelRanges } from './raw-index';
import { readInput } from './read-input';
import { loadReference } from '../../shared/formats/dialogue-sources';
import { readReference } from './read-sources';
import { attachUtterances } from '../../shared/formats/join';

export type Post = (msg: WorkerMessage, transfer?: ArrayBuffer[]) => void;

interface Reader {
  maxBytes?: number;
  read(path: string): Uint8Array;
  bytesOf(path: string): Uint8Array | undefined;
}

function reader(maxBytes?: number): Reader {
  const seen = new Map<string, Uint8Array>();
  return {
    maxBytes,
    read(path) {
      const b = readInput(path, maxBytes);
      seen.set(path, b);
      return b;
    },
    bytesOf: (path) => seen.get(path),
  };
}

function progress(post: Post): (stage: string, fraction: number) => void {
  let lastStage = '';
  let lastAt = 0;
  return (stage, fraction) => {
    const now = Date.now();
    if (stage === lastStage && fraction < 1 && now - lastAt < 100) return;
    lastStage = stage;
    lastAt = now;
    post({ type: 'progress', stage, fraction });
  };
}

function fileInfo(path: string): { path: string; size: number; mtimeMs: number } {
  const st = statSync(path);
  return { path, size: st.size, mtimeMs: st.mtimeMs };
}

function emptyRaw(dialogues: number): RawIndex {
  return { files: [], file: new Int32Array(dialogues).fill(-1), start: new Float64Array(dialogues), end: new Float64Array(dialogues) };
}

/** Per-dialogue domains of the slots with a value other than "none" on either side. */
export function dialogueDomains(corpus: Corpus): { domains: string[]; start: Int32Array; list: Int32Array } {
  const names = [...new Set(corpus.slots.names.map(domainOf))].sort();
  const idOf = new Map(names.map((n, i) => [n, i]));
  const slotDomain = corpus.slots.names.map((n) => idOf.get(domainOf(n))!);
  const n = corpus.dialogueIds.length;
  const start = new Int32Array(n + 1);
  const list = new IntVector(n * 2);
  const seen = new Uint8Array(names.length);
  for (let d = 0; d < n; d++) {
    start[d] = list.length;
    seen.fill(0);
    for (let i = corpus.dialogueStart[d]; i < corpus.dialogueStart[d + 1]; i++) {
      for (const [s, len] of [
        [corpus.goldStart[i], corpus.goldLen[i]],
        [corpus.predStart[i], corpus.predLen[i]],
      ]) {
        for (let k = s; k < s + len; k++) {
          if (corpus.pairs[2 * k + 1] === NONE_ID) continue;
          const dom = slotDomain[corpus.pairs[2 * k]];
          if (!seen[dom]) {
            seen[dom] = 1;
            list.push(dom);
          }
        }
      }
    }
  }
  start[n] = list.length;
  // Keep each dialogue's domains in name order.
  const flat = list.toArray();
  for (let d = 0; d < n; d++) flat.subarray(start[d], start[d + 1]).sort();
  return { domains: names, start, list: flat };
}

function loadFile(job: Extract<LoadJob['source'], { kind: 'file' }>, r: Reader, step: (s: string, f: number) => void, warnings: string[]) {
  step('reading', 0);
  const bytes = r.read(job.path);
  const info = fileInfo(job.path);
  const source = (path: string, stage: string) => {
    step(stage, 0);
    return readReference(path, r.maxBytes);
  };
  const gold = job.goldPath ? source(job.goldPath, 'reading gold') : undefined;
  const dialogues = job.dialoguesPath ? (job.dialoguesPath === job.goldPath ? gold : source(job.dialoguesPath, 'reading dialogues')) : undefined;
  const loaded = loadCorpus(bytes, { file: job.path, layout: job.layout, values: job.values, gold, dialogues, onProgress: (f) => step('parsing', f) });
  warnings.push(...(gold?.warnings ?? []), ...(dialogues && dialogues !== gold ? dialogues.warnings : []), ...loaded.warnings);
  const corpus = loaded.corpus;
  step('indexing', 0);
  const raw = emptyRaw(corpus.dialogueIds.length);
  raw.files.push(info);
  fillRaw(raw, 0, topLevelRanges(bytes, job.path), corpus.dialogueIds, 0);
  return { corpus, raw, format: loaded.format, file: job.path, dialoguesFile: job.dialoguesPath, isDemo: false, landing: undefined as string | undefined, slotCount: loaded.slotCount };
}

function loadDemo(r: Reader, step: (s: string, f: number) => void, warnings: string[]) {
  const demo = demoLayout();
  const parts: { corpus: Corpus; prefix: string }[] = [];
  const rawParts: { info: ReturnType<typeof fileInfo>; ranges: Map<string, [number, number]> | null; ids: string[]; prefix: string }[] = [];
  demo.predictions.forEach((f, k) => {
    step('reading demo', k / demo.predictions.length);
    const bytes = r.read(f.path);
    const loaded = loadCorpus(bytes, { file: f.path });
    warnings.push(...loaded.warnings);
    parts.push({ corpus: loaded.corpus, prefix: f.prefix });
    rawParts.push({ info: fileInfo(f.path), ranges: topLevelRanges(bytes, f.path), ids: loaded.corpus.dialogueIds, prefix: f.prefix });
  });
  let corpus = mergeCorpora(parts);
  corpus = attachUtterances(corpus, loadReference(r.read(demo.dialogues), { file: demo.dialogues })).corpus;
  const raw = emptyRaw(corpus.dialogueIds.length);
  let from = 0;
  rawParts.forEach((p, k) => {
    raw.files.push(p.info);
    fillRaw(raw, k, p.ranges, p.ids, from);
    from += p.ids.length;
  });
  return { corpus, raw, format: 'fga', file: 'built-in demo', dialoguesFile: demo.dialogues, isDemo: true, landing: demo.landing, slotCount: undefined as number | undefined };
}

export function errorInfo(e: unknown): LoadErrorInfo {
  if (e instanceof LoadError) {
    return { message: e.message, file: e.file, problem: e.problem, line: e.location?.line, column: e.location?.column, jsonPath: e.jsonPath };
  }
  const msg = (e as Error)?.message ?? String(e);
  return { message: `internal error while loading (please report): ${msg}`, file: '', problem: msg };
}

export function runLoadJob(job: LoadJob, post: Post): void {
  const r = reader(job.maxBytes);
  const step = progress(post);
  const warnings: string[] = [];
  try {
    const base = job.source.kind === 'demo' ? loadDemo(r, step, warnings) : loadFile(job.source, r, step, warnings);
    const corpus = base.corpus;
    const stats: TurnStats = analyseCorpus(corpus, (f) => step('scoring', f));
    const dom = dialogueDomains(corpus);
    const result: LoadResult = {
      corpus: {
        slotNames: corpus.slots.names,
        valueNames: corpus.values.names,
        dialogueIds: corpus.dialogueIds,
        dialogueStart: corpus.dialogueStart,
        turnIndex: corpus.turnIndex,
        goldStart: corpus.goldStart,
        goldLen: corpus.goldLen,
        predStart: corpus.predStart,
        predLen: corpus.predLen,
        pairs: corpus.pairs,
        utterances: corpus.utterances,
      },
      stats,
      raw: base.raw,
      domainStart: dom.start,
      domainList: dom.list,
      domains: dom.domains,
      format: base.format,
      warnings,
      file: base.file,
      isDemo: base.isDemo,
      dialoguesFile: base.dialoguesFile,
      landing: base.landing,
      slotCount: base.slotCount,
    };
    const arrays = [
      corpus.dialogueStart,
      corpus.turnIndex,
      corpus.goldStart,
      corpus.goldLen,
      corpus.predStart,
      corpus.predLen,
      corpus.pairs,
      ...Object.values(stats),
      base.raw.file,
      base.raw.start,
      base.raw.end,
      dom.start,
      dom.list,
    ] as (Int32Array | Float64Array)[];
    const transfer = [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))];
    post({ type: 'done', result }, transfer);
  } catch (e) {
    const error = errorInfo(e);
    let source: LoadErrorSource | null = null;
    if (e instanceof LoadError && e.location) {
      let bytes = r.bytesOf(e.file);
      if (!bytes) {
        try {
          bytes = readInput(e.file, job.maxBytes);
        } catch {
          bytes = undefined;
        }
      }
      if (bytes) source = errorSource(bytes, e.location);
    }
    post({ type: 'error', error, source });
  }
}
