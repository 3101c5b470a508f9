// Layer: main (Node). Annotations over the workspace: which file each run's
// annotations live in (chooseAnnotationFile: --annotations FILE, else one
// file for all the runs on the same gold, chosen by a fixed rule that does
// not depend on which run was asked first, with a note when several
// candidates exist), saves checked against the run's gold, the suspects
// queue over every run on that gold and the value-options what-if (both
// computed in the run's analysis worker, so the API's thread stays free),
// and the corrections what-if engines (one per run revision; a new
// correction re-scores its dialogue only). Writes go only to files on the
// WriteAccess allow-list (annotation-access.ts): any other save is refused
// with `write-not-allowed` until the person confirms the file.

import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { positionOf } from '../../shared/annotations/apply';
import { diffRows, renderDiff, type ExportFormat } from '../../shared/annotations/export';
import { canonicalSlotName, placeKey, type RecordBody } from '../../shared/annotations/record';
import { checkAligned } from '../../shared/annotations/suspects';
import { WhatIf } from '../../shared/annotations/whatif';
import type { AnnotationList, CorrectionExport, DialogueDetail, SavedAnnotation, SuspectList, WhatIfResult } from '../../shared/api';
import { dialogueKey } from '../../shared/formats/reference';
import type { ValueOption } from '../../shared/formats/normalise';
import { MULTIWOZ_SLOTS } from '../../shared/formats/slot-names';
import type { MetricConfig } from '../../shared/metrics/config';
import { makeSignature } from '../../shared/metrics/signature';
import { NONE_ID } from '../../shared/model/corpus';
import { corpusPayload } from '../../shared/model/corpus-payload';
import { goldFile, type SourceSpec } from '../../shared/source';
import { AnalysisService } from './analysis-service';
import type { SuspectRunPayload, SuspectsData } from './analysis-engine';
import { AppError } from '../../shared/app-error';
import { WriteAccess } from './annotation-access';
import { diffGoldName } from './annotation-file';
import { AnnotationStore, defaultAuthor } from './annotation-store';
import type { RunData } from './run-data';
import type { Workspace } from './workspace';
import type { AdjudicationService } from './adjudication-service';

/** An annotator name: trimmed, 1 to 200 characters (records' `by`). */
export function checkAnnotator(name: string): string {
  const t = name.trim();
  if (t === '' || t.length > 200) throw new AppError('bad-args', `annotator name: give 1 to 200 characters, got ${JSON.stringify(name)}`);
  return t;
}

export interface AnnotationServiceOptions {
  /** One annotation file for every run (serve --annotations FILE). */
  file?: string;
  /** Author of saves (default: the OS user); the page may change it (setAnnotator). */
  by?: string;
  /** Called when the annotator name changes (Electron keeps it as a setting). */
  onAnnotatorChange?: (name: string) => void;
  /** Refuse annotation files above this size (bytes; serve --max-size). */
  maxBytes?: number;
  /** Where the suspects and the value-options what-if are computed (shared with the analysis calls); default: a service of its own. */
  analysis?: AnalysisService;
  /** Which files may be written (default: only `file`, until others are allowed). */
  access?: WriteAccess;
  /** Asks the person whether annotations may be written to `file` (Electron: a native dialog); absent: the page asked (browser mode). */
  confirm?: (file: string, exists: boolean) => Promise<boolean>;
}

/** The annotation file of a group of runs on one gold, and why. */
export interface AnnotationChoice {
  file: string;
  /** Every file the rule considered, in its order (the chosen one among them). */
  candidates: string[];
  /** The candidates that exist on disk. */
  existing: string[];
  /** Set when several candidates exist: only `file` is read and written (for the app and the terminal to show). */
  note?: string;
}

