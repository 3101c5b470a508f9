// Layer: shared (pure TS). Array helpers that work on arrays of any length.
// Spreading an array into a call (`Math.max(...xs)`, `out.push(...xs)`)
// puts every element on the call stack: past about 100k elements that
// throws "Maximum call stack size exceeded" (the spurious-traits view did
// so on 66k dialogues, issue 15). ESLint's no-restricted-syntax forbids such
// spreads in src/ (eslint.config.js); these loops are what to use instead.

/** The largest of `xs` and `floor` (Math.max's value, NaN included: any NaN gives NaN); `floor` when `xs` is empty. */
export function maxOf(xs: Iterable<number>, floor = -Infinity): number {
  let m = floor;
  for (const x of xs) m = Math.max(m, x);
  return m;
}

/** The smallest of `xs` and `ceiling` (Math.min's value, NaN included); `ceiling` when `xs` is empty. */
export function minOf(xs: Iterable<number>, ceiling = Infinity): number {
  let m = ceiling;
  for (const x of xs) m = Math.min(m, x);
  return m;
}

/** The largest of `f(x)` over `xs` and `floor`, without building the mapped array. */
export function maxBy<T>(xs: Iterable<T>, f: (x: T) => number, floor = -Infinity): number {
  let m = floor;
  for (const x of xs) m = Math.max(m, f(x));
  return m;
}

/** The smallest of `f(x)` over `xs` and `ceiling`. */
export function minBy<T>(xs: Iterable<T>, f: (x: T) => number, ceiling = Infinity): number {
  let m = ceiling;
  for (const x of xs) m = Math.min(m, f(x));
  return m;
}

/** Appends every item of `items` to `target` (what `target.push(...items)` does, for any length); returns `target`. */
export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const x of items) target.push(x);
  return target;
}

/** Puts every item of `items`, in order, before `target`'s items (what `target.unshift(...items)` does, for any length). */
export function prependAll<T>(target: T[], items: readonly T[]): T[] {
  if (items.length === 0) return target;
  const n = items.length;
  target.length += n;
  for (let i = target.length - 1; i >= n; i--) target[i] = target[i - n];
  for (let i = 0; i < n; i++) target[i] = items[i];
  return target;
}
