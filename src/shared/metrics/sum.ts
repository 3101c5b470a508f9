// Layer: shared (pure TS). Compensated (Neumaier) summation, so that corpus
// sums of float turn scores do not depend on the order dialogues are merged in.

export interface Sum {
  s: number;
  c: number;
}

export function zeroSum(): Sum {
  return { s: 0, c: 0 };
}

export function addTo(acc: Sum, x: number): void {
  const t = acc.s + x;
  if (Math.abs(acc.s) >= Math.abs(x)) acc.c += acc.s - t + x;
  else acc.c += x - t + acc.s;
  acc.s = t;
}

export function mergeSum(acc: Sum, other: Sum): void {
  addTo(acc, other.s);
  addTo(acc, other.c);
}

export function sumValue(acc: Sum): number {
  return acc.s + acc.c;
}
