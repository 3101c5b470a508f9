// Layer: shared (pure TS). The type policy for the fields around a state, the
// same in every layout (docs/reference/formats.md, "Types"): a dialogue id is
// a string that is not blank; a turn index is an integer ≥ 0 written as digits
// (a number like 1e-400, 2.0 or 1e2 is refused: a JSON parser would read it as
// 0, 2 or 100 without a word); and a required key that is missing is an error
// that names the near miss when the object has one ("stat" for "state"). The
// state's own rule (names, slots once, value types) is in state-policy.ts.

/** Why `id` is not a dialogue id, or null when it is one. */
export function badDialogueId(id: unknown): string | null {
  if (typeof id !== 'string') return null; // type errors are reported where the value is read
  if (id.trim() === '') return `the dialogue id is empty (${JSON.stringify(id)}); every dialogue needs an id`;
  return null;
}

/** A JSON number literal that is a plain integer: digits, no sign, fraction or exponent. */
const PLAIN_INTEGER = /^(0|[1-9][0-9]*)$/;

/**
 * The turn index a JSON literal (the raw text of a number or a string) stands
 * for, or a message saying why it is not one. Only digits are accepted, in a
 * number or a string ("3"); at most `max`.
 */
export function turnIndexOfLiteral(raw: string, max = Number.MAX_SAFE_INTEGER): number | string {
  const t = raw.trim();
  let digits: string;
  if (t.startsWith('"')) {
    let s: unknown;
    try {
      s = JSON.parse(t);
    } catch {
      return `expected a turn index (an integer ≥ 0), found ${t}`;
    }
    digits = typeof s === 'string' ? s.trim() : '';
    if (!/^[0-9]+$/.test(digits)) return `expected a turn index (an integer ≥ 0), found the string ${shorten(t)}`;
  } else if (/^-?[0-9]/.test(t)) {
    if (!PLAIN_INTEGER.test(t)) return oddNumber(t);
    digits = t;
  } else return `expected a turn index (an integer ≥ 0), found ${describeLiteral(t)}`;
  const n = Number(digits);
  if (!Number.isSafeInteger(n) || n > max) return `the turn index ${shorten(digits)} is too large (at most ${max})`;
  return n;
}

/** The message for a number literal that is not a plain integer where a turn index is expected. */
export function oddNumber(text: string): string {
  const v = Number(text);
  const read = String(v);
  const shown = shorten(text);
  if (exactInteger(text) && v >= 0 && Number.isSafeInteger(v) && !text.startsWith('-'))
    return `expected a turn index written as an integer (digits only), found the number ${shown}; write ${read}`;
  return `expected a turn index (an integer ≥ 0), found the number ${shown}${read !== text ? ` (a JSON parser reads it as ${read})` : ''}`;
}

/** Whether a JSON number literal's exact decimal value is an integer (2.0, 1e2: yes; 1e-400, 1.5: no). */
function exactInteger(text: string): boolean {
  const m = /^-?([0-9]+)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/.exec(text);
  if (!m) return false;
  const frac = (m[2] ?? '').replace(/0+$/, '');
  const exp = Number(m[3] ?? '0');
  if (/^0+$/.test(m[1]) && frac === '') return true; // zero, however written
  return exp >= frac.length;
}

function describeLiteral(t: string): string {
  if (t.startsWith('{')) return 'an object';
  if (t.startsWith('[')) return 'a list';
  return shorten(t);
}

function shorten(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

// ---- missing keys and near misses ----

/** Lower case without separators: "Dialogue_ID" and "dialogueid" compare equal. */
function squash(s: string): string {
  return s.toLowerCase().replace(/[\s_\-.]/g, '');
}

/** Optimal string alignment distance (edits, and swaps of two neighbours), stopping early above `limit`. */
export function editDistance(a: string, b: string, limit = 3): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const n = b.length;
  let prev2: number[] = [];
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur.push(d);
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > limit) return limit + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[n];
}

/**
 * The key of `keys` that looks like a misspelling of `wanted` (the same
 * letters in another case or with other separators, or one or two edits
 * away: one for keys of four letters or fewer), or undefined.
 */
export function nearMiss(wanted: string, keys: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  const w = squash(wanted);
  for (const k of keys) {
    if (k === wanted) continue;
    const s = squash(k);
    const d = s === w ? 0 : editDistance(s, w, 2);
    const limit = Math.min(w.length, s.length) <= 4 ? 1 : 2;
    if (d <= limit && d < bestD) {
      best = k;
      bestD = d;
    }
  }
  return best;
}

/**
 * The message for an object that lacks the required key `key` (`what` says
 * what it holds). `keys` are the object's keys, `known` those the layout
 * reads: an unknown key that looks like `key` is named as a likely
 * misspelling; other unknown keys are listed (a few).
 */
export function missingKey(key: string, what: string, keys: readonly string[], known: readonly string[]): string {
  const unknown = keys.filter((k) => !known.includes(k));
  const near = nearMiss(key, unknown);
  if (near !== undefined) return `lacks "${key}" (${what}) but has ${JSON.stringify(near)}: a misspelling of "${key}"?`;
  if (unknown.length > 0 && unknown.length <= 5)
    return `lacks "${key}" (${what}); it has ${unknown.map((k) => JSON.stringify(k)).join(', ')}, which this layout does not read`;
  return `lacks "${key}" (${what})`;
}
