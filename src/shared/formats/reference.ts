// Layer: shared (pure TS). A gold / utterance source: the dialogues of a
// dataset file (MultiWOZ 2.1 data.json, TRADE test_dials.json, MultiWOZ 2.2 or
// SGD dialogue files) reduced to what joining needs — per turn the gold state
// (canonical slot names, values verbatim, alternatives joined with "|") and
// the system and user utterances — plus, from an SGD schema.json, the slots.

import { LoadError, locate, pathPush } from './errors';
import { offsetOfPath } from './json-walk';
import { Locator } from './state-policy';

export interface RefTurn {
  /** Turn index: the t-th user turn (0-based), as the prediction layouts count. */
  index: number;
  /** Gold state as [canonical slot, value] pairs; undefined if the source has no states. */
  state?: [string, string][];
  /** System utterance before the user's turn. */
  system?: string;
  user?: string;
  /** Position of the turn's entry in the dialogue's list of turns (RefPlace.turnsKey), for messages. */
  pos?: number;
  /** Slots of `state` carried over from an earlier turn (SGD / MultiWOZ 2.2: their service has no frame in this turn). */
  carried?: string[];
}

/** Where a dialogue is in its source file, for messages (kept per dialogue; located only when an error is reported). */
export interface RefPlace {
  file: string;
  /** Byte offset of the dialogue (the list element, or the member's key). */
  at: number;
  /** JSON path of the dialogue. */
  path: string;
  /** The key of its list of turns ("dialogue", "turns", "log"). */
  turnsKey: string;
}

export interface RefDialogue {
  /** The id as the source spells it. */
  id: string;
  /** Sorted by index. */
  turns: RefTurn[];
  place?: RefPlace;
}

export interface Reference {
  /** Source layout id, e.g. "multiwoz21". */
  format: string;
  files: string[];
  /** Keyed by dialogueKey(id). */
  dialogues: Map<string, RefDialogue>;
  /** Some turn has a gold state. */
  hasState: boolean;
  /** Some turn has an utterance. */
  hasText: boolean;
  warnings: string[];
  /** Gold values given as lists of two or more acceptable values, by their joined string (see Corpus.valueLists). */
  valueLists?: Map<string, string[]>;
  /** Canonical slot names of an SGD schema.json (gives K for SA). */
  schemaSlots?: string[];
  /**
   * Error path only: the bytes of one of the source's files, to give a place
   * in it as line:column (loadReference keeps the bytes it read; readReference
   * reads the file again, so a cached source does not hold them).
   */
  bytesOf?: (file: string) => Uint8Array | undefined;
}

/** The key dialogue ids are matched by: trimmed, lower case, without ".json". */
export function dialogueKey(id: string): string {
  return id
    .trim()
    .toLowerCase()
    .replace(/\.json$/, '');
}

export function emptyReference(format: string, file: string): Reference {
  return { format, files: [file], dialogues: new Map(), hasState: false, hasText: false, warnings: [] };
}

/**
 * Adds a dialogue; a repeated id keeps the first and warns. A turn index the
 * dialogue has twice is an error (the loaders whose turns carry an index
 * report it first, located: see repeatedRefTurn); never one turn silently
 * winning.
 */
export function addRefDialogue(ref: Reference, d: RefDialogue): void {
  const key = dialogueKey(d.id);
  if (ref.dialogues.has(key)) {
    ref.warnings.push(`dialogue ${JSON.stringify(d.id)} appears twice in ${ref.files.join(', ')}; the first is used`);
    return;
  }
  d.turns.sort((a, b) => a.index - b.index);
  let last = -1;
  for (const t of d.turns) {
    if (t.index === last)
      throw new LoadError(
        d.place?.file ?? ref.files.join(', '),
        `turn ${t.index} appears twice in dialogue ${JSON.stringify(d.id)}; a dialogue has each turn once`,
        undefined,
        d.place?.path,
      );
    last = t.index;
    if (t.state) ref.hasState = true;
    if (t.user !== undefined || t.system !== undefined) ref.hasText = true;
  }
  ref.dialogues.set(key, d);
}

