// Layer: renderer (React component). The metric panel's per-turn chart: the
// scene laid out by src/shared/viz/turn-chart.ts at the panel's width (it
// grows with the panel), drawn by SceneSvg — the same drawing the Export menu
// saves. Hovering a turn reports it so the dialogue highlights it; a click
// selects it.

import { useMemo, useRef } from 'react';
import type { TurnRecord } from '../../../shared/metrics/evaluate';
import type { MetricConfig } from '../../../shared/metrics/config';
import { turnAt, turnChartLayout } from '../../../shared/viz/turn-chart';
import { usePageTheme } from '../viz/page-theme';
import { useWidth } from '../viz/use-width';
import { SceneSvg } from './SceneSvg';

interface Props {
  turns: TurnRecord[];
  config: MetricConfig;
  selected: number;
  hovered: number | null;
  onHover: (i: number | null) => void;
  onSelect: (i: number) => void;
  signature: string;
}

export function TurnChart({ turns, config, selected, hovered, onHover, onSelect, signature }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box, 320);
  const theme = usePageTheme();
  const layout = useMemo(
    () => turnChartLayout(turns, config, { width, theme, selected, hovered, signature }),
    [turns, config, width, theme, selected, hovered, signature],
  );
  return (
    <div ref={box} className="turn-chart-box">
      <SceneSvg
        scene={layout.scene}
        className="turn-chart"
        testId="turn-chart"
        onPointer={(p) => onHover(p ? turnAt(layout, p.x) : null)}
        onPick={(p) => {
          const t = turnAt(layout, p.x);
          if (t !== null) onSelect(t);
        }}
      />
    </div>
  );
}
