// Layer: renderer (pure module). The first-run landing: which dialogue of the
// demo to open (the GCA paper's figure-6 dialogue) and whether the colour
// guide was dismissed, remembered in a Storage (localStorage in the app).

export const LANDING_DIALOGUE = 'MUL1110';
export const GUIDE_DISMISSED_KEY = 'dst-inspector.colour-guide.dismissed';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function guideDismissed(store: KeyValueStore | null): boolean {
  try {
    return store?.getItem(GUIDE_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function dismissGuide(store: KeyValueStore | null): void {
  try {
    store?.setItem(GUIDE_DISMISSED_KEY, '1');
  } catch {
    // storage can be unavailable (private mode); the guide then shows again next time
  }
}

/** Picks the landing dialogue among search results: an exact id match, ignoring case, a ".json" suffix and a prefix path. */
export function pickLanding(ids: readonly string[], wanted = LANDING_DIALOGUE): string | null {
  const norm = (s: string) => s.toLowerCase().replace(/\.json$/, '');
  const w = norm(wanted);
  return (
    ids.find((id) => norm(id) === w) ??
    ids.find((id) => norm(id).split(/[/:#]/).pop() === w) ??
    ids.find((id) => norm(id).includes(w)) ??
    null
  );
}
