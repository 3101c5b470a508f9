// Layer: main (Node). Attaches utterances from a dialogue file to a corpus.
// Reads the MultiWOZ 2.1 `data.json` layout: {id: {log: [...]}}, where user
// turn t is log[2t] and the system turn before it is log[2t-1]. Ids match
// case-insensitively, with or without ".json".

import { LoadError } from '../../shared/formats/errors';
import { JsonScanner } from '../../shared/formats/json-scanner';
import type { Corpus } from '../../shared/model/corpus';

export interface AttachResult {
  corpus: Corpus;
  /** Dialogues of the corpus that found their text. */
  matched: number;
  warnings: string[];
}

/** The key dialogue ids are matched by: lower case, without ".json". */
export function matchKey(id: string): string {
  return id.toLowerCase().replace(/\.json$/, '');
}

function parse(bytes: Uint8Array, file: string): unknown {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    // Re-scan with the validating scanner for a located message.
    const sc = new JsonScanner(bytes, file);
    sc.skipValue();
    sc.end();
    throw new LoadError(file, 'is not valid JSON');
  }
}

function textOf(entry: unknown): string | undefined {
  if (entry && typeof entry === 'object' && typeof (entry as { text?: unknown }).text === 'string') return (entry as { text: string }).text;
  return undefined;
}

export function attachUtterances(corpus: Corpus, bytes: Uint8Array, file: string, opts: { quiet?: boolean } = {}): AttachResult {
  const root = parse(bytes, file);
  if (!root || typeof root !== 'object' || Array.isArray(root)) {
    throw new LoadError(file, 'expected an object of dialogues with "log" lists (MultiWOZ 2.1 data.json layout)', undefined, '$');
  }
  const logs = new Map<string, unknown[]>();
  for (const [id, d] of Object.entries(root as Record<string, unknown>)) {
    const log = d && typeof d === 'object' ? (d as { log?: unknown }).log : undefined;
    if (Array.isArray(log)) logs.set(matchKey(id), log);
  }
  if (logs.size === 0) throw new LoadError(file, 'no dialogue has a "log" list; expected the MultiWOZ 2.1 data.json layout {id: {log: [...]}}', undefined, '$');

  const system: (string | undefined)[] = corpus.utterances ? [...corpus.utterances.system] : [];
  const user: (string | undefined)[] = corpus.utterances ? [...corpus.utterances.user] : [];
  let matched = 0;
  const missing: string[] = [];
  let shortLogs = 0;
  for (let d = 0; d < corpus.dialogueIds.length; d++) {
    const log = logs.get(matchKey(corpus.dialogueIds[d]));
    if (!log) {
      missing.push(corpus.dialogueIds[d]);
      continue;
    }
    matched++;
    let short = false;
    for (let i = corpus.dialogueStart[d]; i < corpus.dialogueStart[d + 1]; i++) {
      const t = corpus.turnIndex[i];
      user[i] = textOf(log[2 * t]);
      system[i] = t > 0 ? textOf(log[2 * t - 1]) : undefined;
      if (user[i] === undefined) short = true;
    }
    if (short) shortLogs++;
  }
  const warnings: string[] = [];
  if (!opts.quiet) {
    const n = corpus.dialogueIds.length;
    if (matched === 0) throw new LoadError(file, `none of the ${n} dialogue ids of the predictions appears in this file (ids are matched case-insensitively, with or without ".json")`);
    if (missing.length > 0) {
      const some = missing.slice(0, 5).map((s) => JSON.stringify(s)).join(', ');
      warnings.push(`${file}: ${matched} of ${n} dialogues have text; missing: ${some}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}`);
    }
    if (shortLogs > 0) warnings.push(`${file}: ${shortLogs} dialogue(s) have fewer utterances than predicted turns`);
  }
  return { corpus: { ...corpus, utterances: { system, user } }, matched, warnings };
}
