// The report page: data that cannot end its <script> element, scripts and
// styles that cannot either, a Content-Security-Policy that forbids every
// fetch, and the data block parsing back to what was written.
import { describe, expect, it } from 'vitest';
import { REPORT_SCHEMA_VERSION, reportHtml, scriptSafeJson, type ReportData } from '../../../../src/shared/report/html-report';

const data: ReportData = {
  schemaVersion: REPORT_SCHEMA_VERSION,
  title: 'T <script>alert(1)</script>',
  generated: '2026-01-01T00:00:00.000Z',
  tool: 'DST Inspector test',
  config: { lambdas: [0.5], slotCount: 30, traits: 'paper' } as unknown as ReportData['config'],
  selection: 'all 1 dialogue',
  corpusDialogues: 1,
  runs: [{ name: 'r', file: 'f.json', signature: 's', dialogues: [] }],
};

function dataBlock(html: string): unknown {
  const m = /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(html);
  return JSON.parse(m![1]);
}

describe('reportHtml', () => {
  const evil = { ...data, runs: [{ ...data.runs[0], name: '</script><script>alert(1)</script>\u2028<!--' }] };
  const html = reportHtml({
    data: evil,
    sections: [{ id: 's', title: 'Scores', html: '<p>31.43</p>' }],
    script: 'var a="</script>";',
    style: 'a{}</style>',
    fontCss: '',
  });

  it('writes data no string in it can break out of', () => {
    expect(scriptSafeJson('</script>')).not.toContain('</');
    expect(scriptSafeJson('\u2028')).toBe('"\\u2028"');
    expect(dataBlock(html)).toEqual(evil);
    // One closing tag per script element: the data and the inline script, nothing else.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html.match(/<\/style>/g)).toHaveLength(2);
  });
  it('escapes the title and carries the sections as given', () => {
    expect(html).toContain('<title>T &lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).toContain('<section id="s" class="report-section"><h2>Scores</h2><p>31.43</p></section>');
  });
  it('forbids every fetch in its Content-Security-Policy', () => {
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain('font-src data:');
    expect(html).not.toMatch(/(src|href)=["']https?:/i);
  });
});
