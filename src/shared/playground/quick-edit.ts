// Layer: shared (pure TS). The playground's quick edits: make the prediction
// of one slot correct, wrong, missed or overshot at one turn, or from that
// turn on, by editing the dialogue's JSON text (only the "pr" side, with
// jsonc-parser's modify, so the rest of the text keeps its formatting). The
// result is a few small replacements of the original text, applied as one
// undoable edit.
//
// Slots are named canonically, as the chips name them ("hotel-book day"),
// and matched to the file's own spelling ("hotel": {"day": …}).

import { findNodeAtLocation, modify, parseTree, type FormattingOptions } from 'jsonc-parser';
import { canonicalFlatSlot } from '../formats/slot-names';
import { NONE } from '../model/corpus';
import { pushAll } from '../arrays';

export type QuickAction = 'correct' | 'wrong' | 'missed' | 'overshot';
export type QuickScope = 'turn' | 'onward';

export const QUICK_ACTIONS: readonly QuickAction[] = ['correct', 'wrong', 'missed', 'overshot'];

export interface QuickEditRequest {
  /** Canonical slot name, as on the chip. */
  slot: string;
  /** Turn index as written in the text. */
  turn: number;
  action: QuickAction;
  scope: QuickScope;
}

/** One replacement in the original text: [offset, offset + length) becomes `text`. */
export interface TextEdit {
  offset: number;
  length: number;
  text: string;
}

export interface QuickEditResult {
  /** Replacements in the original text, in order, never overlapping (empty when nothing had to change): one undoable edit. */
  edits: TextEdit[];
  /** The whole text after the edit. */
  text: string;
  /** Turn indices whose prediction changed. */
  changed: number[];
  /** What was done (or why nothing was), for the status line. */
  note: string;
}

interface Entry {
  domain: string;
  slot: string;
  value: unknown;
}

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const active = (v: unknown): v is string => typeof v === 'string' && v !== NONE;

/** The entry of canonical slot `slot` in a state object, with the file's spelling. */
function find(state: unknown, slot: string): Entry | null {
  if (!isObj(state)) return null;
  for (const [domain, slots] of Object.entries(state)) {
    if (!isObj(slots)) continue;
    for (const [name, value] of Object.entries(slots))
      if (canonicalFlatSlot(`${domain}-${name}`) === slot) return { domain, slot: name, value };
  }
  return null;
}

function formatting(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const m = /\n([ \t]+)\S/.exec(text);
  if (m && m[1][0] === '\t') return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: m ? Math.min(m[1].length, 8) : 2, eol };
}

/** A value different from `gold`: another value of the slot in the dialogue (nearest first), else a flipped yes/no, a number + 1, "dontcare". */
export function wrongValue(gold: string, seen: readonly string[]): string {
  for (const v of seen) if (v !== gold && v !== NONE) return v;
  if (gold === 'yes') return 'no';
  if (gold === 'no') return 'yes';
  if (/^[0-9]+$/.test(gold)) return String(Number(gold) + 1);
  return gold === 'dontcare' ? `not ${gold}` : 'dontcare';
}

/**
 * Applies one quick edit to the dialogue's text (which must be valid JSON: an
 * object of turns). Throws an Error with a message for text it cannot edit.
 */
