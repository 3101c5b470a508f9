// Layer: main (Node). `dst-inspector gold diff OLD NEW [--out FILE]`: the
// corrections that turn one gold into another (MultiWOZ 2.1 → 2.4, a gold
// before and after hand fixes), written as an annotation file that
// `score --corrections` applies, so that OLD with the diff scores as NEW.
// The diff itself is src/shared/annotations/gold-diff.ts; golds are read by
// src/main/services/read-gold.ts; the file is written atomically.

import { lstatSync, statSync, type Stats } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { diffGolds, type GoldDiffIssue, type GoldDiffResult } from '../../shared/annotations/gold-diff';
import { CATEGORIES, headerLine, recordLine } from '../../shared/annotations/record';
import { plural } from '../../shared/plural';
import { layoutNames } from '../../shared/formats/detect';
import { readDialogueKeys, readGold, type GoldRead } from '../services/read-gold';
import { maxBytesFromFlags } from './source-flags';
import { parseCommand, UsageError, writeOutAsync } from './usage';

/** Exit code: the file is written, but dialogues or turns present in only one gold were left out. */
export const EXIT_GOLD_DIFF_INCOMPLETE = 3;

export const DEFAULT_ANNOTATOR = 'gold-diff';

export const GOLD_HELP = `Usage: dst-inspector gold diff <OLD> <NEW> [--out FILE] [options]

diff: the corrections that turn the gold of OLD into the gold of NEW, as an
annotation file (JSON Lines: a header naming both golds, one confirmed record
per change) that score --corrections applies, so that scoring OLD with it
equals scoring NEW — every state the same. OLD and NEW are any gold the tool
reads, each in its own layout: MultiWOZ 2.1 data.json, TRADE test_dials.json,
MultiWOZ 2.2 / SGD dialogues (a file or a folder), or a prediction file with
its gold (FGA/GCA "gt", JSON Lines, TRADE, SOM-DST, TripPy, ConvLab-3, IC-DST).
Dialogues match by id (case-insensitive, with or without .json), turns by
index. A change that NEW keeps until OLD's value changes is one "onward"
record; one that does not persist is a "turn" record. Each record's category
is a guess: missing-slot, extra-slot, wrong-value, early-or-late (OLD makes
the change one turn later or earlier), normalisation ("none" against absent,
or case / spacing / punctuation only).

Options:
  --out FILE            write the annotation file to FILE (atomically) instead of
                        stdout; a symbolic link, folder or pipe there is refused
  --annotator NAME      the records' author ("by"; default ${DEFAULT_ANNOTATOR})
  --within FILE         diff only the dialogues of FILE: a prediction file (any
                        layout), a dialogue file, or one dialogue id per line
                        (MultiWOZ's testListFile.txt); the rest is left out
                        silently (so scoring a test-set run finds every record)
  --layout NAME         prediction layout of both files, skipping detection
                        (${layoutNames().join(', ')})
  --max-size BYTES      refuse larger files (default 2 GiB; at most 4 GiB)
  -h, --help            this help

A summary goes to stderr. Dialogues or turns in only one of the golds cannot
be made by corrections: they are left out, listed on stderr, and the exit
code is 3.

Exit codes: 0 written, and OLD with the diff is NEW; 2 bad input or usage;
3 written, but dialogues or turns in only one gold were left out.
`;

function fileKind(st: Stats): string | null {
  if (st.isFile()) return null;
  if (st.isSymbolicLink())
    return 'is a symbolic link; gold diff neither writes through a link nor replaces it (give the path of the file itself)';
  if (st.isDirectory()) return 'is a directory';
  if (st.isFIFO()) return 'is a named pipe (FIFO), not a regular file';
  if (st.isSocket()) return 'is a socket, not a regular file';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'is a device, not a regular file';
  return 'is not a regular file';
}

/** Refuses an --out that is not a regular file (a link included), or is one of the golds. */
function checkOut(out: string, inputs: readonly string[]): void {
  let st: Stats;
  try {
    st = lstatSync(out);
  } catch {
    return; // a new file (a missing folder is reported by the write)
  }
  const kind = fileKind(st);
  if (kind) throw new UsageError(`--out ${out}: ${kind}; nothing was written`);
  for (const p of inputs) {
    try {
      const s = statSync(p);
      if (s.dev === st.dev && s.ino === st.ino)
        throw new UsageError(`--out ${out}: is the gold ${p} itself; write the diff to another file`);
    } catch (e) {
      if (e instanceof UsageError) throw e;
    }
  }
}

function note(text: string): void {
  process.stderr.write(`dst-inspector: note: ${text}\n`);
}

function some(xs: readonly string[], max = 5): string {
  const shown = xs.slice(0, max).join(', ');
  return xs.length > max ? `${shown} and ${xs.length - max} more` : shown;
}

