// Layer: renderer (React component). The load summary's notice that predicted
// values differ from gold only by whitespace, case or punctuation
// (shared/formats/value-lookalikes.ts, computed by the load worker): one line
// with the counts per kind, and on opening it one example of each kind — its
// values with invisible characters made visible and the characters that
// differ highlighted — and the value option that would make them equal.

import { diffMarks } from '../../../shared/model/char-diff';
import { LOOKALIKE_LABEL, lookalikeSuggestion, type LookalikeReport } from '../../../shared/formats/value-lookalikes';
import { plural } from '../../../shared/plural';
import { VisibleValue } from './VisibleValue';

const SHORT: Record<string, string> = { whitespace: 'whitespace', case: 'letter case', punctuation: 'punctuation' };

function kinds(parts: string[]): string {
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} or ${parts[parts.length - 1]}`;
}

export function LookalikeNotice({ report }: { report: LookalikeReport }) {
  const total = report.groups.reduce((n, g) => n + g.count, 0);
  return (
    <details className="format-warning" data-testid="format-warning" data-count={total} data-wrong={report.wrong}>
      <summary role="status">
        ⚠ {total.toLocaleString('en-US')} of {plural(report.wrong, 'wrong slot value')} {total === 1 ? 'differs' : 'differ'} from gold only
        by {kinds(report.groups.map((g) => `${SHORT[g.kind]} (${g.count.toLocaleString('en-US')})`))}: scored wrong under exact matching
      </summary>
      <ul>
        {report.groups.map((g) => {
          const e = g.example;
          const marks = diffMarks(e.gold, e.pred);
          return (
            <li key={g.kind} data-testid="lookalike" data-kind={g.kind} data-count={g.count}>
              <strong>{g.count.toLocaleString('en-US')}</strong> {LOOKALIKE_LABEL[g.kind]} ({plural(g.distinct, 'distinct pair')}), e.g.{' '}
              {e.dialogue} turn {e.turn} {e.slot}: gold{' '}
              <VisibleValue className="val" value={e.gold} changed={marks?.gold} titlePrefix="gold value: " testId="lookalike-gold" /> ·
              pred{' '}
              <VisibleValue className="val" value={e.pred} changed={marks?.pred} titlePrefix="predicted value: " testId="lookalike-pred" />{' '}
              — {lookalikeSuggestion(g, (o) => `value option “${o}”`)}
            </li>
          );
        })}
      </ul>
      {report.groups.some((g) => g.fixedBy.length > 0) && (
        <p className="hint">
          Value options are switched on in Open… (Value options; the signature names them), or tried without reloading in the What-if pane
          (w).
        </p>
      )}
    </details>
  );
}
