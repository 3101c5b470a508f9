// src/shared/formats/describe-top.ts: what the load-error page says a file
// holds when no layout matches (structure only: key names and value types,
// never values), read from a start that may be cut mid-value; and the note
// that a file whose JSON ends too early may be truncated.
import { describe, expect, it } from 'vitest';
import { describeTop, truncationNote } from '../../../../src/shared/formats/describe-top';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { LoadError } from '../../../../src/shared/formats/errors';

/** The reason of the error loading `text` gives (the scanner says when the file ends early), checking its problem. */
function reasonOf(text: string, problem: RegExp): LoadError['reason'] {
  try {
    loadCorpus(new TextEncoder().encode(text), { file: 'p.json', layout: 'fga' });
  } catch (e) {
    if (!(e instanceof LoadError)) throw e;
    expect(e.problem).toMatch(problem);
    return e.reason;
  }
  throw new Error(`${text} loaded`);
}

describe('describeTop', () => {
  it.each([
    [
      '{"a": {"x": 1, "y": 2}, "b": {"x": 3}, "c": {"z": 4}}',
      'top level is an object with keys "a", "b", "c" whose values are objects with keys "x", "y", "z"',
    ],
    ['[1, 2, 3]', 'top level is an array of numbers'],
    ['[[1, 2], [3]]', 'top level is an array of arrays of numbers'],
    ['[{"id": "a", "turns": []}, {"id": "b", "log": []}]', 'top level is an array of objects with keys "id", "turns", "log"'],
    ['{}', 'top level is an empty object'],
    ['\uFEFF  {"k": "v", "l": [1]}', 'top level is an object: "k" is a string; "l" is an array of numbers'],
    [
      '{"dials": [{"goal": {}, "turns": []}], "version": 2}',
      'top level is an object: "dials" is an array of objects with keys "goal", "turns"; "version" is a number',
    ],
    ['{"a": 1}\n{"a": 2, "b": 3}\n', 'the first line (JSON Lines?) is an object with keys "a" whose values are numbers'],
    [
      '{"1": {}, "2": {}, "3": {}, "4": {}, "5": {}, "6": {}, "7": {}}',
      'top level is an object with keys such as "1", "2", "3", "4", "5", "6", … whose values are empty objects',
    ],
  ])('%s', (text, want) => {
    expect(describeTop(text)).toBe(want);
  });

  it('reads the cut start of a large file', () => {
    const cut = '{"PMUL1.json": {"0": {"gt": {}, "pr": {}}}, "PMUL2.json": {"0": {"gt": {}, "pr": {"hotel": {"are';
    expect(describeTop(cut)).toBe('top level is an object with keys "PMUL1.json", "PMUL2.json" whose values are objects with keys "0"');
  });

  it('never shows values, and cuts long keys', () => {
    const d = describeTop(`{"secret-key": "hunter2", "${'k'.repeat(100)}": 12345}`)!;
    expect(d).not.toMatch(/hunter2|12345/);
    expect(d).toContain(`"${'k'.repeat(40)}…"`);
  });

  it('nothing for text that is not JSON', () => {
    expect(describeTop('hello')).toBeNull();
    expect(describeTop('   ')).toBeNull();
  });
});

describe('truncationNote', () => {
  it('for a file that ends inside a string or before its JSON is complete', () => {
    expect(truncationNote(reasonOf('{"D1.json": {"0": {"gt": {"hotel-area": "nor', /^unterminated string$/))).toMatch(
      /ends inside a string: it may be truncated/,
    );
    expect(truncationNote(reasonOf('{"D1.json": {"0": {"gt": {}, "pr": {}}\n  ', /found the end of the file/))).toMatch(
      /ends before its JSON is complete: it may be truncated/,
    );
    expect(truncationNote(reasonOf('{"D1.json" x}', /^expected ':'.*found 'x'/))).toBeNull();
  });
});
