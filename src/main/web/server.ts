// Layer: main (Node). The browser-mode server: binds 127.0.0.1 only, serves
// the built UI and the API (POST /api/<call>, JSON in and out; GET /api/events
// streams ApiEvents), and refuses any request without the session token, with
// a foreign or repeated Host header, or (API) from another Origin.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiEvent } from '../../shared/api';
import { AppError, callFailure, errorBody, HTTP_STATUS } from '../../shared/app-error';
import { dispatch, type ApiHandlers } from '../services/api-handlers';
import {
  assetCookieValue,
  bearerToken,
  cookieToken,
  hostAllowed,
  hostHeaderCount,
  newToken,
  originAllowed,
  securityHeaders,
  setSessionCookie,
  tokenMatches,
} from './security';
import { defaultRendererDir, resolveAsset, sendFile } from './static-files';

export const MAX_BODY_BYTES = 1024 * 1024;

export interface ServerOptions {
  handlers: ApiHandlers;
  /** Source of pushed events (corpus changes). */
  subscribe?: (listener: (e: ApiEvent) => void) => () => void;
  /** 0 (default) picks a free port. */
  port?: number;
  rendererDir?: string;
  token?: string;
}

export interface RunningServer {
  server: Server;
  port: number;
  token: string;
  url: string;
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/**
 * Answers with the error's plain shape (errorBody, as IPC replies carry it); the status follows from its code
 * (HTTP_STATUS: the caller's fault 4xx, the server's 5xx) unless the transport itself has a more exact one (405, 413, 415).
 */
function sendError(res: ServerResponse, e: AppError, status = HTTP_STATUS[e.code]): void {
  sendJson(res, status, errorBody(e));
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(text);
}

/** Reads the body up to `limit` bytes; a larger body is drained (not kept) and refused once it ends. */
function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number(req.headers['content-length'] ?? 0) > limit;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(c);
    });
    req.on('end', () => {
      if (tooLarge) reject(new AppError('bad-args', `request body too large (limit ${limit} bytes)`));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

export function startServer(opts: ServerOptions): Promise<RunningServer> {
  const token = opts.token ?? newToken();
  const root = opts.rendererDir ?? defaultRendererDir();
  const streams = new Set<ServerResponse>();
  let port = 0;

  const api = async (req: IncomingMessage, res: ServerResponse, call: string) => {
    if (!originAllowed(req.headers.origin, req.headers.host))
      return sendError(
        res,
        new AppError(
          'forbidden',
          `cross-origin request refused (Origin ${JSON.stringify(req.headers.origin)}); the API answers its own page only`,
        ),
      );
    if (!tokenMatches(bearerToken(req), token))
      return sendError(res, new AppError('forbidden', 'missing or wrong token (send Authorization: Bearer <token>)'));
    if (call === 'events' && req.method === 'GET') return openEvents(res);
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return sendError(res, new AppError('bad-args', `use POST /api/${call}`), 405);
    }
    const type = req.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(type)) return sendError(res, new AppError('bad-args', 'the body must be application/json'), 415);
    let args: unknown;
    try {
      const body = await readBody(req, MAX_BODY_BYTES);
      args = body.trim() === '' ? {} : JSON.parse(body);
    } catch (e) {
      if (e instanceof AppError) return sendError(res, e, 413);
      return sendError(res, new AppError('bad-args', `${call}: the body is not valid JSON`));
    }
    try {
      sendJson(res, 200, await dispatch(opts.handlers, call, args));
    } catch (e) {
      sendError(res, callFailure(call, e));
    }
  };

  const openEvents = (res: ServerResponse) => {
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.write(': connected\n\n');
    streams.add(res);
    res.on('close', () => streams.delete(res));
  };

  const page = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return sendText(res, 405, 'method not allowed');
    }
    const fromQuery = url.searchParams.get('token');
    const ok =
      tokenMatches(fromQuery, token) ||
      tokenMatches(cookieToken(req, port), assetCookieValue(token)) ||
      tokenMatches(bearerToken(req), token);
    if (!ok) return sendText(res, 403, 'Forbidden: open the address printed by "dst-inspector serve" (it carries ?token=…).\n');
    if (tokenMatches(fromQuery, token)) setSessionCookie(res, port, token);
    const file = resolveAsset(root, url.pathname);
    if (!file) {
      if (url.pathname === '/' || url.pathname === '/index.html')
        return sendText(res, 503, `The UI is not built (no ${root}/index.html): run "npm run build" in the project folder.\n`);
      return sendText(res, 404, 'not found\n');
    }
    sendFile(res, file, req.method === 'HEAD');
  };

  const server = createServer((req, res) => {
    securityHeaders(res);
    if (hostHeaderCount(req.rawHeaders) > 1) return sendText(res, 400, 'Bad request: more than one Host header.\n');
    if (!hostAllowed(req.headers.host, port)) return sendText(res, 403, 'Forbidden: unexpected Host header.\n');
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    } catch {
      return sendText(res, 400, 'bad request\n');
    }
    if (url.pathname.startsWith('/api/')) {
      api(req, res, url.pathname.slice('/api/'.length)).catch(() => {
        if (!res.headersSent) sendError(res, new AppError('internal', 'internal error'));
        else res.destroy();
      });
      return;
    }
    page(req, res, url);
  });
  server.headersTimeout = 30_000;
  server.requestTimeout = 120_000;

  const unsubscribe = opts.subscribe?.((e) => {
    const line = `data: ${JSON.stringify(e)}\n\n`;
    for (const s of streams) s.write(line);
  });
  const keepAlive = setInterval(() => {
    for (const s of streams) s.write(': ping\n\n');
  }, 25_000);
  keepAlive.unref();

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      port = (server.address() as AddressInfo).port;
      resolve({
        server,
        port,
        token,
        url: `http://127.0.0.1:${port}/?token=${token}`,
        close: () =>
          new Promise<void>((done) => {
            clearInterval(keepAlive);
            unsubscribe?.();
            for (const s of streams) s.end();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
