// Benchmark harness (Node): `gold diff` on a gold and a copy with changes
// planted (bench/perturb.js plantGoldChanges: dialogue d gets kind d mod 7 —
// a value one turn late, a change that persists, one that does not, a
// removal, an added slot, a value with "|", a value one turn early). Prints
// one JSON object: what was planted, what the diff found (records, scopes,
// categories), whether OLD with the diff applied is NEW exactly (gold states
// and corpus scores), and the time of each phase in this process (the
// launcher runs a fresh process per round and takes medians).
// bench/gold-diff.js bundles this file with vite and runs it as
//   node gold-diff.mjs OLD NEW    (NEW is planted and written first when missing)

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyCorrections } from '../src/shared/annotations/apply';
import { diffGolds } from '../src/shared/annotations/gold-diff';
import { headerLine, recordLine } from '../src/shared/annotations/record';
import { dialogueKey } from '../src/shared/formats/reference';
import { writeFga } from '../src/shared/formats/write-fga';
import { defaultConfig } from '../src/shared/metrics/config';
import { evaluate } from '../src/shared/metrics/evaluate';
import { CorpusBuilder } from '../src/shared/model/builder';
import type { Corpus } from '../src/shared/model/corpus';
import { writeFileAtomic } from '../src/main/services/atomic-write';
import { readGold } from '../src/main/services/read-gold';
import { plantGoldChanges } from './perturb.js';

const [oldPath, newPath] = process.argv.slice(2);

/** The corpus with changes planted in its gold (dialogue d: kind d mod 7); predictions kept. */
function planted(c: Corpus): { corpus: Corpus; kinds: Record<string, number>; byDialogue: Map<string, string> } {
  const b = new CorpusBuilder({ turns: c.turnIndex.length, pairs: c.goldPairs.length });
  const kinds: Record<string, number> = {};
  const byDialogue = new Map<string, string>();
  for (let d = 0; d < c.dialogueIds.length; d++) {
    const states: Map<string, string>[] = [];
    for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++) {
      const m = new Map<string, string>();
      for (let k = c.goldStart[i]; k < c.goldStart[i] + c.goldLen[i]; k++)
        m.set(c.slots.name(c.goldPairs[2 * k]), c.values.name(c.goldPairs[2 * k + 1]));
      states.push(m);
    }
    for (const k of plantGoldChanges(states, [d % 7])) {
      kinds[k] = (kinds[k] ?? 0) + 1;
      byDialogue.set(c.dialogueIds[d], k);
    }
    b.beginDialogue(c.dialogueIds[d]);
    states.forEach((m, p) => {
      const i = c.dialogueStart[d] + p;
      const gold = [...m].flatMap(([s, v]) => [b.slots.intern(s), b.values.intern(v)]);
      const pred: number[] = [];
      for (let k = c.predStart[i]; k < c.predStart[i] + c.predLen[i]; k++)
        pred.push(b.slots.intern(c.slots.name(c.predPairs[2 * k])), b.values.intern(c.values.name(c.predPairs[2 * k + 1])));
      b.addTurn(c.turnIndex[i], gold, pred);
    });
  }
  return { corpus: b.build(), kinds, byDialogue };
}

/** Turns whose gold states differ between two corpora (dialogues by key, turns by position; "none" kept apart from absent). */
function goldDifferences(a: Corpus, b: Corpus): number {
  const inB = new Map(b.dialogueIds.map((id, d) => [dialogueKey(id), d]));
  const state = (c: Corpus, i: number) => {
    const out: string[] = [];
    for (let k = c.goldStart[i]; k < c.goldStart[i] + c.goldLen[i]; k++)
      out.push(`${c.slots.name(c.goldPairs[2 * k])}\u0000${c.values.name(c.goldPairs[2 * k + 1])}`);
    return out.sort().join('\u0001');
  };
  let diff = 0;
  for (let d = 0; d < a.dialogueIds.length; d++) {
    const e = inB.get(dialogueKey(a.dialogueIds[d]));
    const n = a.dialogueStart[d + 1] - a.dialogueStart[d];
    if (e === undefined || b.dialogueStart[e + 1] - b.dialogueStart[e] !== n) {
      diff += n;
      continue;
    }
    for (let p = 0; p < n; p++) if (state(a, a.dialogueStart[d] + p) !== state(b, b.dialogueStart[e] + p)) diff++;
  }
  return diff;
}

