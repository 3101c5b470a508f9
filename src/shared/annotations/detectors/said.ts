// Layer: shared (pure TS). Detector `said` (with utterances): the value the
// runs predict instead of the gold is said in that turn — by the user (the
// gold should hold it), only by the system (an offer the user may not have
// taken: weaker), or together with the gold value (either may be meant:
// weakest). A value the gold takes one turn later is left to
// detectors/delayed.ts, which reads the same text for the timing.

import { ABSENT, NO_VALUE, shown, turnName, type Detector } from './contract';

export const SAID = {
  byUser: 0.6,
  bySystemOnly: 0.3,
  withGold: 0.2,
} as const;

export const saidDetector: Detector = {
  kind: 'said',
  summary: 'with utterances: the value the runs predict instead of the gold is said in that turn',
  detect(row, view, out) {
    const t = view.text;
    if (!t) return;
    const n = row.gold.length;
    for (let p = 0; p < n; p++) {
      const c = row.cons[p];
      if (c === NO_VALUE || c === ABSENT || t.unsayable(c)) continue;
      if (p + 1 < n && row.gold[p + 1] === c) continue;
      const g = row.gold[p];
      const user = t.said(p, c, 'user');
      if (!user && !t.said(p, c, 'system')) continue;
      const both = g !== ABSENT && !t.unsayable(g) && t.said(p, g, 'any');
      const weight = both ? SAID.withGold : user ? SAID.byUser : SAID.bySystemOnly;
      const who = user ? 'the user says' : 'only the system says';
      out.push({
        kind: 'said',
        turns: [p],
        to: c,
        weight,
        text: both
          ? `${turnName(view, p)} mentions both the predicted ${shown(view, c)} and the gold ${shown(view, g)}`
          : `${who} the predicted ${shown(view, c)} in ${turnName(view, p)}${g === ABSENT ? ', where the gold has no value' : `, not the gold ${shown(view, g)}`}`,
      });
    }
  },
};
