// Test helper: one API call to an in-process browser-mode server (src/main/web/server.ts) with its
// token, answering the HTTP status and the parsed JSON body (errors included), for the server tests.
import { request } from 'node:http';
import type { RunningServer } from '../../src/main/web/server';

export function postApi(srv: RunningServer, call: string, args: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: srv.port,
        path: `/api/${call}`,
        method: 'POST',
        headers: { Host: `127.0.0.1:${srv.port}`, Authorization: `Bearer ${srv.token}`, 'Content-Type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(args));
  });
}
