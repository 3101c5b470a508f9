// Layer: main (Node). The one load pipeline: SourceSpec → files read →
// layout detected → one loader → canonical slots → gold joined → utterances
// joined → value options → corrections to the gold → turns analysed. The CLI (every command), the app's
// load worker, recent files and the API all come through here, so they accept
// the same inputs and say the same things about bad ones. A large FGA file
// with nothing to join takes the two-thread fast path (fga-parallel.ts) with
// identical results; the demo is a source like any other.

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { finishCorpus } from '../../shared/formats/detect-layout';
import { loadRawCorpusLazy } from '../../shared/formats/layouts';
import type { ErrorReason } from '../../shared/app-error';
import { LoadError } from '../../shared/formats/errors';
import { mergeLoaded } from '../../shared/formats/merge';
import { attachUtterances } from '../../shared/formats/join';
import type { Reference } from '../../shared/formats/reference';
import type { LoadedCorpus, LoadOptions } from '../../shared/formats/types';
import { parseSlotVocab } from '../../shared/formats/slot-vocab';
import { analyseCorpus, type TurnStats } from '../../shared/metrics/turn-stats';
import type { Corpus } from '../../shared/model/corpus';
import type { ValueOption } from '../../shared/formats/normalise';
import { normaliseSpec, sourceFile, type FileSource, type SourceSpec } from '../../shared/source';
import type { AppliedCorrections } from './annotation-file';
import { mergeCorpora } from './corpus-merge';
import type { ParallelOptions } from './fga-parallel';
import type { RawIndex } from './load-types';
import { topLevelRanges } from './raw-index';
import { readInput } from './read-input';
import { prependAll, pushAll } from '../../shared/arrays';

export interface PipelineOptions {
  /** Refusal limit for input files, in bytes. */
  maxBytes?: number;
  /** Progress by stage ("reading", "parsing", "scoring", …) and the fraction of it done. */
  onProgress?: (stage: string, fraction: number) => void;
  /** inspect: a layout without gold loads with empty gold states instead of failing. */
  allowMissingGold?: boolean;
  /** Analyse every turn (the stats every metric is computed from); default true. */
  analyse?: boolean;
  /** Index where each dialogue sits in its file, for the app's raw view. */
  rawIndex?: boolean;
  /** Gold, utterance and schema sources already read, shared by several loads (compare, the workspace). */
  references?: ReferenceCache;
  /** Compute the prediction bytes' content hash (content-hash.ts; the app's links): SHA-256 of every byte, so only on request. */
  contentHash?: boolean;
  /** The two-thread fast path: its knobs (tests), or false to never take it. */
  parallel?: Partial<Omit<ParallelOptions, 'maxBytes' | 'onProgress'>> | false;
}

export interface LoadedRun {
  spec: SourceSpec;
  loaded: LoadedCorpus;
  /** Per-turn statistics (absent when analyse is false). */
  stats?: TurnStats;
  raw?: RawIndex;
  /** The prediction file(s) as messages name them, or "built-in demo". */
  file: string;
  isDemo: boolean;
  dialoguesFile?: string;
  /** Dialogue to show first (the demo lands on MUL1110). */
  landing?: string;
  /** SGD schema slots, when a schema was read (K for SA; slots outside the schema). */
  schemaSlots?: string[];
  /** Every file read, with its size and time, to tell later whether it changed. */
  files: FileInfo[];
  /** The corrections applied to the gold (spec.corrections): the summary for the signature, the diff, and notes. */
  corrections?: AppliedCorrections;
  /** The prediction bytes' identity in links (content-hash.ts), when the options asked for it. */
  contentHash?: string;
}

export interface FileInfo {
  path: string;
  size: number;
  mtimeMs: number;
}

function fileInfo(path: string): FileInfo {
  const st = statSync(path);
  return { path, size: st.size, mtimeMs: st.mtimeMs };
}

/** Files below this size are read in one thread (a worker costs more than it saves): fga-parallel.ts. */
export const PARALLEL_MIN_BYTES = 32 * 1024 * 1024;

