// Layer: main (Node). A command-line error: printed as one line, exit code 2,
// no stack trace. Its own small module so that `dst-inspector --help` loads
// nothing else (usage.ts, which the commands import, re-exports it).

import { AppError } from '../../shared/app-error';

/** A command line that cannot run as given (the message says which option and why): bad arguments, exit code 2. */
export class UsageError extends AppError {
  constructor(message: string) {
    super('bad-args', message);
    this.name = 'UsageError';
  }
}
