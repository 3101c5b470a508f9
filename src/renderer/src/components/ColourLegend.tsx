// Layer: renderer (React component). The legend of slot classes and marks,
// drawn with the same chips as the dialogue view.

import { CLASS_STYLE, SLOT_CLASSES } from '../model/classes';

export function ColourLegend() {
  return (
    <ul className="legend" aria-label="colour legend">
      {SLOT_CLASSES.map((c) => (
        <li key={c} className={`chip cls-${c} mark-changed`}>
          <span className="icon" aria-hidden="true">
            {CLASS_STYLE[c].icon}
          </span>
          <span className="name">{CLASS_STYLE[c].label}</span>
          <span className="val">{CLASS_STYLE[c].help}</span>
        </li>
      ))}
      <li className="legend-mark">
        <span className="mark-sample">Δ</span> changed this turn (counted by GCA now) · <span className="mark-sample">↻</span> carried over
        from an earlier turn (faded)
      </li>
    </ul>
  );
}
