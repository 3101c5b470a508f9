// The annotator name (issue 19 item 4): saves carry the name the service was
// given (serve --annotator / the app's setting), setAnnotator changes it for
// the saves that follow (an open store included) and tells the app (which keeps
// it as a setting), a blank name is refused.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AnalysisService } from '../../../../src/main/services/analysis-service';
import { AnnotationService } from '../../../../src/main/services/annotation-service';
import { Workspace } from '../../../../src/main/services/workspace';
import { fileSource } from '../../../../src/shared/source';
import { FIXTURES } from '../../../helpers/fixtures';

const root = mkdtempSync(join(tmpdir(), 'ann-annotator-'));
const record = {
  dialogue: 'MUL1110.json',
  turn: 2,
  slot: 'attraction-type',
  from: 'museum',
  to: null,
  scope: 'turn' as const,
  category: 'extra-slot' as const,
  status: 'confirmed' as const,
};

describe('annotator name', () => {
  it('saves carry the given name, then the one set, and the change is passed on', async () => {
    const preds = join(root, 'mul1110.json');
    writeFileSync(preds, readFileSync(join(FIXTURES, 'paper', 'mul1110.json')));
    const ws = new Workspace({ inline: true });
    const id = ws.open(fileSource([preds])).id;
    await ws.whenSettled(id);
    const file = join(root, 'ann.jsonl');
    const changed: string[] = [];
    const svc = new AnnotationService(ws, {
      file,
      by: ' ann ',
      analysis: new AnalysisService(ws, { inline: true }),
      onAnnotatorChange: (n) => changed.push(n),
    });
    expect(svc.annotator()).toBe('ann');
    await svc.save(id, record);
    expect(svc.setAnnotator('bob')).toBe('bob');
    await svc.save(id, { ...record, turn: 3 });
    const by = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l).by);
    expect(by).toEqual(['ann', 'bob']);
    expect(changed).toEqual(['bob']);
    expect(() => svc.setAnnotator('   ')).toThrow(/annotator name/);
    expect(svc.annotator()).toBe('bob');
  });
});
