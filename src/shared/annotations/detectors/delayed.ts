// Layer: shared (pure TS). Detector `delayed`: delayed or early annotation,
// the most common label error of MultiWOZ (the 2.2, 2.3 and 2.4 papers;
// SimpleTOD's noisy-annotation analysis): the user gives a value at turn t
// and the gold adds it at t + 1 (delayed), or the gold adds it at t − 1,
// before it is said (early). It works from the runs alone, without
// utterances: a model cannot know a value before it is said, so runs that
// hold the value the gold adds one turn later — and keep it — point at a
// delayed label; runs that still hold the old value at the turn where the
// gold changes, and change one turn later, point at an early one. Utterances,
// when loaded, confirm the timing (the user says the value at t) or refute it
// (the value is said only in the turn where the gold adds it: the gold's
// timing is right and the runs were early, e.g. on a system's offer).
//   delayed, at t (gold[t] ≠ v = gold[t+1]): proposes v at t;
//   early, at t (gold[t−1] = u ≠ v = gold[t] = gold[t+1]): proposes u at t;
//   runs that predict nothing at t are mostly late models, not an early
//   gold: that pattern weighs less (DELAYED.earlyFromNothing).

import { ABSENT, shown, turnName, whoPredicts, type Detector, type DialogueView, type SlotRow } from './contract';

export const DELAYED = {
  /** × the weighted share of runs with the pattern: delayed (the runs hold v at t and t + 1). */
  delayedRuns: 0.7,
  /** × the share: early (the runs hold u at t, v at t + 1). */
  earlyRuns: 0.55,
  /** The runs hold the value at t but not at t + 1: the pattern is weaker. */
  unkept: 0.5,
  /** The user says v at t (delayed) / v is said at t + 1 and not before (early). */
  textConfirms: 0.75,
  /** Only the system says v at t (an offer the user may not have taken yet). */
  systemOnly: 0.3,
  /** The text contradicts the timing: the runs' evidence × this. */
  textRefutes: 0.3,
  /**
   * Early, where the old value is "no value": runs that still predict nothing
   * at t are mostly late (the commonest model miss), so their pattern × this.
   */
  earlyFromNothing: 0.3,
} as const;

/** Weighted share of runs predicting `a` at p and `b` at p + 1 (and those predicting a at p only), up to format. */
function pattern(row: SlotRow, view: DialogueView, p: number, a: number, b: number): { both: number; first: number; agree: number } {
  const eq = (x: number, y: number) => x === y || (x !== ABSENT && y !== ABSENT && view.sameButFormat(x, y));
  let both = 0;
  let first = 0;
  let agree = 0;
  row.preds.forEach((pr, r) => {
    if (!eq(pr[p], a)) return;
    const c = row.conf[r]?.[p];
    const w = c === undefined || Number.isNaN(c) ? 1 : c;
    if (p + 1 < pr.length && eq(pr[p + 1], b)) {
      both += w;
      agree++;
    } else first += w;
  });
  return { both: both / row.preds.length, first: first / row.preds.length, agree };
}

export const delayedDetector: Detector = {
  kind: 'delayed',
  summary: 'delayed or early annotation: the gold adds a value one turn after (or before) the runs or the user give it',
  detect(row, view, out) {
    const g = row.gold;
    const n = g.length;
    const text = view.text;
    for (let t = 0; t + 1 < n; t++) {
      // Delayed: the gold changes to v at t + 1; at t the runs (or the user) already have v.
      const v = g[t + 1];
      if (v !== ABSENT && g[t] !== v) {
        const s = pattern(row, view, t, v, v);
        let runs = DELAYED.delayedRuns * (s.both + DELAYED.unkept * s.first);
        let said = 0;
        let why = '';
        if (text && !text.unsayable(v)) {
          if (text.said(t, v, 'user')) {
            said = DELAYED.textConfirms;
            why = `; the user says it in ${turnName(view, t)}`;
          } else if (text.said(t, v, 'system')) {
            said = DELAYED.systemOnly;
            why = `; the system says it in ${turnName(view, t)}`;
          } else if (text.said(t + 1, v, 'any')) {
            runs *= DELAYED.textRefutes;
            why = `; but it is said only in ${turnName(view, t + 1)}`;
          }
        }
        const weight = 1 - (1 - runs) * (1 - said);
        if (weight > 0) {
          const who =
            s.both + s.first > 0
              ? `${whoPredicts(view, Math.max(s.agree, 1))} already ${s.agree > 1 ? 'have' : 'has'} it in ${turnName(view, t)}`
              : '';
          out.push({
            kind: 'delayed',
            turns: [t],
            to: v,
            weight,
            text: `delayed annotation? the gold adds ${shown(view, v)} only in ${turnName(view, t + 1)}${who ? `; ${who}` : ''}${why}`,
          });
        }
      }
      // Early: the gold changes from u to v at t (and keeps v at t + 1); the runs hold u at t and change to v at t + 1.
      if (t === 0) continue;
      const u = g[t - 1];
      const w = g[t];
      if (u === w || g[t + 1] !== w) continue;
      const s = pattern(row, view, t, u, w);
      let runs = DELAYED.earlyRuns * s.both * (u === ABSENT ? DELAYED.earlyFromNothing : 1);
      let said = 0;
      let why = '';
      if (text && w !== ABSENT && !text.unsayable(w)) {
        const before = (() => {
          for (let q = 0; q <= t; q++) if (text.said(q, w, 'any')) return true;
          return false;
        })();
        if (!before && text.said(t + 1, w, 'any')) {
          said = DELAYED.textConfirms;
          why = `; it is said first in ${turnName(view, t + 1)}`;
        } else if (text.said(t, w, 'user')) runs *= DELAYED.textRefutes;
      }
      const weight = 1 - (1 - runs) * (1 - said);
      if (weight > 0)
        out.push({
          kind: 'delayed',
          turns: [t],
          to: u,
          weight,
          text: `early annotation? the gold has ${shown(view, w)} from ${turnName(view, t)}${s.both > 0 ? `; ${whoPredicts(view, Math.max(s.agree, 1))} ${s.agree > 1 ? 'keep' : 'keeps'} ${shown(view, u)} there and ${s.agree > 1 ? 'change' : 'changes'} one turn later` : ''}${why}`,
        });
    }
  },
};
