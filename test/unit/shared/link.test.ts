// Tests of src/shared/link.ts: a view's state survives the trip through a link
// (any state: fast-check), garbled links give notices and defaults (never a
// throw), the history rule (typing replaces, navigating pushes), and the
// reading of whole links (browser mode, desktop, bare) without a token;
// the evaluator preset (MetricConfig.preset) in every view's link, and the
// compare finder's slice in the pair list's filter.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAIR_FILTERS, PAIR_SORT_KEYS } from '../../../src/shared/calls/compare-view';
import { SORT_KEYS } from '../../../src/shared/calls/sort-keys';
import { SLICE_KINDS } from '../../../src/shared/analysis/slices';
import { MATCH_BACKENDS, MATCH_SCORERS, PRESET_IDS, type PresetConfig } from '../../../src/shared/metrics/config';
import {
  COMPARE_LINK_DEFAULTS,
  decodeLink,
  desktopLink,
  encodeLink,
  decodePreset,
  encodePreset,
  historyStep,
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
  filter: fc.record(
    {
      turns: fc.constantFrom(...PAIR_FILTERS),
      search: text,
      slice: fc.record({ kind: fc.constantFrom(...SLICE_KINDS), key: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }) }),
    },
    { requiredKeys: ['turns', 'search'] },
  ),
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
const bool = fc.boolean();
/** Any preset config the schema accepts, but exact with nothing set apart (the default, which a link leaves out). */
const presetArb: fc.Arbitrary<PresetConfig> = fc
  .record(
    {
      name: fc.constantFrom(...PRESET_IDS),
      matcher: fc.oneof(
        fc.constant({ kind: 'exact' as const }),
        fc.record({
          kind: fc.constant('fuzzy' as const),
          scorer: fc.constantFrom(...MATCH_SCORERS),
          threshold: fc.integer({ min: 0, max: 10000 }).map((x) => x / 100),
          backend: fc.constantFrom(...MATCH_BACKENDS),
        }),
      ),
      valueMap: fc.stringMatching(/^[0-9a-f]{1,64}$/),
      simpletod: fc.record({ defaultCleaning: bool, type2Cleaning: bool, ignoreDontcareInPred: bool }),
      sgd: fc.record({ acrossTurns: bool, fuzzy: bool, backend: fc.constantFrom(...MATCH_BACKENDS) }),
    },
    { requiredKeys: ['name'] },
  )
  .filter((p) => Object.keys(p).length > 1 || p.name !== 'exact');
const withPreset = <T extends object>(a: fc.Arbitrary<T>) =>
  fc.tuple(a, fc.option(presetArb, { nil: undefined })).map(([s, preset]) => (preset ? { ...s, preset } : s));
