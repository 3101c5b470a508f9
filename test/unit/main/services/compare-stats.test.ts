// The comparison's statistics on worker threads (out/main/compare-worker.js):
// the same numbers as in one thread, whatever the number of threads, with the
// work in this thread or all of it off it (as the server runs it).
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareComparison, runStatistics, statInput, type StatSettings } from '../../../../src/shared/analysis/run-comparison';
import { Scorer } from '../../../../src/shared/analysis/columns';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { runStatisticsParallel } from '../../../../src/main/services/compare-stats';
import { FIXTURES } from '../../../helpers/fixtures';
import { perturbFga } from '../../../helpers/perturb';
import { requireBuild, ROOT } from '../../../helpers/cli';
import { source } from '../../../helpers/runs';

const WORKER = join(ROOT, 'out', 'main', 'compare-worker.js');
const config = defaultConfig({ lambdas: [0.5, 1] });
const S: StatSettings = { bootstrap: 101, trials: 203, seed: 17 };

beforeAll(() => requireBuild());

describe('statistics on worker threads', () => {
  it('give the numbers of one thread', async () => {
    const text = readFileSync(join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json'), 'utf8');
    const load = (t: string, n: string) => source(n, loadCorpus(new TextEncoder().encode(t), { file: n }).corpus);
    const runs = [load(text, 'a'), load(perturbFga(text), 'b'), load(perturbFga(perturbFga(text)), 'c')];
    const p = prepareComparison(runs, config);
    const scorer = new Scorer(p.evaluations[0].layout, config);
    const input = statInput(p, scorer);
    const one = runStatistics(input, scorer, S);
    expect(await runStatisticsParallel(input, config, S, { threads: 3, workerPath: WORKER, offMain: true })).toEqual(one);
    expect(await runStatisticsParallel(input, config, S, { threads: 2, workerPath: WORKER })).toEqual(one);
    // A missing worker: this thread does the work.
    expect(
      await runStatisticsParallel(input, config, S, { threads: 2, workerPath: join(ROOT, 'no-such-worker.js'), offMain: true }),
    ).toEqual(one);
  });
});
