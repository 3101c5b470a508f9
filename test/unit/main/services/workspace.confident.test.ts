// The dialogue list's "confident but wrong" sort and filter through the
// workspace (src/main/services/corpus-queries.ts): on a JSON Lines file with
// confidences (test/fixtures/formats/llm/jsonl/confident-wrong.jsonl: wrong
// pairs at 0.97 twice, 0.85, 0.6, and a dialogue without one) and on Sun et
// al.'s CSV with its gold, sorting by confidentWrong puts the dialogues in the order of
// their most confident wrong pair (computed here from the rows' own values
// and from confident-wrong.ts), dialogues without one last in both
// directions; `confident-wrong:T` keeps exactly those with a wrong pair at
// confidence ≥ T; a run without confidences refuses the term with a reason.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DialogueRow } from '../../../../src/shared/api';
import { confidentWrongByDialogue } from '../../../../src/shared/analysis/calibration/confident-wrong';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { Workspace } from '../../../../src/main/services/workspace';
import type { RunData } from '../../../../src/main/services/run-data';
import { fileSource, type SourceSpec } from '../../../../src/shared/source';
import { FIXTURES } from '../../../helpers/fixtures';

const config = defaultConfig();
const CSV = join(FIXTURES, 'formats', 'llm', 'csv', 'sun2024-test_turn_few_example.csv');
const GOLD = join(FIXTURES, 'formats', 'llm', 'csv', 'sun2024-gold_states.json');
const FGA = join(FIXTURES, 'formats', 'llm', 'source-fga.json');
const JSONL = join(FIXTURES, 'formats', 'llm', 'jsonl', 'confident-wrong.jsonl');

async function ready(source: SourceSpec): Promise<RunData> {
  const ws = new Workspace({ inline: true });
  const { id } = ws.open(source);
  const s = await ws.whenSettled(id);
  if (s.state !== 'ready') throw new Error(`load failed: ${JSON.stringify(s.error)}`);
  return ws.data(id, s.revision);
}

const rows = (store: RunData, descending: boolean, search?: string): DialogueRow[] =>
  store.page({
    run: 'r1',
    rev: 1,
    config,
    offset: 0,
    limit: 1000,
    sort: { key: 'confidentWrong', descending },
    filter: search ? { search } : {},
  }).rows;

describe('confident but wrong in the dialogue list', () => {
  let store: RunData;
  let csv: RunData;
  beforeAll(async () => {
    store = await ready(fileSource([JSONL]));
    csv = await ready(fileSource([CSV], { gold: GOLD }));
  });

  it('the fixture: most confident wrong pair first, the tie in file order, the dialogue without one last', () => {
    expect(rows(store, true).map((r) => [r.id, r.confidentWrong])).toEqual([
      ['MUL0002.json', 0.97],
      ['MUL0005.json', 0.97],
      ['MUL0004.json', 0.85],
      ['MUL0001.json', 0.6],
      ['MUL0003.json', null],
    ]);
    expect(rows(store, false).map((r) => r.id)).toEqual(['MUL0001.json', 'MUL0004.json', 'MUL0002.json', 'MUL0005.json', 'MUL0003.json']);
    expect(rows(store, true, 'confident-wrong:0.9').map((r) => r.id)).toEqual(['MUL0002.json', 'MUL0005.json']);
    expect(rows(store, true, 'confident-wrong:0.9 attraction').map((r) => r.id)).toEqual(['MUL0005.json']);
  });

  it('Sun et al.’s CSV with its gold: each row’s value is the most confident wrong pair of confident-wrong.ts', () => {
    const want = confidentWrongByDialogue(csv.corpus)!;
    const list = rows(csv, true);
    for (const r of list) expect(r.confidentWrong).toBe(Number.isNaN(want[r.position]) ? null : want[r.position]);
    expect(list.filter((r) => r.confidentWrong !== null).length).toBeGreaterThan(0);
  });

  it('sorts by the most confident wrong pair, dialogues without one last, ties in file order', () => {
    for (const descending of [true, false]) {
      const list = rows(store, descending);
      const withOne = list.filter((r) => r.confidentWrong !== null);
      expect(withOne.length).toBeGreaterThan(1);
      expect(list.slice(0, withOne.length)).toEqual(withOne); // the rest (null) come last
      for (let i = 1; i < withOne.length; i++) {
        const a = withOne[i - 1].confidentWrong!;
        const b = withOne[i].confidentWrong!;
        if (a === b) expect(withOne[i].position).toBeGreaterThan(withOne[i - 1].position);
        else expect(a > b).toBe(descending);
      }
    }
  });

  it('confident-wrong:T keeps the dialogues with a wrong pair at confidence ≥ T', () => {
    const all = rows(store, true);
    const values = [...new Set(all.map((r) => r.confidentWrong).filter((x): x is number => x !== null))].sort();
    for (const t of [0, ...values, 1]) {
      const kept = rows(store, true, `confident-wrong:${t}`);
      expect(kept.map((r) => r.id)).toEqual(
        all.filter((r) => typeof r.confidentWrong === 'number' && r.confidentWrong >= t).map((r) => r.id),
      );
    }
  });

  it('a run without confidences refuses the term, saying why', async () => {
    const plain = await ready(fileSource([FGA]));
    expect(() => rows(plain, true, 'confident-wrong:0.5')).toThrow(/needs confidences, and this run carries none/);
    // Sorting by it is allowed (the app disables the option): every row has none, file order.
    expect(rows(plain, true).map((r) => r.position)).toEqual(rows(plain, false).map((r) => r.position));
  });
});
