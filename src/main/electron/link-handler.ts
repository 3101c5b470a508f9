// Layer: main/electron (no electron import: unit-tested in plain Node). The
// desktop app's dst-inspector:// links: which command-line arguments are
// links (Linux and Windows hand a clicked link to the app as an argument;
// macOS as an open-url event), and the check every link passes before the
// page sees it: the scheme and host exactly dst-inspector://open, a bounded
// length, a fragment that reads as a view's state (src/shared/link.ts). The
// page gets only that fragment, as an 'open-link' event or in the first
// window's address; its paths are opened only inside the served folder
// (services/link-paths.ts, through openLinkedRun). docs/security.md, "Links".

import { decodeLink, LINK_SCHEME, linkFragment, MAX_LINK_CHARS } from '../../shared/link';

/** The fragment of a dst-inspector:// link, once checked; an error says why a link is refused. */
export function checkDesktopLink(url: string): { fragment: string } | { error: string } {
  if (typeof url !== 'string' || url.length > MAX_LINK_CHARS + 100) return { error: 'the link is too long' };
  if (!url.toLowerCase().startsWith(`${LINK_SCHEME}//`)) return { error: `not a ${LINK_SCHEME}// link` };
  const f = linkFragment(url);
  if ('error' in f) return f;
  const { state } = decodeLink(f.fragment);
  if (!state) return { error: 'the link names no view' };
  return { fragment: f.fragment };
}

/** The command line's dst-inspector:// arguments (a clicked link on Linux and Windows). */
export function linksInArgv(argv: readonly string[]): string[] {
  return argv.filter((a) => typeof a === 'string' && a.toLowerCase().startsWith(`${LINK_SCHEME}//`));
}
