// `dst-inspector serve --preset NAME` (src/main/cli/serve.ts): the app starts
// with that preset (appInfo's default config carries it), and the served
// numbers are those of `score --preset NAME` on the same file, with the preset
// named in the signature; presetFlips answers which turns flip.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { serveCommand } from '../../../../src/main/cli/serve';
import { UsageError } from '../../../../src/main/cli/usage';
import { FIXTURES } from '../../../helpers/fixtures';
import { requireBuild, runCli } from '../../../helpers/cli';

const SOM = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
const MAP = join(FIXTURES, 'presets', 'mwzeval', 'value-map.json');

async function serveUntilLine(argv: string[]): Promise<{ line: string; stop: () => Promise<void> }> {
  let resolveLine: (s: string) => void;
  const gotLine = new Promise<string>((r) => (resolveLine = r));
  const done = serveCommand(argv, (s) => resolveLine(s));
  const line = await Promise.race([gotLine, done.then(() => '')]);
  return {
    line,
    stop: async () => {
      process.emit('SIGTERM');
      await done;
    },
  };
}

beforeAll(() => requireBuild());

describe('serve --preset', () => {
  it('the app starts scoring under the preset: its numbers are score --preset’s, its signature names it', async () => {
    // The CLI's answers first: runCli blocks this process, and with it the in-process server (its idle sockets would time out).
    const cli = JSON.parse(runCli(['score', SOM, '--preset', 'mwzeval', '--value-map', MAP, '--format', 'json']).stdout);
    const plain = JSON.parse(runCli(['score', SOM, '--format', 'json']).stdout);
    const diff = JSON.parse(runCli(['score', SOM, '--diff-preset', 'exact,mwzeval', '--value-map', MAP, '--format', 'json']).stdout);
    const { line, stop } = await serveUntilLine([SOM, '--preset', 'mwzeval', '--value-map', MAP]);
    try {
      const m = /(http:\/\/127\.0\.0\.1:\d+)\/\?token=(\S+)/.exec(line)!;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers as JSON
      const call = async (name: string, args: object = {}): Promise<any> => {
        const r = await fetch(`${m[1]}/api/${name}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${m[2]}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(args),
        });
        const body = await r.json();
        expect(r.status, JSON.stringify(body)).toBe(200);
        return body;
      };
      const info = await call('appInfo');
      expect(info.valueMap).toMatch(/^[0-9a-f]{8}$/);
      expect(info.defaultConfig.preset).toEqual({ name: 'mwzeval', valueMap: info.valueMap });
      let runs = (await call('listRuns')).runs;
      for (let k = 0; k < 200 && runs[0].state === 'loading'; k++) {
        await new Promise((r) => setTimeout(r, 100));
        runs = (await call('listRuns')).runs;
      }
      expect(runs[0].state).toBe('ready');
      const ref = { run: runs[0].id, rev: runs[0].revision };
      const served = await call('corpusSummary', { ...ref, config: info.defaultConfig });
      const exact = await call('corpusSummary', { ...ref, config: { ...info.defaultConfig, preset: { name: 'exact' } } });
      expect(served.scores.values.JGA).toBe(cli.corpus.JGA);
      expect(served.turns).toBe(cli.corpus.turns);
      expect(exact.scores.values.JGA).toBe(plain.corpus.JGA);
      expect(served.scores.values.JGA).not.toBe(exact.scores.values.JGA);
      const sig = served.signature.parts.map((p: { text: string }) => p.text).join(' | ');
      expect(sig).toBe(cli.signature);
      // Which turns flip between exact and mwzeval: the same answer as score --diff-preset.
      const flips = await call('presetFlips', { ...ref, a: { name: 'exact' }, b: info.defaultConfig.preset });
      expect(flips.flips).toEqual(diff.flips);
      expect(flips.reasons).toEqual(diff.reasons);
      expect(flips.b).toBe(`preset=mwzeval(map=${info.valueMap})`);
      // A map this server has not read is refused, with what to do.
      const bad = await fetch(`${m[1]}/api/corpusSummary`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${m[2]}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...ref, config: { ...info.defaultConfig, preset: { name: 'mwzeval', valueMap: 'deadbeef' } } }),
      });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(await bad.json())).toMatch(
        /value map deadbeef is not loaded here: start the inspector with serve --value-map FILE/,
      );
      // A dialogue's detail under the preset says why the matcher accepted values.
      const page = await call('dialoguePage', {
        ...ref,
        config: info.defaultConfig,
        offset: 0,
        limit: 100,
        sort: { key: 'position', descending: false },
        filter: {},
      });
      let reasons: { text: string }[] = [];
      for (const row of page.rows) {
        const d = await call('dialogueDetail', { ...ref, config: info.defaultConfig, id: row.id });
        reasons = reasons.concat(d.matches ?? []);
      }
      expect(reasons.length).toBeGreaterThan(0);
      expect(reasons.some((r) => / ≈ .*\(partial_ratio \d+\)$/.test(r.text) || / after normalisation /.test(r.text))).toBe(true);
    } finally {
      await stop();
    }
  }, 60_000);

  it('refuses an unknown preset, a value map it cannot read and options the app cannot take', async () => {
    await expect(serveCommand([SOM, '--preset', 'nope'], () => {})).rejects.toThrow(UsageError);
    await expect(serveCommand([SOM, '--preset', 'nope'], () => {})).rejects.toThrow(/--preset/);
    await expect(serveCommand([SOM, '--value-map', 'no-such-map.json'], () => {})).rejects.toThrow(
      /--value-map: cannot read no-such-map.json/,
    );
    await expect(serveCommand([SOM, '--joint', 'across-turns'], () => {})).rejects.toThrow(UsageError);
  });
});
