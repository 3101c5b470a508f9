// What the bench runners share besides their harness build (harness.js): the
// options parser (every runner takes `--runs N`, most `--sizes a,b`, and
// prints its usage line for -h), the cached synthetic corpora of .bench/ (one
// file per size, written once by generate.js), and the load average line
// they print beside their numbers.
import { existsSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateFile } from './generate.js';

const WORK = join(dirname(fileURLToPath(import.meta.url)), '..', '.bench');

/** Bump when the generator's output changes, so the cached corpora are rewritten. */
export const GENERATOR_VERSION = 2;

/**
 * A runner's options. `flags` maps an option to [key, kind]: 'list' (comma-separated),
 * 'count' (a number, at least 1), 'count0' (at least 0), or a constant (a switch sets key to it).
 * -h/--help prints `usage` and exits; an unknown option throws `${prefix}: unknown option X`.
 */
export function parseBenchArgs(argv, defaults, flags, usage, prefix = 'bench') {
  const opts = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const flag = flags[a];
    if (flag) {
      const [key, kind] = flag;
      if (kind === 'list') opts[key] = argv[++i].split(',');
      else if (kind === 'count') opts[key] = Math.max(1, Number(argv[++i]));
      else if (kind === 'count0') opts[key] = Math.max(0, Number(argv[++i]));
      else opts[key] = kind;
    } else if (a === '-h' || a === '--help') {
      process.stdout.write(`Usage: ${usage}\n`);
      process.exit(0);
    } else throw new Error(`${prefix}: unknown option ${a}`);
  }
  return opts;
}

/** The cached corpus of `turns` turns (seed = turns) in .bench/, written first when missing; its path. */
export function cachedCorpus(turns) {
  const file = join(WORK, `fga-${turns}-s${turns}-v${GENERATOR_VERSION}.json`);
  if (!existsSync(file)) {
    mkdirSync(WORK, { recursive: true });
    process.stderr.write(`bench: writing ${file}…\n`);
    generateFile(file, turns, turns);
  }
  return file;
}

/** "1.23, 1.45, 1.67": the 1, 5 and 15 minute load averages. */
export function loadAverage() {
  return loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
}
