// Reading gold / utterance sources from a path: a folder of dialogue files
// (with SGD's schema.json) is merged, other JSON files in it are skipped with
// a note, and the size limit gives a clear message.
import { mkdtempSync, rmSync, writeFileSync, copyFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPredictions, readReference, readSources } from '../../../src/main/services/read-sources';
import { SAMPLES } from './samples';

const dir = mkdtempSync(join(tmpdir(), 'dsti-sources-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readReference', () => {
  it('merges a folder: dialogues and schema; skips other JSON files with a note', () => {
    const f = join(dir, 'sgd-test');
    mkdirSync(f);
    copyFileSync(join(SAMPLES, 'sgd', 'dialogues_001.json'), join(f, 'dialogues_001.json'));
    copyFileSync(join(SAMPLES, 'sgd', 'schema.json'), join(f, 'schema.json'));
    writeFileSync(join(f, 'notes.json'), '{"hello": 1}');
    const ref = readReference(f);
    expect([...ref.dialogues.keys()]).toEqual(['1_00000']);
    expect(ref.schemaSlots).toHaveLength(5);
    expect(ref.warnings.join('\n')).toContain('skipped 1 file(s) that are not dialogue files: notes.json');
  });
  it('an empty folder and a missing path are clear errors', () => {
    const e = join(dir, 'empty');
    mkdirSync(e);
    expect(() => readReference(e)).toThrow('this folder holds no .json dialogue files');
    expect(() => readReference(join(dir, 'nope.json'))).toThrow('no such file');
  });
  it('a file above --max-size is refused with the limit named', () => {
    expect(() => readReference(join(SAMPLES, 'data.json'), 100)).toThrow(/above the limit of 100 B \(raise it with --max-size\)/);
    expect(() => loadPredictions(join(SAMPLES, 'turns.jsonl'), { maxBytes: 10 })).toThrow(/above the limit/);
  });
  it('--schema must be a schema', () => {
    expect(() => readSources({ schema: join(SAMPLES, 'data.json') })).toThrow('expected an SGD schema.json');
  });
});