/**
 * Error path of a loader whose turns carry their index (TRADE's "turn_idx"):
 * called when the indices of one dialogue are not strictly increasing in file
 * order, it throws at the first turn (in file order) whose index an earlier
 * turn had — its line:column and JSON path — naming the first one's place
 * (and both spellings when they differ, 1 and "1"). Returns if no index repeats.
 * `raw(k)` is the k-th turn's index as written in the file.
 */
export function repeatedRefTurn(
  bytes: Uint8Array,
  place: RefPlace,
  id: string,
  turns: readonly RefTurn[],
  raw: (k: number) => unknown,
): void {
  const seen = new Map<number, number>();
  for (let k = 0; k < turns.length; k++) {
    const first = seen.get(turns[k].index);
    if (first === undefined) {
      seen.set(turns[k].index, k);
      continue;
    }
    const turnPath = (j: number) => pathPush(pathPush(place.path, place.turnsKey), j);
    const offset = (j: number) => {
      const at = offsetOfPath(bytes, place.at, [place.turnsKey, j]);
      return at < 0 ? place.at : at;
    };
    const loc = new Locator(bytes, place.file);
    const firstPlace = `${loc.where(offset(first))} ${turnPath(first)}`;
    const [a, b] = [JSON.stringify(raw(first)), JSON.stringify(raw(k))];
    const index = turns[k].index;
    const problem =
      a === b
        ? `turn ${index} appears twice in dialogue ${JSON.stringify(id)} (first at ${firstPlace}); a dialogue has each turn once`
        : `turn ${index} appears twice in dialogue ${JSON.stringify(id)}, as ${a} (first at ${firstPlace}) and as ${b}; a dialogue has each turn once`;
    throw loc.error({ path: turnPath(k), at: offset(k) }, problem);
  }
}

/** Error path only: a LoadError at a dialogue of the source (and one of its turns), located when the source's bytes are at hand. */
export function refError(ref: Reference, d: RefDialogue, turn: RefTurn | undefined, problem: string): LoadError {
  const place = d.place;
  if (!place)
    return new LoadError(
      ref.files.length <= 3 ? ref.files.join(', ') : `${ref.files.slice(0, 3).join(', ')} and ${ref.files.length - 3} more`,
      problem,
    );
  const steps = turn?.pos === undefined ? [] : [place.turnsKey, turn.pos];
  const path = steps.length > 0 ? pathPush(pathPush(place.path, place.turnsKey), turn!.pos!) : place.path;
  let bytes: Uint8Array | undefined;
  try {
    bytes = ref.bytesOf?.(place.file);
  } catch {
    bytes = undefined;
  }
  if (!bytes || place.at >= bytes.length) return new LoadError(place.file, problem, undefined, path);
  const at = offsetOfPath(bytes, place.at, steps);
  return new LoadError(place.file, problem, locate(bytes, at < 0 ? place.at : at), path);
}

/** Merges sources (a folder of dialogue files, or dialogues plus a schema). */
export function mergeReferences(refs: Reference[]): Reference {
  if (refs.length === 1) return refs[0];
  const formats = [...new Set(refs.map((r) => r.format))];
  const out: Reference = {
    format: formats.join('+'),
    files: refs.flatMap((r) => r.files),
    dialogues: new Map(),
    hasState: false,
    hasText: false,
    warnings: refs.flatMap((r) => r.warnings),
    bytesOf: (file) => refs.find((r) => r.files.includes(file))?.bytesOf?.(file),
  };
  for (const r of refs) {
    for (const d of r.dialogues.values()) addRefDialogue(out, d);
    if (r.schemaSlots) out.schemaSlots = [...(out.schemaSlots ?? []), ...r.schemaSlots];
    if (r.valueLists) {
      out.valueLists ??= new Map(); // a list-valued source: values outside the map are single values
      for (const [k, v] of r.valueLists) out.valueLists.set(k, v);
    }
  }
  return out;
}

export interface ReferenceLoadOptions {
  file: string;
  /** Only these dialogue keys are kept (others are skipped unparsed), when given. */
  wanted?: ReadonlySet<string>;
}

/** One gold / utterance source layout. */
export interface ReferenceLoader {
  readonly id: string;
  readonly label: string;
  sniff(head: string): 'yes' | 'no' | { near: string };
  load(bytes: Uint8Array, opts: ReferenceLoadOptions): Reference;
}
