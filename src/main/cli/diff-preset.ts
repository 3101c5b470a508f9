// Layer: main (Node). `dst-inspector score FILE --diff-preset A,B`: the turns
// whose joint correctness flips between two settings, grouped by reason with
// counts and examples (src/shared/presets/diff.ts). A side is a preset name,
// optionally with changed parts: `mwzeval:match=exact`, `mwzeval:backend=difflib`.

import { diffPresets, type PresetDiff } from '../../shared/presets/diff';
import { presetFromFlags, presetSignature, type PresetSelection } from './preset-flags';
import { correctionsExit, loadRuns } from './runs';
import { UsageError, writeOutAsync } from './usage';

type FlagValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** One side of --diff-preset: NAME[:match=M][:backend=B][:cleaning=C]; --value-map applies to an mwzeval side. */
export function parseDiffSide(text: string, values: FlagValues): PresetSelection {
  const [name, ...parts] = text.split(':');
  const flags: FlagValues = { preset: name.trim(), signature: values.signature };
  for (const p of parts) {
    const m = /^(match|backend|cleaning)=(.+)$/.exec(p.trim());
    if (!m)
      throw new UsageError(`--diff-preset: ${JSON.stringify(p)} is not a part; write NAME:match=M, NAME:backend=B or simpletod:cleaning=C`);
    flags[m[1] === 'match' ? 'match' : m[1] === 'backend' ? 'fuzzy-backend' : 'cleaning'] = m[2];
  }
  if (name.trim() === 'mwzeval' && typeof values['value-map'] === 'string') flags['value-map'] = values['value-map'];
  if (name.trim() === 'sgd')
    throw new UsageError('--diff-preset: sgd scores frames with its own evaluator; compare mwzeval and exact settings');
  const sel = presetFromFlags(flags);
  if (!sel) throw new UsageError(`--diff-preset: ${JSON.stringify(text)} names no preset`);
  return sel;
}

export async function diffPresetCommand(values: FlagValues, files: string[], write: (s: string) => void): Promise<number> {
  const spec = String(values['diff-preset']);
  const sides = spec.split(',');
  if (sides.length !== 2) throw new UsageError('--diff-preset takes two settings, A,B (e.g. exact,mwzeval or mwzeval,mwzeval:match=exact)');
  const [a, b] = sides.map((s) => parseDiffSide(s, values));
  if (files.length !== 1) throw new UsageError('--diff-preset compares two settings on one prediction file');
  // The two sides carry their own preset options; the file is loaded once without any.
  const plain = Object.fromEntries(
    Object.entries(values).filter(
      ([k]) => !['preset', 'value-map', 'match', 'fuzzy-backend', 'joint', 'train-schema', 'cleaning'].includes(k),
    ),
  );
  const runs = await loadRuns(files, plain);
  const run = runs[0].run;
  const d = diffPresets(run.loaded.corpus, a.parts, b.parts, { a: a.map, b: b.map });
  const sa = presetSignature(a);
  const sb = presetSignature(b);
  const format = String(values.format ?? 'table');
  const text = format === 'json' ? JSON.stringify({ file: files[0], a: sa, b: sb, ...d }, null, 1) + '\n' : renderDiff(files[0], sa, sb, d);
  if (typeof values.out === 'string') await writeOutAsync(values.out, [text]);
  else write(text);
  return correctionsExit(runs);
}

function renderDiff(file: string, a: string, b: string, d: PresetDiff): string {
  const lines = [
    `${file}: A = ${a}, B = ${b}`,
    `turns scored: A ${d.scored.a}, B ${d.scored.b}, both ${d.scored.both}`,
    `flips: ${d.flips.toCorrect} wrong under A → correct under B, ${d.flips.toWrong} correct under A → wrong under B`,
    '',
  ];
  for (const r of d.reasons) {
    lines.push(`${r.reason}: ${r.turns.toLocaleString('en-US')} turn${r.turns === 1 ? '' : 's'}`);
    for (const e of r.examples)
      lines.push(
        `    ${e.dialogue} turn ${e.turn}  ${e.slot}: pred ${JSON.stringify(e.pred)} gold ${JSON.stringify(e.gold)}  (${e.a} → ${e.b})`,
      );
  }
  return lines.join('\n') + '\n';
}
