// Layer: shared (pure TS). Reading an analysis's flags (def.ts, `cli.parse`):
// the error a bad value gives (FlagError; the CLI prints it as a usage error,
// exit code 2) and the checks every command words the same way as
// src/main/cli/usage.ts does.

/** A flag's value that cannot be used; the message names the flag as the person wrote it. */
export class FlagError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FlagError';
  }
}

export function oneOf<T extends string>(flag: string, text: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(text))
    throw new FlagError(`${flag}: ${JSON.stringify(text)} is not one of ${allowed.join(', ')}`);
  return text as T;
}

export function positiveInt(flag: string, text: string): number {
  if (!/^[0-9]+$/.test(text.trim()) || Number(text) < 1) throw new FlagError(`${flag}: ${JSON.stringify(text)} is not a positive integer`);
  return Number(text);
}

/** A flag's text value (undefined when absent). */
export function textOf(v: string | boolean | (string | boolean)[] | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
