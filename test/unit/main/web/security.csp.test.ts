// The page's CSP meta tag (a second line of defence beside the header that
// app:// and browser mode send with every response) carries every directive of the header CSP
// that a meta tag can carry (frame-ancestors cannot be set by a meta tag).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CSP } from '../../../../src/main/web/security';
import { ROOT } from '../../../helpers/cli';

const directives = (policy: string) =>
  new Set(
    policy
      .split(';')
      .map((d) => d.trim().replace(/\s+/g, ' '))
      .filter(Boolean),
  );

describe('content security policy', () => {
  it('the meta tag of src/renderer/index.html equals the header policy, less frame-ancestors', () => {
    const html = readFileSync(join(ROOT, 'src', 'renderer', 'index.html'), 'utf8');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html);
    expect(meta).not.toBeNull();
    const header = directives(CSP);
    header.delete("frame-ancestors 'none'");
    expect(directives(meta![1])).toEqual(header);
  });
  it('allows no remote origin anywhere', () => {
    expect(CSP).not.toMatch(/https?:|\*/);
  });
});
