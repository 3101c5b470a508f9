// Layer: shared (pure TS). Counts in messages and on screen: "1 dialogue",
// "2 dialogues", "1,234 turns" — never "1 dialogues" or "dialogue(s)".

/** `n` and the noun, plural unless n is 1 (`plural(1, 'dialogue')` → "1 dialogue"). */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? noun : nouns}`;
}
