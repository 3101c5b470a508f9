// Layer: main (Node). `dst-inspector serve`: browser mode. Loads the file (or
// the built-in demo) in a worker, serves the UI and the API on 127.0.0.1 and
// prints exactly one line with the address and its session token.

import { resolve } from 'node:path';
import { CorpusStore } from '../services/corpus-store';
import { createApiHandlers } from '../services/api-handlers';
import type { LoadSource } from '../services/load-types';
import { openBrowser } from '../web/open-browser';
import { startServer } from '../web/server';
import { parseCommand, parsePositiveInt, UsageError } from './usage';
import { parseValueOptions } from '../../shared/formats/normalise';

export const SERVE_HELP = `Usage: dst-inspector serve [<predictions.json>] [options]

Browser mode: serves the inspector on http://127.0.0.1 (this machine only) and
prints one line with its address, which carries a session token. Without a
file it opens the built-in demo. On a remote machine, forward the port:
  ssh -L 8080:127.0.0.1:8080 gpu-box   then   dst-inspector serve preds.json --port 8080

Options:
  --dialogues PATH   utterances: MultiWOZ 2.1 data.json, TRADE test_dials.json,
                     MultiWOZ 2.2 / SGD dialogues or a folder of them
  --gold PATH        gold states (same layouts), for predictions without them
  --layout NAME      input layout, skipping detection
  --values LIST      value normalisation (lower, trade-fixes, empty, dontcare, alternatives, all)
  --port N           port (default: a free one)
  --open             open the system browser, if there is one
  --max-size BYTES   refuse larger files (default 2 GiB)
  -h, --help         this help
`;

export async function serveCommand(argv: string[], write: (s: string) => void): Promise<void> {
  const { values, positionals } = parseCommand('serve', argv, {
    dialogues: { type: 'string' },
    gold: { type: 'string' },
    layout: { type: 'string' },
    values: { type: 'string' },
    port: { type: 'string' },
    open: { type: 'boolean', default: false },
    'max-size': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    write(SERVE_HELP);
    return;
  }
  if (positionals.length > 1) throw new UsageError('serve: give at most one prediction file');
  let port = 0;
  if (values.port !== undefined && values.port !== '0') {
    port = parsePositiveInt('--port', values.port);
    if (port > 65535) throw new UsageError(`--port: ${port} is not a port number (1-65535)`);
  }
  if (!positionals[0] && (values.dialogues || values.gold || values.layout || values.values)) throw new UsageError('serve: --dialogues, --gold, --layout and --values need a prediction file');
  const valueOptions = values.values ? parseValueOptions(values.values) : [];
  if (typeof valueOptions === 'string') throw new UsageError(`--values: ${valueOptions}`);
  const source: LoadSource = positionals[0]
    ? {
        kind: 'file',
        path: resolve(positionals[0]),
        layout: values.layout,
        dialoguesPath: values.dialogues ? resolve(values.dialogues) : undefined,
        goldPath: values.gold ? resolve(values.gold) : undefined,
        values: valueOptions.length > 0 ? valueOptions : undefined,
      }
    : { kind: 'demo' };
  const maxBytes = values['max-size'] ? parsePositiveInt('--max-size', values['max-size']) : undefined;

  const store = new CorpusStore({ maxBytes });
  const handlers = createApiHandlers(store, { mode: 'browser' });
  let running;
  try {
    running = await startServer({ handlers, subscribe: (l) => store.onEvent(l), port });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException)?.code;
    if (code === 'EADDRINUSE') throw new UsageError(`--port: port ${port} is in use; choose another or leave --port out`);
    if (code === 'EACCES') throw new UsageError(`--port: not allowed to listen on port ${port}`);
    throw e;
  }
  store.open(source);
  write(`DST Inspector at ${running.url}\n`);
  if (values.open) openBrowser(running.url);

  await new Promise<void>((done) => {
    const stop = () => {
      store.dispose();
      void running.close().then(done);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