/**
 * Which annotation file the runs on one gold share (`specs`: the sources of
 * those runs, in any order — the answer does not depend on it):
 *  1. `explicit` (serve --annotations FILE), for every run;
 *  2. else the candidates, each `<file>.annotations.jsonl` beside it: first
 *     the separate gold files (--gold) of the runs, then their prediction
 *     files (the FGA layout keeps the gold inside them), then the demo's
 *     file; each group sorted by path, duplicates dropped;
 *  3. the first candidate that already exists, else the first candidate.
 * When several candidates exist, only the chosen one is used and `note`
 * says so (their records are not merged).
 */
export function chooseAnnotationFile(specs: readonly SourceSpec[], explicit?: string): AnnotationChoice {
  if (explicit) {
    const file = resolve(explicit);
    return { file, candidates: [file], existing: existsSync(file) ? [file] : [] };
  }
  const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const gold = new Set<string>();
  const preds = new Set<string>();
  let demo = false;
  for (const spec of specs) {
    if (spec.kind === 'demo') demo = true;
    else (spec.gold ? gold : preds).add(defaultAnnotationFile(spec));
  }
  const candidates = [...[...gold].sort(byPath), ...[...preds].sort(byPath).filter((f) => !gold.has(f))];
  if (demo) candidates.push(defaultAnnotationFile({ kind: 'demo' }));
  const existing = candidates.filter((f) => existsSync(f));
  const file = existing[0] ?? candidates[0];
  const out: AnnotationChoice = { file, candidates, existing };
  if (existing.length > 1) {
    const others = existing.filter((f) => f !== file);
    out.note = `several annotation files exist for the runs on this gold: ${file} is used; ${others.join(', ')} ${others.length === 1 ? 'is' : 'are'} neither read nor written (merge ${others.length === 1 ? 'it' : 'them'} into ${basename(file)}, or choose one with serve --annotations FILE)`;
  }
  return out;
}

/** Where the demo's annotations go: DST_INSPECTOR_DATA_DIR, else ~/.dst-inspector. */
export function dataDir(): string {
  return process.env.DST_INSPECTOR_DATA_DIR ?? join(homedir(), '.dst-inspector');
}

/** The default annotation file of a source: beside its gold, else beside its (first) predictions. */
export function defaultAnnotationFile(spec: SourceSpec): string {
  if (spec.kind === 'demo') return join(dataDir(), 'demo.annotations.jsonl');
  const base = resolve(goldFile(spec)).replace(/[\\/]+$/, '');
  return `${base}.annotations.jsonl`;
}

/** The source as the header records it: paths relative to the annotation file's folder. */
function headerSource(spec: SourceSpec, file: string): SourceSpec {
  if (spec.kind === 'demo') return spec;
  const rel = (p: string) => relative(dirname(file), resolve(p)) || '.';
  const out: Record<string, unknown> = { ...spec, predictions: spec.predictions.map(rel) };
  for (const k of ['gold', 'dialogues', 'schema', 'slotVocab', 'index'] as const) if (spec[k]) out[k] = rel(spec[k]);
  delete out.corrections;
  return out as SourceSpec;
}

/** The ready runs on the same gold as `run` (itself first, then in the order they were opened). */
export function runsOnGold(ws: Workspace, run: string): { id: string; label: string; spec: SourceSpec; data: RunData }[] {
  const data = ws.data(run);
  const all = ws.readyRuns();
  const me = all.find((r) => r.data === data)!;
  return [me, ...all.filter((r) => r.id !== me.id && r.data.corpus.goldPairs === me.data.corpus.goldPairs)];
}

/** Puts the default annotation file of each source opened from the command line on the allow-list. */
export function allowCommandLine(access: WriteAccess, specs: readonly SourceSpec[]): void {
  for (const spec of specs) access.allow(defaultAnnotationFile(spec));
}

const shown = (v: string | null) => (v === null ? 'absent' : JSON.stringify(v));

