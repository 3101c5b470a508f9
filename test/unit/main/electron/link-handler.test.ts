// Tests of src/main/electron/link-handler.ts: only dst-inspector://open links
// that read as a view's state reach the page; other schemes, hosts, garbage
// and over-long links are refused with a reason; links are found in argv.
import { describe, expect, it } from 'vitest';
import { checkDesktopLink, linksInArgv } from '../../../../src/main/electron/link-handler';

describe('checkDesktopLink', () => {
  it('passes a dst-inspector://open link with its fragment', () => {
    expect(checkDesktopLink('dst-inspector://open#v=inspect&run=:a.json&d=MUL0001&t=2')).toEqual({
      fragment: 'v=inspect&run=:a.json&d=MUL0001&t=2',
    });
  });

  it('refuses other schemes, other hosts, an empty state and over-long links', () => {
    expect(checkDesktopLink('http://127.0.0.1:1/#v=inspect')).toEqual({ error: 'not a dst-inspector:// link' });
    expect(checkDesktopLink('dst-inspector://evil#v=inspect')).toEqual({ error: expect.stringMatching(/must be dst-inspector:\/\/open#/) });
    expect(checkDesktopLink('dst-inspector://open/../x#v=inspect')).toEqual({ error: expect.stringMatching(/must be/) });
    expect(checkDesktopLink('dst-inspector://open')).toEqual({ error: 'the link names no view' });
    expect(checkDesktopLink(`dst-inspector://open#v=inspect&q=${'x'.repeat(40000)}`)).toEqual({ error: 'the link is too long' });
  });
});

describe('linksInArgv', () => {
  it('finds the link arguments only', () => {
    expect(linksInArgv(['/usr/bin/electron', '.', '--no-sandbox', 'preds.json', 'dst-inspector://open#v=compare'])).toEqual([
      'dst-inspector://open#v=compare',
    ]);
  });
});
