// Several annotators through the real command: corrections merge (inputs
// untouched byte for byte, every record with its author, conflicts on stderr,
// exit 3, --out onto an input refused), corrections agree (the documented JSON
// shape; table), and score --corrections A,B --corrections-from
// NAME|majority|adjudicated (each equal to scoring with only the chosen
// records).
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { headerLine, recordLine } from '../../../../src/shared/annotations/record';
import { requireBuild, runCli } from '../../../helpers/cli';
import { FIXTURES } from '../../../helpers/fixtures';

const dir = mkdtempSync(join(tmpdir(), 'ann-team-'));
const MUL = join(FIXTURES, 'paper', 'mul1110.json');
let n = 0;
const rec = (by: string, o: object) =>
  recordLine({
    id: `${by}-${++n}`,
    rev: 1,
    scope: 'onward',
    category: 'extra-slot',
    status: 'confirmed',
    by,
    at: `2026-01-01T00:00:${String(n).padStart(2, '0')}Z`,
    dialogue: 'MUL1110.json',
    ...o,
  });
const file = (name: string, lines: string[]) => {
  const f = join(dir, name);
  writeFileSync(f, [headerLine('mul1110.json', '2026-01-01T00:00:00Z'), ...lines].join('\n') + '\n');
  return f;
};
// attraction-type "museum" at turn 2: ann and bob remove it, cat rejects; hotel-area … only ann.
const museum = { turn: 2, slot: 'attraction-type', from: 'museum', to: null };
const A = file('ann.jsonl', [rec('ann', museum)]);
const B = file('bob.jsonl', [rec('bob', museum)]);
const C = file('cat.jsonl', [rec('cat', { ...museum, status: 'rejected', to: undefined })]);
const score = (args: string[]) => {
  const r = runCli(['score', MUL, '--format', 'json', ...args]);
  return { ...r, json: r.code === 0 || r.code === 3 ? JSON.parse(r.stdout) : null };
};

describe('corrections merge / agree and --corrections-from', () => {
  requireBuild();

  it('merge writes a new file with every record and its author, reports the conflict, never touches the inputs', () => {
    const before = [A, B, C].map((f) => readFileSync(f));
    const out = join(dir, 'merged.jsonl');
    const r = runCli(['corrections', 'merge', A, B, C, '--out', out]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/merged 3 records by 3 annotators \(ann, bob, cat\) from 3 files; 1 conflict/);
    expect(r.stderr).toMatch(/conflict: MUL1110\.json\/2\/attraction-type: ann: confirmed → null; bob: confirmed → null; cat: rejected/);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(JSON.parse(lines[0]).merged).toEqual([A, B, C]);
    expect(lines.slice(1).map((l) => JSON.parse(l).by)).toEqual(['ann', 'bob', 'cat']);
    [A, B, C].forEach((f, k) => expect(readFileSync(f)).toEqual(before[k]));
    const onto = runCli(['corrections', 'merge', A, B, '--out', A]);
    expect(onto.code).toBe(2);
    expect(onto.stderr).toMatch(/never rewritten/);
    expect(readFileSync(A)).toEqual(before[0]);
  });

  it('agree prints the documented JSON object', () => {
    const r = runCli(['corrections', 'agree', A, B, C, '--format', 'json', '--bootstrap', '50']);
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout);
    expect(Object.keys(o)).toEqual(['annotators', 'items', 'decision', 'value']);
    expect(o.annotators).toEqual(['ann', 'bob', 'cat']);
    expect(o.items).toBe(1);
    expect(Object.keys(o.decision).slice(0, 3)).toEqual(['fleiss_kappa', 'krippendorff_alpha', 'ci']);
    expect(o.decision.rated_by).toEqual({ ann: 1, bob: 1, cat: 1 });
    const t = runCli(['corrections', 'agree', A, B]);
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(/annotators: ann, bob/);
    expect(runCli(['corrections', 'agree', A]).stderr).toMatch(/at least two annotators/);
  });

  it('--corrections-from: an annotator, the majority, adjudicated — each as scoring with those records alone', () => {
    const withAnn = score(['--corrections', A]).json;
    const none = score([]).json;
    expect(withAnn.corpus).not.toEqual(none.corpus); // the correction changes the scores
    expect(score(['--corrections', `${A},${B},${C}`, '--corrections-from', 'majority']).json.corpus).toEqual(withAnn.corpus);
    expect(score(['--corrections', `${A},${B},${C}`, '--corrections-from', 'cat']).json.corpus).toEqual(none.corpus);
    expect(score(['--corrections', `${A},${B},${C}`, '--corrections-from', 'bob']).json.corpus).toEqual(withAnn.corpus);
    // Adjudicated: the disagreement is undecided until someone decides it.
    const undecided = score(['--corrections', `${A},${B},${C}`, '--corrections-from', 'adjudicated']);
    expect(undecided.stderr).toMatch(/attraction-type: not applied \(3 annotators disagree and no adjudication decides\)/);
    expect(undecided.json.corpus).toEqual(none.corpus);
    const J = file('adjudicated.jsonl', [rec('judge', { ...museum, status: 'rejected', to: undefined, adjudicated: true })]);
    expect(score(['--corrections', `${A},${B},${C},${J}`, '--corrections-from', 'adjudicated']).json.corpus).toEqual(none.corpus);
    const J2 = file('adjudicated2.jsonl', [rec('judge', { ...museum, adjudicated: true })]);
    expect(score(['--corrections', `${A},${C},${J2}`, '--corrections-from', 'adjudicated']).json.corpus).toEqual(withAnn.corpus);
    // Several files need a choice; an unknown annotator is named.
    expect(runCli(['score', MUL, '--corrections', `${A},${B}`]).stderr).toMatch(/--corrections-from/);
    expect(runCli(['score', MUL, '--corrections', `${A},${B}`, '--corrections-from', 'zed']).stderr).toMatch(
      /no slot-level record by "zed"; the annotators are "ann", "bob"/,
    );
  });
});