const stateArb: fc.Arbitrary<LinkState> = fc.oneof(
  withPreset(fc.record({ view: fc.constant('inspect' as const), runs: fc.array(runArb, { maxLength: 3 }), inspect: inspectArb })),
  withPreset(fc.record({ view: fc.constant('compare' as const), runs: fc.array(runArb, { maxLength: 5 }), compare: compareArb })),
  withPreset(fc.record({ view: fc.constant('analysis' as const), runs: fc.array(runArb, { maxLength: 2 }), analysis: analysisArb })),
  withPreset(
    fc.record({ view: fc.constant('playground' as const), runs: fc.array(runArb, { maxLength: 1 }), playground: fc.record({ text }) }),
  ),
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

describe('historyStep', () => {
  it('pushes navigations; the first change of a typed field pushes and opens its edit, later ones replace', () => {
    expect(historyStep('v=inspect&d=a', 'v=inspect&d=b', null)).toEqual({ mode: 'push', edit: null });
    expect(historyStep('v=inspect&d=a', 'v=inspect&d=a&t=2', null)).toEqual({ mode: 'push', edit: null });
    expect(historyStep('v=inspect&d=a', 'v=inspect&d=a&q=h', null)).toEqual({ mode: 'push', edit: 'q' });
    expect(historyStep('v=inspect&d=a&q=h', 'v=inspect&d=a&q=ho', 'q')).toEqual({ mode: 'replace', edit: 'q' });
    expect(historyStep('v=playground&text=a', 'v=playground&text=ab', 'text')).toEqual({ mode: 'replace', edit: 'text' });
    expect(historyStep('v=inspect', '#v=inspect', 'q')).toEqual({ mode: 'none', edit: 'q' }); // with or without its '#'
    expect(historyStep('v=inspect&d=a', 'v=inspect&d=a', null)).toEqual({ mode: 'none', edit: null });
    // An edit of another typed field is a new entry; so is a navigation during an edit (which closes it).
    expect(historyStep('v=compare&q=x', 'v=compare&q=x&pq=y', 'q')).toEqual({ mode: 'push', edit: 'pq' });
    expect(historyStep('v=inspect&d=a&q=ho', 'v=inspect&d=b&q=ho', 'q')).toEqual({ mode: 'push', edit: null });
  });

  it('keeps the step before a search (the walkthrough: dialogue, turn, sort, domain, then typing "cheap")', () => {
    // Replays the addresses the inspector writes, with the history as a stack: Back from the search lands on the domain.
    const addresses = [
      'v=inspect&d=PMUL1&t=2&sort=JGA+',
      'v=inspect&d=PMUL1&t=2&sort=JGA+&dom=hotel',
      ...['c', 'ch', 'che', 'chea', 'cheap'].map((q) => `v=inspect&d=PMUL1&t=2&sort=JGA+&dom=hotel&q=${q}`),
    ];
    const stack = ['v=inspect'];
    let edit: string | null = null;
    for (const a of addresses) {
      const step = historyStep(stack[stack.length - 1], a, edit);
      edit = step.edit;
      if (step.mode === 'push') stack.push(a);
      else if (step.mode === 'replace') stack[stack.length - 1] = a;
    }
    expect(stack.slice(-3)).toEqual([addresses[0], addresses[1], addresses[6]]);
    // The field left (edit closed by the caller: null) and typed into again: a new entry.
    expect(historyStep(addresses[6], `${addresses[6]}s`, null).mode).toBe('push');
  });
});

describe('preset in links', () => {
  it('writes the preset compactly, only when it is not exact', () => {
    const runs = [{ path: 'a.json', hash: null }];
    expect(encodeLink({ view: 'inspect', runs, preset: { name: 'exact' }, inspect: INSPECT_LINK_DEFAULTS })).toBe('v=inspect&run=:a.json');
    expect(encodeLink({ view: 'inspect', runs, preset: { name: 'mwzeval', valueMap: '3fa2c1' }, inspect: INSPECT_LINK_DEFAULTS })).toBe(
      'v=inspect&run=:a.json&p=mwzeval,vm:3fa2c1',
    );
    expect(encodePreset({ name: 'sgd', sgd: { acrossTurns: true, fuzzy: false, backend: 'difflib' } })).toBe('sgd,sgd:1/0/difflib');
    expect(
      encodePreset({ name: 'simpletod', simpletod: { defaultCleaning: true, type2Cleaning: true, ignoreDontcareInPred: false } }),
    ).toBe('simpletod,st:110');
    expect(
      encodePreset({ name: 'trade', matcher: { kind: 'fuzzy', scorer: 'token_sort_ratio', threshold: 92.5, backend: 'levenshtein' } }),
    ).toBe('trade,m:token_sort_ratio/92.5/levenshtein');
  });

  it('round-trips any preset, in every view', () => {
    fc.assert(
      fc.property(presetArb, (p) => {
        expect(decodePreset(encodePreset(p))).toEqual(p);
        for (const view of ['inspect', 'compare', 'analysis', 'playground'] as const)
          expect(decodeLink(encodeLink({ view, runs: [], preset: p })).state?.preset).toEqual(p);
      }),
    );
  });

  it('reads a garbled preset as exact (no preset), with a notice saying what is wrong', () => {
    for (const [p, why] of [
      ['nonsense', /name/],
      ['mwzeval,vm:XYZ', /value map hash is hex/],
      ['sgd,sgd:2/0/difflib', /sgd flags/],
      ['simpletod,st:10', /three 0\/1 digits/],
      ['trade,m:ratio/abc/levenshtein', /matcher/],
      ['trade,m:ratio/101/levenshtein', /at most 100/],
      ['mwzeval,vm:ab,vm:cd', /given twice/],
      ['mwzeval,zz:1', /not known/],
    ] as const) {
      const r = decodeLink(`v=inspect&run=:a.json&p=${encodeURIComponent(p)}`);
      expect(r.state).toEqual({ view: 'inspect', runs: [{ path: 'a.json', hash: null }], inspect: INSPECT_LINK_DEFAULTS });
      expect(r.notices).toHaveLength(1);
      expect(r.notices[0]).toMatch(/the link's preset .* could not be read .*scoring as exact/);
      expect(r.notices[0]).toMatch(why);
    }
  });
});

describe('compare finder slice in links', () => {
  it('round-trips the slice filter, and reads a garbled one as none', () => {
    const compare = {
      ...COMPARE_LINK_DEFAULTS,
      filter: { turns: 'all' as const, search: '', slice: { kind: 'slot' as const, key: 'hotel-price range' } },
    };
    const f = encodeLink({ view: 'compare', runs: [], compare });
    expect(f).toBe('v=compare&sl=slot:hotel-price%20range');
    expect(decodeLink(f)).toEqual({ state: { view: 'compare', runs: [], compare }, notices: [] });
    const bad = decodeLink('v=compare&sl=colour:red');
    expect(bad.state?.compare).toEqual(COMPARE_LINK_DEFAULTS);
    expect(bad.notices[0]).toMatch(/slice "colour:red" is not a slice/);
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
