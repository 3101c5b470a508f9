// Tests of src/shared/link.ts: a view's state survives the trip through a link
// (any state: fast-check), garbled links give notices and defaults (never a
// throw), the history rule (typing replaces, navigating pushes), and the
// reading of whole links (browser mode, desktop, bare) without a token.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAIR_FILTERS, PAIR_SORT_KEYS } from '../../../src/shared/calls/compare-view';
import { SORT_KEYS } from '../../../src/shared/calls/sort-keys';
import {
  COMPARE_LINK_DEFAULTS,
  decodeLink,
  desktopLink,
  encodeLink,
  historyMode,
  INSPECT_LINK_DEFAULTS,
  linkFragment,
  type LinkState,
} from '../../../src/shared/link';

const text = fc.string({ unit: 'grapheme', maxLength: 30 });
const runArb = fc.record({
  path: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).filter((s) => !s.includes('\0')),
  hash: fc.option(fc.stringMatching(/^[0-9a-f]{12}$/), { nil: null }),
});
const inspectArb = fc.record({
  dialogue: fc.option(text, { nil: null }),
  turn: fc.nat(500),
  sort: fc.record({ key: fc.constantFrom(...SORT_KEYS), descending: fc.boolean() }),
  filter: fc.record({ domain: text, mistakesOnly: fc.constant(true), search: text }, { requiredKeys: [] }),
  mode: fc.constantFrom('full' as const, 'changes' as const),
  raw: fc.boolean(),
});
const compareArb = fc.record({
  lanes: fc.array(fc.nat(20), { minLength: 1, maxLength: 6 }),
  dialogue: fc.option(text, { nil: null }),
  dialogueB: fc.option(text, { nil: null }),
  turn: fc.option(fc.nat(1000), { nil: null }),
  sort: fc.record({
    key: fc.constantFrom(...PAIR_SORT_KEYS),
    metric: fc.constantFrom('JGA', 'FGA', 'SA', 'GCA'),
    descending: fc.boolean(),
  }),
  filter: fc.record({ turns: fc.constantFrom(...PAIR_FILTERS), search: text }),
  stats: fc.record({ bootstrap: fc.nat(100000), trials: fc.nat(1000000), seed: fc.nat(0xffffffff) }),
  common: fc.boolean(),
  allowDifferentGold: fc.boolean(),
  onlyDiffering: fc.boolean(),
});
const optionArb = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 4 }));
const analysisArb = fc.record({
  section: fc.constantFrom('breakdown', 'position', 'origin', 'correlations', 'traits', 'calibration'),
  options: fc.dictionary(fc.stringMatching(/^[a-z][a-zA-Z.]{0,10}$/), optionArb, { maxKeys: 5 }),
});
const stateArb: fc.Arbitrary<LinkState> = fc.oneof(
  fc.record({ view: fc.constant('inspect' as const), runs: fc.array(runArb, { maxLength: 3 }), inspect: inspectArb }),
  fc.record({ view: fc.constant('compare' as const), runs: fc.array(runArb, { maxLength: 5 }), compare: compareArb }),
  fc.record({ view: fc.constant('analysis' as const), runs: fc.array(runArb, { maxLength: 2 }), analysis: analysisArb }),
  fc.record({ view: fc.constant('playground' as const), runs: fc.array(runArb, { maxLength: 1 }), playground: fc.record({ text }) }),
);

