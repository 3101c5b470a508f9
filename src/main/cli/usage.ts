// Layer: main (Node). Command-line errors (exit code 2, no stack trace) and
// parsing helpers shared by the subcommands.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { writeFileAtomic, writeFileAtomicAsync, WriteError } from '../services/atomic-write';

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** util.parseArgs with errors turned into UsageError naming the command. */
export function parseCommand<O extends Options>(command: string, argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(`${command}: ${(e as Error).message.replace(/\. To specify a positional argument.*$/s, '')}`);
  }
}

export function parseLambdas(text: string): number[] {
  const parts = text.split(',').map((s) => s.trim());
  const out: number[] = [];
  for (const p of parts) {
    const v = Number(p);
    if (p === '' || !Number.isFinite(v) || v < 0) throw new UsageError(`--lambdas: ${JSON.stringify(p)} is not a number ≥ 0 (example: --lambdas 0.25,0.5,0.75,1)`);
    if (!out.includes(v)) out.push(v);
  }
  return out;
}

export function parsePositiveInt(flag: string, text: string): number {
  if (!/^[0-9]+$/.test(text.trim()) || Number(text) < 1) throw new UsageError(`${flag}: ${JSON.stringify(text)} is not a positive integer`);
  return Number(text);
}

export function oneOf<T extends string>(flag: string, text: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(text)) throw new UsageError(`${flag}: ${JSON.stringify(text)} is not one of ${allowed.join(', ')}`);
  return text as T;
}

/** Writes a report to --out atomically; a path that cannot be written is a usage error (exit 2), not a crash. */
export function writeOut(path: string, chunks: Iterable<string | Uint8Array>): void {
  try {
    writeFileAtomic(path, chunks);
  } catch (e) {
    if (e instanceof WriteError) throw new UsageError(`--out ${e.message}`);
    throw e;
  }
}

/** writeOut for long reports: SIGINT/SIGTERM during the write stop it and remove the temporary file. */
export async function writeOutAsync(path: string, chunks: Iterable<string>): Promise<void> {
  try {
    await writeFileAtomicAsync(path, chunks);
  } catch (e) {
    if (e instanceof WriteError) throw new UsageError(`--out ${e.message}`);
    throw e;
  }
}
