// Layer: main (Node). `dst-inspector figure`: one dialogue of a prediction
// file as a figure for a paper — the dialogue figure (the GCA paper's figures
// 6 and 7) or the per-turn metric chart — written as SVG, PDF or PNG, with
// no browser: the same layout (src/shared/viz) and the same exporters
// (services/export) as the app's Export menu. The format is --format or the
// --out extension, and the two must agree.

import { dialogueKey } from '../../shared/formats/reference';
import { dialogueDetail } from '../../shared/metrics/evaluate';
import { renderSignature } from '../../shared/metrics/signature';
import { makeSignature } from '../../shared/metrics/signature';
import { buildFigure, FIGURE_KINDS, positionsOfTurns } from '../../shared/viz/figures';
import { exportScene } from '../../shared/viz/signature-footer';
import { renderScene } from '../services/export/render';
import { formatOf } from './figure-format';
import { loadRuns, correctionsExit } from './runs';
import { CONFIG_FLAGS, CONFIG_HELP, configFromFlags, parseRunNames, SOURCE_FLAGS, SOURCE_HELP } from './source-flags';
import { oneOf, parseCommand, UsageError, writeOut } from './usage';
import { plural } from '../../shared/plural';

export const FIGURE_HELP = `Usage: dst-inspector figure <predictions> [more…] --dialogue ID --out FILE [options]

Draws one dialogue as a figure for a paper, headless (no browser).

Options:
  --dialogue ID         the dialogue (case-insensitive, with or without .json)
  --kind KIND           dialogue (default: turns, utterances, slot chips, per-turn
                        metrics, totals) | turn-chart (per-turn metric chart)
  --turns A-B           only turns A to B (turn indices as in the file), e.g. 0-6
  --show full|changes   every slot of each turn (default) or only its changes (GCA's view)
  --format FMT          svg | pdf | png (default: from the --out extension, which must
                        be .svg, .pdf or .png and agree with --format when both are given)
  --scale N             PNG pixels per unit: 1, 2 (default) or 3 (the DPI is written in the file)
  --theme light|dark    colours (default light)
  --width N             figure width in points/CSS pixels (default 980 dialogue, 640 chart)
  --utterance-lines N   lines of each utterance at most, cut with "…" (default 3; 0: whole)
  --no-signature        no signature line at the foot of the figure (for a paper whose caption
                        gives the settings); the signature stays in the file's metadata
                        (SVG <desc>, PDF Subject)
  --name A,B,…          run names, one per prediction file
  --run NAME            which run to draw when several files are given (default: the first)
${CONFIG_HELP}${SOURCE_HELP}  --out FILE            where to write the figure (atomically), ending in .svg, .pdf or .png
  -h, --help            this help

Exit codes: 0 ok, 2 bad input or usage (one message on stderr).
`;

function parseTurns(text: string): [number, number] {
  const m = /^\s*(\d+)\s*(?:[-–:]\s*(\d+))?\s*$/.exec(text);
  if (!m) throw new UsageError(`--turns: ${JSON.stringify(text)} is not a turn range such as 0-6 or 3`);
  const a = Number(m[1]);
  const b = m[2] === undefined ? a : Number(m[2]);
  if (a > b) throw new UsageError(`--turns: ${text}: the first turn is after the last`);
  return [a, b];
}

