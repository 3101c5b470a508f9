// Layer: shared (pure TS). CSV with JSON cells, one row per turn (issue 18):
// Sun et al. 2024's files (jennycs0830/Confidence_Score_DST run.py, the wandb
// table `report_table` exported as CSV):
//   "id","gt_domain","turn_state","total_state","pair_verbalized","slot_confidence","value_confidence","pair_confidence","pair_minicons"
//   "mul0371-1","train","{""arriveby"": ""16:30""}","{""train"": {""arriveby"": ""16:30""}}","{""arriveby_16:30"": 0.5}",…
// `id` = "<dialogue>-<turn>" with turns counted from 1 (run.py: f"{dialog_id}-{tn}"),
// split at the last "-". The predicted state is `total_state` ({domain: {slot:
// value}}, cumulative); without it, the `turn_state` updates ({slot: value})
// accumulate per dialogue under the row's `gt_domain` (as run.py builds
// total_state). Slot names are MultiWOZ 2.2's (arriveby, bookday, …), made
// canonical. The file carries no gold: give it with --gold.
// Confidence columns: every further column whose cells are JSON objects of
// numbers, keyed "<slot>_<value>" (split at the first "_": slot names have
// none) or by a slot of the row's turn_state (slot_confidence); they score
// the pairs of the turn's update. `value_confidence` is keyed by the value
// alone, so two slots with one value collide (run.py): it is not used, and
// inspect says so. An optional `raw` (or `generation`) column is the model's text.
// Parsed with csv-parse (quoted fields, doubled quotes, embedded newlines; its
// browser build, so the loader runs in the app's pages too), except that a
// plain text (one line end, no stray quote, rows of one length) is split by
// csv-fast.ts, which gives the same records several times faster and hands
// everything else to csv-parse (docs/performance.md); a bad row, or a
// JSON cell that does not parse, is an error naming the row, the column and the line.
// Before all that, csv-read-fast.ts reads the file from its bytes (no decoded
// text, no JSON.parse, repeated states skipped); where it declines, the plain
// path below reads the file (and reports what is wrong); both give the same corpus.

import { parse } from 'csv-parse/browser/esm/sync';
import type { TurnExtra } from '../model/builder';
import { collectTurns, type TurnCollector } from './collect';
import { splitCsvFast } from './csv-fast';
import { csvColumns, readCsvFast } from './csv-read-fast';
import { LoadError } from './errors';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';
import type { Corpus } from '../model/corpus';
import { plural } from '../plural';
import { csvSniffer } from './sniffers';

export const csvLoader: FormatLoader = { ...csvSniffer, load: loadCsv };

interface CsvProblem {
  code?: string;
  lines?: number;
  record?: unknown;
  message: string;
}

export function loadCsv(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  const fast = readCsvFast(bytes, opts.file);
  if (fast) return loaded(fast.header, fast.corpus, fast.warnings, fast.unusedScores, fast.notNumbers);
  return loadCsvPlain(bytes, opts);
}

