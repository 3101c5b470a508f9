// Layer: shared (pure TS). LaTeX escaping for the table renderer
// (tables.ts: booktabs tables with the signature as a comment).

export function latexEscape(s: string): string {
  return s.replace(/[\\{}&%$#_^~|<>]/g, (c) => {
    if (c === '\\') return '\\textbackslash{}';
    // Under the default OT1 font encoding these print as other glyphs (—, ¡, ¿).
    if (c === '|') return '\\textbar{}';
    if (c === '<') return '\\textless{}';
    if (c === '>') return '\\textgreater{}';
    if (c === '^') return '\\textasciicircum{}';
    if (c === '~') return '\\textasciitilde{}';
    return `\\${c}`;
  });
}
