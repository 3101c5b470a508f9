// Types of bench/perturb.js (seeded edits of FGA/GCA prediction files), for the TypeScript tests.

export declare function perturbFga(text: string): string;
export declare function seriesRun(text: string, fix: number, breakage: number, seed?: number): string;
export declare const GOLD_CHANGE_KINDS: readonly string[];
export declare function plantGoldChanges(states: Map<string, string>[], kinds: readonly number[]): string[];
