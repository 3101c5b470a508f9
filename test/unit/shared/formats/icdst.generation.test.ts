// IC-DST's running log (src/shared/formats/icdst.ts) with the model's text:
// Yushi-Hu/IC-DST run_codex_experiment.py appends `completion` (the SQL the
// model wrote) and `not_valid: 1` when sql_pred_parse raised, keeping the
// previous state as `pred` (samples in test/fixtures/formats/llm/icdst).
import { describe, expect, it } from 'vitest';
import { unparseableCount } from '../../../../src/shared/model/generation';
import { loadLlm, turnOf } from './llm-samples';

describe('IC-DST completion and not_valid (Yushi-Hu/IC-DST run_codex_experiment.py)', () => {
  it('keeps the completion as the generated text and marks not_valid turns unparseable, scoring pred as written', () => {
    const ok = loadLlm('icdst/running_log.json');
    expect(ok.corpus.generation?.raw?.[0]).toMatch(/WHERE/);
    expect(unparseableCount(ok.corpus.generation)).toBe(0);
    const r = loadLlm('icdst/running_log-edge.json');
    expect(unparseableCount(r.corpus.generation)).toBe(1);
    const t = turnOf(r.corpus, 'MUL0371', 1);
    expect(r.corpus.generation!.problem![t]).toMatch(/^\d+:\d+: at \$\[1\]\.not_valid: IC-DST could not parse the completion/);
    expect(r.corpus.predLen[t]).toBe(r.corpus.predLen[turnOf(r.corpus, 'MUL0371', 0)]);
    expect(r.warnings.join('\n')).toContain('1 turn marked not_valid');
  });
});
