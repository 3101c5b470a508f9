// Layer: main (Node). Several annotators on one gold in the app: the
// annotators' files (serve --corrections A.jsonl,B.jsonl, or openTeamFiles;
// only ever read), their agreement (what `corrections agree` prints, with a
// signature saying how it was computed), the disagreements queue, and the
// adjudicated file — a file of its own, never an annotator's — that each
// adjudication is appended to by the annotation store (O_APPEND under its
// lock, fsync before the call answers; records carry "adjudicated": true and
// the adjudicator's name in `by`). The what-if over "an annotator's, the
// majority's or the adjudicated corrections" selects records here and
// scores them through AnnotationService's engines, as `score --corrections
// A,B,ADJ --corrections-from X` does in the CLI.

import { existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import {
  adjudicationBody,
  AdjudicationError,
  disagreementRows,
  type Pick as AdjudicationPick,
} from '../../shared/annotations/adjudication';
import { agreementSummary } from '../../shared/annotations/annotators-agree';
import {
  annotatorsOf,
  conflictsOf,
  parseCorrectionsFrom,
  placesOf,
  selectRecords,
  type AnnotatorFile,
  type Place,
} from '../../shared/annotations/annotators';
import type { DisagreementList, SavedAnnotation, TeamState } from '../../shared/api';
import { AppError } from '../../shared/app-error';
import { LoadError } from '../../shared/formats/errors';
import { APP_VERSION } from '../../shared/version';
import { pushAll } from '../../shared/arrays';
import { readAnnotationFile } from './annotation-file';
import { AnnotationStore } from './annotation-store';
import type { Workspace } from './workspace';

/** The agreement settings of the app: those of `corrections agree` by default. */
export const TEAM_BOOTSTRAP = 1000;
export const TEAM_SEED = 0;

export interface AdjudicationOptions {
  /** The annotators' files (serve --corrections A,B). */
  files?: readonly string[];
  /** Where adjudications go (serve --adjudicated FILE); default adjudicated.annotations.jsonl beside the first file. */
  adjudicated?: string;
  maxBytes?: number;
  /** The adjudicator's name (the annotator name of the session, which may change). */
  author: () => string;
}

interface Read {
  stamp: string;
  files: AnnotatorFile[];
  places: Place[];
  annotators: string[];
  notes: string[];
}

/** The default adjudicated file of a set of annotators' files. */
export function defaultAdjudicatedFile(files: readonly string[]): string {
  return join(dirname(resolve(files[0])), 'adjudicated.annotations.jsonl');
}

const same = (a: string, b: string) => (existsSync(a) ? realpathSync(a) : resolve(a)) === (existsSync(b) ? realpathSync(b) : resolve(b));

export class AdjudicationService {
  private files: string[] = [];
  private out: string | null = null;
  private store: AnnotationStore | null = null;
  private cache: Read | null = null;
  private agreementCache: { stamp: string; state: Pick<TeamState, 'agreement' | 'why'> } | null = null;

  constructor(
    private readonly ws: Workspace,
    private readonly opts: AdjudicationOptions,
  ) {
    if (opts.files?.length) this.open(opts.files, opts.adjudicated);
  }

  /** Opens the annotators' files (each read now: a missing or unreadable file is refused) and names the adjudicated file. */
  open(files: readonly string[], adjudicated?: string): void {
    const abs = files.map((f) => resolve(f));
    for (let i = 0; i < abs.length; i++)
      for (let j = 0; j < i; j++)
        if (same(abs[i], abs[j])) throw new AppError('bad-args', `${files[i]} is given twice; give each annotator's file once`);
    const out = resolve(adjudicated ?? defaultAdjudicatedFile(abs));
    const annotatorFiles = abs.filter((f) => !same(f, out));
    if (annotatorFiles.length === 0) throw new AppError('bad-args', `${out} is the adjudicated file; give the annotators' files too`);
    for (const f of annotatorFiles) if (!existsSync(f)) throw new LoadError(f, 'no such annotation file');
    const prev = { files: this.files, out: this.out, store: this.store, cache: this.cache };
    this.files = annotatorFiles;
    this.out = out;
    this.store = null;
    this.cache = null;
    try {
      this.read();
    } catch (e) {
      Object.assign(this, prev);
      throw e;
    }
  }

  private adjStore(): AnnotationStore {
    if (!this.out)
      throw new AppError(
        'not-found',
        'no annotators\u2019 files are open (serve --corrections A.jsonl,B.jsonl, or Open › Annotators\u2019 files…)',
      );
    if (!this.store) {
      const first = this.cache?.files[0]?.header;
      this.store = new AnnotationStore(this.out, {
        gold: first?.gold ?? 'unknown',
        headerExtra: { adjudicates: this.files.map((f) => relative(dirname(this.out!), f)) },
        by: this.opts.author(),
        maxBytes: this.opts.maxBytes,
        links: 'follow',
        onChange: (version) => this.ws.notify({ type: 'annotations-changed', file: this.out!, version }),
      });
    }
    return this.store;
  }

  private stampOf(): string {
    const parts = this.files.map((f) => {
      try {
        const s = statSync(f);
        return `${s.size}:${s.mtimeMs}:${s.ino}`;
      } catch {
        return 'missing';
      }
    });
    return `${parts.join('|')}|adj:${this.out && this.store ? this.store.version : this.out && existsSync(this.out) ? statSync(this.out).mtimeMs : 0}`;
  }

  /** The files as they are now (re-read when one changed on disk or an adjudication was saved). */
  private read(): Read {
    if (this.files.length === 0) return { stamp: '', files: [], places: [], annotators: [], notes: [] };
    // The store refreshes from disk on state(): its version moves with another writer's lines too.
    const adj = this.out && existsSync(this.out) ? this.adjStore().state() : null;
    const stamp = this.stampOf();
    if (this.cache && this.cache.stamp === stamp) return this.cache;
    const notes: string[] = [];
    const files: AnnotatorFile[] = this.files.map((file) => {
      const parsed = readAnnotationFile(file, this.opts.maxBytes);
      if (parsed.problems.length > 0)
        throw new LoadError(
          file,
          `${parsed.problems[0].message}; fix or remove the line: a file with unreadable records is not compared or adjudicated`,
          { line: parsed.problems[0].line, column: 1, offset: 0 },
        );
      if (parsed.torn) notes.push(`${file}:${parsed.torn.line}: ${parsed.torn.message}`);
      return { file, header: parsed.header, records: parsed.records };
    });
    if (adj) {
      if (adj.refused) throw new AppError('bad-input', `${this.out}: ${adj.refused}`);
      pushAll(notes, adj.problems);
      // Only adjudications count from the adjudicated file (a rating written there by hand is not a decision).
      files.push({
        file: this.out!,
        header: files[0].header,
        records: adj.records.filter((k) => (k.record as Record<string, unknown>).adjudicated === true),
      });
    }
    const places = placesOf(files);
    this.cache = { stamp, files, places, annotators: annotatorsOf(places), notes };
    return this.cache;
  }

  /** The team's files, agreement (cached per version of the files) and counts. */
  state(): TeamState {
    const r = this.read();
    const conflicts = conflictsOf(r.places);
    const base: TeamState = {
      files: this.files,
      adjudicated: this.out,
      adjudicatedExists: this.out !== null && existsSync(this.out),
      annotators: r.annotators,
      version: this.version(),
      agreement: null,
      agreementSignature: `agreement: Cohen κ (2 annotators) / Fleiss κ (3+), Krippendorff α nominal | items=slot-level places | bootstrap=${TEAM_BOOTSTRAP} | seed=${TEAM_SEED} | level=0.95 | app ${APP_VERSION}`,
      disagreements: conflicts.length,
      adjudicatedPlaces: conflicts.filter((c) => c.place.adjudication).length,
      notes: r.notes,
    };
    if (this.files.length === 0) return { ...base, why: 'no annotators\u2019 files are open' };
    // Adjudications are not ratings: agreement is over the annotators' files only (what `corrections agree A B` prints).
    const stamp = r.stamp.replace(/\|adj:.*$/, '');
    if (this.agreementCache?.stamp !== stamp) {
      try {
        const annotatorFiles = r.files.filter((f) => f.file !== this.out);
        this.agreementCache = {
          stamp,
          state: { agreement: agreementSummary(annotatorFiles, { bootstrap: TEAM_BOOTSTRAP, seed: TEAM_SEED }) },
        };
      } catch (e) {
        if (!(e instanceof RangeError)) throw e;
        this.agreementCache = { stamp, state: { agreement: null, why: e.message } };
      }
    }
    return { ...base, ...this.agreementCache.state };
  }

  /** Grows with every change of the files (the adjudicated store's version and the annotators' files' stamps). */
  private version(): number {
    let h = 0;
    for (const c of this.stampOf()) h = (h * 31 + c.charCodeAt(0)) | 0;
    return h >>> 0;
  }

  disagreements(offset = 0, limit = 200, unadjudicated = false): DisagreementList {
    const r = this.read();
    const rows = disagreementRows(r.places, r.annotators, { unadjudicated });
    return { total: rows.length, offset, items: rows.slice(offset, offset + limit), annotators: r.annotators, version: this.version() };
  }

  /** Writes one adjudication (a new record, or the next revision of the place's adjudication); answers once it is on disk. */
  async adjudicate(key: string, pick: AdjudicationPick): Promise<SavedAnnotation> {
    const r = this.read();
    const row = disagreementRows(r.places, r.annotators).find((x) => x.key === key);
    if (!row)
      throw new AppError(
        'not-found',
        `no disagreement at ${JSON.stringify(key.split('\u0000').join(' '))} (the files changed? look again)`,
      );
    let body;
    try {
      body = adjudicationBody(row, r.annotators, pick);
    } catch (e) {
      if (e instanceof AdjudicationError) throw new AppError('bad-args', e.message);
      throw e;
    }
    const store = this.adjStore();
    store.author = this.opts.author();
    const saved = row.adjudication
      ? await store.revise(row.adjudication.id, row.adjudication.rev, { body, replace: true })
      : await store.save(body, { adjudicated: true });
    this.cache = null;
    return saved;
  }

  /** The records a what-if applies for `from` (an annotator's name, majority, adjudicated), with a key that changes when they do. */
  selection(from: string): { records: ReturnType<typeof selectRecords>['records']; undecided: number; stamp: string } {
    const r = this.read();
    if (this.files.length === 0)
      throw new AppError('bad-args', 'correctionsFrom: no annotators\u2019 files are open (serve --corrections A.jsonl,B.jsonl)');
    const choice = parseCorrectionsFrom(from);
    if (choice.kind === 'annotator' && !r.annotators.includes(choice.name))
      throw new AppError(
        'bad-args',
        `correctionsFrom: no annotator ${JSON.stringify(choice.name)}; the annotators are ${r.annotators.join(', ')} (or majority, adjudicated)`,
      );
    const s = selectRecords(r.places, choice);
    return { records: s.records, undecided: s.undecided.length, stamp: r.stamp };
  }
}
