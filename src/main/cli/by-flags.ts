// Layer: main (Node). The flags and help lines `score` gains for its
// breakdowns (--by, score-by.ts: an alias of `analyze --kind breakdown`),
// kept apart so that score.ts imports them without loading the breakdown
// code.

export const BY_FLAGS = {
  by: { type: 'string' },
  'domain-turns': { type: 'string' },
  'domain-k': { type: 'string' },
} as const;

export const BY_HELP = `  --by domain|slot      a breakdown (one row per domain or slot; several files: per run, with deltas)
  --domain-turns MODE   --by domain: active (default: the turns where the domain is in gold) or
                        dialogue (every turn of the dialogues that mention it)
  --domain-k K|slots    --by domain: SA's K per domain: a number, or "slots" (each domain's own
                        slot count); default: the signature's K (--slots)
                        (--by is the same as "dst-inspector analyze FILES --kind breakdown --by …")
`;
