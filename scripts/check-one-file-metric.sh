#!/bin/sh
# The one-file metric check, for real (docs/dev/adding-a-metric.md): copies the
# repository's tracked files (as they are in the work tree) into a temporary
# directory, saves the example metric of docs/dev/adding-a-metric.md there as
# src/shared/metrics/defs/dcr.ts — the only change — and runs the test suite
# unchanged; then scores a fixture with the built CLI and looks for the metric
# in the corpus, per-dialogue and per-turn JSON.
#
#   scripts/check-one-file-metric.sh            # npm test (typecheck, lint, build, vitest)
#   scripts/check-one-file-metric.sh unit       # build, then vitest run test/unit (no typecheck, lint or e2e)
set -eu
root=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dsti-one-file-metric-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$root"
git ls-files -z | xargs -0 cp --parents -t "$tmp"
ln -s "$root/node_modules" "$tmp/node_modules"
node -e '
  const fs = require("node:fs");
  const page = fs.readFileSync("docs/dev/adding-a-metric.md", "utf8");
  const blocks = [...page.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]).filter((b) => b.includes("export const metric"));
  if (blocks.length !== 1) throw new Error("expected one example metric in docs/dev/adding-a-metric.md, found " + blocks.length);
  fs.writeFileSync(process.argv[1] + "/src/shared/metrics/defs/dcr.ts", blocks[0]);
' "$tmp"
cd "$tmp"
echo "added src/shared/metrics/defs/dcr.ts ($(wc -l < src/shared/metrics/defs/dcr.ts) lines) in $tmp"
if [ "${1:-}" = unit ]; then
  npm run build
  npx vitest run test/unit
else
  npm test
fi
out=$(node out/main/cli.cjs score test/fixtures/paper/mul1110.json --per-turn --format json)
for where in corpus dialogue turn; do
  printf '%s' "$out" | node -e '
    const j = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
    const at = { corpus: j.corpus, dialogue: j.dialogues[0], turn: j.dialogues[0].perTurn.find((t) => t.DCR !== null) }[process.argv[1]];
    if (!at || !("DCR" in at)) { console.error("DCR is missing from score --per-turn (" + process.argv[1] + ")"); process.exit(1); }
    console.log("score: DCR (" + process.argv[1] + ") = " + at.DCR);
  ' "$where"
done
echo "one-file metric check: passed"
