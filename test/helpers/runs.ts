// Runs for the comparison tests: a corpus as a RunSource (analysed, exact values).
import type { RunSource } from '../../src/shared/analysis/run-comparison';
import { analyseCorpus } from '../../src/shared/metrics/turn-stats';
import type { Corpus } from '../../src/shared/model/corpus';

export function source(name: string, corpus: Corpus, valueOptions: string[] = []): RunSource {
  return { name, file: `${name}.json`, corpus, stats: analyseCorpus(corpus), valueOptions };
}
