// Layer: main (Node). `dst-inspector convert <file> --to jsonl|fga`: writes the
// normalised corpus (canonical slot names, value options applied, gold joined)
// so users can archive one canonical file. Re-loading the output scores
// identically.

import { writeFga } from '../../shared/formats/write-fga';
import { writeJsonl } from '../../shared/formats/write-jsonl';
import { loadSource } from '../services/load-pipeline';
import { EXIT_CORRECTIONS_SKIPPED } from './runs';
import { maxBytesFromFlags, SOURCE_FLAGS, SOURCE_HELP, sourceFromFlags } from './source-flags';
import { oneOf, parseCommand, UsageError, writeOutAsync } from './usage';

export const CONVERT_HELP = `Usage: dst-inspector convert <predictions file> --to jsonl|fga [--out FILE] [options]

Writes the normalised corpus: JSON Lines with one turn per line
({"dialogue_id", "turn", "gold", "pred"}, plus "system"/"user" when utterances
are known), or the FGA/GCA per-turn JSON layout. Slot names are canonical;
values are verbatim unless --values is given. With --corrections FILE, the
gold written is the corrected gold.

Options:
  --to FORMAT           jsonl | fga (required)
  --out FILE            write to FILE (atomically) instead of stdout
${SOURCE_HELP}  -h, --help            this help
`;

export async function convertCommand(argv: string[], write: (s: string) => void): Promise<number | void> {
  const { values, positionals } = parseCommand('convert', argv, {
    ...SOURCE_FLAGS,
    to: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    write(CONVERT_HELP);
    return;
  }
  if (positionals.length !== 1) throw new UsageError(`convert: give exactly one prediction file\n\n${CONVERT_HELP}`);
  if (!values.to) throw new UsageError('convert: --to jsonl|fga is required');
  const to = oneOf('--to', values.to, ['jsonl', 'fga'] as const);
  const { loaded, corrections } = await loadSource(await sourceFromFlags(values, [positionals[0]]), {
    maxBytes: maxBytesFromFlags(values),
    analyse: false,
  });
  for (const n of corrections?.notes ?? []) process.stderr.write(`dst-inspector: note: ${n}\n`);
  const chunks = to === 'jsonl' ? writeJsonl(loaded.corpus) : writeFga(loaded.corpus);
  if (values.out) await writeOutAsync(values.out, chunks);
  else for (const c of chunks) write(c);
  return corrections?.notes.length ? EXIT_CORRECTIONS_SKIPPED : 0;
}