export class AnnotationService {
  private readonly stores = new Map<string, AnnotationStore>();
  private readonly engines = new Map<string, WhatIf>();
  private readonly analysis: AnalysisService;
  private readonly access: WriteAccess;
  private readonly recovered = new Set<string>();
  private by: string;
  /** Several annotators' files on the gold (serve --corrections A,B): the what-if can apply an annotator's, the majority's or the adjudicated corrections. */
  team?: AdjudicationService;

  constructor(
    private readonly ws: Workspace,
    private readonly opts: AnnotationServiceOptions = {},
  ) {
    this.analysis = opts.analysis ?? new AnalysisService(ws);
    this.by = checkAnnotator(opts.by ?? defaultAuthor());
    this.access = opts.access ?? new WriteAccess();
    if (opts.file) this.access.allow(opts.file);
    // A closed or reloaded run's what-if engines (its corpus and statistics) are dropped.
    ws.onEvent((e) => {
      if (e.type !== 'runs-changed' && e.type !== 'run-changed') return;
      const live = new Set(ws.list().map((r) => `${r.id}@${r.revision}|`));
      for (const k of [...this.engines.keys()]) if (![...live].some((prefix) => k.startsWith(prefix))) this.engines.delete(k);
    });
  }

  /** The annotator name saves carry. */
  annotator(): string {
    return this.by;
  }

  /** Sets the annotator name for the saves that follow (every store of this session). */
  setAnnotator(name: string): string {
    this.by = checkAnnotator(name);
    for (const s of this.stores.values()) s.author = this.by;
    this.opts.onAnnotatorChange?.(this.by);
    return this.by;
  }

  private ready(run: string): { id: string; label: string; spec: SourceSpec; data: RunData } {
    const data = this.ws.data(run);
    return this.ws.readyRuns().find((r) => r.data === data)!;
  }

  /** The runs on the same gold as `run` (itself first). */
  private sameGold(run: string) {
    return runsOnGold(this.ws, run);
  }

  /** The annotation file of a run and of every run on its gold (chooseAnnotationFile over the runs open now). */
  choice(run: string): AnnotationChoice {
    return chooseAnnotationFile(
      this.sameGold(run).map((r) => r.spec),
      this.opts.file,
    );
  }

  fileOf(run: string): string {
    return this.choice(run).file;
  }

  /** The store of the run's annotation file (`file`: the choice already made for this call, else made now). */
  private store(run: string, file = this.fileOf(run)): AnnotationStore {
    let s = this.stores.get(file);
    if (!s) {
      // The header names the gold of the run the file belongs to (whichever run on that gold saves first).
      const specs = this.sameGold(run).map((r) => r.spec);
      const spec = specs.find((x) => defaultAnnotationFile(x) === file) ?? specs[0];
      s = new AnnotationStore(file, {
        gold: spec.kind === 'demo' ? 'built-in demo' : relative(dirname(file), resolve(goldFile(spec))),
        headerExtra: { source: headerSource(spec, file) },
        by: this.by,
        maxBytes: this.opts.maxBytes,
        onChange: (version) => this.ws.notify({ type: 'annotations-changed', file, version }),
        // A link in the file's place is followed only when the person named the file (--annotations).
        links: this.opts.file !== undefined && file === resolve(this.opts.file) ? 'follow' : 'refuse',
      });
      this.stores.set(file, s);
    }
    // Once the file may be written: temporary files a crashed compaction left are removed (under its lock).
    if (!this.recovered.has(file) && this.access.allows(file)) {
      this.recovered.add(file);
      void s.recover().catch(() => undefined);
    }
    return s;
  }

  /** Whether saves may go to `file` (on the allow-list). */
  writable(file: string): boolean {
    return this.access.allows(file);
  }

  private assertWritable(file: string, run: string): void {
    if (this.writable(file)) return;
    throw new AppError(
      'write-not-allowed',
      `${file}: annotations are written only to a file you chose; confirm this one first (the app asks before the first save; over the API: allowAnnotationFile {"run": "${run}", "file": <this path>}), or start serve with --annotations FILE. Nothing was written.`,
    );
  }

