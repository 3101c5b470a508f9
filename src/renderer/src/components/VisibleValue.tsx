// Layer: renderer (React component). A slot value with its invisible
// characters made visible, as shared/model/visible-text.ts segments it (the
// figures draw the same segments): edge and repeated spaces, tabs, newlines,
// no-break, zero-width and other invisible characters become muted markers
// (␣ → ⏎ ⍽ ⟨U+200B⟩), and characters a character diff marks are
// highlighted. A marker is drawn by CSS (::before, from data-mark) under the
// real character, kept transparent over it, so selecting and copying a value
// gives the value itself, not the markers; the tooltip is the value as a JSON
// string with invisible characters escaped.

import type { ReactNode } from 'react';
import { describeChar, quoteValue, visibleSegments } from '../../../shared/model/visible-text';

interface Props {
  value: string;
  /** Per code point: highlighted by a character diff (shared/model/char-diff.ts diffMarks). */
  changed?: readonly boolean[];
  className?: string;
  /** Tooltip; default: the value JSON-quoted. Text before it, e.g. "gold value: ". */
  titlePrefix?: string;
  testId?: string;
}

export function VisibleValue({ value, changed, className, titlePrefix = '', testId }: Props) {
  const segs = visibleSegments(value, changed);
  const parts: ReactNode[] = segs.map((s, i) => {
    if (s.kind === 'plain')
      return s.changed ? (
        <mark key={i} className="vis-diff">
          {s.text}
        </mark>
      ) : (
        s.text
      );
    return (
      <span
        key={i}
        className={`vis-mark vis-${s.kind}${s.changed ? ' vis-diff' : ''}`}
        data-mark={s.text}
        title={s.raw === '' ? 'the empty string' : describeChar(s.raw)}
      >
        <span className="vis-raw">{s.raw}</span>
      </span>
    );
  });
  const marked = segs.some((s) => s.kind !== 'plain');
  const diffed = segs.some((s) => s.changed);
  return (
    <span
      className={`vis${className ? ` ${className}` : ''}`}
      title={`${titlePrefix}${quoteValue(value)}`}
      data-testid={testId}
      data-marked={marked ? 'true' : undefined}
      data-diff={diffed ? 'true' : undefined}
    >
      {parts}
    </span>
  );
}

/** A value that may be absent: `absent` (∅ by default) for null. */
export function MaybeValue({ value, absent = '∅', ...rest }: Omit<Props, 'value'> & { value: string | null | undefined; absent?: string }) {
  return value === null || value === undefined ? (
    <span className={rest.className}>{absent}</span>
  ) : (
    <VisibleValue value={value} {...rest} />
  );
}
