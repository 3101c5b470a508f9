// Gold / utterance sources (TRADE test_dials.json: turns carry "turn_idx") with
// a turn index written twice in one dialogue, and the exact message every path
// that reads them must give — as gold (--gold) or as utterances (--dialogues):
// the place of the second turn (line:column and JSON path) and where the first
// one is. Also gold a join refuses (a turn index too large for the corpus, a
// state naming one slot twice), located at the gold file's turn. Shared by the
// loader tests (errors.test.ts), the load pipeline (load-pipeline.test.ts) and
// the CLI (test/unit/main/cli/score.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lineColumn } from './turn-twice';

export const TEST_DIALS = join(__dirname, '..', '..', '..', 'fixtures', 'formats', 'test_dials.json');

/** mwzeval predictions for the dialogue of test_dials.json (they need --gold). */
export const MWZ_PREDICTIONS = '{"mul0003": [{"response": "", "state": {"hotel": {"area": "north"}}}, {"response": "", "state": {}}]}';
/** FGA/GCA predictions for the same dialogue (for --dialogues). */
export const FGA_PREDICTIONS = '{"MUL0003.json": {"0": {"gt": {}, "pr": {}}, "1": {"gt": {}, "pr": {}}}}';

export interface GoldCase {
  name: string;
  text: string;
  /** The message after "<file>:", the file name left out. */
  message: string;
  /** Also an error when the file only gives utterances (--dialogues). */
  asDialogues: boolean;
}

/** Byte offset of the `{` of turn k of the first dialogue in a test_dials text (ASCII; turn objects hold no object before "turn_idx"). */
function turnAt(text: string, k: number): number {
  let key = text.indexOf('[', text.indexOf('"dialogue":'));
  for (let i = 0; i <= k; i++) key = text.indexOf('"turn_idx"', key + 1);
  return text.lastIndexOf('{', key);
}

function twice(name: string, text: string, index: number, spelled?: [string, string]): GoldCase {
  const [first, second] = [lineColumn(text, turnAt(text, 0)), lineColumn(text, turnAt(text, 1))];
  const problem = spelled
    ? `turn ${index} appears twice in dialogue "MUL0003.json", as ${spelled[0]} (first at ${first} $[0].dialogue[0]) and as ${spelled[1]}; a dialogue has each turn once`
    : `turn ${index} appears twice in dialogue "MUL0003.json" (first at ${first} $[0].dialogue[0]); a dialogue has each turn once`;
  return { name, text, message: `${second}: at $[0].dialogue[1]: ${problem}`, asDialogues: true };
}

export function goldCases(): GoldCase[] {
  const pretty = readFileSync(TEST_DIALS, 'utf8');
  const data = JSON.parse(pretty) as { dialogue: Record<string, unknown>[] }[];
  // The fixture's second turn (turn_idx 1) renamed 0, in the file as it is (turns on lines 6 and 8).
  const prettyDup = pretty.replace('"turn_idx": 1', '"turn_idx": 0');
  if (prettyDup === pretty) throw new Error('test_dials.json has no "turn_idx": 1');
  const oneLine = JSON.stringify(
    data.map((d) => ({ ...d, dialogue: d.dialogue.map((t, k) => ({ ...t, turn_idx: k === 1 ? 0 : t.turn_idx })) })),
  );
  const spelled = JSON.stringify(
    data.map((d) => ({ ...d, dialogue: d.dialogue.map((t, k) => ({ ...t, turn_idx: k === 1 ? '0' : t.turn_idx })) })),
    null,
    2,
  );
  const tooLarge = JSON.stringify(
    data.map((d) => ({ ...d, dialogue: d.dialogue.map((t, k) => ({ ...t, turn_idx: k === 1 ? 2 ** 31 : t.turn_idx })) })),
  );
  const cases = [
    twice('pretty-printed (the fixture, turn_idx 1 renamed 0)', prettyDup, 0),
    twice('one line', oneLine, 0),
    twice('pretty-printed, spelled 0 and "0"', spelled, 0, ['0', '"0"']),
    {
      name: 'a turn index the corpus cannot hold (the join refuses it)',
      text: tooLarge,
      message: `${lineColumn(tooLarge, turnAt(tooLarge, 1))}: at $[0].dialogue[1]: dialogue "MUL0003.json" turn 2147483648: turn index 2147483648 is too large (at most 2147483647)`,
      asDialogues: false,
    },
  ];
  if (cases[0].message.slice(0, 4) !== '8:7:' || !cases[0].message.includes('(first at 6:7 '))
    throw new Error(`the fixture moved: ${cases[0].message}`);
  return cases;
}
