// Layer: renderer (React component). A section's exports: its chart (SVG, PDF,
// PNG 2× — the same scene the screen draws) and its tables (LaTeX, Markdown,
// CSV, JSON), each carrying the signature. They join the app's Export menu
// (key e) under the section's name, and the section keeps a row of buttons
// that run the same items.

import { useMemo, useState } from 'react';
import type { Table } from '../../../../shared/report/tables';
import type { Scene } from '../../../../shared/viz/scene';
import { useExportContext, useExportPart, type ExportItem } from '../../app/exports';
import { sceneItems, tableItems } from '../../export/items';
import { pushAll } from '../../../../shared/arrays';

interface Props {
  /** File name stem and id prefix ("breakdown-domain"). */
  name: string;
  /** The menu group ("Per-domain breakdown"); default: the name. */
  title?: string;
  scene?: Scene | null;
  tables?: { table: Table; suffix?: string }[];
}

export function ExportLinks({ name, title, scene, tables }: Props) {
  const ctx = useExportContext();
  const group = title ?? name;
  const items = useMemo(() => {
    const out: ExportItem[] = [];
    if (scene) pushAll(out, sceneItems({ id: name, group: `${group}: chart`, stem: name, make: () => scene }));
    for (const { table, suffix } of tables ?? []) {
      const stem = suffix ? `${name}-${suffix}` : name;
      pushAll(out, tableItems({ id: stem, group: `${group}: ${suffix ? `${suffix} table` : 'table'}`, stem, make: () => table }));
    }
    return out;
  }, [name, group, scene, tables]);
  useExportPart(name, items);
  const [status, setStatus] = useState<string | null>(null);
  // The chart's three files and the tables' LaTeX, Markdown and CSV; the rest (copy PNG, JSON) is in the menu.
  const quick = items.filter((it) => /-(svg|pdf|png|csv|latex|markdown)$/.test(it.id) && !it.id.endsWith('-copy-png'));
  return (
    <div className="export-links" role="group" aria-label={`export ${group}`}>
      <span>Export</span>
      {quick.map((it) => (
        <button
          key={it.id}
          data-testid={`export-${it.id}`}
          disabled={!ctx}
          title={`${it.group}: ${it.label} (also in the Export menu, key e)`}
          onClick={() => {
            if (!ctx) return;
            setStatus(`${it.label}…`);
            it.run(ctx).then(
              (m) => setStatus(m || 'Done'),
              (e: unknown) => setStatus(`${it.label}: ${e instanceof Error ? e.message : String(e)}`),
            );
          }}
        >
          {it.label.replace(/^Save as /, 'Save ')}
          {it.group.includes(': ') && !it.group.endsWith(': chart') && !it.group.endsWith(': table')
            ? ` (${it.group.split(': ')[1].replace(' table', '')})`
            : ''}
        </button>
      ))}
      {status && (
        <span className="export-status" role="status">
          {status}
        </span>
      )}
    </div>
  );
}
