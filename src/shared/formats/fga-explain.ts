// Layer: shared (pure TS). The FGA loader's error paths: when the fast scan
// (fga-scan.ts) finds something wrong that it does not locate itself, these
// read the place again, slowly, to say exactly what and where. They run only
// after a problem was found, so the fast path pays nothing for them.

import { TurnCollector } from './collect';
import { LoadError, pathPush } from './errors';
import { nearMiss } from './field-policy';
import { JsonScanner } from './json-scanner';
import { Locator } from './state-policy';
import { StateReader } from './state-reader';

/**
 * ": it has "gtt", a misspelling of "gt"?" when the turn object whose key
 * starts at byte `keyAt` has a key that looks like the missing one; else "".
 */
export function misspelt(bytes: Uint8Array, file: string, keyAt: number, wanted: string): string {
  const sc = new JsonScanner(bytes, file);
  sc.pos = keyAt;
  const keys: string[] = [];
  try {
    if (!sc.nextKey(true) || !sc.tryOpenObject()) return '';
    for (let first = true; sc.nextKey(first); first = false) {
      keys.push(sc.key());
      sc.skipValue();
    }
  } catch {
    return '';
  }
  const near = nearMiss(
    wanted,
    keys.filter((k) => k !== 'gt' && k !== 'pr'),
  );
  return near === undefined ? '' : `; it has ${JSON.stringify(near)}: a misspelling of "${wanted}"?`;
}

/**
 * Reads the states at the given offsets again with the one state reader and
 * returns the located error it reports (a slot named twice), or null.
 */
export function explainState(bytes: Uint8Array, file: string, states: [number, string][]): LoadError | null {
  for (const [at, path] of states) {
    if (at < 0) continue;
    const sc = new JsonScanner(bytes, file);
    sc.pos = at;
    try {
      new StateReader(new TurnCollector(bytes, file), sc).object(path);
    } catch (e) {
      if (e instanceof LoadError) return e;
      throw e;
    }
  }
  return null;
}

/**
 * A turn index written twice in one dialogue, located: the builder only says
 * which index repeats, so the dialogue whose key starts at byte `keyAt` is read
 * again (its keys only; the first pass checked them) and the error points at the
 * first turn key, in file order, whose index an earlier key had, naming where
 * that one is. Null if no repeat is found (the caller then reports the
 * builder's message).
 */
export function repeatedTurn(bytes: Uint8Array, file: string, keyAt: number, dialoguePath: string): LoadError | null {
  const sc = new JsonScanner(bytes, file);
  sc.pos = keyAt;
  if (!sc.nextKey(true) || !sc.tryOpenObject()) return null;
  const seen = new Map<number, { key: string; at: number }>();
  const loc = new Locator(bytes, file);
  for (let first = true; sc.nextKey(first); first = false) {
    const key = sc.key();
    const at = sc.keyStart - 1;
    const index = Number(key);
    const before = seen.get(index);
    if (before) {
      const firstPlace = `${loc.where(before.at)} ${pathPush(dialoguePath, before.key)}`;
      const problem =
        before.key === key
          ? `turn ${index} appears twice in this dialogue (first at ${firstPlace}); a dialogue has each turn once`
          : `turn ${index} appears twice in this dialogue, as ${JSON.stringify(before.key)} (first at ${firstPlace}) and as ${JSON.stringify(key)}; a dialogue has each turn once`;
      return sc.shapeError(problem, pathPush(dialoguePath, key), at);
    }
    seen.set(index, { key, at });
    sc.skipValue();
  }
  return null;
}