export function quickEdit(text: string, req: QuickEditRequest): QuickEditResult {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new Error('fix the JSON first: quick edits need a dialogue that reads');
  }
  if (!isObj(doc)) throw new Error('the text is not an object of turns');
  const turns = Object.entries(doc)
    .filter(([k, v]) => /^[0-9]+$/.test(k) && isObj(v))
    .map(([k, v]) => ({ key: k, index: Number(k), obj: v as Obj }))
    .sort((a, b) => a.index - b.index);
  const at = turns.findIndex((t) => t.index === req.turn);
  if (at < 0) throw new Error(`there is no turn ${req.turn}`);
  const slot = req.slot;

  // Every value of the slot in the dialogue, nearest turn first: candidates for a wrong or overshot value.
  const seen: string[] = [];
  const byDistance = turns.map((t, i) => ({ t, d: Math.abs(i - at) })).sort((a, b) => a.d - b.d);
  for (const { t } of byDistance) {
    for (const side of ['pr', 'gt']) {
      const e = find(t.obj[side], slot);
      if (e && active(e.value) && !seen.includes(e.value)) seen.push(e.value);
    }
  }
  // A spelling for a slot the prediction lacks: the gold's at that turn, else the file's anywhere, else split at the first '-'.
  const anySpelling = ((): Entry => {
    for (const t of turns)
      for (const side of ['gt', 'pr']) {
        const e = find(t.obj[side], slot);
        if (e) return e;
      }
    const i = slot.indexOf('-');
    return { domain: i < 0 ? slot : slot.slice(0, i), slot: i < 0 ? slot : slot.slice(i + 1), value: null };
  })();

  const first = turns[at];
  const firstGold = find(first.obj.gt, slot);
  const firstPred = find(first.obj.pr, slot);
  const chosenWrong =
    active(firstPred?.value) && firstPred.value !== (active(firstGold?.value) ? firstGold.value : null) ? firstPred.value : null;
  const overshootValue = active(firstPred?.value) ? firstPred.value : active(firstGold?.value) ? firstGold.value : (seen[0] ?? 'yes');

  const fmt = formatting(text);
  // Every change is computed on the original text: one change per turn, each inside that turn's "pr" object, so they never overlap.
  const edits: TextEdit[] = [];
  const changed: number[] = [];
  const skipped: number[] = [];
  const scope = req.scope === 'turn' ? [first] : turns.slice(at);
  const tree = parseTree(text);
  const change = (path: (string | number)[], value: unknown) => {
    // modify() parses the text it is given: give it only this turn's "pr" object (after its line's own
    // indentation, so what it inserts is indented as in the whole text), not the whole dialogue each time.
    const pr = tree ? findNodeAtLocation(tree, path.slice(0, 2)) : undefined;
    if (!pr || pr.type !== 'object' || path.length < 3) {
      for (const e of modify(text, path, value, { formattingOptions: fmt }))
        edits.push({ offset: e.offset, length: e.length, text: e.content });
      return;
    }
    const lineStart = text.lastIndexOf('\n', pr.offset - 1) + 1;
    const lead = /^[ \t]*/.exec(text.slice(lineStart, pr.offset))![0];
    const sub = lead + text.slice(pr.offset, pr.offset + pr.length);
    const shift = pr.offset - lead.length;
    const mapped: TextEdit[] = [];
    for (const e of modify(sub, path.slice(2), value, { formattingOptions: fmt })) {
      // An edit that starts in the added indentation must write it back unchanged (emptying the object does); else edit the whole text.
      const k = Math.max(0, lead.length - e.offset);
      if (k > 0 && (e.length < k || !e.content.startsWith(lead.slice(e.offset)))) {
        for (const w of modify(text, path, value, { formattingOptions: fmt }))
          edits.push({ offset: w.offset, length: w.length, text: w.content });
        return;
      }
      mapped.push({ offset: e.offset + k + shift, length: e.length - k, text: e.content.slice(k) });
    }
    pushAll(edits, mapped);
  };
  const set = (t: (typeof turns)[number], pred: Entry | null, gold: Entry | null, value: string | undefined) => {
    if (value === undefined) {
      if (!pred) return false;
      const rest = (t.obj.pr as Obj)[pred.domain];
      // The last slot of a domain takes its domain with it.
      if (isObj(rest) && Object.keys(rest).length === 1) change([t.key, 'pr', pred.domain], undefined);
      else change([t.key, 'pr', pred.domain, pred.slot], undefined);
      return true;
    }
    if (pred && pred.value === value) return false;
    const where = pred ?? gold ?? anySpelling;
    if (!isObj(t.obj.pr)) change([t.key, 'pr'], { [where.domain]: { [where.slot]: value } });
    else if (!isObj((t.obj.pr as Obj)[where.domain])) change([t.key, 'pr', where.domain], { [where.slot]: value });
    else change([t.key, 'pr', where.domain, where.slot], value);
    return true;
  };

  for (const t of scope) {
    const gold = find(t.obj.gt, slot);
    const pred = find(t.obj.pr, slot);
    const g = active(gold?.value) ? gold.value : null;
    let did = false;
    switch (req.action) {
      case 'correct':
        // The gold's own raw value: an explicit "none" stays one (GCA sees it), an absent slot is removed.
        did = set(t, pred, gold, gold && typeof gold.value === 'string' ? gold.value : undefined);
        break;
      case 'missed':
        did = set(t, pred, gold, undefined);
        break;
      case 'wrong':
        if (g === null) skipped.push(t.index);
        else if (active(pred?.value) && pred.value !== g) did = false;
        else did = set(t, pred, gold, chosenWrong !== null && chosenWrong !== g ? chosenWrong : wrongValue(g, seen));
        break;
      case 'overshot':
        if (g !== null) skipped.push(t.index);
        else if (!active(pred?.value)) did = set(t, pred, gold, overshootValue);
        break;
    }
    if (did) changed.push(t.index);
  }
  edits.sort((a, b) => a.offset - b.offset);
  // One pass over the text (jsonc-parser's applyEdits copies the whole text once per edit).
  const parts: string[] = [];
  let from = 0;
  for (const e of edits) {
    parts.push(text.slice(from, e.offset), e.text);
    from = e.offset + e.length;
  }
  parts.push(text.slice(from));
  const out = parts.join('');
  return { edits, text: out, changed, note: describe(req, changed, skipped, scope.length) };
}

function describe(req: QuickEditRequest, changed: number[], skipped: number[], considered: number): string {
  const where = req.scope === 'turn' ? `at turn ${req.turn}` : `from turn ${req.turn} on`;
  const list = (xs: number[]) => (xs.length <= 6 ? xs.join(', ') : `${xs.slice(0, 5).join(', ')}, … (${xs.length})`);
  const plural = (xs: number[]) => (xs.length === 1 ? '' : 's');
  const reason = `the gold state ${req.action === 'wrong' ? 'lacks' : 'has'} the slot there (${req.action === 'wrong' ? 'a wrong value needs a gold value to differ from' : 'a prediction can only overshoot a slot the gold state lacks'})`;
  if (considered > 0 && skipped.length === considered) return `${req.slot} cannot be ${req.action} ${where}: ${reason}`;
  let s =
    changed.length === 0
      ? `${req.slot} is already ${req.action} ${where}`
      : `${req.slot} ${req.action} ${where}: prediction changed at turn${plural(changed)} ${list(changed)}`;
  if (skipped.length > 0) s += `; turn${plural(skipped)} ${list(skipped)} left as they are: ${reason}`;
  return s;
}
