// Layer: shared (pure TS). Restricted corpora for the per-domain breakdown
// (spec section 13): every gold and predicted state cut down to the slots of
// one domain, over a selection of turns. Turn indices keep their integer
// values, so FGA's distances and GCA's changes follow the kept turns, and the
// ordinary engine scores the result exactly as it would score the restricted
// file. Dialogues with no kept turn are dropped.

import { domainOf, NONE_ID, type Corpus } from '../model/corpus';
import { IntVector } from '../model/int-vector';

/** Which turns a domain's breakdown keeps: `active` the turns whose gold has a slot of the domain; `dialogue` every turn of the dialogues that ever do. */
export type DomainTurns = 'active' | 'dialogue';
export const DOMAIN_TURNS: readonly DomainTurns[] = ['active', 'dialogue'];

export interface SlotDomains {
  /** Domain names, sorted. */
  domains: string[];
  /** Domain index of each slot id. */
  slotDomain: Int32Array;
}

/** The domain ("hotel" of "hotel-area") of every slot of the corpus. */
export function slotDomains(corpus: Corpus): SlotDomains {
  const names = corpus.slots.names;
  const domains = [...new Set(names.map(domainOf))].sort();
  const index = new Map(domains.map((d, i) => [d, i]));
  const slotDomain = new Int32Array(names.length);
  names.forEach((n, s) => (slotDomain[s] = index.get(domainOf(n))!));
  return { domains, slotDomain };
}

/**
 * Per domain, the global turns it keeps under `mode`, ascending. A domain
 * is active in a turn when the gold state has one of its slots with a value
 * other than "none".
 */
export function domainTurnLists(corpus: Corpus, sd: SlotDomains, mode: DomainTurns): Int32Array[] {
  const D = sd.domains.length;
  const lists = Array.from({ length: D }, () => new IntVector(1024));
  const seen = new Int32Array(D).fill(-1);
  const inDialogue = new Uint8Array(D);
  const { goldPairs: gp, goldStart, goldLen, dialogueStart } = corpus;
  for (let d = 0; d < corpus.dialogueIds.length; d++) {
    const first = dialogueStart[d];
    const last = dialogueStart[d + 1];
    inDialogue.fill(0);
    for (let i = first; i < last; i++) {
      for (let k = goldStart[i], e = goldStart[i] + goldLen[i]; k < e; k++) {
        if (gp[2 * k + 1] === NONE_ID) continue;
        const dom = sd.slotDomain[gp[2 * k]];
        if (seen[dom] === i) continue;
        seen[dom] = i;
        inDialogue[dom] = 1;
        if (mode === 'active') lists[dom].push(i);
      }
    }
    if (mode === 'dialogue') {
      for (let dom = 0; dom < D; dom++) if (inDialogue[dom]) for (let i = first; i < last; i++) lists[dom].push(i);
    }
  }
  return lists.map((l) => l.toArray());
}

/**
 * The corpus restricted to the slots with keepSlot[slot] = 1, over the given
 * global turns (ascending). Shares the slot and value tables of `corpus`.
 */
export function restrictToSlots(corpus: Corpus, keepSlot: Uint8Array, turns: Int32Array): Corpus {
  const n = turns.length;
  const turnIndex = new Int32Array(n);
  const goldStart = new Int32Array(n);
  const goldLen = new Int32Array(n);
  const predStart = new Int32Array(n);
  const predLen = new Int32Array(n);
  const pairs = new IntVector(Math.max(64, n * 8));
  const dialogueIds: string[] = [];
  const starts: number[] = [];
  const { dialogueStart, goldPairs: gp, predPairs: pp } = corpus;
  let d = 0;
  let lastDialogue = -1;
  for (let k = 0; k < n; k++) {
    const i = turns[k];
    while (dialogueStart[d + 1] <= i) d++;
    if (d !== lastDialogue) {
      dialogueIds.push(corpus.dialogueIds[d]);
      starts.push(k);
      lastDialogue = d;
    }
    turnIndex[k] = corpus.turnIndex[i];
    goldStart[k] = pairs.length >> 1;
    for (let p = corpus.goldStart[i], e = p + corpus.goldLen[i]; p < e; p++) {
      if (keepSlot[gp[2 * p]]) {
        pairs.push(gp[2 * p]);
        pairs.push(gp[2 * p + 1]);
      }
    }
    goldLen[k] = (pairs.length >> 1) - goldStart[k];
    predStart[k] = pairs.length >> 1;
    for (let p = corpus.predStart[i], e = p + corpus.predLen[i]; p < e; p++) {
      if (keepSlot[pp[2 * p]]) {
        pairs.push(pp[2 * p]);
        pairs.push(pp[2 * p + 1]);
      }
    }
    predLen[k] = (pairs.length >> 1) - predStart[k];
  }
  starts.push(n);
  const all = pairs.view();
  return {
    slots: corpus.slots,
    values: corpus.values,
    dialogueIds,
    dialogueStart: Int32Array.from(starts),
    turnIndex,
    goldStart,
    goldLen,
    predStart,
    predLen,
    goldPairs: all,
    predPairs: all,
  };
}

/** keepSlot for one domain. */
export function domainSlotMask(sd: SlotDomains, domain: number): Uint8Array {
  const keep = new Uint8Array(sd.slotDomain.length);
  for (let s = 0; s < keep.length; s++) keep[s] = sd.slotDomain[s] === domain ? 1 : 0;
  return keep;
}
