// Layer: main (Node). Entry point of the `dst-inspector` command: dispatches
// subcommands, prints user errors as one line with exit code 2, and keeps
// stack traces for real bugs only. It loads nothing but the command it runs
// (`--help` and `--version` load nothing more): bench/startup.js measures it.

import { AppError } from '../../shared/app-error';
import { APP_VERSION } from '../../shared/version';
import { UsageError } from './usage-error';

const HELP = `DST Inspector ${APP_VERSION}: exact DST metrics, turn by turn.

Usage: dst-inspector <command> [options]

Commands:
  score <predictions.json>   print JGA, SA, AGA, IAGA, F1, RSA, FGA and GCA
  compare <base> <other>…    compare runs: deltas, paired-bootstrap CIs, randomization p-values
  inspect <file>             what was detected: layout, dialogues, turns, slots, warnings
  convert <file> --to jsonl|fga  write the normalised corpus
  analyze <predictions.json> --kind NAME  an analysis: breakdown, position, origin, correlations,
                             traits (breakdowns, turn position with bootstrap bands, error origin, …)
  traits <predictions.json>  TO/NU correlations with FGA and GCA (GCA paper, Zou's CI;
                             = analyze --kind traits)
  figure <predictions.json> --dialogue ID --out FILE  a dialogue as SVG/PDF/PNG for a paper
  serve [<predictions.json>] browser mode: the inspector on http://127.0.0.1 (demo without a file)
  suspects <predictions.json…>  rank places where the gold label is likely wrong
  corrections export|compact|merge|agree  correction diffs; several annotators merged, their agreement
  gold diff <OLD> <NEW>      the corrections that turn one gold into another, as an annotation file
  report <predictions…> --out report.html  one self-contained HTML report (opens offline)
  open LINK                  open a link copied in the inspector (its runs, dialogue, turn, filter, analysis)
  help [command]             show help

Run "dst-inspector <command> --help" for a command's options.
`;

/** A command may return its exit code (3: output written, but some corrections were not applied); default 0. */
export type Command = (argv: string[], write: (s: string) => void) => void | number | Promise<void | number>;

interface CommandModule {
  run: Command;
  help: string;
}

/** Each command is loaded only when it runs, so `score` does not pay for the server's code at start-up. */
const COMMANDS: Record<string, () => Promise<CommandModule>> = {
  score: () => import('./score').then((m) => ({ run: m.scoreCommand, help: m.SCORE_HELP })),
  compare: () => import('./compare').then((m) => ({ run: m.compareCommand, help: m.COMPARE_HELP })),
  inspect: () => import('./inspect').then((m) => ({ run: m.inspectCommand, help: m.INSPECT_HELP })),
  convert: () => import('./convert').then((m) => ({ run: m.convertCommand, help: m.CONVERT_HELP })),
  analyze: () => import('./analyze').then((m) => ({ run: m.analyzeCommand, help: m.ANALYZE_HELP })),
  traits: () => import('./traits').then((m) => ({ run: m.traitsCommand, help: m.TRAITS_HELP })),
  figure: () => import('./figure').then((m) => ({ run: m.figureCommand, help: m.FIGURE_HELP })),
  serve: () => import('./serve').then((m) => ({ run: m.serveCommand, help: m.SERVE_HELP })),
  suspects: () => import('./suspects').then((m) => ({ run: m.suspectsCommand, help: m.SUSPECTS_HELP })),
  corrections: () => import('./corrections').then((m) => ({ run: m.correctionsCommand, help: m.CORRECTIONS_HELP })),
  gold: () => import('./gold').then((m) => ({ run: m.goldCommand, help: m.GOLD_HELP })),
  open: () => import('./open').then((m) => ({ run: m.openCommand, help: m.OPEN_HELP })),
  report: () => import('./report').then((m) => ({ run: m.reportCommand, help: m.REPORT_HELP })),
};

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
      write(rest[0] && COMMANDS[rest[0]] ? (await COMMANDS[rest[0]]()).help : HELP);
      return 0;
    }
    const load = COMMANDS[cmd];
    if (!load) throw new UsageError(`unknown command ${JSON.stringify(cmd)}; commands: ${Object.keys(COMMANDS).join(', ')}`);
    const code = await (await load()).run(rest, write);
    return typeof code === 'number' ? code : 0;
  } catch (e) {
    // Every refusal (bad arguments, bad input, a file that cannot be written…) is one line and exit code 2; a bug is 1.
    if (e instanceof AppError && e.code !== 'internal') {
      process.stderr.write(`dst-inspector: ${e.message}\n`);
      return 2;
    }
    if ((e as NodeJS.ErrnoException)?.code === 'EPIPE') return 0;
    process.stderr.write(`dst-inspector: internal error (please report): ${(e as Error)?.stack ?? String(e)}\n`);
    return 1;
  }
}
