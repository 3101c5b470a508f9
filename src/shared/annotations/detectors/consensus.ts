// Layer: shared (pure TS). Detector `consensus`: the runs agree on one value
// other than the gold's (as Cleanlab ranks label issues by how confidently
// models disagree with the label). Per run of one gold value, each value the
// runs predict instead is one piece of evidence over the turns where they do;
// its weight grows with
//   - the runs agreeing: 1 − 0.6^R for R runs, times the weighted share of
//     them predicting that value (each run weighs its confidence in the
//     prediction when the run has confidences, else 1);
//   - how consistently they keep predicting it: the share of the turns from
//     where they start to the end of the gold's run in which they do;
//   - how reliable the runs are on this slot over the whole corpus;
// and is cut to 0.3 × when the runs predict nothing where the gold has a
// value: those are mostly model misses, not label errors.

import { ABSENT, goldRuns, NO_VALUE, shown, whoPredicts, type Detector } from './contract';

export const CONSENSUS = {
  /** The weight rises with the number of runs R: 1 − base^R (0.4 for one run, 0.64 for two, 0.78 for three). */
  base: 0.6,
  /** Factor when the runs predict no value where the gold has one. */
  predictsNothing: 0.3,
  /** Weight × (consistencyFloor + (1 − consistencyFloor) × consistency). */
  consistencyFloor: 0.5,
  /** Weight × (reliabilityFloor + (1 − reliabilityFloor) × reliability). */
  reliabilityFloor: 0.75,
} as const;

export const consensusDetector: Detector = {
  kind: 'consensus',
  summary: 'the runs agree on another value than the gold (weighted by how many agree, their confidence and how consistently they keep it)',
  detect(row, view, out) {
    const R = view.runs;
    for (const run of goldRuns(row.gold)) {
      // The values the runs predict instead within this gold run, in order of first appearance.
      const seen: number[] = [];
      for (let p = run.start; p < run.end; p++) if (row.cons[p] !== NO_VALUE && !seen.includes(row.cons[p])) seen.push(row.cons[p]);
      for (const c of seen) {
        const turns: number[] = [];
        let share = 0;
        let agree = 0;
        for (let p = run.start; p < run.end; p++)
          if (row.cons[p] === c) {
            turns.push(p);
            share += row.share[p];
            agree = Math.max(agree, row.agree[p]);
          }
        share /= turns.length;
        const consistency = turns.length / (run.end - turns[0]);
        const nothing = c === ABSENT;
        const weight =
          (1 - Math.pow(CONSENSUS.base, R)) *
          share *
          (nothing ? CONSENSUS.predictsNothing : 1) *
          (CONSENSUS.consistencyFloor + (1 - CONSENSUS.consistencyFloor) * consistency) *
          (CONSENSUS.reliabilityFloor + (1 - CONSENSUS.reliabilityFloor) * view.reliability);
        // The agreeing runs' confidence where they give one: said in the evidence (it is already in `share`).
        let confSum = 0;
        let confN = 0;
        for (const p of turns)
          row.preds.forEach((pr, r) => {
            const cf = row.conf[r]?.[p];
            if (pr[p] === c && cf !== undefined && !Number.isNaN(cf)) {
              confSum += cf;
              confN++;
            }
          });
        const confNote = confN > 0 ? `, with confidence ${(confSum / confN).toFixed(2)} (weighted by it)` : '';
        const who = whoPredicts(view, agree);
        const verb = R === 1 || agree === 1 ? 'predicts' : 'predict';
        const where =
          turns.length === 1
            ? ''
            : consistency === 1
              ? ` over ${turns.length} turns`
              : ` in ${turns.length} of the ${run.end - turns[0]} turns from there`;
        out.push({
          kind: 'consensus',
          turns,
          to: c,
          weight,
          text: `${who} ${verb} ${shown(view, c)} where the gold is ${shown(view, run.value)}${where}${confNote}${nothing ? ' (predicting nothing is mostly a model miss)' : ''}`,
        });
      }
    }
  },
};
