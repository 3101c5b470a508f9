// Layer: renderer (React component). Downloads of a section's chart (SVG,
// the same scene the screen draws) and table (CSV, LaTeX, Markdown), each
// carrying the signature, until the app-wide Export menu takes them over.

import { renderTableAs, type Table, type TableFormat } from '../../../../shared/report/tables';
import type { Scene } from '../../../../shared/viz/scene';
import { sceneToSvg } from '../../../../shared/viz/scene-svg';

function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const TABLE_KINDS: { format: TableFormat; label: string; ext: string; type: string }[] = [
  { format: 'csv', label: 'CSV', ext: 'csv', type: 'text/csv' },
  { format: 'latex', label: 'LaTeX', ext: 'tex', type: 'text/x-tex' },
  { format: 'markdown', label: 'Markdown', ext: 'md', type: 'text/markdown' },
];

export function ExportLinks({ name, scene, tables }: { name: string; scene?: Scene | null; tables?: { table: Table; suffix?: string }[] }) {
  return (
    <div className="export-links" role="group" aria-label="download">
      <span>Download</span>
      {scene && (
        <button data-testid="export-svg" onClick={() => download(`${name}.svg`, 'image/svg+xml', sceneToSvg(scene))}>
          SVG
        </button>
      )}
      {(tables ?? []).map(({ table, suffix }) =>
        TABLE_KINDS.map((k) => (
          <button key={`${suffix ?? ''}${k.format}`} data-testid={`export-${k.format}`} onClick={() => download(`${name}${suffix ? `-${suffix}` : ''}.${k.ext}`, k.type, renderTableAs(k.format, table))}>
            {k.label}
            {suffix ? ` (${suffix})` : ''}
          </button>
        )),
      )}
    </div>
  );
}