/** The plain path: the text decoded, split into records (csv-fast.ts or csv-parse), each JSON cell given to JSON.parse. */
export function loadCsvPlain(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  const text = new TextDecoder('utf-8').decode(bytes);
  let rows: string[][];
  try {
    rows = splitCsvFast(text) ?? (parse(text, { bom: true, relax_column_count: false, skip_empty_lines: true }) as string[][]);
  } catch (e) {
    const p = e as CsvProblem;
    const line = typeof p.lines === 'number' ? p.lines : 1;
    throw new LoadError(opts.file, `CSV: ${p.message.replace(/^Invalid [^:]*: /, '')}`, { line, column: 1, offset: 0 });
  }
  if (rows.length === 0) throw new LoadError(opts.file, 'the file is empty');
  const header = rows[0].map((h) => h.trim());
  const { idCol, totalCol, turnCol, domainCol, rawCol, confCols } = csvColumns(header);
  if (idCol < 0)
    throw new LoadError(opts.file, `row 1 (the header): no "id" column (found: ${header.join(', ')})`, { line: 1, column: 1, offset: 0 });
  if (totalCol < 0 && (turnCol < 0 || domainCol < 0))
    throw new LoadError(
      opts.file,
      `row 1 (the header): the predicted state needs a "total_state" column, or "turn_state" and "gt_domain" (found: ${header.join(', ')})`,
      { line: 1, column: 1, offset: 0 },
    );

  // A row's first line (error path only): one line per row before it plus the newlines inside its fields
  // (csv-parse's info.lines counts the CR and the LF of a CRLF inside a quoted field as two lines).
  const lineOf = (r: number) => {
    let line = 1;
    for (let k = 0; k < r; k++) {
      line++;
      for (const f of rows[k]) for (let i = f.indexOf('\n'); i >= 0; i = f.indexOf('\n', i + 1)) line++;
    }
    return line;
  };
  const where = (r: number, c: number, problem: string) =>
    new LoadError(opts.file, `row ${r + 1}, column ${c + 1} ("${header[c]}"): ${problem}`, { line: lineOf(r), column: 1, offset: 0 });
  const json = (r: number, c: number): unknown => {
    const cell = rows[r][c];
    try {
      return JSON.parse(cell);
    } catch (e) {
      throw where(r, c, `the cell is not JSON (${(e as Error).message})${cell.length > 60 ? '' : `: ${JSON.stringify(cell)}`}`);
    }
  };
  const object = (r: number, c: number, what: string): Record<string, unknown> => {
    const v = json(r, c);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw where(r, c, `expected ${what}`);
    return v as Record<string, unknown>;
  };
  const str = (r: number, c: number, v: unknown, what: string): string => {
    if (typeof v !== 'string') throw where(r, c, `expected ${what}, found ${JSON.stringify(v)}`);
    return v;
  };

  let unusedScores = 0;
  let notNumbers = 0;
  const { corpus, warnings } = collectTurns(bytes, opts.file, (tc: TurnCollector) => {
    unusedScores = notNumbers = 0;
    const confIndex = confCols.map(([h]) => tc.builder.confidenceColumn(h));
    let lastDialogue: string | undefined;
    let state = new Map<number, number>();
    for (let r = 1; r < rows.length; r++) {
      const rec = rows[r];
      const id = rec[idCol].trim();
      const dash = id.lastIndexOf('-');
      const tn = dash > 0 ? Number(id.slice(dash + 1)) : NaN;
      if (!Number.isInteger(tn) || tn < 1)
        throw where(
          r,
          idCol,
          `expected "<dialogue>-<turn>" with the turn counted from 1 (as run.py writes it), found ${JSON.stringify(id)}`,
        );
      const dialogue = id.slice(0, dash);
      const domain = domainCol >= 0 ? rec[domainCol].trim() : '';
      if (dialogue !== lastDialogue) state = new Map();
      lastDialogue = dialogue;
      // The turn's update (its pairs are what the confidences score).
      const update: [string, number, number][] = [];
      if (turnCol >= 0 && domain !== '') {
        for (const [slot, v] of Object.entries(object(r, turnCol, 'an object {slot: value}')))
          update.push([slot, tc.slot(domain, slot), tc.value(str(r, turnCol, v, `a string value for ${JSON.stringify(slot)}`))]);
      }
      const pred: number[] = [];
      if (totalCol >= 0) {
        for (const [d, slots] of Object.entries(object(r, totalCol, 'an object {domain: {slot: value}}'))) {
          if (typeof slots !== 'object' || slots === null || Array.isArray(slots))
            throw where(r, totalCol, `expected an object {slot: value} for the domain ${JSON.stringify(d)}`);
          for (const [slot, v] of Object.entries(slots as Record<string, unknown>))
            pred.push(tc.slot(d, slot), tc.value(str(r, totalCol, v, `a string value for ${JSON.stringify(`${d}-${slot}`)}`)));
        }
      } else {
        for (const [, s, v] of update) state.set(s, v);
        for (const [s, v] of state) pred.push(s, v);
      }
      const extra: TurnExtra = {};
      if (rawCol >= 0) extra.raw = rec[rawCol];
      if (confCols.length > 0 && update.length > 0) {
        const entries = new Map<number, { slot: number; value: number; scores: (number | undefined)[] }>();
        confCols.forEach(([, c], k) => {
          const cell = rec[c].trim();
          if (cell === '') return;
          const o = object(r, c, 'an object of confidence scores {"<slot>_<value>": number}');
          for (const [key, score] of Object.entries(o)) {
            if (typeof score !== 'number') {
              notNumbers++;
              continue;
            }
            const u =
              update.find(([slot]) => slot === key) ?? update.find(([slot]) => key.startsWith(`${slot}_`) && key.length > slot.length + 1);
            if (!u || (u[0] !== key && tc.value(key.slice(u[0].length + 1)) !== u[2])) {
              unusedScores++;
              continue;
            }
            let e = entries.get(u[1]);
            if (!e) entries.set(u[1], (e = { slot: u[1], value: u[2], scores: [] }));
            e.scores[confIndex[k]] = score;
          }
        });
        if (entries.size > 0) extra.confidence = [...entries.values()];
      }
      tc.turn(dialogue, tn - 1, [], pred, 0, undefined, extra);
    }
  });
  return loaded(header, corpus, warnings, unusedScores, notNumbers);
}

/** The loader's result with its notes (what was read, what was left out): the same from either path. */
function loaded(header: string[], corpus: Corpus, warnings: string[], unusedScores: number, notNumbers: number): LoadedCorpus {
  const { totalCol, confCols } = csvColumns(header);
  const notes = [
    `CSV rows read as turns (id "<dialogue>-<turn from 1>"); predicted state from ${totalCol >= 0 ? '"total_state"' : 'the "turn_state" updates under "gt_domain"'}; confidence columns: ${confCols.length > 0 ? confCols.map(([h]) => h).join(', ') : 'none'}${header.includes('value_confidence') ? '; "value_confidence" is keyed by the value alone (two slots with one value collide) and is not used' : ''}`,
  ];
  if (unusedScores > 0)
    notes.push(
      `${plural(unusedScores, 'confidence score')} named no pair of ${unusedScores === 1 ? 'its' : 'their'} row's turn_state and ${unusedScores === 1 ? 'was' : 'were'} left out`,
    );
  if (notNumbers > 0)
    notes.push(
      `${plural(notNumbers, 'confidence entry', 'confidence entries')} held no number and ${notNumbers === 1 ? 'was' : 'were'} left out`,
    );
  return { corpus, format: csvLoader.id, warnings: [...notes, ...warnings], needsGold: 'CSV rows carry no gold states' };
}
