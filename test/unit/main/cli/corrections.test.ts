// The annotation commands as real processes: score --corrections (stale
// records on stderr, exit 3, the signature part), suspects --format json,
// corrections export (jsonl, csv, diff; the gold found from the header or
// given), convert --corrections, and bad annotation files refused (exit 2,
// one line naming file:line).
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { headerLine, recordLine } from '../../../../src/shared/annotations/record';
import { requireBuild, runCli } from '../../../helpers/cli';
import { FIXTURES } from '../../../helpers/fixtures';

const dir = mkdtempSync(join(tmpdir(), 'ann-cli-'));
const MUL = join(FIXTURES, 'paper', 'mul1110.json');
const SOM = join(FIXTURES, 'multiwoz-somdst-100');
const rec = (o: object) =>
  recordLine({
    rev: 1,
    scope: 'turn',
    category: 'wrong-value',
    status: 'confirmed',
    by: 't',
    at: '2026-01-01T00:00:00Z',
    dialogue: 'MUL1110.json',
    ...o,
  });
const file = (name: string, lines: string[], source?: object) => {
  const f = join(dir, name);
  writeFileSync(f, [headerLine('mul1110.json', '2026-01-01T00:00:00Z', source ? { source } : {}), ...lines].join('\n') + '\n');
  return f;
};

