// A perturbed copy of a prediction file in the FGA/GCA layout, to compare two
// runs on one gold: a deterministic edit of the predictions only (the gold is
// kept), which fixes every turn of some dialogues and breaks others (a
// predicted slot dropped from a turn onwards, a value changed).
type State = Record<string, Record<string, string>>;
type Fga = Record<string, Record<string, { gt: State; pr: State }>>;

export function perturbFga(text: string): string {
  const data = JSON.parse(text) as Fga;
  Object.entries(data).forEach(([, turns], i) => {
    const keys = Object.keys(turns).sort((a, b) => Number(a) - Number(b));
    if (i % 4 === 0) {
      // Fixed: the prediction equals the gold state at every turn.
      for (const k of keys) turns[k].pr = JSON.parse(JSON.stringify(turns[k].gt)) as State;
    } else if (i % 4 === 1 && keys.length > 1) {
      // Broken from the middle on: the first predicted slot of that turn is dropped, the next one gets a wrong value.
      const from = Math.floor(keys.length / 2);
      for (const k of keys.slice(from)) {
        const pr = turns[k].pr;
        const slots = Object.entries(pr).flatMap(([d, s]) => Object.keys(s).map((n) => [d, n] as const));
        if (slots[0]) delete pr[slots[0][0]][slots[0][1]];
        if (slots[1]) pr[slots[1][0]][slots[1][1]] = 'perturbed value';
      }
    }
  });
  return JSON.stringify(data, null, 1);
}
