// Test helper (renderer tests): the engine's detail of a paper fixture, read
// with Vite's ?raw import so the tests stay free of Node built-ins.
import mulText from '../fixtures/paper/mul1110.json?raw';
import mulExpected from '../fixtures/paper/mul1110.expected.json';
import { loadCorpus } from '../../src/shared/formats/detect';
import { dialogueDetail, type TurnRecord } from '../../src/shared/metrics/evaluate';
import { defaultConfig, type MetricConfig } from '../../src/shared/metrics/config';

export function mul1110(config: MetricConfig = defaultConfig({ slotCount: 30 })): TurnRecord[] {
  const corpus = loadCorpus(new TextEncoder().encode(mulText), { file: 'mul1110.json' }).corpus;
  return dialogueDetail(corpus, 0, config).perTurn ?? [];
}

export const MUL1110_EXPECTED = mulExpected.dialogues['MUL1110.json'];
