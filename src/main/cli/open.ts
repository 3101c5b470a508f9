// Layer: main (Node). `dst-inspector open LINK`: a link to a view (src/shared/link.ts)
// opened from the command line. The link's runs are found in the folder it is
// run in (the served folder: paths in links are relative to it, and only
// files inside it are opened, services/link-paths.ts), served in browser mode
// as `serve` does, and the browser is opened on the link's view: the session
// token goes in the private launch file, never on a command line. The desktop
// app opens dst-inspector:// links itself (src/main/electron/link-handler.ts).

import { decodeLink, DEMO_LINK_PATH, linkFragment } from '../../shared/link';
import { linkedSource } from '../services/link-paths';
import { serveCommand } from './serve';
import { parseCommand, UsageError } from './usage';

export const OPEN_HELP = `Usage: dst-inspector open LINK [--port N] [--no-open]

Opens a link copied in the inspector (Copy link, or L) on this machine, in browser
mode: http://127.0.0.1:PORT/#v=…, dst-inspector://open#v=… or just the part from
#v=… Run it in the folder the link's runs are relative to (where the link's
inspector was started): the runs it names are opened from there — only files
inside that folder — and the browser shows the link's view (dialogue, turn,
filter, analysis). A run whose file changed since the link was made is opened
and the page says so. The link carries no token; the address printed here has
this session's own.

Options:
  --port N     port (default: a free one)
  --no-open    print the address only (do not open the system browser)
  -h, --help   this help
`;

export interface OpenPlan {
  /** The prediction files to serve (absolute), in the link's order. */
  files: string[];
  /** The fragment to show (the link's own). */
  fragment: string;
  /** What could not be followed, one sentence each. */
  notes: string[];
}

/** What `open` serves for a link, with the served folder `base`; throws UsageError for text that is no link of ours. */
export function openPlan(link: string, base: string): OpenPlan {
  const f = linkFragment(link);
  if ('error' in f) throw new UsageError(`open: ${f.error}`);
  const { state, notices } = decodeLink(f.fragment);
  if (!state) throw new UsageError(`open: the link names no view${notices.length ? ` (${notices.join('; ')})` : ''}`);
  const notes = [...notices];
  const files: string[] = [];
  let demo = false;
  for (const r of state.runs) {
    if (r.path === DEMO_LINK_PATH) {
      demo = true;
      continue;
    }
    try {
      const s = linkedSource(r.path, base);
      if (s.kind === 'files' && !files.includes(s.predictions[0])) files.push(s.predictions[0]);
    } catch (e) {
      notes.push((e as Error).message);
    }
  }
  if (demo && files.length > 0)
    notes.push('the link names the built-in demo beside files; the demo is opened only alone (serve without a file)');
  return { files, fragment: f.fragment, notes };
}

export async function openCommand(argv: string[], write: (s: string) => void): Promise<void> {
  const { values, positionals } = parseCommand('open', argv, {
    port: { type: 'string' },
    'no-open': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) return void write(OPEN_HELP);
  if (positionals.length !== 1) throw new UsageError('open: give one LINK (quote it: the shell reads & and #)');
  const plan = openPlan(positionals[0], process.cwd());
  for (const n of plan.notes) process.stderr.write(`dst-inspector: ${n}\n`);
  const args = [...plan.files, ...(values.port ? ['--port', values.port] : []), ...(values['no-open'] ? [] : ['--open'])];
  await serveCommand(args, write, { fragment: plan.fragment });
}
