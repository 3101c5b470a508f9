// Layer: main (Node). Browser-mode security helpers: the session token, its
// constant-time check, the Host check against DNS rebinding (one Host header,
// ours), the Origin check of API calls, and the headers
// every response carries (strict CSP, no sniffing, no referrer, no framing).

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

function digest(s: string): Buffer {
  return createHash('sha256').update(s, 'utf8').digest();
}

/** Constant-time comparison (hashing first makes the lengths equal). */
export function tokenMatches(given: string | undefined | null, token: string): boolean {
  if (typeof given !== 'string' || given.length === 0 || given.length > 1024) return false;
  return timingSafeEqual(digest(given), digest(token));
}

export function hostAllowed(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/**
 * How many Host headers the request carried (Node keeps only the first in
 * req.headers; a proxy or another parser may take the second): more than one
 * is refused.
 */
export function hostHeaderCount(rawHeaders: readonly string[]): number {
  let n = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i].toLowerCase() === 'host') n++;
  return n;
}

/**
 * An API request's Origin, when it has one, must be the server's own origin
 * as the request addressed it (http:// plus its Host, already checked to be
 * 127.0.0.1:PORT or localhost:PORT): a page of another origin (another local
 * port, a file:// page sending "null") is refused even with the token.
 */
export function originAllowed(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  return host !== undefined && origin === `http://${host}`;
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1] : undefined;
}

export function cookieName(port: number): string {
  return `dst_inspector_token_${port}`;
}

export function cookieToken(req: IncomingMessage, port: number): string | undefined {
  const raw = req.headers.cookie;
  if (!raw) return undefined;
  const name = cookieName(port);
  for (const part of raw.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/**
 * What the asset cookie holds: an HMAC of the token, never the token itself.
 * Browsers send a 127.0.0.1 cookie to every port of that host, so other local
 * services would see it; this value opens the page's files and nothing else
 * (the API takes only the bearer token).
 */
export function assetCookieValue(token: string): string {
  return createHmac('sha256', token).update('dst-inspector assets').digest('base64url');
}

export function setSessionCookie(res: ServerResponse, port: number, token: string): void {
  res.setHeader('Set-Cookie', `${cookieName(port)}=${assetCookieValue(token)}; HttpOnly; SameSite=Strict; Path=/`);
}

export function securityHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}
