// Test helper: small corpora for the suspects detectors — one slot's gold and
// each run's prediction per turn, in one or more dialogues, with optional
// utterances (what the system and the user say in each turn).
import type { SuspectRun } from '../../src/shared/annotations/suspects';
import { loadCorpus } from '../../src/shared/formats/detect';

export type Col = (string | null)[];

export interface DialogueSpec {
  id: string;
  /** Slot "domain-name" → the gold value per turn. */
  gold: Record<string, Col>;
  /** Per run: slot → the prediction per turn (a slot left out: the run never predicts it). */
  preds: Record<string, Col>[];
  user?: string[];
  system?: string[];
}

function state(cols: Record<string, Col>, t: number): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [slot, col] of Object.entries(cols)) {
    const v = col[t];
    if (v === null || v === undefined) continue;
    const [dom, name] = slot.split('-');
    (out[dom] ??= {})[name] = v;
  }
  return out;
}

/** The runs (labelled r0, r1, …) over the dialogues; utterances on the first run's corpus. */
export function runsOf(dialogues: readonly DialogueSpec[], confidence?: SuspectRun['confidence'][]): SuspectRun[] {
  const R = dialogues[0].preds.length;
  const runs: SuspectRun[] = [];
  for (let r = 0; r < R; r++) {
    const json: Record<string, Record<string, { gt: unknown; pr: unknown }>> = {};
    for (const d of dialogues) {
      const n = Object.values(d.gold)[0]?.length ?? d.user?.length ?? 0;
      json[d.id] = {};
      for (let t = 0; t < n; t++) json[d.id][String(t)] = { gt: state(d.gold, t), pr: state(d.preds[r], t) };
    }
    let corpus = loadCorpus(new TextEncoder().encode(JSON.stringify(json)), { file: `r${r}.json` }).corpus;
    if (r === 0 && dialogues.some((d) => d.user || d.system)) {
      const system: (string | undefined)[] = [];
      const user: (string | undefined)[] = [];
      for (const d of dialogues) {
        const n = Object.values(d.gold)[0]?.length ?? 0;
        for (let t = 0; t < n; t++) {
          system.push(d.system?.[t]);
          user.push(d.user?.[t]);
        }
      }
      corpus = { ...corpus, utterances: { system, user } };
    }
    runs.push({ label: `r${r}`, corpus, ...(confidence?.[r] ? { confidence: confidence[r] } : {}) });
  }
  return runs;
}

/** One dialogue "D1" of one slot (hotel-area unless named). */
export function oneSlot(gold: Col, preds: Col[], opts: { slot?: string; user?: string[]; system?: string[] } = {}): SuspectRun[] {
  const slot = opts.slot ?? 'hotel-area';
  return runsOf([{ id: 'D1', gold: { [slot]: gold }, preds: preds.map((p) => ({ [slot]: p })), user: opts.user, system: opts.system }]);
}
