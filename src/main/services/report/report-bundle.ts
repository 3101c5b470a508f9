// Layer: main (Node). Where the HTML report's viewer bundle is (out/report,
// built by `npm run build`): next to the built CLI, or in the project's out/
// folder when running from source (tests).

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ReportBundle {
  script: string;
  style: string;
}

let cached: ReportBundle | undefined;

export function reportBundle(): ReportBundle {
  if (cached) return cached;
  const here = dirname(fileURLToPath(import.meta.url));
  // out/main/cli.cjs, out/main/cli-chunks/*.cjs, out/main/chunks/*.js, or src/main/services/report/ (tests).
  const dirs = [join(here, '..', 'report'), join(here, '..', '..', 'report'), join(here, '..', '..', '..', '..', 'out', 'report')];
  const dir = dirs.find((d) => existsSync(join(d, 'report.js')));
  if (!dir) throw new Error(`the HTML report's viewer is not built (looked for report.js in ${dirs.join(', ')}); run npm run build`);
  cached = { script: readFileSync(join(dir, 'report.js'), 'utf8'), style: readFileSync(join(dir, 'report.css'), 'utf8') };
  return cached;
}
