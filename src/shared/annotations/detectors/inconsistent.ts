// Layer: shared (pure TS). Detector `inconsistent`: the gold contradicts
// itself within one dialogue, whatever the runs say.
//   - spelling flip: the gold changes a value to another spelling of it
//     (format.ts: case, spacing, punctuation, a known variant) — the turns of
//     the spelling the dialogue uses less are suspects (proposed: the other);
//   - transient change: the gold changes a value for one or two turns and
//     changes it back (a → b → a), or drops it and puts it back (a → – → a);
//     proposed: a, over the one or two turns;
//   - drop: the gold loses a value for good (a → –) — MultiWOZ states
//     accumulate, and a value leaves only when the user drops it. With
//     utterances, a turn that mentions the value (perhaps cancelling it)
//     weakens the evidence and a turn that does not strengthens it.

import { ABSENT, goldRuns, range, shown, turnName, type Detector } from './contract';

export const INCONSISTENT = {
  spellingFlip: 0.6,
  transientChange: 0.45,
  transientDrop: 0.55,
  /** The changed value is said in those turns (the user may have changed their mind twice): × this. */
  transientSaid: 0.4,
  drop: 0.3,
  /** With utterances: no utterance of the turn mentions the value dropped. */
  dropUnsaid: 0.45,
  /** With utterances: the turn mentions the value dropped (the user may cancel it): × this. */
  dropSaid: 0.3,
} as const;

export const inconsistentDetector: Detector = {
  kind: 'inconsistent',
  summary:
    'the gold contradicts itself within the dialogue: a spelling flip, a value changed or dropped for a turn or two, a value dropped for good',
  detect(row, view, out) {
    const runs = goldRuns(row.gold);
    const turnsOf = (v: number) => runs.reduce((s, r) => s + (r.value === v ? r.end - r.start : 0), 0);
    for (let i = 0; i < runs.length; i++) {
      const cur = runs[i];
      const prev = i > 0 ? runs[i - 1] : undefined;
      const next = i + 1 < runs.length ? runs[i + 1] : undefined;
      const len = cur.end - cur.start;
      if (cur.value !== ABSENT) {
        const other = [prev, next].find((r) => r && r.value !== ABSENT && view.sameButFormat(r.value, cur.value));
        if (other) {
          const mine = turnsOf(cur.value);
          const theirs = turnsOf(other.value);
          // The spelling the dialogue uses less (on a tie, the later one) is the suspect.
          if (mine < theirs || (mine === theirs && other === prev))
            out.push({
              kind: 'inconsistent',
              turns: range(cur.start, cur.end),
              to: other.value,
              weight: INCONSISTENT.spellingFlip,
              text: `the gold spells it ${shown(view, cur.value)} here and ${shown(view, other.value)} in ${theirs} other turn${theirs === 1 ? '' : 's'} of the dialogue`,
            });
          continue;
        }
      }
      if (prev && next && prev.value !== ABSENT && prev.value === next.value && len <= 2) {
        let weight = cur.value === ABSENT ? INCONSISTENT.transientDrop : INCONSISTENT.transientChange;
        const t = view.text;
        let why = '';
        if (t && cur.value !== ABSENT && !t.unsayable(cur.value) && range(cur.start, cur.end).some((p) => t.said(p, cur.value, 'any'))) {
          weight *= INCONSISTENT.transientSaid;
          why = ' (it is said there)';
        }
        const what =
          cur.value === ABSENT ? `drops ${shown(view, prev.value)}` : `changes ${shown(view, prev.value)} to ${shown(view, cur.value)}`;
        out.push({
          kind: 'inconsistent',
          turns: range(cur.start, cur.end),
          to: prev.value,
          weight,
          text: `the gold ${what} for ${len === 1 ? 'one turn' : `${len} turns`} and then goes back${why}`,
        });
        continue;
      }
      if (cur.value === ABSENT && prev && prev.value !== ABSENT) {
        let weight: number = INCONSISTENT.drop;
        let why = '';
        const t = view.text;
        if (t && !t.unsayable(prev.value)) {
          if (t.said(cur.start, prev.value, 'any')) {
            weight *= INCONSISTENT.dropSaid;
            why = ` (${turnName(view, cur.start)} mentions it: is it cancelled?)`;
          } else {
            weight = INCONSISTENT.dropUnsaid;
            why = ` in ${turnName(view, cur.start)}, which does not mention it`;
          }
        }
        out.push({
          kind: 'inconsistent',
          turns: range(cur.start, cur.end),
          to: prev.value,
          weight,
          text: `the gold drops ${shown(view, prev.value)}${why}${next ? '' : ' and never has it again'}`,
        });
      }
    }
  },
};
