// Layer: renderer. The browser-mode session token: taken from the page
// address (?token=…), kept in sessionStorage so reloads keep working, and
// removed from the visible address so it is not copied or shared by accident.

export const TOKEN_KEY = 'dst-inspector.token';

interface Env {
  location: { search: string; pathname: string; hash: string };
  history?: { replaceState(data: unknown, unused: string, url?: string): void };
  storage?: { getItem(key: string): string | null; setItem(key: string, value: string): void } | null;
}

export function readToken(env: Env): string | null {
  const params = new URLSearchParams(env.location.search);
  const fromUrl = params.get('token');
  if (fromUrl) {
    try {
      env.storage?.setItem(TOKEN_KEY, fromUrl);
    } catch {
      /* storage unavailable: the token lives as long as the page */
    }
    params.delete('token');
    const rest = params.toString();
    try {
      env.history?.replaceState(null, '', env.location.pathname + (rest ? `?${rest}` : '') + env.location.hash);
    } catch {
      /* keep the address as it is */
    }
    return fromUrl;
  }
  try {
    return env.storage?.getItem(TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}
