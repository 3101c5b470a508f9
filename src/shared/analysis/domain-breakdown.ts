// Layer: shared (pure TS). The per-domain breakdown (spec section 13): for
// each domain, every gold and predicted state restricted to the domain's
// slots over the chosen turns (restrict.ts), scored by the ordinary engine,
// so each group's numbers are exactly what scoring the restricted file gives.
// SA divides by the signature's K unless a per-domain K is asked for (a
// number, or each domain's own slot count); the choice is in the signature.

import { MULTIWOZ_SLOTS } from '../formats/slot-names';
import type { MetricConfig } from '../metrics/config';
import { extendSignature, makeSignature, type Signature, type SignaturePart, type SignatureSettings } from '../metrics/signature';
import { accumulate, DIALOGUES_SLOT, emptyStates, scoresOf, stateLayout, type Scores } from '../metrics/state';
import { analyseCorpus } from '../metrics/turn-stats';
import { domainOf, NONE_ID, type Corpus } from '../model/corpus';
import { domainSlotMask, domainTurnLists, restrictToSlots, slotDomains, type DomainTurns } from './restrict';

/** SA's K per domain: the signature's (undefined), one number for every domain, or each domain's number of slots. */
export type DomainK = number | 'slots' | undefined;

export interface DomainBreakdownOptions {
  turns: DomainTurns;
  k?: DomainK;
  /** Slot names of an SGD schema (for k = 'slots'). */
  schemaSlots?: readonly string[];
  settings?: SignatureSettings;
}

export interface DomainGroup {
  group: string;
  /** The K SA divided by. */
  K: number;
  scores: Scores;
}

export interface DomainBreakdown {
  by: 'domain';
  turns: DomainTurns;
  groups: DomainGroup[];
  signature: Signature;
}

/** The signature parts of a per-domain breakdown. */
export function domainSignatureParts(turns: DomainTurns, k: DomainK): SignaturePart[] {
  const parts: SignaturePart[] = [{ key: 'domain', text: `by=domain turns=${turns}` }];
  if (k === 'slots') parts.push({ key: 'SA', text: 'SA K=slots of the domain' });
  else if (k !== undefined) parts.push({ key: 'SA', text: `SA K=${k} per domain` });
  return parts;
}

/**
 * The number of slots of `domain`: from the SGD schema when given, else the
 * 30 MultiWOZ slots when the domain is one of theirs, else the distinct slots
 * of the domain seen in the corpus (gold or prediction, value other than "none").
 */
export function domainSlotCount(corpus: Corpus, domain: string, schemaSlots?: readonly string[]): number {
  const inSchema = schemaSlots?.filter((s) => domainOf(s) === domain).length ?? 0;
  if (inSchema > 0) return inSchema;
  const mwz = MULTIWOZ_SLOTS.filter((s) => domainOf(s) === domain).length;
  if (mwz > 0) return mwz;
  const seen = new Set<number>();
  for (const pairs of corpus.goldPairs === corpus.predPairs ? [corpus.goldPairs] : [corpus.goldPairs, corpus.predPairs]) {
    for (let k = 0; k < pairs.length; k += 2)
      if (pairs[k + 1] !== NONE_ID && domainOf(corpus.slots.name(pairs[k])) === domain) seen.add(pairs[k]);
  }
  return Math.max(1, seen.size);
}

/** A corpus's scores in one pass, without per-dialogue states (the same numbers as evaluate(corpus).corpus). */
export function corpusScores(corpus: Corpus, config: MetricConfig): Scores {
  const layout = stateLayout(config);
  const state = emptyStates(layout);
  state[DIALOGUES_SLOT] = corpus.dialogueIds.length;
  accumulate(state, 0, layout, analyseCorpus(corpus), 0, corpus.turnIndex.length, config);
  return scoresOf(state, 0, layout, config);
}

export function domainBreakdown(corpus: Corpus, config: MetricConfig, opts: DomainBreakdownOptions): DomainBreakdown {
  const sd = slotDomains(corpus);
  const lists = domainTurnLists(corpus, sd, opts.turns);
  const groups: DomainGroup[] = [];
  sd.domains.forEach((name, dom) => {
    const turns = lists[dom];
    if (turns.length === 0) return; // a domain never active in gold (only predicted) has no turns to score
    const K = opts.k === undefined ? config.slotCount : opts.k === 'slots' ? domainSlotCount(corpus, name, opts.schemaSlots) : opts.k;
    const restricted = restrictToSlots(corpus, domainSlotMask(sd, dom), turns);
    groups.push({ group: name, K, scores: corpusScores(restricted, { ...config, slotCount: K }) });
  });
  return {
    by: 'domain',
    turns: opts.turns,
    groups,
    signature: extendSignature(makeSignature(config, opts.settings), domainSignatureParts(opts.turns, opts.k)),
  };
}
