// Layer: main (Node). Annotations over the workspace: which file each run's
// annotations live in (--annotations FILE, else the file of another run on
// the same gold, else `<gold or predictions>.annotations.jsonl` beside it;
// the demo's in the user's data folder), saves checked against the run's gold,
// the suspects queue over every run on that gold, and the what-if engines
// (one per run revision; a new correction re-scores its dialogue only).

import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { positionOf } from '../../shared/annotations/apply';
import { diffRows, renderDiff, type ExportFormat } from '../../shared/annotations/export';
import { canonicalSlotName, placeKey, type RecordBody } from '../../shared/annotations/record';
import { rankSuspects, type Suspect } from '../../shared/annotations/suspects';
import { analysisDiff, WhatIf } from '../../shared/annotations/whatif';
import type { AnnotationList, CorrectionExport, DialogueDetail, SavedAnnotation, SuspectList, WhatIfResult } from '../../shared/api';
import { dialogueKey } from '../../shared/formats/reference';
import { applyValueOptions, type ValueOption } from '../../shared/formats/normalise';
import { MULTIWOZ_SLOTS } from '../../shared/formats/slot-names';
import type { MetricConfig } from '../../shared/metrics/config';
import { evaluateStats } from '../../shared/metrics/evaluate';
import { makeSignature } from '../../shared/metrics/signature';
import { analyseCorpus } from '../../shared/metrics/turn-stats';
import { NONE_ID } from '../../shared/model/corpus';
import type { SourceSpec } from '../../shared/source';
import { ApiError } from './api-error';
import { AnnotationStore, StoreError } from './annotation-store';
import type { RunData } from './run-data';
import type { Workspace } from './workspace';

export interface AnnotationServiceOptions {
  /** One annotation file for every run (serve --annotations FILE). */
  file?: string;
  /** Author of saves (default: the OS user). */
  by?: string;
  /** Refuse annotation files above this size (bytes; serve --max-size). */
  maxBytes?: number;
}

/** Where the demo's annotations go: DST_INSPECTOR_DATA_DIR, else ~/.dst-inspector. */
export function dataDir(): string {
  return process.env.DST_INSPECTOR_DATA_DIR ?? join(homedir(), '.dst-inspector');
}

/** The default annotation file of a source: beside its gold, else beside its (first) predictions. */
export function defaultAnnotationFile(spec: SourceSpec): string {
  if (spec.kind === 'demo') return join(dataDir(), 'demo.annotations.jsonl');
  const base = resolve(spec.gold ?? spec.predictions[0]).replace(/[\\/]+$/, '');
  return `${base}.annotations.jsonl`;
}

/** The source as the header records it: paths relative to the annotation file's folder. */
function headerSource(spec: SourceSpec, file: string): SourceSpec {
  if (spec.kind === 'demo') return spec;
  const rel = (p: string) => relative(dirname(file), resolve(p)) || '.';
  const out: Record<string, unknown> = { ...spec, predictions: spec.predictions.map(rel) };
  for (const k of ['gold', 'dialogues', 'schema'] as const) if (spec[k]) out[k] = rel(spec[k]);
  delete out.corrections;
  return out as SourceSpec;
}

function storeError(e: unknown): never {
  if (e instanceof StoreError) throw new ApiError(e.kind === 'conflict' ? 'stale' : e.kind === 'not-found' ? 'not-found' : 'bad-args', e.message);
  throw e;
}

export class AnnotationService {
  private readonly stores = new Map<string, AnnotationStore>();
  /** run@revision → its annotation file. */
  private readonly files = new Map<string, string>();
  private readonly engines = new Map<string, WhatIf>();
  private readonly suspectCache = new Map<string, { runs: string[]; items: Suspect[]; hasText: boolean }>();
  private readonly valueRuns = new Map<string, { stats: ReturnType<typeof analyseCorpus>; corpus: RunData['corpus'] }>();

  constructor(
    private readonly ws: Workspace,
    private readonly opts: AnnotationServiceOptions = {},
  ) {}

  private ready(run: string): { id: string; label: string; spec: SourceSpec; data: RunData } {
    const data = this.ws.data(run);
    return this.ws.readyRuns().find((r) => r.data === data)!;
  }

  /** The runs on the same gold as `run` (itself first). */
  private sameGold(run: string) {
    const me = this.ready(run);
    return [me, ...this.ws.readyRuns().filter((r) => r.id !== me.id && r.data.corpus.goldPairs === me.data.corpus.goldPairs)];
  }

