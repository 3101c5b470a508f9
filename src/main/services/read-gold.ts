// Layer: main (Node). Reads a gold for `gold diff`, from any file or folder
// the load pipeline reads gold from: a dataset file or folder (MultiWOZ 2.1
// data.json, TRADE test_dials.json, MultiWOZ 2.2 / SGD dialogues — what
// `--gold` takes), or a prediction layout that carries its gold (FGA/GCA `gt`,
// JSON Lines, TRADE, SOM-DST, TripPy, ConvLab-3, IC-DST). A dataset gold is
// the turns `--gold` gives a run; a prediction file's gold is the one `score`
// scores it against. Layouts without gold (mwzeval, SGD predictions) are
// refused, saying so.

import { statSync } from 'node:fs';
import { finishCorpus, headText, loadRawCorpus } from '../../shared/formats/detect';
import { loadReference, sniffReference } from '../../shared/formats/dialogue-sources';
import { LoadError } from '../../shared/formats/errors';
import { dialogueKey } from '../../shared/formats/reference';
import { referenceGoldCorpus } from '../../shared/formats/reference-corpus';
import type { Corpus } from '../../shared/model/corpus';
import { fileSource } from '../../shared/source';
import { loadSource } from './load-pipeline';
import { readInput } from './read-input';
import { readReference } from './read-sources';

export interface GoldRead {
  path: string;
  /** "dataset": a gold source (the way --gold reads it); "predictions": the gold of a prediction file or folder. */
  kind: 'dataset' | 'predictions';
  /** The layout read (e.g. "multiwoz21", "fga"). */
  layout: string;
  corpus: Corpus;
  warnings: string[];
}

export interface ReadGoldOptions {
  /** A prediction layout, skipping detection (dataset layouts are always detected). */
  layout?: string;
  maxBytes?: number;
}

const NO_GOLD_ADVICE =
  'give a file that holds a gold: MultiWOZ 2.1 data.json, TRADE test_dials.json, MultiWOZ 2.2 / SGD dialogues (or a folder of them), or a prediction file with its gold (FGA/GCA, JSON Lines, TRADE, SOM-DST, TripPy, ConvLab-3, IC-DST)';

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function dataset(path: string, ref: ReturnType<typeof readReference>): GoldRead {
  return { path, kind: 'dataset', layout: ref.format, corpus: referenceGoldCorpus(ref), warnings: [...ref.warnings] };
}

/** Reads the gold of a file or folder (see the header). */
export async function readGold(path: string, opts: ReadGoldOptions = {}): Promise<GoldRead> {
  if (isDirectory(path)) {
    if (!opts.layout) {
      try {
        return dataset(path, readReference(path, opts.maxBytes));
      } catch (e) {
        // A folder of prediction files: read below; a dataset folder with a broken file: its error.
        if (!(e instanceof LoadError && e.reason === 'no-dialogue-files')) throw e;
      }
    }
    const run = await loadSource(fileSource([path], { layout: opts.layout }), {
      maxBytes: opts.maxBytes,
      analyse: false,
      allowMissingGold: true,
    });
    if (run.loaded.needsGold) throw new LoadError(path, `${run.loaded.needsGold}, so there is no gold to diff; ${NO_GOLD_ADVICE}`);
    return { path, kind: 'predictions', layout: run.loaded.format, corpus: run.loaded.corpus, warnings: run.loaded.warnings };
  }
  const bytes = readInput(path, opts.maxBytes);
  if (!opts.layout && sniffReference(headText(bytes))) return dataset(path, loadReference(bytes, { file: path }));
  const raw = loadRawCorpus(bytes, { file: path, layout: opts.layout });
  if (raw.needsGold) throw new LoadError(path, `${raw.needsGold}, so there is no gold to diff; ${NO_GOLD_ADVICE}`);
  const loaded = finishCorpus(raw, { file: path });
  return { path, kind: 'predictions', layout: loaded.format, corpus: loaded.corpus, warnings: loaded.warnings };
}

/**
 * The dialogue keys (dialogueKey) of a file or folder, for `gold diff
 * --within`: a prediction file or folder in any layout (gold or not), a
 * dataset file or folder, or a list of ids, one per line (MultiWOZ's
 * testListFile.txt; blank lines skipped).
 */
export async function readDialogueKeys(path: string, opts: ReadGoldOptions = {}): Promise<Set<string>> {
  if (isDirectory(path)) {
    try {
      return new Set(readReference(path, opts.maxBytes).dialogues.keys());
    } catch (e) {
      if (!(e instanceof LoadError && e.reason === 'no-dialogue-files')) throw e;
    }
    const run = await loadSource(fileSource([path], { layout: opts.layout }), {
      maxBytes: opts.maxBytes,
      analyse: false,
      allowMissingGold: true,
    });
    return new Set(run.loaded.corpus.dialogueIds.map(dialogueKey));
  }
  const bytes = readInput(path, opts.maxBytes);
  const head = headText(bytes);
  if (!/^\uFEFF?\s*[[{]/.test(head)) {
    const ids = new TextDecoder()
      .decode(bytes)
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l !== '');
    if (ids.length === 0) throw new LoadError(path, 'lists no dialogue ids (expected one id per line, or a prediction or dialogue file)');
    return new Set(ids.map(dialogueKey));
  }
  if (!opts.layout && sniffReference(head)) return new Set(loadReference(bytes, { file: path }).dialogues.keys());
  return new Set(loadRawCorpus(bytes, { file: path, layout: opts.layout }).corpus.dialogueIds.map(dialogueKey));
}
