// Files with a turn key written twice in one dialogue of the FGA/GCA layout,
// and the exact message every path that reads the layout must give: the place
// of the second key (line:column and JSON path) and where the first one is.
// Shared by the loader tests (errors.test.ts), the load pipeline's one- and
// two-thread paths (load-pipeline.test.ts) and the CLI (test/unit/main/cli/score.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const PREDICTIONS = join(__dirname, '..', '..', '..', 'fixtures', 'multiwoz-somdst-100', 'predictions.json');

export interface TurnTwiceCase {
  name: string;
  text: string;
  /** Byte offsets (the text is ASCII) of the first and the second key. */
  firstAt: number;
  secondAt: number;
  /** The message after "<file>:", the file name left out. */
  message: string;
}

/** 1-based "line:column" of an offset in ASCII text. */
export function lineColumn(text: string, at: number): string {
  const before = text.slice(0, at).split('\n');
  return `${before.length}:${before[before.length - 1].length + 1}`;
}

/** Renames turn "2" of dialogue `id` to "1" in `text`, so "1" appears twice in that dialogue. */
function renameTurn(name: string, text: string, id: string, expectAt?: [string, string]): TurnTwiceCase {
  const dialogueAt = text.indexOf(JSON.stringify(id));
  if (dialogueAt < 0) throw new Error(`no dialogue ${id}`);
  const key = /"2":\s*\{/g;
  key.lastIndex = dialogueAt;
  const secondAt = key.exec(text)!.index;
  const firstAt = text.lastIndexOf('"1":', secondAt);
  if (firstAt < dialogueAt) throw new Error(`dialogue ${id} has no turn 1`);
  const renamed = text.slice(0, secondAt) + '"1"' + text.slice(secondAt + 3);
  const path = `$[${JSON.stringify(id)}]["1"]`;
  const [first, second] = [lineColumn(renamed, firstAt), lineColumn(renamed, secondAt)];
  if (expectAt && (expectAt[0] !== first || expectAt[1] !== second))
    throw new Error(`${name}: the keys are at ${first} and ${second}, not ${expectAt.join(' and ')}`);
  return {
    name,
    text: renamed,
    firstAt,
    secondAt,
    message: `${second}: at ${path}: turn 1 appears twice in this dialogue (first at ${first} ${path}); a dialogue has each turn once`,
  };
}

export function turnTwiceCases(): TurnTwiceCase[] {
  const pretty = readFileSync(PREDICTIONS, 'utf8');
  const data = JSON.parse(pretty) as Record<string, Record<string, unknown>>;
  const oneLine = JSON.stringify(data);
  const ids = Object.keys(data);
  // A late dialogue with a turn 2: in the second half of the file (the two-thread path's tail).
  const late = [...ids].reverse().find((id) => '2' in data[id])!;
  const mul =
    '{"MUL1110.json": {"0": {"gt": {"hotel": {"area": "north"}}, "pr": {}}, "0": {"gt": {}, "pr": {"hotel": {"area": "north"}}}}}';
  const mulPath = '$["MUL1110.json"]["0"]';
  return [
    {
      name: 'one line, one dialogue',
      text: mul,
      firstAt: mul.indexOf('"0"'),
      secondAt: mul.lastIndexOf('"0"'),
      message: `1:72: at ${mulPath}: turn 0 appears twice in this dialogue (first at 1:19 ${mulPath}); a dialogue has each turn once`,
    },
    // The first dialogue's turn "2" is on line 38 of the fixture, its turn "1" on line 17.
    renameTurn('pretty-printed, first dialogue', pretty, ids[0], ['17:3', '38:3']),
    renameTurn('pretty-printed, a late dialogue', pretty, late),
    renameTurn('one line, first dialogue', oneLine, ids[0]),
    renameTurn('one line, a late dialogue', oneLine, late),
  ];
}
