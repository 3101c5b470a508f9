// Progress on stderr: shown only on a terminal, after a short delay (so fast
// runs print nothing), and erased when done.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { terminalProgress } from '../../../../src/main/cli/progress';

function fakeStream(isTTY: boolean) {
  const out: string[] = [];
  return { stream: { isTTY, write: (s: string) => out.push(s) } as unknown as NodeJS.WriteStream, out };
}

describe('terminalProgress', () => {
  afterEach(() => vi.useRealTimers());

  it('writes nothing when stderr is not a terminal (pipelines and logs stay clean)', () => {
    const { stream, out } = fakeStream(false);
    vi.useFakeTimers();
    const p = terminalProgress(stream);
    vi.advanceTimersByTime(1000);
    p.update('reading x.json', 0.5);
    p.done();
    expect(out).toEqual([]);
  });

  it('on a terminal, shows the stage and percentage on one line after 300 ms, then clears it', () => {
    const { stream, out } = fakeStream(true);
    vi.useFakeTimers();
    const p = terminalProgress(stream);
    p.update('reading x.json', 0.1);
    expect(out).toEqual([]); // a fast run never flickers
    vi.advanceTimersByTime(400);
    p.update('reading x.json', 0.42);
    p.update('reading x.json', 0.425); // same percentage: not rewritten
    p.update('scoring x.json', 0.9);
    expect(out).toEqual(['\r\x1b[Kreading x.json 42%', '\r\x1b[Kscoring x.json 90%']);
    p.done();
    expect(out.at(-1)).toBe('\r\x1b[K');
  });
});