  /**
   * Allows saves to the annotation file of `run` — only that file, named in
   * full (the one listAnnotations names), never another path. In Electron the
   * person confirms it in a native dialog first; in browser mode the page has
   * asked them (this call is their answer).
   */
  async allowFile(run: string, file: string): Promise<{ file: string; allowed: boolean }> {
    const chosen = this.fileOf(run);
    if (resolve(file) !== chosen)
      throw new AppError(
        'bad-args',
        `allowAnnotationFile: ${JSON.stringify(file)} is not the annotation file of run ${run} (${chosen}); only that file can be allowed`,
      );
    if (this.writable(chosen)) return { file: chosen, allowed: true };
    if (this.opts.confirm && !(await this.opts.confirm(chosen, existsSync(chosen)))) return { file: chosen, allowed: false };
    this.access.allow(chosen);
    // Lists answered before now said "not writable": they are asked again.
    this.ws.notify({ type: 'annotations-changed', file: chosen, version: this.store(run, chosen).version });
    return { file: chosen, allowed: true };
  }

  list(run: string, dialogue?: string): AnnotationList {
    const { file, note } = this.choice(run);
    const st = this.store(run, file).state();
    const key = dialogue === undefined ? undefined : dialogueKey(dialogue);
    const records = st.records
      .filter((k) => key === undefined || dialogueKey(k.record.dialogue) === key)
      .map((k) => ({ ...k.record, line: k.line }));
    const out: AnnotationList = {
      file: st.file,
      version: st.version,
      exists: st.exists,
      records,
      problems: st.problems,
      refused: st.refused,
      replacedLines: st.replacedLines,
      writable: this.writable(st.file),
    };
    if (!out.writable) out.confirmWith = this.opts.confirm ? 'native' : 'page';
    if (note) out.notes = [note];
    return out;
  }

  /**
   * Checks a record's place and `from` against the run's gold, and (`checkTo`)
   * that a proposed `to` changes the gold (throws a bad-args AppError saying
   * what is wrong); returns the dialogue id as the gold spells it.
   */
  private check(run: string, body: Partial<RecordBody> & Pick<RecordBody, 'dialogue' | 'turn'>, checkTo = true): string {
    const data = this.ws.data(run);
    const c = data.corpus;
    const d = c.dialogueIds.findIndex((id) => dialogueKey(id) === dialogueKey(body.dialogue));
    if (d < 0) throw new AppError('bad-args', `no dialogue ${JSON.stringify(body.dialogue)} in run ${run}`);
    const p = positionOf(c, d, body.turn);
    if (p < 0) throw new AppError('bad-args', `turn ${body.turn} is not a turn of dialogue ${c.dialogueIds[d]}`);
    if (body.slot === undefined) return c.dialogueIds[d];
    const slot = canonicalSlotName(body.slot);
    const id = c.slots.lookup(slot);
    if (id === undefined && !MULTIWOZ_SLOTS.includes(slot))
      throw new AppError('bad-args', `unknown slot ${JSON.stringify(body.slot)} (not in the gold, the predictions or the MultiWOZ schema)`);
    const to = checkTo ? body.to : undefined;
    if (body.from === undefined && to === undefined) return c.dialogueIds[d];
    const i = c.dialogueStart[d] + p;
    let gold: string | null = null;
    for (let k = c.goldStart[i]; k < c.goldStart[i] + c.goldLen[i]; k++)
      if (c.goldPairs[2 * k] === id && c.goldPairs[2 * k + 1] !== NONE_ID) gold = c.values.name(c.goldPairs[2 * k + 1]);
    const where = `${c.dialogueIds[d]} turn ${body.turn} ${slot}`;
    if (body.from !== undefined && gold !== (body.from === 'none' ? null : body.from)) {
      throw new AppError(
        'bad-args',
        `"from" is ${JSON.stringify(body.from)} but the gold of ${where} is ${gold === null ? 'absent (null)' : JSON.stringify(gold)}`,
      );
    }
    // A correction that changes nothing would count as applied and shift the signature without changing a score.
    if (to !== undefined && to === gold)
      throw new AppError(
        'bad-args',
        `the correct value ${shown(to)} is what the gold of ${where} already ${to === null ? 'is' : 'has'}: a correction must change the gold (choose "no correction" to only flag the place, or give another value)`,
      );
    return c.dialogueIds[d];
  }

