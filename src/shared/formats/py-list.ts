// Layer: shared (pure TS). LDST's responses (lines.ts, ldst-fast.ts): the
// Python list literal generate_few-shot.py writes with str(Response_list).

/** A Python string-list literal of at most one string (LDST writes str(Response_list)): the string, null for [], or a problem. */
export function parsePyList(text: string): { value: string | null } | { problem: string } {
  const t = text.trim();
  if (t === '[]') return { value: null };
  if (!t.startsWith('[')) return { problem: `${JSON.stringify(t.slice(0, 40))} is not a list literal` };
  const q = t[1];
  if (q !== "'" && q !== '"') return { problem: 'the list does not hold a quoted string' };
  let out = '';
  let k = 2;
  for (; k < t.length; k++) {
    const c = t[k];
    if (c === q) break;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const n = t[++k];
    const hex = (len: number) => {
      const h = t.slice(k + 1, k + 1 + len);
      if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(h)) return undefined;
      k += len;
      return String.fromCodePoint(parseInt(h, 16));
    };
    const simple: Record<string, string> = { '\\': '\\', "'": "'", '"': '"', n: '\n', t: '\t', r: '\r' };
    if (n !== undefined && Object.hasOwn(simple, n)) out += simple[n];
    else {
      const h = n === 'x' ? hex(2) : n === 'u' ? hex(4) : n === 'U' ? hex(8) : undefined;
      if (h === undefined) return { problem: `a bad escape \\${n ?? ''} in the string` };
      out += h;
    }
  }
  if (k >= t.length) return { problem: 'the string is not closed (the line may have been cut)' };
  if (t.slice(k + 1).trim() !== ']') return { problem: 'the list does not end after its one string' };
  return { value: out };
}