describe('annotation commands', () => {
  requireBuild();
  const removeMuseum = rec({
    id: 'x1',
    turn: 2,
    slot: 'attraction-type',
    from: 'museum',
    to: null,
    scope: 'onward',
    category: 'extra-slot',
  });
  const stale = rec({ id: 'x2', turn: 0, slot: 'hotel-name', from: 'not the gold value', to: 'x' });

  it('score --corrections applies them, reports stale records on stderr and exits 3', () => {
    const f = file('a.jsonl', [removeMuseum, stale]);
    const r = runCli(['score', MUL, '--corrections', f, '--format', 'json']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/a\.jsonl:3: stale record x2 \(skipped\)/);
    const o = JSON.parse(r.stdout);
    expect(o.signature).toMatch(/\| corrections=1:[0-9a-f]{8} \|/);
    // = the gold edited by hand: attraction-type removed from turn 2 on.
    const json = JSON.parse(readFileSync(MUL, 'utf8'));
    for (const t of Object.keys(json['MUL1110.json'])) if (Number(t) >= 2) delete json['MUL1110.json'][t].gt.attraction.type;
    const edited = join(dir, 'edited.json');
    writeFileSync(edited, JSON.stringify(json));
    const hand = JSON.parse(runCli(['score', edited, '--format', 'json']).stdout);
    expect(o.corpus).toEqual(hand.corpus);
    // Without stale records: exit 0.
    expect(runCli(['score', MUL, '--corrections', file('ok.jsonl', [removeMuseum])]).code).toBe(0);
  });

  it('every command that scores says so in its signature and exits 3 when corrections were skipped', () => {
    const f = file('every.jsonl', [removeMuseum, stale]);
    const part = /corrections=1:[0-9a-f]{8}/;
    const svg = join(dir, 'fig.svg');
    const cases: [string[], () => string][] = [
      [['score', MUL, '--by', 'domain'], () => ''],
      [['score', MUL, '--by', 'slot', '--format', 'json'], () => ''],
      [['compare', MUL, MUL, '--name', 'a,b', '--bootstrap', '20', '--trials', '20'], () => ''],
      [['analyze', MUL, '--position', 'index', '--bootstrap', '20'], () => ''],
      [['traits', MUL], () => ''],
      [['figure', MUL, '--dialogue', 'MUL1110.json', '--out', svg], () => readFileSync(svg, 'utf8')],
    ];
    for (const [args, extra] of cases) {
      const r = runCli([...args, '--corrections', f]);
      expect([args[0], r.code, r.stderr]).toEqual([args[0], 3, expect.stringMatching(/stale record x2 \(skipped\)/)]);
      expect(r.stdout + extra()).toMatch(part);
      // Without corrections: no part, exit 0.
      const plain = runCli(args);
      expect([args[0], plain.code]).toEqual([args[0], 0]);
      expect(plain.stdout + extra()).not.toMatch(/corrections=/);
    }
    const s = runCli(['suspects', MUL, '--corrections', f]);
    expect(s.code).toBe(3);
  });

  it('refuses an unreadable line, a non-annotation file, a newer version: exit 2, one located line', () => {
    const bad = file('bad.jsonl', [removeMuseum, '{"id": "b", "rev": 1, "dialogue": 3}', stale]);
    const r = runCli(['score', MUL, '--corrections', bad]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/bad\.jsonl:3:1: .*no correction is applied/);
    const notAnn = runCli(['score', MUL, '--corrections', MUL]);
    expect([notAnn.code, notAnn.stderr]).toEqual([2, expect.stringMatching(/mul1110\.json:1:1: is not an annotation file/)]);
    writeFileSync(join(dir, 'v9.jsonl'), '{"format":"dst-inspector-annotations","version":9,"gold":"g","created":"t"}\n');
    expect(runCli(['score', MUL, '--corrections', join(dir, 'v9.jsonl')]).stderr).toMatch(/newer DST Inspector/);
    expect(runCli(['score', MUL, '--include-suspected']).stderr).toMatch(/--include-suspected needs --corrections/);
  });

  it('suspects: JSON items with their evidence', () => {
    const r = runCli([
      'suspects',
      join(SOM, 'predictions.json'),
      '--dialogues',
      join(SOM, 'dialogues.json'),
      '--top',
      '5',
      '--format',
      'json',
    ]);
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout);
    expect(o.suspects).toHaveLength(5);
    expect(o.total).toBeGreaterThan(100);
    for (const s of o.suspects)
      expect(Object.keys(s)).toEqual(expect.arrayContaining(['dialogue', 'turn', 'slot', 'gold', 'pred', 'score', 'reasons']));
    expect(o.suspects[0].reasons[0]).toMatchObject({ kind: expect.any(String), weight: expect.any(Number), text: expect.any(String) });
    const scores = o.suspects.map((s: { score: number }) => s.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('corrections export: one row per changed turn, as JSON Lines, CSV or a diff; the gold from the header', () => {
    const f = file('h.jsonl', [removeMuseum], { kind: 'files', predictions: [MUL] });
    const jsonl = runCli(['corrections', 'export', f, '--format', 'jsonl']);
    expect(jsonl.code).toBe(0);
    const rows = jsonl.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((x) => [x.dialogue, x.turn, x.slot, x.old, x.new])).toEqual(
      [2, 3, 4, 5, 6].map((t) => ['MUL1110.json', t, 'attraction-type', 'museum', null]),
    );
    expect(Object.keys(rows[0])).toEqual(['dialogue', 'turn', 'slot', 'old', 'new', 'category', 'status', 'note', 'by', 'at', 'id']);
    const csv = runCli(['corrections', 'export', f, MUL, '--format', 'csv']).stdout.split('\n');
    expect(csv[0]).toBe('dialogue,turn,slot,old,new,category,status,note,by,at,id');
    expect(csv[1]).toBe('MUL1110.json,2,attraction-type,museum,,extra-slot,confirmed,,t,2026-01-01T00:00:00Z,x1');
    const diff = runCli(['corrections', 'export', f]).stdout;
    expect(diff).toMatch(
      /^--- gold: .*mul1110\.json\n\+\+\+ corrected: corrections=1:[0-9a-f]{8}, 5 turn changes\n@@ MUL1110\.json turn 2 @@\n-attraction-type: "museum"\n\+attraction-type: \(absent\)\n/,
    );
    // With the predictions given, --include-suspected is the command's own (not "needs --corrections").
    const suspected = file('s.jsonl', [
      rec({ id: 's1', turn: 1, slot: 'hotel-name', from: 'el shaddia guesthouse', to: 'el shaddai', status: 'suspected' }),
    ]);
    expect(runCli(['corrections', 'export', suspected, MUL, '--format', 'jsonl']).stdout).toBe('');
    const withSuspected = runCli(['corrections', 'export', suspected, MUL, '--include-suspected', '--format', 'jsonl']);
    expect([withSuspected.code, withSuspected.stderr]).toEqual([0, '']);
    expect(JSON.parse(withSuspected.stdout.split('\n')[0])).toMatchObject({
      turn: 1,
      slot: 'hotel-name',
      old: 'el shaddia guesthouse',
      new: 'el shaddai',
      status: 'suspected',
    });
    expect(runCli(['corrections', 'export', '--help']).stdout).not.toMatch(/--corrections FILE/);
    const noGold = runCli(['corrections', 'export', file('nogold.jsonl', [removeMuseum])]);
    expect([noGold.code, noGold.stderr]).toEqual([2, expect.stringMatching(/does not say where its gold is; give the predictions file/)]);
  });

  it('convert --corrections writes the corrected gold', () => {
    const out = join(dir, 'corrected.jsonl');
    const r = runCli(['convert', MUL, '--corrections', file('c.jsonl', [removeMuseum]), '--to', 'jsonl', '--out', out]);
    expect(r.code).toBe(0);
    const turns = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(turns.map((t) => 'attraction-type' in t.gold)).toEqual([false, false, false, false, false, false, false]);
    expect(runCli(['score', out, '--format', 'json']).stdout).toContain('"JGA"');
  });
});