  async save(run: string, body: RecordBody): Promise<SavedAnnotation> {
    const dialogue = this.check(run, body);
    const store = this.store(run);
    this.assertWritable(store.file, run);
    if (store.file.startsWith(dataDir())) mkdirSync(dirname(store.file), { recursive: true });
    return store.save({ ...body, dialogue });
  }

  async revise(
    run: string,
    id: string,
    rev: number,
    body: Partial<RecordBody> | undefined,
    deleted: boolean | undefined,
    replace?: boolean,
  ): Promise<SavedAnnotation> {
    const store = this.store(run);
    this.assertWritable(store.file, run);
    const cur = store.latest(id);
    // A revision that keeps the record's own `to` (a status change of an older record) is not checked against it again.
    const newTo = body?.to !== undefined && !(cur && Object.hasOwn(cur.record, 'to') && cur.record.to === body.to);
    if (body && cur && !deleted) this.check(run, (replace ? body : { ...cur.record, ...body }) as RecordBody, newTo);
    return store.revise(id, rev, { body, deleted, replace });
  }

  compact(run: string): Promise<{ dropped: number; version: number }> {
    const store = this.store(run);
    this.assertWritable(store.file, run);
    return store.compact();
  }

  /**
   * A page of the suspects queue over the runs on `run`'s gold. Ranked in
   * `run`'s analysis worker, which keeps the ranked list (per set of run
   * revisions): only the page comes back to this thread.
   */
  async suspects(run: string, offset = 0, limit = 200, unannotated = false): Promise<SuspectList> {
    const runs = this.sameGold(run);
    const group = runs.map((r) => `${r.id}@${r.data.revision}`).join(',');
    const exclude = unannotated
      ? this.store(run)
          .state()
          .records.map((k) => placeKey(k.record.dialogue, k.record.turn, k.record.slot))
      : undefined;
    const host = this.analysis.host(runs[0].data);
    let page = await host.run('suspects', { group, offset, limit, exclude });
    if (page.missing) page = await host.run('suspects', { group, offset, limit, exclude, data: await this.suspectsData(runs) });
    if (page.missing) throw new AppError('internal', 'the suspects were not ranked (please report)');
    return {
      total: page.total,
      offset,
      items: page.items,
      runs: runs.map((r) => r.label),
      hasText: page.hasText,
      format: page.format,
      versions: page.versions,
    };
  }

  /** What rankSuspects needs over `runs` (the first one's gold and worker): only what the worker lacks — the other runs' predictions, the interners' names, the utterances (once). */
  private async suspectsData(runs: ReturnType<AnnotationService['sameGold']>): Promise<SuspectsData> {
    const me = runs[0];
    const c = me.data.corpus;
    try {
      checkAligned(runs.map((r) => ({ label: r.label, corpus: r.data.corpus })));
    } catch (e) {
      throw new AppError('bad-args', (e as Error).message);
    }
    const host = this.analysis.host(me.data);
    const withText = runs.find((r) => r.data.corpus.utterances);
    const utterances = withText ? `${withText.id}@${withText.data.revision}` : undefined;
    if (withText) await host.sendUtterances(utterances!, withText.data.corpus.utterances!);
    const payload = runs.map((r, k): SuspectRunPayload => {
      const o = r.data.corpus;
      if (k === 0) return { label: r.label, own: true };
      // Runs on one gold share its columns and interners: only their predictions differ.
      if (o.goldPairs === c.goldPairs && o.slots === c.slots && o.values === c.values)
        return { label: r.label, pred: { predStart: o.predStart, predLen: o.predLen, predPairs: o.predPairs } };
      return { label: r.label, corpus: corpusPayload(o) };
    });
    return { runs: payload, slotNames: c.slots.names, valueNames: c.values.names, utterances };
  }

