// Layer: main (Node). The tail half of a two-thread FGA/GCA load (see
// fga-parallel.ts): reads the dialogues from a boundary to the end of the
// file and analyses their turns. Runs in fga-tail-worker.ts, or inline when no
// worker is available; the reply is plain data so it can cross threads.

import { corpusPayload, payloadArrays, type CorpusPayload } from '../../shared/model/corpus-payload';
import { LoadError, type TextLocation } from '../../shared/formats/errors';
import { fgaBuilder, scanFga } from '../../shared/formats/fga';
import { analyseCorpus, type TurnStats } from '../../shared/metrics/turn-stats';

export interface TailJob {
  /** The whole file's bytes (shared between the threads). */
  buffer: SharedArrayBuffer | ArrayBuffer;
  length: number;
  /** Byte offset of the first tail dialogue's key. */
  at: number;
  file: string;
}

/** The tail corpus as plain data: interner names instead of interners. */
export type TailCorpus = CorpusPayload;

export type TailReply =
  | { ok: true; corpus: TailCorpus; stats: TurnStats; warnings: string[] }
  | { ok: false; error: { file: string; problem: string; location?: TextLocation; jsonPath?: string } }
  | { ok: false; crash: string };

export function readTail(job: TailJob): { reply: TailReply; transfer: ArrayBuffer[] } {
  try {
    const bytes = new Uint8Array(job.buffer, 0, job.length);
    const b = fgaBuilder(job.length - job.at);
    const { warnings } = scanFga(bytes, { file: job.file }, b, { kind: 'tail', at: job.at });
    const c = b.build();
    const stats = analyseCorpus(c);
    const corpus = corpusPayload(c);
    const transfer = [...new Set([...payloadArrays(corpus), ...Object.values(stats)].map((a) => a.buffer as ArrayBuffer))];
    return { reply: { ok: true, corpus, stats, warnings }, transfer };
  } catch (e) {
    if (e instanceof LoadError)
      return {
        reply: { ok: false, error: { file: e.file, problem: e.problem, location: e.location, jsonPath: e.jsonPath } },
        transfer: [],
      };
    return { reply: { ok: false, crash: String((e as Error)?.stack ?? e) }, transfer: [] };
  }
}
