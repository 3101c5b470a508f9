// Layer: main (Node). The built-in demo corpus: the papers' worked examples
// (ids prefixed "paper:<file>/" because several reuse one MultiWOZ id) and 100
// MultiWOZ dialogues with SOM-DST predictions and their utterances.

import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface DemoFile {
  path: string;
  /** Prefix added to every dialogue id of the file. */
  prefix: string;
}

export interface DemoLayout {
  dir: string;
  predictions: DemoFile[];
  dialogues: string;
  /** The dialogue the app opens on: MUL1110 of the GCA paper's figure 6. */
  landing: string;
}

export const DEMO_LANDING = 'paper:mul1110/MUL1110.json';

/** resources/demo, found from the source tree (tests) or the build (out/main). */
export function demoDir(): string {
  const env = process.env.DST_INSPECTOR_DEMO_DIR;
  if (env) return env;
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [
    join(here, '..', '..', 'resources', 'demo'),
    join(here, '..', '..', '..', 'resources', 'demo'),
    join(process.cwd(), 'resources', 'demo'),
  ];
  for (const c of candidates) if (existsSync(join(c, 'paper'))) return c;
  return candidates[0];
}

export function demoLayout(dir = demoDir()): DemoLayout {
  const paperDir = join(dir, 'paper');
  const papers = existsSync(paperDir)
    ? readdirSync(paperDir)
        .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))
        .sort()
    : [];
  return {
    dir,
    predictions: [
      ...papers.map((f) => ({ path: join(paperDir, f), prefix: `paper:${f.replace(/\.json$/, '')}/` })),
      { path: join(dir, 'multiwoz-somdst-100', 'predictions.json'), prefix: '' },
    ],
    dialogues: join(dir, 'multiwoz-somdst-100', 'dialogues.json'),
    landing: DEMO_LANDING,
  };
}
