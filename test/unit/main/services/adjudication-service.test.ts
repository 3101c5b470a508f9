// Adjudication in the app's engine (src/main/services/adjudication-service.ts): the annotators' files
// are only read; every adjudication is appended to the adjudicated file (a record with "adjudicated":
// true, `by` = the session's annotator name) and is on disk when the call answers; a second pick at a
// place is the next revision of the same record; the agreement is `corrections agree`'s; and the
// what-if with an annotator's, the majority's or the adjudicated corrections equals the CLI's
// `--corrections A,B,ADJ --corrections-from X` (applyCorrectionFiles), signature included.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AdjudicationService } from '../../../../src/main/services/adjudication-service';
import { AnalysisService } from '../../../../src/main/services/analysis-service';
import { AnnotationService } from '../../../../src/main/services/annotation-service';
import { loadSource } from '../../../../src/main/services/load-pipeline';
import { evaluate } from '../../../../src/shared/metrics/evaluate';
import { Workspace } from '../../../../src/main/services/workspace';
import { agreementSummary } from '../../../../src/shared/annotations/annotators-agree';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { renderSignature } from '../../../../src/shared/metrics/signature';
import { fileSource } from '../../../../src/shared/source';
import { FIXTURES } from '../../../helpers/fixtures';
import { writeTeamFiles } from '../../../helpers/team-files';
import { readAnnotationFile } from '../../../../src/main/services/annotation-file';

async function setUp() {
  const root = mkdtempSync(join(tmpdir(), 'adjudicate-'));
  const preds = join(root, 'mul1110.json');
  writeFileSync(preds, readFileSync(join(FIXTURES, 'paper', 'mul1110.json')));
  const { alice, bob } = writeTeamFiles(root);
  const ws = new Workspace({ inline: true });
  const run = ws.open(fileSource([preds])).id;
  await ws.whenSettled(run);
  const annotations = new AnnotationService(ws, {
    file: join(root, 'own.jsonl'),
    by: 'judge',
    analysis: new AnalysisService(ws, { inline: true }),
  });
  const team = new AdjudicationService(ws, { files: [alice, bob], author: () => annotations.annotator() });
  annotations.team = team;
  return { root, preds, alice, bob, ws, run, annotations, team };
}

describe('adjudication service', () => {
  it('lists the disagreements, writes adjudications durably to their own file, never to an annotator’s', async () => {
    const { root, alice, bob, team } = await setUp();
    const before = [readFileSync(alice), readFileSync(bob)];
    const st = team.state();
    expect(st.annotators).toEqual(['alice', 'bob']);
    expect(st.adjudicated).toBe(join(root, 'adjudicated.annotations.jsonl'));
    expect(st.adjudicatedExists).toBe(false);
    expect(st.disagreements).toBe(2);
    // The agreement is the CLI's (`corrections agree alice bob`, bootstrap 1000, seed 0).
    const files = [alice, bob].map((file) => ({ file, ...readAnnotationFile(file) }));
    expect(st.agreement).toEqual(agreementSummary(files, { bootstrap: 1000, seed: 0 }));
    expect(st.agreementSignature).toMatch(/bootstrap=1000 \| seed=0/);

    const q = team.disagreements();
    expect(q.items.map((r) => [r.turn, r.slot])).toEqual([
      [2, 'attraction-type'],
      [3, 'attraction-type'],
    ]);
    await team.adjudicate(q.items[0].key, { kind: 'annotator', index: 1 }); // bob: the gold is right
    const saved = await team.adjudicate(q.items[1].key, { kind: 'value', to: 'architecture' });
    expect(saved.rev).toBe(1);
    // On disk when the call answered: a new reader sees both, each an adjudication by the session's annotator.
    const adj = readAnnotationFile(st.adjudicated!);
    expect(
      adj.records.map((k) => [k.record.turn, k.record.status, k.record.to, k.record.by, (k.record as Record<string, unknown>).adjudicated]),
    ).toEqual([
      [2, 'rejected', undefined, 'judge', true],
      [3, 'confirmed', 'architecture', 'judge', true],
    ]);
    expect([readFileSync(alice), readFileSync(bob)]).toEqual(before);
    expect(team.state().adjudicatedPlaces).toBe(2);

    // Picking again at a place revises its adjudication (the journal keeps the first pick).
    const again = await team.adjudicate(team.disagreements().items[1].key, { kind: 'annotator', index: 0 });
    expect(again.rev).toBe(2);
    const lines = readFileSync(st.adjudicated!, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[3])).toMatchObject({ rev: 2, to: 'park', adjudicated: true, by: 'judge' });
  });

  it('refuses a pick the place cannot take, and a key that is no disagreement', async () => {
    const { team } = await setUp();
    const [row] = team.disagreements().items;
    await expect(team.adjudicate(row.key, { kind: 'majority' })).rejects.toThrow(/no majority/);
    await expect(team.adjudicate(row.key, { kind: 'value', to: 'museum' })).rejects.toThrow(/already has/);
    await expect(team.adjudicate('nowhere', { kind: 'gold' })).rejects.toThrow(/no disagreement/);
  });

  it('the what-if per annotator, majority and adjudicated equals the CLI’s --corrections A,B,ADJ --corrections-from X', async () => {
    const { alice, bob, team, annotations, run, preds } = await setUp();
    const [r2, r3] = team.disagreements().items;
    await team.adjudicate(r2.key, { kind: 'annotator', index: 0 }); // alice: the slot goes
    await team.adjudicate(r3.key, { kind: 'annotator', index: 1 }); // bob: college
    const adjFile = team.state().adjudicated!;
    const config = defaultConfig();
    for (const from of ['alice', 'bob', 'majority', 'adjudicated']) {
      const app = await annotations.whatIf(run, config, false, undefined, from);
      // The CLI's path: the load pipeline applies the files' selected records (score --corrections A,B,ADJ --corrections-from X).
      const cli = await loadSource(fileSource([preds], { corrections: { file: alice, more: [bob, adjFile], from } }));
      const applied = cli.corrections!.result.summary;
      expect(applied.from).toBe(from);
      expect(app.applied).toBe(applied.count);
      const ev = evaluate(cli.loaded.corpus, config, { settings: { corrections: applied } });
      expect(renderSignature(app.signatureAfter)).toBe(renderSignature(ev.signature));
      expect(renderSignature(app.signatureAfter)).toContain(`corrections=${applied.count}:${applied.hash} from=${from}`);
      expect(app.diff.after.values).toEqual(ev.corpus.values);
    }
    const adjudicated = await annotations.whatIf(run, config, false, undefined, 'adjudicated');
    // alice's removal at turn 2 and bob's college at turn 3, plus the agreed hotel-name at turn 0.
    expect(adjudicated.applied).toBe(3);
  });
});
