// Layer: shared (pure TS). Offsets in a text as Monaco counts places: 1-based
// lines and 1-based columns in UTF-16 code units.

/** Line and column (1-based, UTF-16) of a UTF-16 offset. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  const end = Math.min(Math.max(offset, 0), text.length);
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: end - lineStart + 1 };
}
