// Layer: shared (pure TS). Counts in messages and on screen: "1 dialogue",
// "2 dialogues", "1,234 turns" — never "1 dialogues" or "dialogue(s)".

/** `n` and the noun, plural unless n is 1 (`plural(1, 'dialogue')` → "1 dialogue"). */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${grouped(n)} ${n === 1 ? noun : nouns}`;
}

/**
 * n.toLocaleString('en-US'): an integer's digits grouped by hand (the first
 * toLocaleString call in a process costs tens of milliseconds: it loads ICU data).
 */
function grouped(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}
