// Test helper: a worker entry for test/unit/main/services/worker-rpc.test.ts,
// built by buildWorkerEntry. It serves the one worker protocol
// (src/main/services/worker-rpc.ts) with requests that echo, report
// progress, throw an AppError (a located LoadError, a stale refusal) or a
// plain Error, wait until cancelled, or exit the thread; notes are kept and
// read back, and whether a cancelled request saw its signal abort.

import { parentPort } from 'node:worker_threads';
import { AppError, LoadError } from '../../src/shared/app-error';
import { serveRequests, Transferring } from '../../src/main/services/worker-rpc';

export type TestRequest =
  | { kind: 'echo'; value: unknown }
  | { kind: 'progress'; steps: number }
  | { kind: 'load-error' }
  | { kind: 'stale' }
  | { kind: 'bug' }
  | { kind: 'wait' }
  | { kind: 'was-cancelled' }
  | { kind: 'notes' }
  | { kind: 'bytes'; n: number }
  | { kind: 'exit' };

if (parentPort) {
  const notes: unknown[] = [];
  let sawAbort = false;
  serveRequests<TestRequest, unknown, number, unknown>(
    parentPort,
    (req, ctx) => {
      switch (req.kind) {
        case 'echo':
          return req.value;
        case 'progress':
          for (let i = 1; i <= req.steps; i++) ctx.progress(i / req.steps);
          return 'done';
        case 'load-error':
          throw new LoadError('p.json', "expected ',' or '}'", { line: 3, column: 7, offset: 40 }, '$["D1.json"]["0"]', {
            reason: 'ends-early',
          });
        case 'stale':
          throw new AppError('stale', 'run r1 is at revision 2, not 1: it was reloaded; ask again');
        case 'bug':
          throw new TypeError('x is undefined');
        case 'wait':
          return new Promise((resolve) =>
            ctx.signal.addEventListener('abort', () => {
              sawAbort = true;
              resolve('too late');
            }),
          );
        case 'was-cancelled':
          return sawAbort;
        case 'notes':
          return notes;
        case 'bytes': {
          const b = new Float64Array(req.n).fill(1.5);
          return new Transferring(b, [b.buffer]);
        }
        case 'exit':
          process.exit(3);
      }
    },
    (note) => notes.push(note),
  );
}
