// Layer: shared (pure TS). The playground's engine path: the text of one
// dialogue in the FGA/GCA per-turn layout ({"0": {"gt": …, "pr": …}, …}) is
// wrapped as a one-dialogue file and read by the same FGA loader the CLI uses
// (loadCorpus, layout "fga"), then scored with dialogueDetail. A LoadError is
// mapped back to the editor's own coordinates (line, UTF-16 column, the JSON
// path without the wrapper's dialogue key), so it can be drawn as a marker.

import { findNodeAtLocation, findNodeAtOffset, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { DialogueDetail, TurnText } from '../calls/inspect';
import { LoadError } from '../formats/errors';
import { loadCorpus } from '../formats/detect';
import type { MetricConfig } from '../metrics/config';
import { dialogueDetail } from '../metrics/evaluate';
import { makeSignature } from '../metrics/signature';
import { domainOf } from '../model/corpus';
import { parseJsonPath } from './json-path';
import { unknownSlotNotes } from './suggest';
import { positionAt } from './text-position';

export { positionAt };

/** A place in the editor's text: 1-based lines, 1-based columns in UTF-16 code units (Monaco's). */
export interface TextRange {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

export interface PlaygroundDiagnostic extends TextRange {
  message: string;
  /** The JSON path inside the editor's text (`$["3"].pr.hotel.name`), when the loader gave one. */
  path?: string;
}

export interface PlaygroundResult {
  detail: DialogueDetail;
  /** What the loader noted without refusing the text (turns out of order, no turns). */
  warnings: string[];
  /** Warnings with a place: slot names of MultiWOZ's domains that are not MultiWOZ slots. */
  notes: PlaygroundDiagnostic[];
}

export type PlaygroundOutcome = { ok: true; result: PlaygroundResult } | { ok: false; diagnostic: PlaygroundDiagnostic };

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });

/** The wrapper around the editor's text: `{"<id>":` on its own line before it, `}` after it. */
function wrapperPrefix(id: string): string {
  return `{${JSON.stringify(id)}:\n`;
}

/**
 * Reads and scores one dialogue written as the editor holds it. Never throws
 * for bad text: the loader's error comes back as a diagnostic at its place.
 */
export function evaluatePlayground(text: string, id: string, config: MetricConfig): PlaygroundOutcome {
  const after = textAfterValue(text);
  if (after !== null)
    return {
      ok: false,
      diagnostic: {
        ...pointRange(text, after),
        message:
          'text after the dialogue: the editor holds one dialogue, one object {"0": {"gt": …, "pr": …}, …}; remove what follows its closing }',
      },
    };
  const prefix = encoder.encode(wrapperPrefix(id));
  const body = encoder.encode(text);
  const bytes = new Uint8Array(prefix.length + body.length + 2);
  bytes.set(prefix, 0);
  bytes.set(body, prefix.length);
  bytes[bytes.length - 2] = 0x0a;
  bytes[bytes.length - 1] = 0x7d; // '}'
  try {
    const loaded = loadCorpus(bytes, { file: id, layout: 'fga' });
    const corpus = loaded.corpus;
    if (corpus.dialogueIds.length !== 1) throw new Error(`expected one dialogue, read ${corpus.dialogueIds.length}`);
    const domains = new Set<string>();
    for (const s of corpus.slots.names) domains.add(domainOf(s));
    const detail: DialogueDetail = {
      ...dialogueDetail(corpus, 0, config),
      position: 0,
      signature: makeSignature(config),
      domains: [...domains].sort(),
    };
    const utterances = utterancesOf(text, Array.from(corpus.turnIndex));
    if (utterances) detail.utterances = utterances;
    return {
      ok: true,
      result: { detail, warnings: loaded.warnings.map(playgroundWarning), notes: unknownSlotNotes(text, corpus.slots.names) },
    };
  } catch (e) {
    if (e instanceof LoadError) return { ok: false, diagnostic: diagnosticOf(e, text, body, prefix.length, id) };
    return {
      ok: false,
      diagnostic: { ...pointRange(text, 0), message: `internal error (please report): ${e instanceof Error ? e.message : String(e)}` },
    };
  }
}

/**
 * Where text follows the first complete JSON value (e.g. `{…}, "other": {…}`,
 * which the wrapper would read as a second dialogue), or null. Other syntax
 * errors are left to the loader, which says where they are.
 */
function textAfterValue(text: string): number | null {
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  return first && printParseErrorCode(first.error) === 'EndOfFileExpected' ? first.offset : null;
}

