// Layer: renderer (React component). Shows a piece of this project's own
// README (trusted text, bundled at build time) as paragraphs, lists, tables and
// code blocks, with `code` and **bold** inline. It never renders HTML from
// the text: everything is a React text node.

import type { ReactNode } from 'react';

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\([^)]+\)/g;
  let last = 0;
  let k = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined) out.push(<code key={k++}>{m[1]}</code>);
    else if (m[2] !== undefined) out.push(<strong key={k++}>{m[2]}</strong>);
    else out.push(m[3]);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));

export function MarkdownText({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === '') {
      i++;
      continue;
    }
    const key = blocks.length;
    if (line.startsWith('```')) {
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i].startsWith('```'); i++) code.push(lines[i]);
      i++;
      blocks.push(<pre key={key}>{code.join('\n')}</pre>);
    } else if (line.trim().startsWith('|')) {
      const rows: string[] = [];
      for (; i < lines.length && lines[i].trim().startsWith('|'); i++) rows.push(lines[i]);
      const [head, , ...body] = rows;
      blocks.push(
        <table key={key}>
          <thead>
            <tr>
              {cells(head).map((c, j) => (
                <th key={j}>{inline(c)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {body.map((r, n) => (
              <tr key={n}>
                {cells(r).map((c, j) => (
                  <td key={j}>{inline(c)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>,
      );
    } else if (/^\s*[-*] /.test(line)) {
      const items: string[] = [];
      for (; i < lines.length && lines[i].trim() !== '' && !lines[i].startsWith('```'); i++) {
        if (/^\s*[-*] /.test(lines[i])) items.push(lines[i].replace(/^\s*[-*] /, ''));
        else items[items.length - 1] += ' ' + lines[i].trim();
      }
      blocks.push(
        <ul key={key}>
          {items.map((t, n) => (
            <li key={n}>{inline(t)}</li>
          ))}
        </ul>,
      );
    } else if (/^#{1,6}\s/.test(line)) {
      blocks.push(<h4 key={key}>{inline(line.replace(/^#+\s*/, ''))}</h4>);
      i++;
    } else {
      const para: string[] = [];
      for (; i < lines.length && lines[i].trim() !== '' && !/^(```|\s*\||\s*[-*] |#{1,6}\s)/.test(lines[i]); i++)
        para.push(lines[i].trim());
      blocks.push(<p key={key}>{inline(para.join(' '))}</p>);
    }
  }
  return <div className="markdown">{blocks}</div>;
}