/** True when `path` is a file of at least `bytes` (false when it cannot be read: the one-thread path says why). */
function atLeast(path: string, bytes: number): boolean {
  try {
    return statSync(path).size >= bytes;
  } catch {
    return false;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Gold, utterance and schema sources by path, read once while their files do not change. */
export class ReferenceCache {
  private readonly refs = new Map<string, { ref: Reference; stamp: string }>();
  constructor(private readonly maxBytes?: number) {}

  private stamp(path: string): string {
    try {
      const st = statSync(path);
      return `${st.size}:${st.mtimeMs}`;
    } catch {
      return 'missing';
    }
  }

  async get(path: string): Promise<Reference> {
    // Loaded only for a gold, utterance or schema source: the dataset layouts' code is not a lone file's start-up cost.
    // (Before the look-up: from here on nothing is awaited, so two loads sharing the cache cannot both read a file.)
    const { readReference } = await import('./read-sources');
    const stamp = this.stamp(path);
    const hit = this.refs.get(path);
    if (hit && hit.stamp === stamp) return hit.ref;
    const ref = readReference(path, this.maxBytes);
    this.refs.set(path, { ref, stamp });
    return ref;
  }
}

interface Sources {
  gold?: Reference;
  dialogues?: Reference;
  schemaSlots?: string[];
}

async function readSpecSources(s: FileSource, refs: ReferenceCache, step: (stage: string, f: number) => void): Promise<Sources> {
  const read = (path: string, stage: string) => {
    step(stage, 0);
    return refs.get(path);
  };
  const gold = s.gold ? await read(s.gold, 'reading gold') : undefined;
  const dialogues = s.dialogues ? (s.dialogues === s.gold ? gold : await read(s.dialogues, 'reading dialogues')) : undefined;
  const schema = s.schema ? await read(s.schema, 'reading schema') : undefined;
  if (schema && !schema.schemaSlots)
    throw new LoadError(s.schema as string, 'expected an SGD schema.json (a list of services with "slots")');
  return { gold, dialogues, schemaSlots: schema?.schemaSlots ?? gold?.schemaSlots ?? dialogues?.schemaSlots };
}

interface PredictionPart {
  file: string;
  bytes: Uint8Array;
  loaded: LoadedCorpus;
}

/** Why a file in a prediction folder is skipped, not refused: it is no prediction file (a broken one is refused). */
const NOT_PREDICTIONS = new Set<ErrorReason | undefined>(['unknown-layout', 'not-predictions', 'empty']);

/** Every prediction file of the spec (folders expanded), loaded raw (detection, loader, canonical slots). */
async function readPredictionParts(
  s: FileSource,
  opts: PipelineOptions,
  step: (stage: string, f: number) => void,
): Promise<{ parts: PredictionPart[]; warnings: string[] }> {
  const parts: PredictionPart[] = [];
  const warnings: string[] = [];
  const one = s.predictions.length === 1;
  // What some layouts need besides the file: the slot vocabulary (belief spans), the index (line-aligned generations).
  const extra: Partial<LoadOptions> = { goldReplaced: s.gold !== undefined };
  if (s.slotVocab !== undefined) extra.slotVocab = parseSlotVocab(readInput(s.slotVocab, opts.maxBytes), s.slotVocab);
  if (s.index !== undefined) extra.index = { file: s.index, bytes: readInput(s.index, opts.maxBytes) };
  for (const path of s.predictions) {
    if (!isDirectory(path)) {
      step('reading', 0);
      const bytes = readInput(path, opts.maxBytes);
      parts.push({
        file: path,
        bytes,
        loaded: await loadRawCorpusLazy(bytes, {
          ...extra,
          file: path,
          layout: s.layout,
          onProgress: one ? (f) => step('parsing', f) : undefined,
        }),
      });
      continue;
    }
    const files = readdirSync(path)
      .filter((f) => /\.(json|jsonl)$/i.test(f))
      .sort();
    const skipped: string[] = [];
    const before = parts.length;
    for (const f of files) {
      const full = join(path, f);
      const bytes = readInput(full, opts.maxBytes);
      try {
        parts.push({ file: full, bytes, loaded: await loadRawCorpusLazy(bytes, { ...extra, file: full, layout: s.layout }) });
      } catch (e) {
        // A folder may hold other JSON files: one that is no prediction layout is skipped, a broken one is not.
        if (e instanceof LoadError && NOT_PREDICTIONS.has(e.reason)) skipped.push(f);
        else throw e;
      }
    }
    if (parts.length === before) {
      throw new LoadError(
        path,
        files.length === 0
          ? 'is a directory, not a file, and holds no .json or .jsonl prediction files'
          : `is a directory, not a file, and none of its files is a prediction file (${skipped.slice(0, 5).join(', ')})`,
      );
    }
    const layouts = new Set(parts.slice(before).map((p) => p.loaded.format));
    if (layouts.size > 1) {
      const byLayout = [...layouts].map((l) => `${l}: ${parts.slice(before).find((p) => p.loaded.format === l)!.file}`);
      throw new LoadError(
        path,
        `this folder mixes prediction layouts (${byLayout.join('; ')}); put one model's output in a folder, or pass the files you mean`,
      );
    }
    if (skipped.length > 0)
      warnings.push(`${path}: skipped ${skipped.length} file(s) that are not prediction files: ${skipped.slice(0, 5).join(', ')}`);
  }
  return { parts, warnings };
}

/** Loads a source: the corpus with its gold, utterances and value options, and (by default) every turn analysed. */
export async function loadSource(specIn: SourceSpec, opts: PipelineOptions = {}): Promise<LoadedRun> {
  // Checked by its schema where it entered (source-schema.ts: the API, the workspace's open, recent files, the CLI's
  // flags), or built by typed code (fileSource: a lone prediction file); here it only takes its canonical form.
  const spec = normaliseSpec(specIn);
  const step = progress(opts.onProgress);
  // node:crypto is loaded only when the hash is asked for (the app's load job), not at a CLI command's start-up.
  const hash = opts.contentHash ? (await import('./content-hash')).contentHash : undefined;
  if (spec.kind === 'demo') return finishRun(spec, await loadDemo(opts, step), opts, step, hash);

  const refs = opts.references ?? new ReferenceCache(opts.maxBytes);
  const sources = await readSpecSources(spec, refs, step);
  const plain =
    spec.predictions.length === 1 &&
    !spec.gold &&
    !spec.dialogues &&
    !spec.schema &&
    !spec.values?.length &&
    !spec.corrections &&
    !isDirectory(spec.predictions[0]);
  const minBytes = (opts.parallel ? opts.parallel.minBytes : undefined) ?? PARALLEL_MIN_BYTES;
  if (plain && opts.parallel !== false && opts.analyse !== false && atLeast(spec.predictions[0], minBytes)) {
    const file = spec.predictions[0];
    // Loaded only for a large file (the worker client and its protocol are not needed at a short command's start-up).
    const { loadFgaParallel } = await import('./fga-parallel');
    const fast = await loadFgaParallel(file, spec.layout, {
      ...(opts.parallel || {}),
      minBytes,
      maxBytes: opts.maxBytes,
      onProgress: (f) => step('parsing', f),
    });
    if (fast) {
      const base: Base = { loaded: fast.loaded, parts: [{ file, bytes: fast.bytes }], file, isDemo: false, sources };
      return finishRun(spec, base, opts, step, hash, fast.stats);
    }
  }
  const { parts, warnings } = await readPredictionParts(spec, opts, step);
  const raw = parts.length === 1 ? parts[0].loaded : mergeLoaded(parts);
  pushAll(raw.warnings, warnings);
  const loaded = finishCorpus(raw, {
    file: sourceFile(spec),
    values: spec.values,
    gold: sources.gold,
    dialogues: sources.dialogues,
    allowMissingGold: opts.allowMissingGold,
  });
  let withSchema = sources.schemaSlots ? { ...loaded, slotCount: sources.schemaSlots.length } : loaded;
  let corrections: AppliedCorrections | undefined;
  if (spec.corrections) {
    // After value options: `from` is matched against the gold as every view shows it (and normalised alike).
    step('applying corrections', 0);
    const c = spec.corrections;
    // Loaded only here: the annotation code (its schemas, the hash of applied corrections) is not start-up cost for `score FILE`.
    const { applyCorrectionFile, applyCorrectionFiles } = await import('./annotation-file');
    const applyOpts = {
      includeSuspected: c.includeSuspected,
      values: withSchema.valueOptions as ValueOption[] | undefined,
      schemaSlots: sources.schemaSlots,
      maxBytes: opts.maxBytes,
    };
    corrections =
      c.from !== undefined
        ? applyCorrectionFiles(withSchema.corpus, [c.file, ...(c.more ?? [])], c.from, applyOpts)
        : applyCorrectionFile(withSchema.corpus, c.file, applyOpts);
    withSchema = { ...withSchema, corpus: corrections.result.corpus, warnings: [...withSchema.warnings, ...corrections.notes] };
  }
  const base: Base = { loaded: withSchema, parts, file: sourceFile(spec), isDemo: false, dialoguesFile: spec.dialogues, sources };
  if (sources.gold) prependAll(withSchema.warnings, sources.gold.warnings);
  if (sources.dialogues && sources.dialogues !== sources.gold) prependAll(withSchema.warnings, sources.dialogues.warnings);
  const run = finishRun(spec, base, opts, step, hash);
  if (corrections) run.corrections = corrections;
  return run;
}

interface Base {
  loaded: LoadedCorpus;
  /** The prediction files with their bytes (for the raw index); the demo prefixes its files' dialogue ids. */
  parts: { file: string; bytes: Uint8Array; prefix?: string }[];
  file: string;
  isDemo: boolean;
  dialoguesFile?: string;
  landing?: string;
  sources: Sources;
}

function finishRun(
  spec: SourceSpec,
  base: Base,
  opts: PipelineOptions,
  step: (stage: string, f: number) => void,
  hash: ((parts: Base['parts']) => string) | undefined,
  stats?: TurnStats,
): LoadedRun {
  const corpus = base.loaded.corpus;
  if (opts.analyse !== false && !stats) stats = analyseCorpus(corpus, (f) => step('scoring', f));
  let raw: RawIndex | undefined;
  if (opts.rawIndex) {
    step('indexing', 0);
    raw = rawIndexOf(corpus.dialogueIds, base.parts);
  }
  return {
    spec,
    loaded: base.loaded,
    stats,
    raw,
    file: base.file,
    isDemo: base.isDemo,
    dialoguesFile: base.dialoguesFile,
    landing: base.landing,
    schemaSlots: base.sources.schemaSlots,
    files: base.parts.map((p) => fileInfo(p.file)),
    ...(hash ? { contentHash: hash(base.parts) } : {}),
  };
}

/** Where each dialogue sits in its prediction file (layouts keyed by dialogue id at the top level; others get -1). */
function rawIndexOf(ids: readonly string[], parts: Base['parts']): RawIndex {
  const n = ids.length;
  const raw: RawIndex = { files: [], file: new Int32Array(n).fill(-1), start: new Float64Array(n), end: new Float64Array(n) };
  const where = new Map<string, [number, number, number]>();
  parts.forEach((p, k) => {
    raw.files.push(fileInfo(p.file));
    const ranges = topLevelRanges(p.bytes, p.file);
    if (ranges) for (const [key, [start, end]] of ranges) where.set((p.prefix ?? '') + key, [k, start, end]);
  });
  for (let d = 0; d < n; d++) {
    const w = where.get(ids[d]);
    if (!w) continue;
    [raw.file[d], raw.start[d], raw.end[d]] = w;
  }
  return raw;
}

async function loadDemo(opts: PipelineOptions, step: (stage: string, f: number) => void): Promise<Base> {
  const demo = (await import('./demo')).demoLayout();
  const parts: Base['parts'] = [];
  const corpora: { corpus: Corpus; prefix: string }[] = [];
  const warnings: string[] = [];
  for (const [k, f] of demo.predictions.entries()) {
    step('reading demo', k / demo.predictions.length);
    const bytes = readInput(f.path, opts.maxBytes);
    const loaded = finishCorpus(await loadRawCorpusLazy(bytes, { file: f.path }), { file: f.path });
    pushAll(warnings, loaded.warnings);
    corpora.push({ corpus: loaded.corpus, prefix: f.prefix });
    parts.push({ file: f.path, bytes, prefix: f.prefix });
  }
  let corpus = mergeCorpora(corpora);
  const { loadReference } = await import('../../shared/formats/dialogue-sources');
  corpus = attachUtterances(corpus, loadReference(readInput(demo.dialogues, opts.maxBytes), { file: demo.dialogues })).corpus;
  return {
    loaded: { corpus, format: 'fga', warnings },
    parts,
    file: 'built-in demo',
    isDemo: true,
    dialoguesFile: demo.dialogues,
    landing: demo.landing,
    sources: {},
  };
}

/** Reports progress at most every 100 ms per stage (and always a stage's end). */
function progress(report?: (stage: string, fraction: number) => void): (stage: string, fraction: number) => void {
  if (!report) return () => undefined;
  let lastStage = '';
  let lastAt = 0;
  return (stage, fraction) => {
    const now = Date.now();
    if (stage === lastStage && fraction < 1 && now - lastAt < 100) return;
    lastStage = stage;
    lastAt = now;
    report(stage, fraction);
  };
}
