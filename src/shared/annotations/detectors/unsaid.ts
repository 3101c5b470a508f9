// Layer: shared (pure TS). Detector `unsaid` (with utterances): the gold
// holds a value that nobody says.
//   - said nowhere: the value the gold takes is said nowhere in the dialogue
//     (text-match.ts: case, punctuation, number words, spoken times and a few
//     MultiWOZ spellings are allowed for) — over the turns it holds it;
//   - unsupported change: the gold takes a value in a turn whose utterances
//     mention neither it nor the value before, and neither the turn before
//     nor the turn after says it (that would be a delayed or early label,
//     detectors/delayed.ts).
// Values never said as such (dontcare, yes, no, …) give no evidence; nor does
// a dialogue the utterance source does not cover.

import { ABSENT, NO_VALUE, range, shown, turnName, goldRuns, type Detector } from './contract';

export const UNSAID = {
  saidNowhere: 0.5,
  unsupportedChange: 0.35,
} as const;

export const unsaidDetector: Detector = {
  kind: 'unsaid',
  summary:
    'with utterances: the gold value is said nowhere in the dialogue, or the gold takes it in a turn that mentions neither it nor the value before',
  detect(row, view, out) {
    const t = view.text;
    if (!t) return;
    const runs = goldRuns(row.gold);
    const n = row.gold.length;
    runs.forEach((cur, i) => {
      const v = cur.value;
      if (v === ABSENT || t.unsayable(v)) return;
      if (!t.saidAnywhere(v)) {
        out.push({
          kind: 'unsaid',
          turns: range(cur.start, cur.end),
          to: NO_VALUE,
          weight: UNSAID.saidNowhere,
          text: `the gold value ${shown(view, v)} is said nowhere in the dialogue`,
        });
        return;
      }
      const p = cur.start;
      const before = i > 0 ? runs[i - 1].value : ABSENT;
      const mentioned = (q: number, x: number) => q >= 0 && q < n && x !== ABSENT && !t.unsayable(x) && t.said(q, x, 'any');
      if (mentioned(p, v) || mentioned(p, before) || mentioned(p - 1, v) || mentioned(p + 1, v)) return;
      out.push({
        kind: 'unsaid',
        turns: [p],
        to: NO_VALUE,
        weight: UNSAID.unsupportedChange,
        text: `the gold takes ${shown(view, v)} in ${turnName(view, p)}, which mentions neither it${before === ABSENT ? '' : ` nor ${shown(view, before)}`} (nor do the turns around it)`,
      });
    });
  },
};
