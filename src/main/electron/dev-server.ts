// Layer: main/electron (no electron import: pure, tested without it). Whether
// the window loads electron-vite's dev server instead of the built page: only
// in an unpackaged run started by `electron-vite dev` (which sets
// NODE_ENV_ELECTRON_VITE=development and ELECTRON_RENDERER_URL), and only a
// loopback http(s) address. A packaged app, or an unpackaged one with a stray
// ELECTRON_RENDERER_URL in its environment, always loads app://.

export interface DevServerEnv {
  ELECTRON_RENDERER_URL?: string;
  NODE_ENV_ELECTRON_VITE?: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The dev server's URL when every condition holds, else undefined. */
export function devRendererUrl(isPackaged: boolean, env: DevServerEnv): string | undefined {
  if (isPackaged) return undefined;
  if (env.NODE_ENV_ELECTRON_VITE !== 'development') return undefined;
  const raw = env.ELECTRON_RENDERER_URL;
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !LOOPBACK.has(url.hostname)) return undefined;
  return raw;
}
