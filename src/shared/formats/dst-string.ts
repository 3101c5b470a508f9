// Layer: shared (pure TS). DST-as-Prompting's state strings (lines.ts,
// lines-fast.ts): "d-s=v, d-s=v, " for a gold state or a generated update, as
// utils/dialogue_utils.py parse_t5 splits them (pieces before the first bad
// one kept there; here the first bad piece is the problem), "none" = empty.

export const isNone = (v: string) => v.trim().toLowerCase() === 'none';

/** One piece between commas: null when blank, else its (domain-slot, value), or what is wrong with it. */
export function parseDstPiece(raw: string): [string, string] | null | { problem: string } {
  const piece = raw.trim();
  if (piece === '') return null;
  const parts = piece.split('=');
  if (parts.length !== 2) return { problem: `${JSON.stringify(piece)} is not one "domain-slot=value"` };
  const [name, value] = [parts[0].trim(), parts[1].trim()];
  if (!/^[^\s-]+-\S/.test(name)) return { problem: `${JSON.stringify(name)} is not a "domain-slot" name` };
  if (value === '') return { problem: `${JSON.stringify(name)} has no value` };
  return [name, value];
}

/** "d-s=v, d-s=v," (DST-as-Prompting's states and updates) as pairs, or the problem with the first bad piece. */
export function parseDstString(text: string): { pairs: [string, string][] } | { problem: string } {
  const pairs: [string, string][] = [];
  if (isNone(text)) return { pairs };
  for (const raw of text.split(',')) {
    const p = parseDstPiece(raw);
    if (p === null) continue;
    if (!Array.isArray(p)) return p;
    pairs.push(p);
  }
  return { pairs };
}
