// Browser-mode server (src/main/web/server.ts) over a real corpus store: the
// token is required on the page, the assets and the API; foreign Host headers
// are refused; arguments are validated (400 naming the field); unknown calls
// are 404; a fixture loaded through the API scores exactly like evaluate.
import { mkdtempSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { evaluate } from '../../../../src/shared/metrics/evaluate';
import type { ApiEvent } from '../../../../src/shared/api';
import { createApiHandlers } from '../../../../src/main/services/api-handlers';
import { Workspace } from '../../../../src/main/services/workspace';
import { MAX_BODY_BYTES, startServer, type RunningServer } from '../../../../src/main/web/server';
import { FIXTURES, loadFile } from '../../../helpers/fixtures';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(port: number, path: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: opts.method ?? 'GET', headers: { Host: `127.0.0.1:${port}`, ...opts.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

const config = defaultConfig();
let srv: RunningServer;
let store: Workspace;
const events: ApiEvent[] = [];

function api(call: string, args: unknown, token = srv.token, extra: Record<string, string> = {}): Promise<Reply> {
  return send(srv.port, `/api/${call}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...extra },
    body: JSON.stringify(args),
  });
}

beforeAll(async () => {
  const ui = mkdtempSync(join(tmpdir(), 'dst-ui-'));
  mkdirSync(join(ui, 'assets'));
  writeFileSync(join(ui, 'index.html'), '<!doctype html><title>ui</title>');
  writeFileSync(join(ui, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(tmpdir(), 'dst-secret.txt'), 'secret');
  // Links inside the UI folder: one to a file outside it, one to a folder outside it, one to a file inside it.
  symlinkSync(join(tmpdir(), 'dst-secret.txt'), join(ui, 'assets', 'leak.js'));
  symlinkSync(tmpdir(), join(ui, 'outside'));
  symlinkSync(join(ui, 'assets', 'app.js'), join(ui, 'assets', 'alias.js'));
  store = new Workspace({ inline: true });
  store.onEvent((e) => events.push(e));
  srv = await startServer({ handlers: createApiHandlers(store, { mode: 'browser' }), subscribe: (l) => store.onEvent(l), rendererDir: ui });
});
afterAll(async () => {
  await srv.close();
  store.dispose();
});

describe('access control', () => {
  it('binds 127.0.0.1 and prints a URL with a 32-byte token', () => {
    expect(srv.url).toBe(`http://127.0.0.1:${srv.port}/?token=${srv.token}`);
    expect(Buffer.from(srv.token, 'base64url')).toHaveLength(32);
    expect((srv.server.address() as { address: string }).address).toBe('127.0.0.1');
  });

  it('refuses the page without the token, serves it with the token and sets a strict HttpOnly cookie', async () => {
    expect((await send(srv.port, '/')).status).toBe(403);
    expect((await send(srv.port, '/?token=wrong')).status).toBe(403);
    const ok = await send(srv.port, `/?token=${srv.token}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('<title>ui</title>');
    const cookie = String(ok.headers['set-cookie']);
    expect(cookie).not.toContain(srv.token); // other local services on 127.0.0.1 see this cookie: it must not be the API token
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(ok.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(ok.headers['content-security-policy']).toMatch(/worker-src 'self' blob:/);
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves assets only with the cookie (or token)', async () => {
    expect((await send(srv.port, '/assets/app.js')).status).toBe(403);
    const cookie = String((await send(srv.port, `/?token=${srv.token}`)).headers['set-cookie']).split(';')[0];
    const js = await send(srv.port, '/assets/app.js', { headers: { Cookie: cookie } });
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect((await send(srv.port, '/assets/app.js', { headers: { Cookie: cookie.replace(/=.*/, '=nope') } })).status).toBe(403);
    // the cookie opens files only: the API refuses it, as bearer token and as cookie
    const value = cookie.slice(cookie.indexOf('=') + 1);
    const body = JSON.stringify({});
    expect(
      (await send(srv.port, '/api/appInfo', { method: 'POST', body, headers: { Cookie: cookie, 'Content-Type': 'application/json' } }))
        .status,
    ).toBe(403);
    expect(
      (
        await send(srv.port, '/api/appInfo', {
          method: 'POST',
          body,
          headers: { Authorization: `Bearer ${value}`, 'Content-Type': 'application/json' },
        })
      ).status,
    ).toBe(403);
  });

  it('never serves files outside the UI folder', async () => {
    const cookie = String((await send(srv.port, `/?token=${srv.token}`)).headers['set-cookie']).split(';')[0];
    for (const p of [
      '/../dst-secret.txt',
      '/%2e%2e/dst-secret.txt',
      '/assets/..%2f..%2fdst-secret.txt',
      '/assets/leak.js',
      '/outside/dst-secret.txt',
    ]) {
      const r = await send(srv.port, p, { headers: { Cookie: cookie } });
      expect(r.status).toBe(404);
      expect(r.body).not.toContain('secret');
    }
    // A link that stays inside the folder is served.
    expect((await send(srv.port, '/assets/alias.js', { headers: { Cookie: cookie } })).body).toBe('console.log(1)');
  });

  it('refuses the API without the bearer token, even with the cookie', async () => {
    const r = await send(srv.port, '/api/appInfo', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(r.status).toBe(403);
    expect(JSON.parse(r.body).code).toBe('forbidden');
    expect((await api('appInfo', {}, 'x'.repeat(43))).status).toBe(403);
    const cookie = `dst_inspector_token_${srv.port}=${srv.token}`;
    expect(
      (
        await send(srv.port, '/api/appInfo', {
          method: 'POST',
          headers: { Cookie: cookie, 'Content-Type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(403);
  });

  it('refuses a foreign Host header (DNS rebinding), with or without the token', async () => {
    const r = await send(srv.port, `/?token=${srv.token}`, { headers: { Host: `evil.example:${srv.port}` } });
    expect(r.status).toBe(403);
    expect((await api('appInfo', {}, srv.token, { Host: 'evil.example' })).status).toBe(403);
    expect((await api('appInfo', {}, srv.token, { Host: `localhost:${srv.port}` })).status).toBe(200);
  });
});

describe('Origin and repeated Host (issue 15)', () => {
  it('an API call whose Origin is not the server own origin is refused with 403, even with the token', async () => {
    for (const origin of [
      'http://evil.example',
      `http://127.0.0.1:${srv.port + 1}`,
      'null',
      `https://127.0.0.1:${srv.port}`,
      `http://localhost:${srv.port}`,
    ]) {
      const r = await api('appInfo', {}, srv.token, { Origin: origin });
      expect(r.status, origin).toBe(403);
      expect(JSON.parse(r.body).code).toBe('forbidden');
      expect(JSON.parse(r.body).error).toContain('cross-origin request refused');
    }
    // The events stream too.
    const ev = await send(srv.port, '/api/events', { headers: { Authorization: `Bearer ${srv.token}`, Origin: 'http://evil.example' } });
    expect(ev.status).toBe(403);
  });

  it('its own origin, as addressed (127.0.0.1 or localhost), or no Origin: answered; the token is still required', async () => {
    expect((await api('appInfo', {}, srv.token, { Origin: `http://127.0.0.1:${srv.port}` })).status).toBe(200);
    expect((await api('appInfo', {}, srv.token, { Host: `localhost:${srv.port}`, Origin: `http://localhost:${srv.port}` })).status).toBe(
      200,
    );
    expect((await api('appInfo', {})).status).toBe(200);
    expect((await api('appInfo', {}, 'x'.repeat(43), { Origin: `http://127.0.0.1:${srv.port}` })).status).toBe(403);
  });

  it('two Host headers are refused with 400, whichever comes first', async () => {
    const raw = (hosts: string[]) =>
      new Promise<string>((resolve, reject) => {
        const sock = connect(srv.port, '127.0.0.1', () => {
          sock.write(`GET /?token=${srv.token} HTTP/1.1\r\n${hosts.map((h) => `Host: ${h}\r\n`).join('')}Connection: close\r\n\r\n`);
        });
        let text = '';
        sock.on('data', (c) => (text += c.toString('latin1')));
        sock.on('end', () => resolve(text));
        sock.on('error', reject);
      });
    for (const hosts of [
      [`127.0.0.1:${srv.port}`, 'evil.example'],
      ['evil.example', `127.0.0.1:${srv.port}`],
      [`127.0.0.1:${srv.port}`, `127.0.0.1:${srv.port}`],
    ]) {
      const reply = await raw(hosts);
      expect(reply.split('\r\n')[0], hosts.join(' + ')).toBe('HTTP/1.1 400 Bad Request');
      expect(reply).toContain('more than one Host header');
    }
    expect((await raw([`127.0.0.1:${srv.port}`])).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
  });
});

describe('API calls', () => {
  it('answers appInfo', async () => {
    const r = await api('appInfo', {});
    expect(r.status).toBe(200);
    const info = JSON.parse(r.body);
    expect(info.mode).toBe('browser');
    expect(info.canPickFiles).toBe(false);
    expect(info.defaultConfig).toEqual(config);
  });

  it('answers 400 naming the field for bad arguments', async () => {
    const r = await api('dialoguePage', {
      run: 'r1',
      rev: 1,
      config,
      offset: -1,
      limit: 10,
      sort: { key: 'GCA', descending: true },
      filter: {},
    });
    expect(r.status).toBe(400);
    const body = JSON.parse(r.body);
    expect(body.code).toBe('bad-args');
    expect(body.error).toMatch(/offset/);
    const extra = await api('listRuns', { sneaky: 1 });
    expect(extra.status).toBe(400);
    expect(JSON.parse(extra.body).error).toMatch(/sneaky|unrecognized/i);
    const notJson = await send(srv.port, '/api/appInfo', {
      method: 'POST',
      headers: { Authorization: `Bearer ${srv.token}`, 'Content-Type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
  });

  it('answers 404 for an unknown call and refuses non-JSON bodies and oversized ones', async () => {
    const r = await api('deleteEverything', {});
    expect(r.status).toBe(404);
    expect(JSON.parse(r.body).code).toBe('not-found');
    const text = await send(srv.port, '/api/appInfo', {
      method: 'POST',
      headers: { Authorization: `Bearer ${srv.token}`, 'Content-Type': 'text/plain' },
      body: '{}',
    });
    expect(text.status).toBe(415);
    const big = await api('appInfo', { pad: 'x'.repeat(MAX_BODY_BYTES + 10) });
    expect(big.status).toBe(413);
  });

  it('loads a fixture through the API and gives the same corpus scores as evaluate', async () => {
    const file = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
    const opened = await api('openRun', { source: { kind: 'files', predictions: [file] } });
    expect(opened.status).toBe(200);
    const run = JSON.parse(opened.body);
    expect(run.state).toBe('loading');
    await store.whenSettled(run.id);
    const status = JSON.parse((await api('runStatus', { run: run.id })).body);
    expect(status).toMatchObject({ state: 'ready', revision: 1 });
    const ref = { run: run.id, rev: 1 };
    const cfg = defaultConfig({ lambdas: [0.5, 1] });
    const summary = JSON.parse((await api('corpusSummary', { ...ref, config: cfg })).body);
    expect(summary.scores).toEqual(JSON.parse(JSON.stringify(evaluate(loadFile(file), cfg).corpus)));
    expect(events).toContainEqual({ type: 'run-changed', run: run.id, revision: 1, state: 'ready' });
    const page = JSON.parse(
      (await api('dialoguePage', { ...ref, config, offset: 0, limit: 5, sort: { key: 'disagreement', descending: true }, filter: {} }))
        .body,
    );
    expect(page.total).toBe(100);
    const detail = await api('dialogueDetail', { ...ref, config, id: page.rows[0].id });
    expect(JSON.parse(detail.body).values.GCA).toBe(page.rows[0].values.GCA);
    const missing = await api('dialogueDetail', { ...ref, config, id: 'no-such-dialogue' });
    expect(missing.status).toBe(404);
    // An answer for another revision is refused, never served from the current corpus.
    const stale = await api('dialogueDetail', { run: run.id, rev: 7, config, id: page.rows[0].id });
    expect(stale.status).toBe(409);
    expect(JSON.parse(stale.body).code).toBe('stale');
  });

  it('streams events to an authorised listener', async () => {
    const got = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: srv.port,
          path: '/api/events',
          headers: { Host: `127.0.0.1:${srv.port}`, Authorization: `Bearer ${srv.token}` },
        },
        (res) => {
          expect(res.headers['content-type']).toMatch(/event-stream/);
          let buf = '';
          res.on('data', (c) => {
            buf += c;
            if (buf.includes('runs-changed')) {
              req.destroy();
              resolve(buf);
            }
          });
          setTimeout(() => void api('openRun', { source: { kind: 'demo' } }), 50);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(got).toMatch(/data: \{"type":"runs-changed"\}/);
    await Promise.all(store.list().map((r) => store.whenSettled(r.id)));
  });
});
