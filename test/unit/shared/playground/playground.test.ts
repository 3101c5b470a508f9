// The playground's pure engine path (src/shared/playground): a dialogue typed
// as its turns reads and scores exactly as the CLI reads the file (the paper
// fixtures against their official values; every dialogue of the SOM-DST
// fixture round-tripped through "Open in playground"), the loader's errors land
// at their place in the editor's text, and quick edits change the classes
// they promise at the turns they promise, with one minimal text replacement.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyEdits, modify } from 'jsonc-parser';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { canonicalFlatSlot } from '../../../../src/shared/formats/slot-names';
import { loadReference } from '../../../../src/shared/formats/dialogue-sources';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { dialogueDetail, type SlotClass } from '../../../../src/shared/metrics/evaluate';
import { metricValue } from '../../../../src/shared/metrics/values';
import { evaluatePlayground, innerPath, positionAt, type PlaygroundResult } from '../../../../src/shared/playground/evaluate';
import { playgroundDialogueOf, playgroundFile, playgroundText } from '../../../../src/shared/playground/from-corpus';
import { parseJsonPath } from '../../../../src/shared/playground/json-path';
import { suggestAt } from '../../../../src/shared/playground/suggest';
import { quickEdit, wrongValue, type QuickEditRequest } from '../../../../src/shared/playground/quick-edit';
import { percent2 } from '../../../../src/shared/report/round';
import { FIXTURES } from '../../../helpers/fixtures';

const config = defaultConfig({ slotCount: 30 });
const TEMPLATES = [
  'hypothetical-p1',
  'hypothetical-p2',
  'figure1-p1',
  'figure1-p2',
  'mul1110',
  'sng0779',
  'fga-running-example',
  'zero-shot-taxi',
];
const paper = (name: string) => readFileSync(join(FIXTURES, 'paper', `${name}.json`), 'utf8');
const template = (name: string) => playgroundDialogueOf(paper(name));

function ok(text: string, id = 'D'): PlaygroundResult {
  const r = evaluatePlayground(text, id, config);
  if (!r.ok) throw new Error(`expected a result, got ${r.diagnostic.message}`);
  return r.result;
}

function fail(text: string) {
  const r = evaluatePlayground(text, 'D', config);
  if (r.ok) throw new Error('expected a diagnostic');
  return r.diagnostic;
}

/** The class of a slot at turn index t, or null when the turn shows no chip for it. */
function cls(r: PlaygroundResult, t: number, slot: string): SlotClass | null {
  const turn = r.detail.perTurn!.find((x) => x.turn === t)!;
  return turn.slots.find((s) => s.slot === slot)?.class ?? null;
}

