// `dst-inspector serve` (src/main/cli/serve.ts) in-process: exactly one
// output line with the address and token, the page answering with that token,
// usage errors for bad options, and a clear message for a port in use.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { serveCommand } from '../../../../src/main/cli/serve';
import { UsageError } from '../../../../src/main/cli/usage';

async function runUntilLine(argv: string[]): Promise<{ lines: string[]; stop: () => Promise<void> }> {
  const lines: string[] = [];
  let resolveLine: () => void;
  const gotLine = new Promise<void>((r) => (resolveLine = r));
  const done = serveCommand(argv, (s) => {
    lines.push(s);
    resolveLine();
  });
  await Promise.race([gotLine, done]);
  return {
    lines,
    stop: async () => {
      process.emit('SIGTERM');
      await done;
    },
  };
}

describe('serve command', () => {
  it('prints one line with the address and a token, and serves the page with it', async () => {
    const { lines, stop } = await runUntilLine([]);
    try {
      expect(lines).toHaveLength(1);
      const m = /^DST Inspector at (http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]{43}))\n$/.exec(lines[0]);
      expect(m).not.toBeNull();
      const ok = await fetch(m![1]);
      expect([200, 503]).toContain(ok.status); // 503 only when the UI is not built
      expect((await fetch(`http://127.0.0.1:${m![2]}/`)).status).toBe(403);
    } finally {
      await stop();
    }
  });

  it('refuses bad options with usage errors', async () => {
    await expect(serveCommand(['--port', 'abc'], () => {})).rejects.toThrow(UsageError);
    await expect(serveCommand(['--port', '70000'], () => {})).rejects.toThrow(/not a port number/);
    await expect(serveCommand(['--dialogues', 'x.json'], () => {})).rejects.toThrow(/need a prediction file/);
    await expect(serveCommand(['a.json', 'b.json', '--name', 'A'], () => {})).rejects.toThrow(/1 name for 2 runs/);
    await expect(serveCommand(['a.json', './a.json'], () => {})).rejects.toThrow(/serve: \.\/a\.json is given twice \(as a\.json\)/);
    await expect(serveCommand(['a.json', 'b.json', '--name', 'A,A'], () => {})).rejects.toThrow(/given twice/);
    await expect(serveCommand(['--nope'], () => {})).rejects.toThrow(UsageError);
    await expect(serveCommand(['a.json', 'b.json', '--series-x', 'names:ratio'], () => {})).rejects.toThrow(
      /--series-x: names:ratio is for compare; in the app, the series panel offers each number/,
    );
  });

  it('says so when the port is in use', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    try {
      await expect(serveCommand(['--port', String(port)], () => {})).rejects.toThrow(new RegExp(`port ${port} is in use`));
    } finally {
      blocker.close();
    }
  });
});
