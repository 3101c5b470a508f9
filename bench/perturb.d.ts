// Types of bench/perturb.js (seeded edits of FGA/GCA prediction files), for the TypeScript tests.

export declare function perturbFga(text: string): string;
export declare function seriesRun(text: string, fix: number, breakage: number, seed?: number): string;