describe('link codec', () => {
  it('decodes what it encodes, for any state, with no notice', () => {
    fc.assert(
      fc.property(stateArb, (s) => {
        const back = decodeLink(encodeLink(s));
        expect(back.notices).toEqual([]);
        expect(back.state).toEqual(s);
      }),
      { numRuns: 500 },
    );
  });

  it('encodes a decoded link to the same fragment (canonical form)', () => {
    fc.assert(
      fc.property(stateArb, (s) => {
        const f = encodeLink(s);
        expect(encodeLink(decodeLink(f).state!)).toBe(f);
      }),
    );
  });

  it('never throws on any text, and always names a view when it reads one', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (junk) => {
        const r = decodeLink(junk);
        if (r.state) expect(['inspect', 'compare', 'analysis', 'playground']).toContain(r.state.view);
      }),
      { numRuns: 1000 },
    );
  });

  it('leaves the defaults out: a fresh inspector on a run is short', () => {
    expect(encodeLink({ view: 'inspect', runs: [{ path: 'out/preds.json', hash: 'abcdef012345' }], inspect: INSPECT_LINK_DEFAULTS })).toBe(
      'v=inspect&run=abcdef012345:out/preds.json',
    );
  });

  it('reads garbled fields as their defaults, each with a notice', () => {
    const r = decodeLink('#v=inspect&t=-3&sort=nonsense%2B&mode=sideways&raw=2&zzz=1&run=XYZ:a.json&d=%E0%A4%A');
    expect(r.state).toEqual({ view: 'inspect', runs: [], inspect: INSPECT_LINK_DEFAULTS });
    expect(r.notices).toHaveLength(7);
    expect(r.notices.join('\n')).toMatch(/turn "-3" is not a whole number/);
    expect(r.notices.join('\n')).toMatch(/field "zzz" is not known/);
    expect(r.notices.join('\n')).toMatch(/run "XYZ:a.json" is not "HASH:PATH"/);
    expect(r.notices.join('\n')).toMatch(/"d" is not valid percent-encoding/);
  });

  it('falls back to the inspector for an unknown view, and says so', () => {
    const r = decodeLink('v=timeline&run=:a.json');
    expect(r.state?.view).toBe('inspect');
    expect(r.state?.runs).toEqual([{ path: 'a.json', hash: null }]);
    expect(r.notices[0]).toMatch(/view "timeline" is not one of/);
  });

  it('refuses a link longer than the limit without reading it', () => {
    const r = decodeLink('v=inspect&q=' + 'x'.repeat(40000));
    expect(r.state).toBeNull();
    expect(r.notices[0]).toMatch(/too long/);
  });

  it('keeps a path with colons, slashes and spaces whole', () => {
    const s: LinkState = { view: 'inspect', runs: [{ path: 'C:\\runs\\a b:c.json', hash: null }], inspect: INSPECT_LINK_DEFAULTS };
    expect(decodeLink(encodeLink(s)).state).toEqual(s);
  });

  it('compare defaults stay out of the link', () => {
    expect(encodeLink({ view: 'compare', runs: [], compare: COMPARE_LINK_DEFAULTS })).toBe('v=compare');
  });
});

describe('historyMode', () => {
  it('pushes navigations and replaces typing', () => {
    expect(historyMode('v=inspect&d=a', 'v=inspect&d=b')).toBe('push');
    expect(historyMode('v=inspect&d=a', 'v=inspect&d=a&t=2')).toBe('push');
    expect(historyMode('v=inspect&d=a&q=ho', 'v=inspect&d=a&q=hot')).toBe('replace');
    expect(historyMode('v=inspect&d=a', 'v=inspect&d=a&q=h')).toBe('replace');
    expect(historyMode('v=playground&text=a', 'v=playground&text=ab')).toBe('replace');
    expect(historyMode('v=inspect', '#v=inspect')).toBe('none'); // with or without its '#'
    expect(historyMode('v=inspect&d=a', 'v=inspect&d=a')).toBe('none');
  });
});

describe('linkFragment', () => {
  it('reads browser-mode, desktop and bare links, and drops any token', () => {
    expect(linkFragment('http://127.0.0.1:4000/?token=SECRET#v=inspect&d=x')).toEqual({ fragment: 'v=inspect&d=x' });
    expect(linkFragment(desktopLink('v=compare'))).toEqual({ fragment: 'v=compare' });
    expect(linkFragment('#v=analysis&a=position')).toEqual({ fragment: 'v=analysis&a=position' });
    expect(linkFragment('v=inspect')).toEqual({ fragment: 'v=inspect' });
  });

  it('refuses other schemes and other desktop hosts', () => {
    expect(linkFragment('file:///etc/passwd#v=inspect')).toEqual({ error: expect.stringMatching(/scheme "file:" are not opened/) });
    expect(linkFragment('dst-inspector://evil/x#v=inspect')).toEqual({ error: expect.stringMatching(/must be dst-inspector:\/\/open#/) });
    expect(linkFragment('javascript:alert(1)')).toEqual({ error: expect.stringMatching(/is not a link/) });
  });
});
