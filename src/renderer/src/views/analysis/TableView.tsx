// Layer: renderer (React component). A Table of the one table model
// (shared/report/tables.ts) as HTML: numbers formatted as every export
// formats them, intervals beside values, the notes and the signature under
// it. Rows carry data-testid / data-group hooks and every cell its column
// key as data-metric; cells or rows can be links (into the inspect view).
// Text cells (a slot's confusions, say) wrap within a readable width and
// carry their full text as a tooltip; Δ headers (which name the runs) wrap.

import { cellOf, formatValue, type Table } from '../../../../shared/report/tables';

export interface CellLink {
  title: string;
  go: () => void;
  testId?: string;
  /** data-* attributes of the link, without the `data-` (`{ class: 'wrong' }` → data-class="wrong"). */
  data?: Record<string, string>;
}

export interface TableViewProps {
  table: Table;
  /** data-testid of each body row. */
  rowTestId?: string;
  /** The column whose value is the row's data-group. */
  groupKey?: string;
  /** The column whose value is the row's data-run, when there is one. */
  runKey?: string;
  /** A cell that opens something: its title, what it does, and the link's test hooks (data-testid, data-* attributes). */
  cellLink?: (row: number, key: string) => CellLink | null;
  caption?: string;
  className?: string;
}

export function TableView({ table, rowTestId, groupKey, runKey, cellLink, caption, className }: TableViewProps) {
  const numeric = (k: string) => !['label', 'text'].includes(table.columns.find((c) => c.key === k)?.kind ?? 'text');
  return (
    <div className={`table-view ${className ?? ''}`}>
      <table>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            {table.columns.map((c) => (
              <th key={c.key} scope="col" className={`${numeric(c.key) ? 'num' : ''}${c.kind === 'delta' ? ' delta' : ''}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r, i) => (
            <tr
              key={i}
              data-testid={rowTestId}
              data-group={groupKey ? String(cellOf(r.cells[groupKey]).value ?? '') : undefined}
              data-run={runKey && r.cells[runKey] !== undefined ? String(cellOf(r.cells[runKey]).value) : undefined}
            >
              {table.columns.map((c, k) => {
                const cell = cellOf(r.cells[c.key]);
                let text = formatValue(c, cell.value);
                if (cell.mark) text += cell.mark;
                const link = cellLink?.(i, c.key);
                const body = link ? (
                  <button
                    className="link"
                    title={link.title}
                    onClick={link.go}
                    data-testid={link.testId}
                    {...Object.fromEntries(Object.entries(link.data ?? {}).map(([k, v]) => [`data-${k}`, v]))}
                  >
                    {text}
                  </button>
                ) : (
                  text
                );
                const Tag = k === 0 ? 'th' : 'td';
                const wrap = c.kind === 'text' && text.length > 0;
                return (
                  <Tag
                    key={c.key}
                    scope={k === 0 ? 'row' : undefined}
                    data-metric={c.key}
                    title={wrap && !link ? text : undefined}
                    className={`${numeric(c.key) ? 'num' : ''}${wrap ? ' wrap' : ''}${c.kind === 'delta' && typeof cell.value === 'number' ? (cell.value > 0 ? ' up' : cell.value < 0 ? ' down' : '') : ''}`}
                  >
                    {body}
                    {cell.ci && (
                      <span className="ci">
                        {' '}
                        [{formatValue(c, cell.ci[0])}, {formatValue(c, cell.ci[1])}]
                      </span>
                    )}
                  </Tag>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {(table.notes ?? []).map((n) => (
        <p key={n} className="note">
          {n}
        </p>
      ))}
      <p className="signature" title="metric signature of every number in this table">
        {table.signature}
      </p>
    </div>
  );
}
