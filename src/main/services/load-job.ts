// Layer: main (Node). The work the load worker does for one run: the load
// pipeline (read, detect, load, join, analyse, index the raw view), each
// dialogue's domains, the values that differ from gold only by whitespace,
// case or punctuation, and the compact result posted to the main thread (typed
// arrays transferred, string tables cloned). Kept apart from the worker entry
// so tests can run it in-process too.

import { closeSync, openSync, readSync } from 'node:fs';
import type { LoadErrorInfo, LoadErrorSource } from '../../shared/api';
import { toAppError } from '../../shared/app-error';
import { describeTop } from '../../shared/formats/describe-top';
import { headText } from '../../shared/formats/detect';
import { LoadError } from '../../shared/formats/errors';
import { valueLookalikes } from '../../shared/formats/value-lookalikes';
import { domainOf, NONE_ID, type Corpus } from '../../shared/model/corpus';
import { corpusPayload, payloadArrays } from '../../shared/model/corpus-payload';
import { IntVector } from '../../shared/model/int-vector';
import { errorSource, looksLikeJson } from './error-source';
import { loadSource } from './load-pipeline';
import type { LoadJob, LoadResult, WorkerMessage } from './load-types';
import { readInput } from './read-input';

export type Post = (msg: WorkerMessage, transfer?: ArrayBuffer[]) => void;

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
      for (const [pairs, s, len] of [
        [corpus.goldPairs, corpus.goldStart[i], corpus.goldLen[i]],
        [corpus.predPairs, corpus.predStart[i], corpus.predLen[i]],
      ] as const) {
        for (let k = s; k < s + len; k++) {
          if (pairs[2 * k + 1] === NONE_ID) continue;
          const dom = slotDomain[pairs[2 * k]];
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

/**
 * Why a load failed, as the run records it: the error's plain shape (an AppError keeps its code and place; anything
 * else is a bug, internal, "please report") with the file ('' when none) and the problem (the message without the
 * place) always set.
 */
export function errorInfo(e: unknown): LoadErrorInfo {
  const err = toAppError(e, (m) => `internal error while loading (please report): ${m}`);
  const problem = err.problem ?? (err === e ? err.message : String((e as Error)?.message ?? e));
  return { ...err.toJSON(), file: err.file ?? '', problem };
}

/** The first 64 KiB of a file (what layout detection reads). */
function readHead(file: string): Uint8Array {
  const fd = openSync(file, 'r');
  try {
    const buf = new Uint8Array(64 * 1024);
    return buf.subarray(0, readSync(fd, buf, 0, buf.length, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * For an error without a place in the file (no layout matched, say) on a file
 * that looks like JSON: what its start holds, structure only (describeTop).
 * The same files whose text around an error the page may show (looksLikeJson).
 */
export function foundAtTop(e: LoadError): string | undefined {
  if (e.location || e.jsonPath || !e.file) return undefined;
  try {
    const head = readHead(e.file);
    return looksLikeJson(head) ? (describeTop(headText(head)) ?? undefined) : undefined;
  } catch {
    return undefined;
  }
}

/** Runs one load job and posts progress, then the result or the error. */
export async function runLoadJob(job: LoadJob, post: Post): Promise<void> {
  try {
    const run = await loadSource(job.spec, {
      maxBytes: job.maxBytes,
      rawIndex: true,
      contentHash: true,
      onProgress: (stage, fraction) => post({ type: 'progress', stage, fraction }),
    });
    const corpus = run.loaded.corpus;
    const stats = run.stats!;
    const raw = run.raw!;
    const dom = dialogueDomains(corpus);
    const result: LoadResult = {
      corpus: corpusPayload(corpus, { utterances: true, generation: true }),
      stats,
      raw,
      domainStart: dom.start,
      domainList: dom.list,
      domains: dom.domains,
      format: run.loaded.format,
      warnings: run.loaded.warnings,
      file: run.file,
      isDemo: run.isDemo,
      dialoguesFile: run.dialoguesFile,
      landing: run.landing,
      slotCount: run.loaded.slotCount,
      valueOptions: run.loaded.valueOptions ?? [],
      corrections: run.corrections?.result.summary,
      lookalikes: valueLookalikes(corpus),
      contentHash: run.contentHash,
    };
    const arrays = [...payloadArrays(result.corpus), ...Object.values(stats), raw.file, raw.start, raw.end, dom.start, dom.list] as (
      Int32Array | Float64Array
    )[];
    const transfer = [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))].filter((b) => !(b instanceof SharedArrayBuffer));
    post({ type: 'done', result }, transfer);
  } catch (e) {
    const error = errorInfo(e);
    const found = e instanceof LoadError ? foundAtTop(e) : undefined;
    if (found) error.found = found;
    let source: LoadErrorSource | null = null;
    if (e instanceof LoadError && e.location) {
      try {
        const bytes = readInput(e.file, job.maxBytes);
        source = looksLikeJson(bytes) ? errorSource(bytes, e.location) : null;
      } catch {
        source = null;
      }
    }
    post({ type: 'error', error, source });
  }
}