/** Wall and CPU (user + system) milliseconds since a mark: CPU time says more than wall time on a loaded machine. */
function since(mark: { wall: number; cpu: NodeJS.CpuUsage }): { wall: number; cpu: number } {
  const c = process.cpuUsage(mark.cpu);
  return { wall: performance.now() - mark.wall, cpu: (c.user + c.system) / 1000 };
}
const mark = () => ({ wall: performance.now(), cpu: process.cpuUsage() });

async function main(): Promise<void> {
  let kinds: Record<string, number> | null = null;
  let plantedIn: Map<string, string> | null = null;
  if (!existsSync(newPath)) {
    const old = await readGold(oldPath);
    const p = planted(old.corpus);
    kinds = p.kinds;
    plantedIn = p.byDialogue;
    writeFileAtomic(newPath, writeFga(p.corpus));
  }
  const tmp = mkdtempSync(join(tmpdir(), 'bench-gold-diff-'));
  let t = mark();
  const oldC = (await readGold(oldPath)).corpus;
  const readOld = since(t);
  t = mark();
  const newC = (await readGold(newPath)).corpus;
  const readNew = since(t);
  t = mark();
  const r = diffGolds(oldC, newC, { by: 'gold-diff', at: new Date().toISOString() });
  const diffMs = since(t);
  // The same gold on both sides: every dialogue takes the quick path (most of a real diff, where few dialogues change).
  t = mark();
  const same = diffGolds(oldC, oldC, { by: 'gold-diff', at: new Date().toISOString() });
  const identical = since(t);
  if (same.records.length) throw new Error('a gold diffed with itself gave records');
  t = mark();
  const lines = [headerLine(oldPath, new Date().toISOString()) + '\n', ...r.records.map((x) => recordLine(x) + '\n')];
  writeFileAtomic(join(tmp, 'diff.jsonl'), lines);
  const write = since(t);
  const bytes = lines.reduce((n, l) => n + Buffer.byteLength(l), 0);
  // Exactness: OLD with the diff applied (as score --corrections applies it) is NEW.
  t = mark();
  const applied = applyCorrections(
    oldC,
    r.records.map((record, k) => ({ record, line: k + 2 })),
  );
  const applyMs = since(t);
  const differing = goldDifferences(applied.corpus, newC);
  const config = defaultConfig({ lambdas: [0.5] });
  t = mark();
  const scoresEqual = JSON.stringify(evaluate(applied.corpus, config).corpus) === JSON.stringify(evaluate(newC, config).corpus);
  const scoreMs = since(t);
  rmSync(tmp, { recursive: true, force: true });
  const s = r.stats;
  // What the category guess says about each planted kind: kind → category → records.
  const guessed: Record<string, Record<string, number>> = {};
  if (plantedIn)
    for (const x of r.records) {
      const k = plantedIn.get(x.dialogue) ?? '(none planted)';
      guessed[k] ??= {};
      guessed[k][x.category] = (guessed[k][x.category] ?? 0) + 1;
    }
  process.stdout.write(
    JSON.stringify({
      dialogues: oldC.dialogueIds.length,
      turns: oldC.turnIndex.length,
      planted: kinds,
      guessed,
      records: s.records,
      onward: s.onward,
      turnScope: s.records - s.onward,
      places: s.places,
      turnsChanged: s.turnsChanged,
      dialoguesChanged: s.dialoguesChanged,
      categories: Object.fromEntries(Object.entries(s.categories).filter(([, n]) => n > 0)),
      issues: r.issues.length,
      diffBytes: bytes,
      applyIssues: applied.issues.length,
      turnsDifferingAfterApply: differing,
      scoresEqual,
      ms: {
        readOld,
        readNew,
        diff: diffMs,
        identical,
        write,
        apply: applyMs,
        scoreBoth: scoreMs,
      },
    }) + '\n',
  );
}

main().catch((e) => {
  process.stderr.write(`${(e as Error)?.stack ?? String(e)}\n`);
  process.exit(1);
});
