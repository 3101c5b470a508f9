// Layer: main (Node). A command-line error: printed as one line, exit code 2,
// no stack trace. Its own small module so that `dst-inspector --help` loads
// nothing else (usage.ts, which the commands import, re-exports it).

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
