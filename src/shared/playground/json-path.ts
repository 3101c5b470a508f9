// Layer: shared (pure TS). Reads back the JSON paths the loaders write in
// their errors (errors.ts pathPush: `$.name`, `$["book day"]`, `$[3]`) as a
// list of keys and indices, to find the value they name in a text.

/** `$["3"].pr.hotel["book day"]` → ["3", "pr", "hotel", "book day"]; unreadable rest is dropped. */
export function parseJsonPath(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  let i = path.startsWith('$') ? 1 : 0;
  while (i < path.length) {
    if (path[i] === '.') {
      const m = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(path.slice(i + 1));
      if (!m) break;
      out.push(m[0]);
      i += 1 + m[0].length;
    } else if (path[i] === '[' && path[i + 1] === '"') {
      const m = /^"(?:[^"\\]|\\.)*"/.exec(path.slice(i + 1));
      if (!m || path[i + 1 + m[0].length] !== ']') break;
      out.push(JSON.parse(m[0]) as string);
      i += 2 + m[0].length;
    } else if (path[i] === '[') {
      const m = /^(\d+)\]/.exec(path.slice(i + 1));
      if (!m) break;
      out.push(Number(m[1]));
      i += 1 + m[0].length;
    } else break;
  }
  return out;
}
