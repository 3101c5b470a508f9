// Layer: main (Node). `--preset sgd`: reads the files the official SGD
// evaluator reads — the prediction dialogues (a folder of *.json, as its
// --prediction_dir, or files), the gold dialogues (--gold: a folder's
// dialogues_*.json, as <dstc8_data_dir>/<eval_set>, or a file), the eval
// schema (--schema, else schema.json beside the gold) and the train schema
// (--train-schema, else train/schema.json in the gold folder's parent) — and
// scores them with src/shared/presets/sgd-eval.ts.

import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { FuzzBackend } from '../../shared/matching/fuzz';
import {
  addDialogues,
  parseSgdSchema,
  seenServices,
  SgdEvalError,
  sgdMetrics,
  type SgdMetrics,
  type SgdService,
} from '../../shared/presets/sgd-eval';
import { readInput } from '../services/read-input';
import { UsageError } from './usage';

export interface SgdFlags {
  predictions: string[];
  gold?: string;
  schema?: string;
  trainSchema?: string;
  acrossTurns: boolean;
  fuzzy: boolean;
  backend: FuzzBackend;
  maxBytes?: number;
}

const isDir = (p: string): boolean => existsSync(p) && statSync(p).isDirectory();

function readJson(file: string, maxBytes?: number): unknown {
  const bytes = readInput(file, maxBytes);
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch (e) {
    throw new UsageError(`${file}: not valid JSON (${(e as Error).message})`);
  }
}

/** The files of a folder in sorted order that `keep` accepts (the evaluator's sorted glob). */
function filesOf(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir)
    .filter((n) => keep(n) && !isDir(join(dir, n)))
    .sort()
    .map((n) => join(dir, n));
}

/** The official evaluator's output dict for these files and flags. */
export function scoreSgdOfficial(f: SgdFlags): SgdMetrics {
  if (!f.gold) throw new UsageError('--preset sgd needs --gold: the gold dialogues (a folder of dialogues_*.json, such as dstc8/test)');
  const goldFiles = isDir(f.gold) ? filesOf(f.gold, (n) => /^dialogues_.*\.json$/.test(n)) : [f.gold];
  if (goldFiles.length === 0) throw new UsageError(`--gold ${f.gold}: no dialogues_*.json in this folder`);
  const goldDir = isDir(f.gold) ? f.gold : dirname(f.gold);
  const schemaFile = f.schema ?? join(goldDir, 'schema.json');
  if (!existsSync(schemaFile)) throw new UsageError(`--preset sgd needs the eval schema: give --schema FILE (looked for ${schemaFile})`);
  const trainFile = f.trainSchema ?? join(dirname(goldDir), 'train', 'schema.json');
  if (!existsSync(trainFile))
    throw new UsageError(
      `--preset sgd needs the train schema to tell seen from unseen services: give --train-schema FILE (looked for ${trainFile})`,
    );
  const predFiles = f.predictions.flatMap((p) =>
    isDir(p) ? filesOf(p, (n) => n.endsWith('.json') && !n.includes('dialogues_and_metrics.json')) : [p],
  );
  try {
    const evalSchema = parseSgdSchema(readJson(schemaFile, f.maxBytes), schemaFile);
    const trainSchema = parseSgdSchema(readJson(trainFile, f.maxBytes), trainFile);
    const services = new Map<string, SgdService>(evalSchema.map((s) => [s.service_name, s]));
    const ref = new Map<string, Record<string, unknown>>();
    for (const g of goldFiles) addDialogues(ref, readJson(g, f.maxBytes), basename(g));
    const hyp = new Map<string, Record<string, unknown>>();
    for (const p of predFiles) addDialogues(hyp, readJson(p, f.maxBytes), basename(p));
    return sgdMetrics({ ref, hyp, services, seen: seenServices(evalSchema, trainSchema) }, f);
  } catch (e) {
    if (e instanceof SgdEvalError) throw new UsageError(`--preset sgd: ${e.message}`);
    throw e;
  }
}
