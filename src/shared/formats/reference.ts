// Layer: shared (pure TS). A gold / utterance source: the dialogues of a
// dataset file (MultiWOZ 2.1 data.json, TRADE test_dials.json, MultiWOZ 2.2 or
// SGD dialogue files) reduced to what joining needs — per turn the gold state
// (canonical slot names, values verbatim, alternatives joined with "|") and
// the system and user utterances — plus, from an SGD schema.json, the slots.

export interface RefTurn {
  /** Turn index: the t-th user turn (0-based), as the prediction layouts count. */
  index: number;
  /** Gold state as [canonical slot, value] pairs; undefined if the source has no states. */
  state?: [string, string][];
  /** System utterance before the user's turn. */
  system?: string;
  user?: string;
}

export interface RefDialogue {
  /** The id as the source spells it. */
  id: string;
  /** Sorted by index. */
  turns: RefTurn[];
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
  /** Canonical slot names of an SGD schema.json (gives K for SA). */
  schemaSlots?: string[];
}

/** The key dialogue ids are matched by: trimmed, lower case, without ".json". */
export function dialogueKey(id: string): string {
  return id.trim().toLowerCase().replace(/\.json$/, '');
}

export function emptyReference(format: string, file: string): Reference {
  return { format, files: [file], dialogues: new Map(), hasState: false, hasText: false, warnings: [] };
}

/** Adds a dialogue; a repeated id keeps the first and warns. */
export function addRefDialogue(ref: Reference, d: RefDialogue): void {
  const key = dialogueKey(d.id);
  if (ref.dialogues.has(key)) {
    ref.warnings.push(`dialogue ${JSON.stringify(d.id)} appears twice in ${ref.files.join(', ')}; the first is used`);
    return;
  }
  d.turns.sort((a, b) => a.index - b.index);
  for (const t of d.turns) {
    if (t.state) ref.hasState = true;
    if (t.user !== undefined || t.system !== undefined) ref.hasText = true;
  }
  ref.dialogues.set(key, d);
}

/** Merges sources (a folder of dialogue files, or dialogues plus a schema). */
export function mergeReferences(refs: Reference[]): Reference {
  if (refs.length === 1) return refs[0];
  const formats = [...new Set(refs.map((r) => r.format))];
  const out: Reference = { format: formats.join('+'), files: refs.flatMap((r) => r.files), dialogues: new Map(), hasState: false, hasText: false, warnings: refs.flatMap((r) => r.warnings) };
  for (const r of refs) {
    for (const d of r.dialogues.values()) addRefDialogue(out, d);
    if (r.schemaSlots) out.schemaSlots = [...(out.schemaSlots ?? []), ...r.schemaSlots];
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
