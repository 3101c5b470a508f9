// fast-check arbitraries for whole corpora, built through CorpusBuilder the
// way every loader builds them.
import fc from 'fast-check';
import { CorpusBuilder } from '../../src/shared/model/builder';
import type { Corpus } from '../../src/shared/model/corpus';

/** A state: slot index → value index; value 0 is the literal "none". */
export type RawState = Map<number, number>;
export interface RawTurn {
  gold: RawState;
  pred: RawState;
}
export interface RawDialogue {
  id: string;
  turns: RawTurn[];
  /** Integer turn indices (increasing, maybe with gaps). */
  indices: number[];
}

const SLOTS = 8;
const VALUES = 5;

const state = (minSize = 0): fc.Arbitrary<RawState> =>
  fc
    .uniqueArray(fc.tuple(fc.integer({ min: 0, max: SLOTS - 1 }), fc.integer({ min: 0, max: VALUES - 1 })), {
      selector: (p) => p[0],
      minLength: minSize,
      maxLength: SLOTS,
    })
    .map((pairs) => new Map(pairs));

/** A turn whose prediction is a mutation of gold (keeps errors realistic: mostly right). */
const turn: fc.Arbitrary<RawTurn> = fc
  .tuple(
    state(),
    fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: SLOTS - 1 }), fc.integer({ min: 0, max: VALUES - 1 })), {
      maxLength: 3,
    }),
  )
  .map(([gold, edits]) => {
    const pred = new Map(gold);
    for (const [kind, s, v] of edits) {
      if (kind === 0) pred.delete(s);
      else pred.set(s, v);
    }
    return { gold, pred };
  });

export const dialogueArb = (id: string, turns = turn): fc.Arbitrary<RawDialogue> =>
  fc
    .tuple(fc.array(turns, { minLength: 1, maxLength: 7 }), fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 7, maxLength: 7 }))
    .map(([ts, gaps]) => {
      const indices: number[] = [];
      let t = 0;
      for (let i = 0; i < ts.length; i++) {
        indices.push(t);
        t += gaps[i];
      }
      return { id, turns: ts, indices };
    });

export const corpusArb = (maxDialogues = 12, turns = turn): fc.Arbitrary<RawDialogue[]> =>
  fc
    .integer({ min: 1, max: maxDialogues })
    .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => dialogueArb(`D${i}.json`, turns))));

/**
 * Turns whose prediction equals gold, with non-empty gold and no explicit
 * "none" (GCA's reference behaviour counts an M when both sides set a slot to
 * "none" in the same turn; see gca.test.ts). Use with `cumulative`.
 */
export const perfectTurn: fc.Arbitrary<RawTurn> = state(1).map((g) => {
  for (const [s, v] of g) if (v === 0) g.set(s, 1);
  return { gold: g, pred: new Map(g) };
});

export interface Naming {
  slot: (s: number) => string;
  value: (v: number) => string;
}

export const defaultNaming: Naming = {
  slot: (s) => `${['hotel', 'train', 'taxi'][s % 3]}-slot${s}`,
  value: (v) => (v === 0 ? 'none' : `value ${v}`),
};

export function buildCorpus(ds: RawDialogue[], naming: Naming = defaultNaming): Corpus {
  const b = new CorpusBuilder();
  const flat = (st: RawState): number[] => {
    const out: number[] = [];
    for (const [s, v] of st) out.push(b.slots.intern(naming.slot(s)), b.values.intern(naming.value(v)));
    return out;
  };
  for (const d of ds) {
    expectNull(b.beginDialogue(d.id));
    d.turns.forEach((t, i) => expectNull(b.addTurn(d.indices[i], flat(t.gold), flat(t.pred))));
    expectNull(b.endDialogue());
  }
  return b.build();
}

function expectNull(problem: string | null): void {
  if (problem !== null) throw new Error(problem);
}

/** Makes states cumulative, as real DST states are: each turn keeps the earlier turns' slots (later values win). */
export function cumulative(ds: RawDialogue[]): RawDialogue[] {
  return ds.map((d) => {
    let g = new Map<number, number>();
    let p = new Map<number, number>();
    const turns = d.turns.map((t) => {
      g = new Map([...g, ...t.gold]);
      p = new Map([...p, ...t.pred]);
      return { gold: g, pred: p };
    });
    return { ...d, turns };
  });
}