  /** The annotation file of a run (stable for a revision). */
  fileOf(run: string): string {
    const me = this.ready(run);
    const key = `${me.id}@${me.data.revision}`;
    let f = this.files.get(key);
    if (f) return f;
    if (this.opts.file) f = resolve(this.opts.file);
    else {
      // Another run on the same gold already has a file: share it.
      const other = this.sameGold(run)
        .slice(1)
        .map((r) => this.files.get(`${r.id}@${r.data.revision}`))
        .find((x) => x !== undefined);
      f = other ?? defaultAnnotationFile(me.spec);
    }
    this.files.set(key, f);
    return f;
  }

  private store(run: string): AnnotationStore {
    const file = this.fileOf(run);
    let s = this.stores.get(file);
    if (!s) {
      const spec = this.ready(run).spec;
      s = new AnnotationStore(file, {
        gold: spec.kind === 'demo' ? 'built-in demo' : relative(dirname(file), resolve(spec.gold ?? spec.predictions[0])),
        headerExtra: { source: headerSource(spec, file) },
        by: this.opts.by,
        maxBytes: this.opts.maxBytes,
        onChange: (version) => this.ws.notify({ type: 'annotations-changed', file, version }),
      });
      this.stores.set(file, s);
    }
    return s;
  }

  list(run: string, dialogue?: string): AnnotationList {
    const st = this.store(run).state();
    const key = dialogue === undefined ? undefined : dialogueKey(dialogue);
    const records = st.records.filter((k) => key === undefined || dialogueKey(k.record.dialogue) === key).map((k) => ({ ...k.record, line: k.line }));
    return { file: st.file, version: st.version, exists: st.exists, records, problems: st.problems, refused: st.refused, replacedLines: st.replacedLines };
  }

  /** Checks a record's place and `from` against the run's gold (throws a bad-args ApiError saying what is wrong); returns the dialogue id as the gold spells it. */
  private check(run: string, body: Partial<RecordBody> & Pick<RecordBody, 'dialogue' | 'turn'>): string {
    const data = this.ws.data(run);
    const c = data.corpus;
    const d = c.dialogueIds.findIndex((id) => dialogueKey(id) === dialogueKey(body.dialogue));
    if (d < 0) throw new ApiError('bad-args', `no dialogue ${JSON.stringify(body.dialogue)} in run ${run}`);
    const p = positionOf(c, d, body.turn);
    if (p < 0) throw new ApiError('bad-args', `turn ${body.turn} is not a turn of dialogue ${c.dialogueIds[d]}`);
    if (body.slot === undefined) return c.dialogueIds[d];
    const slot = canonicalSlotName(body.slot);
    const id = c.slots.lookup(slot);
    if (id === undefined && !MULTIWOZ_SLOTS.includes(slot)) throw new ApiError('bad-args', `unknown slot ${JSON.stringify(body.slot)} (not in the gold, the predictions or the MultiWOZ schema)`);
    if (body.from === undefined) return c.dialogueIds[d];
    const i = c.dialogueStart[d] + p;
    let gold: string | null = null;
    for (let k = c.goldStart[i]; k < c.goldStart[i] + c.goldLen[i]; k++) if (c.goldPairs[2 * k] === id && c.goldPairs[2 * k + 1] !== NONE_ID) gold = c.values.name(c.goldPairs[2 * k + 1]);
    if (gold !== (body.from === 'none' ? null : body.from)) {
      throw new ApiError('bad-args', `"from" is ${JSON.stringify(body.from)} but the gold of ${c.dialogueIds[d]} turn ${body.turn} ${slot} is ${gold === null ? 'absent (null)' : JSON.stringify(gold)}`);
    }
    return c.dialogueIds[d];
  }

  async save(run: string, body: RecordBody): Promise<SavedAnnotation> {
    const dialogue = this.check(run, body);
    const store = this.store(run);
    if (this.fileOf(run).startsWith(dataDir())) mkdirSync(dirname(store.file), { recursive: true });
    return store.save({ ...body, dialogue }).catch(storeError);
  }

  async revise(run: string, id: string, rev: number, body: Partial<RecordBody> | undefined, deleted: boolean | undefined, replace?: boolean): Promise<SavedAnnotation> {
    const store = this.store(run);
    const cur = store.latest(id);
    if (body && cur && !deleted) this.check(run, (replace ? body : { ...cur.record, ...body }) as RecordBody);
    return store.revise(id, rev, { body, deleted, replace }).catch(storeError);
  }

  compact(run: string): Promise<{ dropped: number; version: number }> {
    return this.store(run).compact().catch(storeError);
  }

