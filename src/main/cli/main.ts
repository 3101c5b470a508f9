// Layer: main (Node). Entry point of the `dst-inspector` command: dispatches
// subcommands, prints user errors as one line with exit code 2, and keeps
// stack traces for real bugs only.

import { LoadError } from '../../shared/formats/errors';
import { APP_VERSION } from '../../shared/version';
import { convertCommand, CONVERT_HELP } from './convert';
import { inspectCommand, INSPECT_HELP } from './inspect';
import { scoreCommand, SCORE_HELP } from './score';
import { serveCommand, SERVE_HELP } from './serve';
import { traitsCommand, TRAITS_HELP } from './traits';
import { UsageError } from './usage';

const HELP = `DST Inspector ${APP_VERSION}: exact DST metrics, turn by turn.

Usage: dst-inspector <command> [options]

Commands:
  score <predictions.json>   print JGA, SA, AGA, RSA, FGA and GCA
  inspect <file>             what was detected: layout, dialogues, turns, slots, warnings
  convert <file> --to jsonl|fga  write the normalised corpus
  traits <predictions.json>  TO/NU correlations with FGA and GCA (GCA paper, Zou's CI)
  serve [<predictions.json>] browser mode: the inspector on http://127.0.0.1 (demo without a file)
  help [command]             show help

Run "dst-inspector <command> --help" for a command's options.
`;

export type Command = (argv: string[], write: (s: string) => void) => void | Promise<void>;

const COMMANDS: Record<string, { run: Command; help: string }> = {
  score: { run: scoreCommand, help: SCORE_HELP },
  inspect: { run: inspectCommand, help: INSPECT_HELP },
  convert: { run: convertCommand, help: CONVERT_HELP },
  traits: { run: traitsCommand, help: TRAITS_HELP },
  serve: { run: serveCommand, help: SERVE_HELP },
};

export function registerCommand(name: string, run: Command, help: string): void {
  COMMANDS[name] = { run, help };
}

export async function runCli(argv: string[]): Promise<number> {
  const write = (s: string) => void process.stdout.write(s);
  const [cmd, ...rest] = argv;
  try {
    if (!cmd || cmd === '-h' || cmd === '--help') {
      write(HELP);
      return cmd ? 0 : 2;
    }
    if (cmd === '--version' || cmd === '-v') {
      write(`${APP_VERSION}\n`);
      return 0;
    }
    if (cmd === 'help') {
      write(rest[0] && COMMANDS[rest[0]] ? COMMANDS[rest[0]].help : HELP);
      return 0;
    }
    const c = COMMANDS[cmd];
    if (!c) throw new UsageError(`unknown command ${JSON.stringify(cmd)}; commands: ${Object.keys(COMMANDS).join(', ')}`);
    await c.run(rest, write);
    return 0;
  } catch (e) {
    if (e instanceof LoadError || e instanceof UsageError) {
      process.stderr.write(`dst-inspector: ${e.message}\n`);
      return 2;
    }
    if ((e as NodeJS.ErrnoException)?.code === 'EPIPE') return 0;
    process.stderr.write(`dst-inspector: internal error (please report): ${(e as Error)?.stack ?? String(e)}\n`);
    return 1;
  }
}
