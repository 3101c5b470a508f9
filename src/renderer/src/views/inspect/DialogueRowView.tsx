// Layer: renderer (React component). One row of the dialogue list: id, turns,
// and the headline metrics (registry.ts HEADLINE: JGA, FGA, RSA, GCA) as
// compact numbers over small bars ("no changes" instead of GCA's reported 0
// where no state changes: GCA is undefined there).

import type { DialogueRow, SortKey } from '../../../../shared/api';
import { HEADLINE_IDS } from '../../../../shared/metrics/registry';
import { plural } from '../../../../shared/plural';
import { pct } from '../../model/format';
import { barWidth } from '../../viz/row-bars';

const METRICS = HEADLINE_IDS;
const BAR = 40;

/** The sorted-by value, shown when the row's four numbers do not include it. */
function sortExtra(row: DialogueRow, key: SortKey): string | null {
  if (key === 'disagreement') return `|FGA−GCA| ${row.noChanges ? '—' : pct(row.disagreement)}`;
  if (key === 'confidentWrong')
    return typeof row.confidentWrong !== 'number' ? 'no confident wrong pair' : `wrong at confidence ${row.confidentWrong.toFixed(2)}`;
  if (key in row.values && !METRICS.includes(key)) return `${key} ${pct(row.values[key])}`;
  return null;
}

interface Props {
  row: DialogueRow;
  sortKey: SortKey;
  index: number;
  selected: boolean;
  onSelect: (id: string, index: number) => void;
}

export function DialogueRowView({ row, sortKey, index, selected, onSelect }: Props) {
  const extra = sortExtra(row, sortKey);
  return (
    <div
      className={`row${selected ? ' selected' : ''}`}
      role="option"
      aria-selected={selected}
      tabIndex={selected ? 0 : -1}
      id={`row-${index}`}
      data-testid="dialogue-item"
      data-dialogue-id={row.id}
      data-index={index}
      onClick={() => onSelect(row.id, index)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onSelect(row.id, index);
        }
      }}
      title={`${row.id}: ${plural(row.turns, 'turn')}, ${plural(row.mistakes, 'mistake')}, ${row.noChanges ? 'no changes (GCA undefined)' : `|FGA−GCA| ${pct(row.disagreement)}`}`}
    >
      <div className="row-id">
        <span className="id">{row.id}</span>
        {extra && (
          <span className="sort-extra" title={extra}>
            {extra}
          </span>
        )}
        <span className="turns">{row.turns}t</span>
        {row.mistakes > 0 && (
          <span className="mistakes" title="GCA mistakes (W+M+O)">
            {row.mistakes}✗
          </span>
        )}
      </div>
      <div className="row-metrics">
        {METRICS.map((m) =>
          m === 'GCA' && row.noChanges ? (
            <span
              key={m}
              className={`m m-${m} no-changes`}
              data-metric={m}
              title="no changes in this dialogue: GCA is undefined (reported as 0); listed last when sorting by GCA or |FGA − GCA|"
            >
              <span className="m-name">{m}</span>
              <span className="m-val">no changes</span>
            </span>
          ) : (
            <span key={m} className={`m m-${m}`} data-metric={m}>
              <span className="m-name">{m}</span>
              <span className="m-val">{pct(row.values[m])}</span>
              <svg className="m-bar" width={BAR} height={3} aria-hidden="true">
                <rect className="track" width={BAR} height={3} />
                <rect className="fill" width={barWidth(row.values[m] ?? 0, BAR)} height={3} />
              </svg>
            </span>
          ),
        )}
      </div>
    </div>
  );
}