  suspects(run: string, offset = 0, limit = 200, unannotated = false): SuspectList {
    const runs = this.sameGold(run);
    const key = runs.map((r) => `${r.id}@${r.data.revision}`).join(',');
    let s = this.suspectCache.get(key);
    if (!s) {
      try {
        s = { runs: runs.map((r) => r.label), ...rankSuspects(runs.map((r) => ({ label: r.label, corpus: r.data.corpus }))) };
      } catch (e) {
        throw new ApiError('bad-args', (e as Error).message);
      }
      this.suspectCache.clear();
      this.suspectCache.set(key, s);
    }
    let items = s.items;
    if (unannotated) {
      const done = new Set(this.store(run).state().records.map((k) => placeKey(k.record.dialogue, k.record.turn, k.record.slot)));
      items = items.filter((x) => !done.has(placeKey(x.dialogue, x.turn, x.slot)));
    }
    return { total: items.length, offset, items: items.slice(offset, offset + limit), runs: s.runs, hasText: s.hasText };
  }

  /** The what-if engine of a run revision, brought up to date with the file. */
  private engine(run: string, includeSuspected: boolean): { w: WhatIf; data: RunData; version: number } {
    const data = this.ws.data(run);
    const key = `${run}@${data.revision}|${includeSuspected}`;
    let w = this.engines.get(key);
    if (!w) {
      for (const k of [...this.engines.keys()]) if (k.startsWith(`${run}@`) && !k.startsWith(`${run}@${data.revision}|`)) this.engines.delete(k);
      w = new WhatIf(data.corpus, data.l.stats, { includeSuspected, values: data.l.valueOptions as ValueOption[] });
      this.engines.set(key, w);
    }
    const st = this.store(run).state();
    w.update(st.records);
    return { w, data, version: st.version };
  }

  whatIf(run: string, config: MetricConfig, includeSuspected = false, values?: ValueOption[]): WhatIfResult {
    const data = this.ws.data(run);
    const ev = data.evaluation(config);
    if (values) {
      if (data.l.valueOptions.length) throw new ApiError('bad-args', `run ${run} was loaded with value options (${data.l.valueOptions.join(', ')}); the value-options what-if compares against exact values: open the file without --values`);
      const key = `${run}@${data.revision}|${values.join(',')}`;
      let v = this.valueRuns.get(key);
      if (!v) {
        const corpus = applyValueOptions(data.corpus, values);
        v = { corpus, stats: analyseCorpus(corpus) };
        this.valueRuns.clear();
        this.valueRuns.set(key, v);
      }
      const after = evaluateStats(v.corpus, v.stats, config, { values });
      return { mode: 'values', diff: analysisDiff({ corpus: data.corpus, stats: data.l.stats, before: ev.corpus }, { stats: v.stats, after: after.corpus }), signatureBefore: ev.signature, signatureAfter: after.signature, applied: 0, issues: [], version: this.store(run).version };
    }
    const { w, version } = this.engine(run, includeSuspected);
    const file = this.fileOf(run);
    const summary = w.summary();
    return {
      mode: 'corrections',
      diff: w.diff(config, ev.states, ev.corpus),
      signatureBefore: ev.signature,
      signatureAfter: makeSignature(config, { values: data.l.valueOptions, corrections: summary }),
      applied: summary.count,
      issues: w.allIssues.map((i) => `${file}:${i.line}: ${i.message}`),
      version,
    };
  }

  whatIfDialogue(run: string, config: MetricConfig, id: string, includeSuspected = false): DialogueDetail {
    const { w, data } = this.engine(run, includeSuspected);
    const base = data.detail(config, id);
    const d = data.dialogueIndex(id);
    return { ...base, ...w.detail(d, config), signature: makeSignature(config, { values: data.l.valueOptions, corrections: w.summary() }) };
  }

  exportDiff(run: string, format: ExportFormat, includeSuspected = false): CorrectionExport {
    const { w } = this.engine(run, includeSuspected);
    const file = this.fileOf(run);
    const rows = diffRows(w.changes());
    const text = renderDiff(rows, format, { gold: this.ready(run).spec.kind === 'demo' ? 'built-in demo' : basename(file).replace(/\.annotations\.jsonl$/, ''), summary: w.summary() });
    const stem = basename(file).replace(/\.jsonl$/, '');
    const ext = format === 'diff' ? 'diff' : format;
    return { text, filename: `${stem}.corrections.${ext}`, mime: format === 'csv' ? 'text/csv' : format === 'jsonl' ? 'application/jsonl' : 'text/plain', rows: rows.length };
  }
}