/** A loader warning about the wrapped file, said about the editor's text. */
function playgroundWarning(w: string): string {
  if (w.startsWith('turns of ')) return 'turns are written out of order: they are read sorted by turn index, as the CLI reads them';
  if (w.endsWith('has no turns')) return 'the dialogue has no turns';
  return w;
}

/** evaluatePlayground, with the milliseconds it took (load + score): what the playground shows and the e2e test bounds. */
export function evaluatePlaygroundTimed(text: string, id: string, config: MetricConfig): { outcome: PlaygroundOutcome; ms: number } {
  const t0 = performance.now();
  const outcome = evaluatePlayground(text, id, config);
  return { outcome, ms: performance.now() - t0 };
}

/**
 * The utterances written in the turn objects (`"system"`, `"user"`: extra keys
 * the loader skips, kept by "Open in playground" from a run with text), in
 * turn order; undefined when there are none.
 */
function utterancesOf(text: string, turnIndex: number[]): TurnText[] | undefined {
  if (!text.includes('"user"') && !text.includes('"system"')) return undefined;
  let obj: unknown;
  try {
    obj = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!obj || typeof obj !== 'object') return undefined;
  const byIndex = new Map<number, Record<string, unknown>>();
  for (const [k, v] of Object.entries(obj as Record<string, unknown>))
    if (v && typeof v === 'object') byIndex.set(Number(k), v as Record<string, unknown>);
  let any = false;
  const out = turnIndex.map((t) => {
    const turn = byIndex.get(t);
    const r: TurnText = {};
    if (typeof turn?.system === 'string') r.system = turn.system;
    if (typeof turn?.user === 'string') r.user = turn.user;
    if (r.system !== undefined || r.user !== undefined) any = true;
    return r;
  });
  return any ? out : undefined;
}

/** The loader's error in the editor's coordinates, naming the path inside the editor's text. */
export function diagnosticOf(e: LoadError, text: string, body: Uint8Array, prefixBytes: number, id: string): PlaygroundDiagnostic {
  const path = e.jsonPath ? innerPath(e.jsonPath, id) : undefined;
  // A place named inside the problem (the other spelling of a slot, say) is in the wrapped file: say it in the editor's lines and paths.
  const problem = e.problem.replace(
    /\bat (\d+):(\d+) (\$[^\s)]*)/g,
    (_m, l: string, c: string, p: string) => `at ${Number(l) - 1}:${c} ${innerPath(p, id)}`,
  );
  const message = path && path !== '$' ? `${problem} (at ${path})` : problem;
  let offset: number | null = null;
  if (e.location) {
    const inBody = Math.min(Math.max(e.location.offset - prefixBytes, 0), body.length);
    offset = decoder.decode(body.subarray(0, inBody)).length;
  } else if (path) {
    const tree = parseTree(text);
    const node = tree ? findNodeAtLocation(tree, parseJsonPath(path)) : undefined;
    if (node) offset = node.parent?.type === 'property' ? node.parent.offset : node.offset;
  }
  const range = offset === null ? pointRange(text, 0) : tokenRange(text, offset);
  return { ...range, message, ...(path ? { path } : {}) };
}

/** `$["<id>"]["3"].pr` → `$["3"].pr` (the path inside the editor's text). */
export function innerPath(path: string, id: string): string {
  const lead = `$[${JSON.stringify(id)}]`;
  const lead2 = `$.${id}`;
  if (path.startsWith(lead)) return '$' + path.slice(lead.length);
  if (path.startsWith(lead2) && !/[A-Za-z0-9_$]/.test(path.charAt(lead2.length))) return '$' + path.slice(lead2.length);
  return path;
}

function pointRange(text: string, offset: number): TextRange {
  const p = positionAt(text, offset);
  return { startLine: p.line, startColumn: p.column, endLine: p.line, endColumn: p.column + 1 };
}

/**
 * The range to underline for an error at `offset`: the whole JSON value or
 * key that starts there (a string, a number, an object), else one character.
 */
export function tokenRange(text: string, offset: number): TextRange {
  const tree = parseTree(text);
  let node: Node | undefined = tree ? findNodeAtOffset(tree, offset) : undefined;
  while (node && node.offset !== offset) node = node.parent;
  const end = node && node.type !== 'property' && node.length > 0 ? offset + node.length : offset + 1;
  const a = positionAt(text, offset);
  const b = positionAt(text, Math.min(end, Math.max(text.length, offset + 1)));
  if (b.line === a.line && b.column <= a.column) b.column = a.column + 1;
  return { startLine: a.line, startColumn: a.column, endLine: b.line, endColumn: b.column };
}
