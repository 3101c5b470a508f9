// Typed paths of the browser-mode Open dialog (src/main/services/user-paths.ts):
// "~" is the home folder, relative paths start from the folder the inspector
// was started in, absolute paths are kept — for every path of a source, the
// corrections file included.
import { describe, expect, it } from 'vitest';
import { expandSourcePaths, expandUserPath } from '../../../../src/main/services/user-paths';

const where = { base: '/srv/runs', home: '/home/ana' };

describe('typed paths', () => {
  it('expands ~, resolves relative paths against the base folder, keeps absolute ones', () => {
    expect(expandUserPath('~', where)).toBe('/home/ana');
    expect(expandUserPath('~/data/preds.json', where)).toBe('/home/ana/data/preds.json');
    expect(expandUserPath(' preds.json ', where)).toBe('/srv/runs/preds.json');
    expect(expandUserPath('../gold', where)).toBe('/srv/gold');
    expect(expandUserPath('/abs/x.json', where)).toBe('/abs/x.json');
    expect(expandUserPath('~other/x', where)).toBe('/srv/runs/~other/x'); // another user's home is not guessed
  });

  it('applies to predictions, gold, dialogues and schema; the demo is left alone', () => {
    expect(
      expandSourcePaths(
        { kind: 'files', predictions: ['a.json', '~/b'], gold: '~/g', dialogues: 'd', schema: '/s.json', layout: 'fga' },
        where,
      ),
    ).toEqual({
      kind: 'files',
      predictions: ['/srv/runs/a.json', '/home/ana/b'],
      gold: '/home/ana/g',
      dialogues: '/srv/runs/d',
      schema: '/s.json',
      layout: 'fga',
    });
    expect(expandSourcePaths({ kind: 'demo' }, where)).toEqual({ kind: 'demo' });
  });

  it('expands the corrections file too, keeping its other settings', () => {
    expect(
      expandSourcePaths({ kind: 'files', predictions: ['p.json'], corrections: { file: '~/fixes.jsonl', includeSuspected: true } }, where),
    ).toEqual({
      kind: 'files',
      predictions: ['/srv/runs/p.json'],
      corrections: { file: '/home/ana/fixes.jsonl', includeSuspected: true },
    });
    expect(expandSourcePaths({ kind: 'files', predictions: ['p.json'], corrections: { file: 'a/fixes.jsonl' } }, where)).toMatchObject({
      corrections: { file: '/srv/runs/a/fixes.jsonl' },
    });
  });
});
