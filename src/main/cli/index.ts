// Layer: main (Node). Built to out/main/cli.cjs (CommonJS: electron.vite.cli.config.ts); bin/dst-inspector.js runs it.
import { runCli } from './main';

process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
});

runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