export async function figureCommand(argv: string[]): Promise<number | void> {
  const { values, positionals } = parseCommand('figure', argv, {
    ...CONFIG_FLAGS,
    ...SOURCE_FLAGS,
    dialogue: { type: 'string' },
    kind: { type: 'string', default: 'dialogue' },
    turns: { type: 'string' },
    show: { type: 'string', default: 'full' },
    format: { type: 'string' },
    scale: { type: 'string', default: '2' },
    theme: { type: 'string', default: 'light' },
    width: { type: 'string' },
    'utterance-lines': { type: 'string', default: '3' },
    'no-signature': { type: 'boolean', default: false },
    name: { type: 'string' },
    run: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    process.stdout.write(FIGURE_HELP);
    return;
  }
  if (positionals.length === 0) throw new UsageError('figure: no prediction file given\n\n' + FIGURE_HELP);
  if (!values.dialogue) throw new UsageError('figure: --dialogue ID is required (the dialogue to draw)');
  if (!values.out) throw new UsageError('figure: --out FILE is required (where to write the figure)');
  const kind = oneOf('--kind', values.kind as string, FIGURE_KINDS);
  const format = formatOf(values.format as string | undefined, values.out);
  const scale = Number(oneOf('--scale', values.scale as string, ['1', '2', '3'] as const));
  const theme = oneOf('--theme', values.theme as string, ['light', 'dark'] as const);
  const slots = oneOf('--show', values.show as string, ['full', 'changes'] as const);
  const turns = values.turns !== undefined ? parseTurns(values.turns as string) : undefined;
  let width: number | undefined;
  if (values.width !== undefined) {
    width = Number(values.width);
    if (!/^\d+$/.test(values.width as string) || width < 300 || width > 4000)
      throw new UsageError(`--width: ${JSON.stringify(values.width)} is not a width between 300 and 4000`);
  }
  const lines = values['utterance-lines'] as string;
  if (!/^\d+$/.test(lines) || Number(lines) > 100)
    throw new UsageError(`--utterance-lines: ${JSON.stringify(lines)} is not a whole number between 0 (whole utterances) and 100`);
  const utteranceLines = Number(lines);
  const names = parseRunNames(values.name as string | undefined, positionals.length) ?? positionals.map((p) => p.split(/[\\/]/).pop() ?? p);
  let pick = 0;
  if (values.run !== undefined) {
    pick = names.indexOf(values.run as string);
    if (pick < 0) throw new UsageError(`--run: no run named ${JSON.stringify(values.run)}; runs: ${names.join(', ')}`);
  }
  await configFromFlags(values); // bad settings fail before any file is read

  const runs = await loadRuns([positionals[pick]], values);
  const [{ file, run }] = runs;
  const config = await configFromFlags(values, run.loaded.slotCount);
  const corpus = run.loaded.corpus;
  const want = dialogueKey(values.dialogue as string);
  const d = corpus.dialogueIds.findIndex((id) => dialogueKey(id) === want);
  if (d < 0) {
    const some = corpus.dialogueIds.slice(0, 5).join(', ');
    throw new UsageError(
      `${file}: no dialogue ${JSON.stringify(values.dialogue)} (${plural(corpus.dialogueIds.length, 'dialogue')}, e.g. ${some})`,
    );
  }
  const detail = dialogueDetail(corpus, d, config);
  const perTurn = detail.perTurn ?? [];
  let utterances: { system?: string; user?: string }[] | undefined;
  if (corpus.utterances) {
    utterances = [];
    for (let i = corpus.dialogueStart[d]; i < corpus.dialogueStart[d + 1]; i++)
      utterances.push({ system: corpus.utterances.system[i], user: corpus.utterances.user[i] });
  }
  let range: [number, number] | undefined;
  if (turns) {
    try {
      range = positionsOfTurns(
        perTurn.map((t) => t.turn),
        turns[0],
        turns[1],
      );
    } catch (e) {
      throw new UsageError(`--turns: ${detail.id}: ${(e as Error).message}`);
    }
  }
  const signature = renderSignature(
    makeSignature(config, { values: run.loaded.valueOptions, corrections: run.corrections?.result.summary }),
  );
  const cut = new Set<number>();
  const scene = buildFigure(kind, { id: detail.id, values: detail.values, perTurn, utterances }, config, {
    theme,
    turns: range,
    slots,
    width,
    signature,
    utteranceLines,
    onCut: (t) => cut.add(t),
  });
  if (cut.size)
    process.stderr
      .write(`dst-inspector: note: utterances cut to ${plural(utteranceLines, 'line')} in ${plural(cut.size, 'turn')} (${[...cut].join(', ')}), ending in "…"; --utterance-lines 0 shows them whole
`);
  const fig = await renderScene(exportScene(scene, { signature: !values['no-signature'] }), format, scale);
  writeOut(values.out, [fig.bytes]);
  return correctionsExit(runs);
}