/** The issues on stderr: dialogues and turns in one gold only grouped by kind, the rest one line each (at most 10). */
function reportIssues(issues: readonly GoldDiffIssue[]): void {
  const of = (k: GoldDiffIssue['kind']) => issues.filter((i) => i.kind === k);
  const ids = (xs: GoldDiffIssue[]) => xs.map((i) => JSON.stringify(i.dialogue));
  const turns = (xs: GoldDiffIssue[]) =>
    xs.map((i) => `${JSON.stringify(i.dialogue)} turn${i.turns!.length > 1 ? 's' : ''} ${some(i.turns!.map(String), 3)}`);
  const oldOnly = of('dialogue-only-in-old');
  const newOnly = of('dialogue-only-in-new');
  const tOld = of('turns-only-in-old');
  const tNew = of('turns-only-in-new');
  if (oldOnly.length)
    note(`${plural(oldOnly.length, 'dialogue')} only in OLD, left out (corrections cannot remove a dialogue): ${some(ids(oldOnly))}`);
  if (newOnly.length)
    note(`${plural(newOnly.length, 'dialogue')} only in NEW, left out (corrections cannot add a dialogue): ${some(ids(newOnly))}`);
  if (tOld.length)
    note(`${plural(tOld.length, 'dialogue has', 'dialogues have')} turns only in OLD, left as OLD has them: ${some(turns(tOld), 3)}`);
  if (tNew.length)
    note(
      `${plural(tNew.length, 'dialogue has', 'dialogues have')} turns only in NEW, left out (corrections cannot add a turn): ${some(turns(tNew), 3)}`,
    );
  const rest = issues.filter((i) => i.kind === 'same-key' || i.kind === 'unwritable');
  for (const i of rest.slice(0, 10)) note(i.message);
  if (rest.length > 10) note(`… and ${rest.length - 10} more like these`);
}

function summary(r: GoldDiffResult, oldG: GoldRead, newG: GoldRead): string {
  const s = r.stats;
  const cats = CATEGORIES.filter((c) => s.categories[c] > 0).map((c) => `${s.categories[c]} ${c}`);
  return (
    `gold diff ${oldG.path} (${oldG.layout}) → ${newG.path} (${newG.layout}): ` +
    `${plural(s.records, 'correction')} (${s.onward} onward, ${s.records - s.onward} turn) in ${s.dialoguesChanged} of ${plural(s.dialogues, 'dialogue')}` +
    `${s.outside ? ` (${plural(s.outside, 'dialogue')} outside --within left out)` : ''}, ` +
    `${plural(s.places, 'slot change')} in ${plural(s.turnsChanged, 'turn')}${cats.length ? `: ${cats.join(', ')}` : ''}`
  );
}

export async function goldCommand(argv: string[], write: (s: string) => void): Promise<number | void> {
  const { values, positionals } = parseCommand('gold', argv, {
    out: { type: 'string' },
    annotator: { type: 'string' },
    within: { type: 'string' },
    layout: { type: 'string' },
    'max-size': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    write(GOLD_HELP);
    return;
  }
  const [action, oldPath, newPath, ...more] = positionals;
  if (action !== 'diff')
    throw new UsageError(
      `gold: ${action === undefined ? 'no action given' : `unknown action ${JSON.stringify(action)}`}; use "gold diff OLD NEW"\n\n${GOLD_HELP}`,
    );
  if (!oldPath || !newPath || more.length)
    throw new UsageError(`gold diff: give two golds, OLD and NEW (${positionals.length - 1} given)\n\n${GOLD_HELP}`);
  const by = values.annotator ?? DEFAULT_ANNOTATOR;
  if (by.trim() === '' || by.length > 200) throw new UsageError('--annotator: give a name of 1 to 200 characters');
  const out = values.out;
  if (out !== undefined) checkOut(out, [oldPath, newPath]);
  const maxBytes = maxBytesFromFlags(values);
  const oldG = await readGold(oldPath, { layout: values.layout, maxBytes });
  const newG = await readGold(newPath, { layout: values.layout, maxBytes });
  for (const g of [oldG, newG]) for (const w of g.warnings) note(w.startsWith(g.path) ? w : `${g.path}: ${w}`);
  const within = values.within !== undefined ? await readDialogueKeys(values.within, { maxBytes }) : undefined;
  const at = new Date().toISOString();
  const r = diffGolds(oldG.corpus, newG.corpus, { by, at, within });
  // Paths in the header are relative to the annotation file's folder (they travel together), or to here for stdout.
  const base = out !== undefined ? dirname(resolve(out)) : process.cwd();
  const rel = (p: string) => relative(base, resolve(p)) || '.';
  const extra: Record<string, unknown> = {
    goldDiff: {
      old: rel(oldPath),
      new: rel(newPath),
      oldLayout: oldG.layout,
      newLayout: newG.layout,
      ...(values.within !== undefined ? { within: rel(values.within) } : {}),
    },
  };
  // A prediction file's gold can be found again by `corrections export` (a dataset gold needs predictions to load).
  if (oldG.kind === 'predictions')
    extra.source = { kind: 'files', predictions: [rel(oldPath)], ...(values.layout ? { layout: values.layout } : {}) };
  const chunks = function* (): Generator<string> {
    yield headerLine(rel(oldPath), at, extra) + '\n';
    let buf = '';
    for (const rec of r.records) {
      buf += recordLine(rec) + '\n';
      if (buf.length > 1 << 16) {
        yield buf;
        buf = '';
      }
    }
    if (buf) yield buf;
  };
  if (out !== undefined) await writeOutAsync(out, chunks());
  else for (const c of chunks()) write(c);
  reportIssues(r.issues);
  if (r.newSlots.length)
    note(
      `NEW has ${plural(r.newSlots.length, 'slot')} OLD never has (${some(r.newSlots.map((x) => JSON.stringify(x)))}): score --corrections applies their records only when the predictions or the schema (--schema) name the slot`,
    );
  process.stderr.write(`dst-inspector: ${summary(r, oldG, newG)}\n`);
  return r.issues.length ? EXIT_GOLD_DIFF_INCOMPLETE : 0;
}
