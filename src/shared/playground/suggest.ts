// Layer: shared (pure TS). What the playground's editor proposes beyond the
// JSON schema, from the dialogue itself: at a slot's value, the values this
// slot takes elsewhere in the dialogue (gold first: typing the gold value
// makes the prediction correct); at a slot name, the slots this domain has
// elsewhere. And which slot names of MultiWOZ's domains are not MultiWOZ
// slots (a typo scores as a slot of its own), with their place in the text.

import { findNodeAtLocation, getLocation, parseTree, type Node } from 'jsonc-parser';
import { canonicalFlatSlot, MULTIWOZ_SLOTS } from '../formats/slot-names';
import { domainOf } from '../model/corpus';
import type { PlaygroundDiagnostic } from './evaluate';
import { positionAt } from './text-position';

export interface Suggestion {
  /** The text to insert (a JSON string, quotes included). */
  insert: string;
  label: string;
  /** Where it occurs: "gold at turns 2–5", "predicted at turn 3". */
  detail: string;
  /** Sort order: lower first. */
  rank: number;
}

export interface Suggestions {
  items: Suggestion[];
  /** The string token the suggestion replaces (the one the cursor is in), or null to insert at the cursor. */
  replace: { offset: number; length: number } | null;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

function turnsText(xs: number[]): string {
  const s = [...new Set(xs)].sort((a, b) => a - b);
  if (s.length === 1) return `turn ${s[0]}`;
  const contiguous = s[s.length - 1] - s[0] === s.length - 1;
  return contiguous ? `turns ${s[0]}–${s[s.length - 1]}` : `turns ${s.slice(0, 4).join(', ')}${s.length > 4 ? ', …' : ''}`;
}

/** Values and slot names for the cursor at `offset`, from the rest of the dialogue; null where there is nothing to add. */
export function suggestAt(text: string, offset: number): Suggestions | null {
  const loc = getLocation(text, offset);
  const path = loc.path;
  if (path.length < 3 || typeof path[0] !== 'string' || (path[1] !== 'gt' && path[1] !== 'pr')) return null;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    // Mid-edit the text rarely reads; the tolerant parser still gives the other turns.
    const tree = parseTree(text);
    doc = tree ? nodeValue(tree) : undefined;
  }
  if (!isObj(doc)) return null;
  const prev = loc.previousNode;
  const replace = prev && prev.type === 'string' ? { offset: prev.offset, length: prev.length } : null;

  if (path.length === 4 && !loc.isAtPropertyKey && typeof path[2] === 'string' && typeof path[3] === 'string') {
    const slot = canonicalFlatSlot(`${path[2]}-${path[3]}`);
    const found = new Map<string, { gold: number[]; pred: number[] }>();
    for (const [key, turn] of Object.entries(doc)) {
      if (!isObj(turn)) continue;
      for (const side of ['gt', 'pr'] as const) {
        const state = turn[side];
        if (!isObj(state)) continue;
        for (const [d, slots] of Object.entries(state)) {
          if (!isObj(slots)) continue;
          for (const [n, v] of Object.entries(slots)) {
            if (typeof v !== 'string' || canonicalFlatSlot(`${d}-${n}`) !== slot) continue;
            const e = found.get(v) ?? { gold: [], pred: [] };
            (side === 'gt' ? e.gold : e.pred).push(Number(key));
            found.set(v, e);
          }
        }
      }
    }
    const here = Number(path[0]);
    const items: Suggestion[] = [...found].map(([v, e]) => {
      const parts = [e.gold.length ? `gold at ${turnsText(e.gold)}` : '', e.pred.length ? `predicted at ${turnsText(e.pred)}` : ''].filter(
        Boolean,
      );
      return { insert: JSON.stringify(v), label: v, detail: parts.join('; '), rank: e.gold.includes(here) ? 0 : e.gold.length ? 1 : 2 };
    });
    return items.length ? { items: items.sort((a, b) => a.rank - b.rank || a.label.localeCompare(b.label)), replace } : null;
  }

  if (path.length === 4 && loc.isAtPropertyKey && typeof path[2] === 'string') {
    const domain = path[2];
    const names = new Map<string, number[]>();
    for (const [key, turn] of Object.entries(doc)) {
      if (!isObj(turn)) continue;
      for (const side of ['gt', 'pr']) {
        const slots = isObj(turn[side]) ? (turn[side] as Obj)[domain] : undefined;
        if (!isObj(slots)) continue;
        for (const n of Object.keys(slots)) {
          // Not the key being typed at the cursor.
          if (n === '' || (key === path[0] && side === path[1] && prev?.type === 'string' && n === prev.value)) continue;
          names.set(n, [...(names.get(n) ?? []), Number(key)]);
        }
      }
    }
    const items = [...names].map(([n, ts]) => ({
      insert: JSON.stringify(n),
      label: n,
      detail: `in this dialogue at ${turnsText(ts)}`,
      rank: 0,
    }));
    return items.length ? { items: items.sort((a, b) => a.label.localeCompare(b.label)), replace } : null;
  }
  return null;
}

function nodeValue(n: Node): unknown {
  if (n.type === 'object') {
    const o: Obj = {};
    for (const p of n.children ?? []) if (p.children?.[0] && p.children[1]) o[String(p.children[0].value)] = nodeValue(p.children[1]);
    return o;
  }
  if (n.type === 'array') return (n.children ?? []).map(nodeValue);
  return n.value;
}

const KNOWN = new Set(MULTIWOZ_SLOTS);
const SCORED_DOMAINS = new Set(MULTIWOZ_SLOTS.map(domainOf));

/**
 * Slot names under MultiWOZ's domains that are not among its 30 slots (after
 * the usual spellings are mapped), placed at their key: a typo there is not an
 * error, it scores as a slot of its own, so it is worth a warning.
 */
export function unknownSlotNotes(text: string, slots: readonly string[]): PlaygroundDiagnostic[] {
  const unknown = new Set(slots.filter((s) => SCORED_DOMAINS.has(domainOf(s)) && !KNOWN.has(s)));
  if (unknown.size === 0) return [];
  const tree = parseTree(text);
  if (!tree || tree.type !== 'object') return [];
  const out: PlaygroundDiagnostic[] = [];
  for (const turn of tree.children ?? []) {
    const key = turn.children?.[0]?.value;
    for (const side of ['gt', 'pr']) {
      const state = findNodeAtLocation(tree, [String(key), side]);
      for (const dom of state?.type === 'object' ? (state.children ?? []) : []) {
        const domain = String(dom.children?.[0]?.value);
        for (const prop of dom.children?.[1]?.type === 'object' ? (dom.children[1].children ?? []) : []) {
          const keyNode = prop.children?.[0];
          const slot = canonicalFlatSlot(`${domain}-${String(keyNode?.value)}`);
          if (!keyNode || !unknown.has(slot)) continue;
          const a = positionAt(text, keyNode.offset);
          const b = positionAt(text, keyNode.offset + keyNode.length);
          out.push({
            startLine: a.line,
            startColumn: a.column,
            endLine: b.line,
            endColumn: b.column,
            message: `"${slot}" is not one of MultiWOZ's 30 slots (a typo?): it is scored as a slot of its own`,
            path: `$[${JSON.stringify(String(key))}].${side}`,
          });
        }
      }
    }
  }
  return out;
}
