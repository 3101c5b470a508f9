// Types of bench/generate.js (the benchmark's seeded corpus generator), for the
// TypeScript tests that import it.

export declare const DOMAINS: Record<string, Record<string, string[]>>;
export declare function rng(seed: number): () => number;
export declare function dialogueJson(r: () => number): { text: string; turns: number };
export declare function generateFile(file: string, turns: number, seed?: number): { turns: number; dialogues: number; bytes: number };
export declare function generateText(turns: number, seed?: number): { text: string; turns: number; dialogues: number };
export declare function turnsOf(label: string): number;
export declare function main(argv: string[], out?: { write(s: string): unknown }, err?: { write(s: string): unknown }): number;
