// Layer: shared (pure TS). LaTeX escaping for the table renderer
// (tables.ts: booktabs tables with the signature as a comment).

/**
 * Characters outside what pdflatex's default input encoding typesets (Greek,
 * math signs the tables use): written as LaTeX, so a table compiles in a plain
 * article (no fontenc, no unicode-math).
 */
const UNICODE: Record<string, string> = {
  λ: '$\\lambda$',
  α: '$\\alpha$',
  Δ: '$\\Delta$',
  δ: '$\\delta$',
  '−': '$-$',
  '∅': '$\\emptyset$',
  '→': '$\\to$',
  '←': '$\\leftarrow$',
  '⇒': '$\\Rightarrow$',
  '≥': '$\\geq$',
  '≤': '$\\leq$',
  '≠': '$\\neq$',
  '±': '$\\pm$',
  '×': '$\\times$',
  '·': '$\\cdot$',
  '…': '\\ldots{}',
  '–': '--',
  '—': '---',
  '†': '$^{\\dagger}$',
  '‡': '$^{\\ddagger}$',
  '✓': '$\\surd$',
  '✗': '$\\times$',
};
const UNICODE_RE = new RegExp(`[${Object.keys(UNICODE).join('')}]`, 'gu');

export function latexEscape(s: string): string {
  return escapeAscii(s).replace(UNICODE_RE, (c) => UNICODE[c]);
}

function escapeAscii(s: string): string {
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