describe('evaluatePlayground reads as the CLI reads', () => {
  it.each(TEMPLATES)('%s: the dialogue scores as the fixture file does, and as the official implementations', (name) => {
    const { id, text } = template(name);
    const r = ok(text, id);
    const corpus = loadCorpus(new TextEncoder().encode(paper(name)), { file: `${name}.json` }).corpus;
    const direct = dialogueDetail(corpus, 0, config);
    expect(r.detail.values).toEqual(direct.values);
    expect(r.detail.perTurn).toEqual(direct.perTurn);
    const expected = JSON.parse(readFileSync(join(FIXTURES, 'paper', `${name}.expected.json`), 'utf8')).dialogues[id];
    expect(Math.abs(metricValue(r.detail.values, 'GCA')! - expected.gca)).toBeLessThan(1e-9);
    expect(Math.abs(metricValue(r.detail.values, 'FGA', '0.5')! - expected['fga_0.5'])).toBeLessThan(1e-9);
  });

  it("gives the GCA paper's figure 8 numbers for P1 and P2", () => {
    const show = (name: string) =>
      ['JGA', 'FGA', 'RSA', 'GCA'].map((m) => percent2(metricValue(ok(template(name).text).detail.values, m, config)!));
    expect(show('hypothetical-p1')).toEqual(['83.33', '83.33', '91.67', '52.38']);
    expect(show('hypothetical-p2')).toEqual(['0.00', '59.75', '8.33', '52.38']);
  });

  it('round-trips every dialogue of a real run ("Open in playground") with its utterances, and Save writes a file the CLI scores the same', () => {
    const dir = join(FIXTURES, 'multiwoz-somdst-100');
    const dialogues = loadReference(new Uint8Array(readFileSync(join(dir, 'dialogues.json'))), { file: 'dialogues.json' });
    const corpus = loadCorpus(new Uint8Array(readFileSync(join(dir, 'predictions.json'))), { file: 'predictions.json', dialogues }).corpus;
    let withText = 0;
    for (let d = 0; d < corpus.dialogueIds.length; d++) {
      const id = corpus.dialogueIds[d];
      const r = ok(playgroundText(corpus, d), id);
      const direct = dialogueDetail(corpus, d, config);
      expect(r.detail.values, id).toEqual(direct.values);
      expect(r.detail.perTurn, id).toEqual(direct.perTurn);
      const first = corpus.dialogueStart[d];
      if (corpus.utterances?.user[first]) {
        withText++;
        expect(r.detail.utterances?.[0].user, id).toBe(corpus.utterances.user[first]);
      }
    }
    expect(withText).toBeGreaterThan(90);
    const text = playgroundText(corpus, 3);
    const saved = loadCorpus(new TextEncoder().encode(playgroundFile(corpus.dialogueIds[3], text)), { file: 'saved.json' }).corpus;
    expect(saved.dialogueIds).toEqual([corpus.dialogueIds[3]]);
    expect(dialogueDetail(saved, 0, config).perTurn).toEqual(dialogueDetail(corpus, 3, config).perTurn);
  });

  it('shows the utterances written in the turns, and the loader ignores them for the scores', () => {
    const text = JSON.stringify({
      0: { user: 'a cheap hotel', gt: { hotel: { pricerange: 'cheap' } }, pr: {} },
      1: { system: 'which area?', user: 'north', gt: { hotel: { pricerange: 'cheap', area: 'north' } }, pr: {} },
    });
    const r = ok(text);
    expect(r.detail.utterances).toEqual([{ user: 'a cheap hotel' }, { system: 'which area?', user: 'north' }]);
    expect(ok(text.replace(/"(system|user)":"[^"]*",/g, '')).detail.values).toEqual(r.detail.values);
  });

  it('warns when turns are out of order (read sorted, as the CLI does)', () => {
    const r = ok('{"1": {"gt": {}, "pr": {}}, "0": {"gt": {}, "pr": {}}}');
    expect(r.detail.perTurn!.map((t) => t.turn)).toEqual([0, 1]);
    expect(r.warnings.join()).toMatch(/out of order/);
  });
});

describe('diagnostics land at their place in the editor text', () => {
  it('a syntax error: line and column of the offending character', () => {
    const text = '{\n  "0": {\n    "gt": {}\n    "pr": {}\n  }\n}\n';
    const d = fail(text);
    expect([d.startLine, d.startColumn]).toEqual([4, 5]);
    expect(d.message).toMatch(/expected ',' or '}'/);
  });

  it('a value of the wrong type: the value is underlined and the path is inside the editor text', () => {
    const text = '{\n  "0": {\n    "gt": {"hotel": {"name": "x"}},\n    "pr": {"hotel": {"name": 3}}\n  }\n}';
    const d = fail(text);
    expect(d.path).toBe('$["0"].pr.hotel.name');
    expect(d.message).toBe('expected a string value, found number 3 (at $["0"].pr.hotel.name)');
    const line = text.split('\n')[3];
    expect([d.startLine, d.startColumn, d.endLine, d.endColumn]).toEqual([4, line.indexOf('3') + 1, 4, line.indexOf('3') + 2]);
  });

  it('columns count UTF-16 code units, as Monaco does, after non-ASCII text', () => {
    const text = '{"0": {"gt": {"hotel": {"name": "café 😀"}}, "pr": {"hotel": {"name": true}}}}';
    const d = fail(text);
    expect(d.startLine).toBe(1);
    expect(d.startColumn).toBe(text.indexOf('true') + 1);
    expect(d.endColumn).toBe(text.indexOf('true') + 5);
  });

  it('a bad turn key and a missing side name the turn', () => {
    const bad = fail('{\n  "x": {"gt": {}, "pr": {}}\n}');
    expect([bad.startLine, bad.startColumn, bad.endColumn]).toEqual([2, 3, 6]);
    expect(bad.message).toMatch(/turn key "x" is not a non-negative integer/);
    const missing = fail('{\n  "0": {"gt": {}}\n}');
    expect(missing.message).toMatch(/turn has no "pr"/);
    expect(missing.startLine).toBe(2);
  });

  it('text after the dialogue (which the wrapper would read as a second dialogue): placed where it starts, never an internal error', () => {
    const text = '{"0": {"gt": {}, "pr": {}}},\n "other": {"0": {"gt": {}, "pr": {}}}';
    const d = fail(text);
    expect(d.message).toMatch(/^text after the dialogue/);
    expect([d.startLine, d.startColumn]).toEqual([1, text.split('\n')[0].length]); // the comma that ends line 1
    expect(fail('{"0": {"gt": {}, "pr": {}}} {}').message).toMatch(/^text after the dialogue/);
    // Whitespace after the object is fine.
    expect(evaluatePlayground('{"0": {"gt": {}, "pr": {}}}\n\n', 'D', config).ok).toBe(true);
  });

  it('text cut short or empty: a place inside the text, never past it', () => {
    for (const text of ['{"0": {"gt": {', '', '   ']) {
      const d = fail(text);
      const end = positionAt(text, text.length);
      expect(d.startLine).toBeLessThanOrEqual(end.line);
      if (d.startLine === end.line) expect(d.startColumn).toBeLessThanOrEqual(end.column);
    }
  });

  it('an error with a JSON path only (two spellings of one slot) is placed at that state', () => {
    const text = '{\n  "0": {\n    "gt": {"hotel": {"day": "monday", "book day": "monday"}},\n    "pr": {}\n  }\n}';
    const d = fail(text);
    expect(d.message).toMatch(/named twice/);
    // The other spelling's place is said in the editor's own lines and paths, not the wrapped file's.
    expect(d.message).toContain('(at 3:22 $["0"].gt.hotel.day)');
    expect(d.startLine).toBe(3);
  });

  it('paths: the wrapper key is removed, and paths read back', () => {
    expect(innerPath('$["MUL1110.json"]["4"].pr.hotel.name', 'MUL1110.json')).toBe('$["4"].pr.hotel.name');
    expect(innerPath('$.D["4"]', 'D')).toBe('$["4"]');
    expect(parseJsonPath('$["4"].pr.hotel["book day"][2]')).toEqual(['4', 'pr', 'hotel', 'book day', 2]);
  });
});

describe('quick edits', () => {
  const edit = (text: string, req: QuickEditRequest) => {
    const r = quickEdit(text, req);
    // The replacements, applied to the original text from the last to the first, give the whole new text.
    let out = text;
    for (let i = r.edits.length - 1; i >= 0; i--) {
      const e = r.edits[i];
      if (i > 0) expect(r.edits[i - 1].offset + r.edits[i - 1].length).toBeLessThanOrEqual(e.offset);
      out = out.slice(0, e.offset) + e.text + out.slice(e.offset + e.length);
    }
    expect(out).toBe(r.text);
    return r;
  };

  it('correct at one turn only, then from a turn on (figure 1, P1: internet predicted "no")', () => {
    const { text } = template('figure1-p1');
    const one = edit(text, { slot: 'hotel-internet', turn: 0, action: 'correct', scope: 'turn' });
    expect(one.changed).toEqual([0]);
    const r1 = ok(one.text);
    expect([cls(r1, 0, 'hotel-internet'), cls(r1, 1, 'hotel-internet'), cls(r1, 2, 'hotel-internet')]).toEqual([
      'correct',
      'wrong',
      'wrong',
    ]);
    const all = edit(text, { slot: 'hotel-internet', turn: 0, action: 'correct', scope: 'onward' });
    expect(all.changed).toEqual([0, 1, 2]);
    const r2 = ok(all.text);
    expect([0, 1, 2].map((t) => cls(r2, t, 'hotel-internet'))).toEqual(['correct', 'correct', 'correct']);
    // Only the three "no" values changed: three small replacements.
    expect(all.edits).toHaveLength(3);
    expect(all.edits.every((e) => e.length < 10 && e.text.length < 10)).toBe(true);
  });

  it('missed removes the prediction in the file\'s own spelling ("day" for hotel-book day), and the empty domain with it', () => {
    const { text } = template('fga-running-example');
    const r = edit(text, { slot: 'hotel-book day', turn: 2, action: 'missed', scope: 'turn' });
    const res = ok(r.text);
    expect(cls(res, 2, 'hotel-book day')).toBe('missed');
    expect(cls(res, 3, 'hotel-book day')).toBe('correct');
    const doc = JSON.parse(r.text);
    expect(doc['2'].pr.hotel.day).toBeUndefined();
    expect(doc['3'].pr.hotel.day).toBe('wednesday');
    const p1 = edit(template('hypothetical-p1').text, { slot: 'hotel-internet', turn: 0, action: 'missed', scope: 'turn' });
    expect(JSON.parse(p1.text)['0'].pr).toEqual({});
  });

  it('wrong picks another value of the slot, or a different one, and only where the gold has the slot', () => {
    const { text } = template('figure1-p2');
    const r = edit(text, { slot: 'hotel-internet', turn: 1, action: 'wrong', scope: 'onward' });
    const res = ok(r.text);
    expect([cls(res, 0, 'hotel-internet'), cls(res, 1, 'hotel-internet'), cls(res, 2, 'hotel-internet')]).toEqual([
      'correct',
      'wrong',
      'wrong',
    ]);
    expect(wrongValue('yes', [])).toBe('no');
    expect(wrongValue('4', [])).toBe('5');
    expect(wrongValue('cheap', ['cheap', 'expensive'])).toBe('expensive');
    expect(wrongValue('cheap', [])).not.toBe('cheap');
  });

  it('overshot predicts a slot the gold lacks, from a turn on; at a turn whose gold has it, it says why nothing changed', () => {
    const { text } = template('sng0779');
    // hotel-name is overshot at turns 2 and 3 (SNG0779).
    const r = edit(text, { slot: 'hotel-name', turn: 2, action: 'overshot', scope: 'turn' });
    expect(r.edits).toEqual([]);
    expect(r.note).toBe('hotel-name is already overshot at turn 2');
    const gone = edit(text, { slot: 'hotel-name', turn: 2, action: 'correct', scope: 'onward' });
    const g = ok(gone.text);
    expect([cls(g, 2, 'hotel-name'), cls(g, 3, 'hotel-name')]).toEqual([null, null]);
    const back = edit(gone.text, { slot: 'hotel-name', turn: 2, action: 'overshot', scope: 'onward' });
    expect(back.changed).toEqual([2, 3]);
    const b = ok(back.text);
    expect([cls(b, 1, 'hotel-name'), cls(b, 2, 'hotel-name'), cls(b, 3, 'hotel-name')]).toEqual([null, 'overshot', 'overshot']);
    const p = edit(text, { slot: 'hotel-parking', turn: 0, action: 'overshot', scope: 'turn' });
    expect(p.edits).toEqual([]);
    expect(p.note).toMatch(/gold state has the slot there/);
  });

  it('correct copies an explicit "none" of the gold (GCA counts it), and scores change as the edit says', () => {
    const { text } = template('zero-shot-taxi');
    const doc = JSON.parse(text) as Record<
      string,
      { gt: Record<string, Record<string, string>>; pr: Record<string, Record<string, string>> }
    >;
    const withNone = Object.entries(doc).find(([, t]) => Object.values(t.gt).some((d) => Object.values(d).includes('none')));
    expect(withNone, 'the fixture has an explicit "none" in its gold').toBeDefined();
    const [key, turn] = withNone!;
    const [domain, slots] = Object.entries(turn.gt).find(([, d]) => Object.values(d).includes('none'))!;
    const name = Object.entries(slots).find(([, v]) => v === 'none')![0];
    const slot = `${domain}-${name}`;
    const r = edit(text, { slot, turn: Number(key), action: 'correct', scope: 'turn' });
    expect(JSON.parse(r.text)[key].pr[domain][name]).toBe('none');
  });

  it('edits each turn inside its own "pr" object exactly as a whole-text edit would (insertions indented alike)', () => {
    for (const name of ['fga-running-example', 'sng0779', 'hypothetical-p2']) {
      const { text } = template(name);
      const doc = JSON.parse(text) as Record<
        string,
        { gt: Record<string, Record<string, string>>; pr: Record<string, Record<string, string>> }
      >;
      const slots = new Set<string>();
      for (const t of Object.values(doc))
        for (const side of [t.gt, t.pr])
          for (const [d, ss] of Object.entries(side)) for (const n of Object.keys(ss)) slots.add(`${d}-${n}`);
      for (const slot of slots) {
        for (const action of ['correct', 'wrong', 'missed', 'overshot'] as const) {
          const r = edit(text, { slot: canonicalFlatSlot(slot), turn: 0, action, scope: 'onward' });
          // Reference: the same changes made with jsonc-parser on the whole text, one after the other.
          let ref = text;
          const after = JSON.parse(r.text) as typeof doc;
          for (const key of Object.keys(doc)) {
            if (JSON.stringify(after[key].pr) === JSON.stringify(doc[key].pr)) continue;
            ref = applyEdits(
              ref,
              modify(ref, [key, 'pr'], after[key].pr, { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } }),
            );
          }
          expect(JSON.parse(r.text), `${name} ${slot} ${action}`).toEqual(JSON.parse(ref));
          // Inserted lines are indented like their neighbours: every line's indentation is a multiple of 2 and steps by at most one level.
          const depths = r.text
            .split('\n')
            .filter((l) => l.trim())
            .map((l) => /^ */.exec(l)![0].length);
          for (let i = 1; i < depths.length; i++)
            expect(depths[i] - depths[i - 1], `${name} ${slot} ${action} line ${i + 1}`).toBeLessThanOrEqual(2);
          expect(depths.every((d) => d % 2 === 0)).toBe(true);
        }
      }
    }
  });

  it('refuses text that does not read, and a turn that is not there', () => {
    expect(() => quickEdit('{"0": ', { slot: 'a-b', turn: 0, action: 'correct', scope: 'turn' })).toThrow(/fix the JSON first/);
    expect(() => quickEdit('{"0": {"gt": {}, "pr": {}}}', { slot: 'a-b', turn: 3, action: 'correct', scope: 'turn' })).toThrow(/no turn 3/);
  });
});

describe('suggestions from the dialogue and slot-name warnings', () => {
  it("at a predicted value: the slot's values elsewhere, this turn's gold value first", () => {
    const { text } = template('figure1-p1');
    const at = text.indexOf('"no"', text.indexOf('"pr"', text.indexOf('"1"'))) + 2;
    const s = suggestAt(text, at)!;
    expect(s.items.map((i) => [i.label, i.detail])).toEqual([
      ['yes', 'gold at turns 0–2'],
      ['no', 'predicted at turns 0–2'],
    ]);
    expect(s.replace).toEqual({ offset: at - 2, length: 4 });
    expect(s.items[0].insert).toBe('"yes"');
  });

  it('at a slot name: the slots of that domain elsewhere in the dialogue; elsewhere nothing', () => {
    const text =
      '{"0": {"gt": {"hotel": {"area": "north"}}, "pr": {"hotel": {"": ""}}}, "1": {"gt": {"hotel": {"area": "north", "book day": "monday"}}, "pr": {}}}';
    const s = suggestAt(text, text.indexOf('"": ""') + 1)!;
    expect(s.items.map((i) => i.label)).toEqual(['area', 'book day']);
    expect(suggestAt(text, 1)).toBeNull();
  });

  it('slot names of MultiWOZ domains that are not MultiWOZ slots are warned about at their key; usual spellings are not', () => {
    const text =
      '{\n  "0": {"gt": {"hotel": {"prking": "yes", "day": "monday", "price range": "cheap"}}, "pr": {"hotel": {"prking": "yes"}}}\n}';
    const r = ok(text);
    expect(r.notes.map((n) => [n.message.slice(0, 16), n.startLine, n.startColumn])).toEqual([
      ['"hotel-prking" i', 2, text.split('\n')[1].indexOf('"prking"') + 1],
      ['"hotel-prking" i', 2, text.split('\n')[1].lastIndexOf('"prking"') + 1],
    ]);
    expect(ok(template('mul1110').text).notes).toEqual([]);
  });
});