  /**
   * The what-if engine of a run revision, brought up to date with the file — or, with `from`, with the records
   * of the annotators' files that `from` selects (the records `score --corrections A,B --corrections-from X` applies).
   */
  private engine(
    run: string,
    includeSuspected: boolean,
    from?: string,
  ): { w: WhatIf; data: RunData; version: number; file: string; from?: string } {
    const data = this.ws.data(run);
    const key = `${run}@${data.revision}|${includeSuspected}${from === undefined ? '' : `|from=${from}`}`;
    let w = this.engines.get(key);
    if (!w) {
      for (const k of [...this.engines.keys()])
        if (k.startsWith(`${run}@`) && !k.startsWith(`${run}@${data.revision}|`)) this.engines.delete(k);
      w = new WhatIf(data.corpus, data.l.stats, { includeSuspected, values: data.l.valueOptions as ValueOption[] });
      this.engines.set(key, w);
    }
    if (from !== undefined) {
      if (!this.team)
        throw new AppError('bad-args', 'correctionsFrom: no annotators\u2019 files are open (serve --corrections A.jsonl,B.jsonl)');
      const sel = this.team.selection(from);
      w.update(sel.records);
      return { w, data, version: this.store(run).version, file: this.team.state().files.join(','), from };
    }
    const st = this.store(run).state();
    w.update(st.records);
    return { w, data, version: st.version, file: st.file };
  }

  /** Before → after: with the file's corrections (incremental, here), or with value options switched on (the whole corpus again: in the run's analysis worker). */
  async whatIf(
    run: string,
    config: MetricConfig,
    includeSuspected = false,
    values?: ValueOption[],
    correctionsFrom?: string,
  ): Promise<WhatIfResult> {
    const data = this.ws.data(run);
    const ev = data.evaluation(config);
    if (values) {
      if (data.l.valueOptions.length)
        throw new AppError(
          'bad-args',
          `run ${run} was loaded with value options (${data.l.valueOptions.join(', ')}); the value-options what-if compares against exact values: open the file without --values`,
        );
      const r = await this.analysis.host(data).run('valueWhatIf', { config, values });
      return {
        mode: 'values',
        diff: r.diff,
        signatureBefore: ev.signature,
        signatureAfter: r.signatureAfter,
        applied: 0,
        issues: [],
        version: this.store(run).version,
      };
    }
    const { w, version, file, from } = this.engine(run, includeSuspected, correctionsFrom);
    const summary = from === undefined ? w.summary() : { ...w.summary(), from };
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

  whatIfDialogue(run: string, config: MetricConfig, id: string, includeSuspected = false, correctionsFrom?: string): DialogueDetail {
    const { w, data, from } = this.engine(run, includeSuspected, correctionsFrom);
    const base = data.detail(config, id);
    const d = data.dialogueIndex(id);
    const corrections = from === undefined ? w.summary() : { ...w.summary(), from };
    return { ...base, ...w.detail(d, config), signature: makeSignature(config, { values: data.l.valueOptions, corrections }) };
  }

  exportDiff(run: string, format: ExportFormat, includeSuspected = false): CorrectionExport {
    const { w, file } = this.engine(run, includeSuspected);
    const rows = diffRows(w.changes());
    const text = renderDiff(rows, format, { gold: diffGoldName(file, this.ready(run).spec), summary: w.summary() });
    const stem = basename(file).replace(/\.jsonl$/, '');
    const ext = format === 'diff' ? 'diff' : format;
    return {
      text,
      filename: `${stem}.corrections.${ext}`,
      mime: format === 'csv' ? 'text/csv' : format === 'jsonl' ? 'application/jsonl' : 'text/plain',
      rows: rows.length,
    };
  }
}
