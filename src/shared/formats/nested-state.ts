// Layer: shared (pure TS). Reads a parsed state written as {domain: {slot: value}}
// (ConvLab-3, mwzeval; flat "domain-slot" keys accepted too) into a flat pair
// list with canonical slot names. (JSON Lines and IC-DST read states straight
// from the bytes: scan-state.ts.)

import type { TurnCollector } from './collect';
import { ElementContext, isObject, pathPush } from './json-walk';

export interface StateReadOptions {
  /** Values meaning "inactive" in this layout (dropped), e.g. "" in ConvLab-3. */
  drop?: ReadonlySet<string>;
  /** Lists of alternatives: joined with "|" (gold) or first kept (prediction). */
  lists?: 'join' | 'first';
}

function valueOf(col: TurnCollector, ctx: ElementContext, v: unknown, path: string, o: StateReadOptions): string | null {
  if (typeof v === 'string') return o.drop?.has(v) ? null : v;
  if (Array.isArray(v) && o.lists && v.every((x) => typeof x === 'string')) {
    const alts = (v as string[]).filter((x) => !o.drop?.has(x));
    if (alts.length === 0) return null;
    if (o.lists === 'first' || alts.length === 1) return alts[0];
    col.alternativeValues++;
    return alts.join('|');
  }
  throw ctx.expected(path, o.lists ? 'a string value or a list of strings' : 'a string value', v);
}

/** Nested {domain: {slot: value}}; a flat "domain-slot" key with a string value is accepted too. */
export function readState(col: TurnCollector, ctx: ElementContext, state: unknown, path: string, o: StateReadOptions = {}): number[] {
  const obj = ctx.object(state, path, 'a state object {domain: {slot: value}}');
  const out: number[] = [];
  for (const [domain, slots] of Object.entries(obj)) {
    const dPath = pathPush(path, domain);
    if (!isObject(slots)) {
      if (domain.includes('-')) {
        addFlat(col, ctx, out, domain, slots, dPath, path, o);
        continue;
      }
      throw ctx.expected(dPath, 'an object of slot → value', slots);
    }
    for (const [slot, v] of Object.entries(slots)) {
      const sPath = pathPush(dPath, slot);
      const value = valueOf(col, ctx, v, sPath, o);
      if (value === null) continue;
      const problem = col.put(out, col.slot(domain, slot), col.value(value));
      if (problem) throw ctx.error(path, `the state ${problem}`);
    }
  }
  return out;
}

function addFlat(col: TurnCollector, ctx: ElementContext, out: number[], name: string, v: unknown, vPath: string, path: string, o: StateReadOptions): void {
  if (!name.includes('-')) throw ctx.error(vPath, `expected a "domain-slot" key, found ${JSON.stringify(name)}`);
  const value = valueOf(col, ctx, v, vPath, o);
  if (value === null) return;
  const problem = col.put(out, col.flatSlot(name), col.value(value));
  if (problem) throw ctx.error(path, `the state ${problem}`);
}
