// kill -9 during adjudication (the built `serve --corrections alice,bob --adjudicated F`): every
// adjudication the server acknowledged is in the adjudicated file afterwards — each pick is appended
// and fsync'd by the annotation store before `adjudicate` answers — and the annotators' files are
// never written.
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAnnotations } from '../../../../src/shared/annotations/file';
import { apiCall, firstRunReady, startServer } from '../../../e2e/harness';
import { requireBuild } from '../../../helpers/cli';
import { FIXTURES } from '../../../helpers/fixtures';
import { writeTeamFiles } from '../../../helpers/team-files';

const MUL = join(FIXTURES, 'paper', 'mul1110.json');

describe('adjudication under kill -9', () => {
  it('keeps every acknowledged adjudication; the annotators’ files are untouched', async () => {
    requireBuild();
    const dir = mkdtempSync(join(tmpdir(), 'adjudicate-kill-'));
    const { alice, bob } = writeTeamFiles(dir);
    const before = [readFileSync(alice), readFileSync(bob)];
    const out = join(dir, 'adj.jsonl');
    const acked: { id: string; rev: number }[] = [];
    for (let round = 0; round < 3; round++) {
      const s = await startServer([MUL, '--corrections', `${alice},${bob}`, '--adjudicated', out, '--annotator', 'judge']);
      const rev = await firstRunReady(s);
      let stop = false;
      const loop = async () => {
        for (let k = 0; !stop; k++) {
          try {
            const q = (await apiCall(s, 'disagreements', { run: 'r1', rev })) as { items: { key: string }[] };
            const r = (await apiCall(s, 'adjudicate', {
              run: 'r1',
              key: q.items[k % 2].key,
              pick: { kind: 'annotator', index: (k >> 1) % 2 },
            })) as {
              id: string;
              rev: number;
            };
            acked.push(r);
          } catch {
            return; // the server is gone: this pick was never acknowledged
          }
        }
      };
      const n = acked.length;
      const running = loop();
      for (let k = 0; acked.length < n + 4 && k < 4000; k++) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 15 + 29 * round));
      s.proc.kill('SIGKILL');
      stop = true;
      await running;
      if (s.proc.exitCode === null && s.proc.signalCode === null) await once(s.proc, 'exit');
    }
    const p = parseAnnotations(readFileSync(out, 'utf8'), out);
    expect(p.problems).toEqual([]);
    const lines = readFileSync(out, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('{"id"'))
      .map((l) => JSON.parse(l) as { id: string; rev: number; adjudicated?: boolean; by: string });
    expect(acked.length).toBeGreaterThanOrEqual(12);
    for (const a of acked)
      expect(lines.some((l) => l.id === a.id && l.rev === a.rev && l.adjudicated === true && l.by === 'judge')).toBe(true);
    expect([readFileSync(alice), readFileSync(bob)]).toEqual(before);
  }, 120_000);
});
