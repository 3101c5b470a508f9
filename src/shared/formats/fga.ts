// Layer: shared (pure TS). Loader for the FGA/GCA per-turn layout, the one the
// FGA and GCA papers' official scripts read (see design/formats.md):
//   { "<dialogue id>": { "<turn index>": { "gt": {domain: {slot: value}},
//                                          "pr": {domain: {slot: value}} } } }
// Values are kept verbatim: an explicit "none" stays "none" (GCA needs it).
// It streams over the bytes with the scanner and interns slots and values as
// it goes, so no object tree of the file is ever built.

import { CorpusBuilder } from '../model/builder';
import { ByteInterner } from './byte-interner';
import { pathPush } from './errors';
import { JsonScanner } from './json-scanner';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';
import { Interner } from '../model/interner';

const TURN_KEY = /^[0-9]+$/;

export const fgaLoader: FormatLoader = {
  id: 'fga',
  label: 'FGA/GCA per-turn JSON',
  sniff(head) {
    // {"<dialogue>": {"<int>": {"gt"|"pr": ...
    const m = /^\uFEFF?\s*\{\s*"(?:[^"\\]|\\.)*"\s*:\s*\{\s*"([^"]*)"\s*:\s*\{\s*"([^"]*)"/.exec(head);
    if (!m) return 'no';
    if (TURN_KEY.test(m[1]) && (m[2] === 'gt' || m[2] === 'pr')) return 'yes';
    if (TURN_KEY.test(m[1])) return { near: 'dialogue → turn objects, but the turn lacks "gt"/"pr" keys' };
    return 'no';
  },
  load: loadFga,
};

export function loadFga(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  const sc = new JsonScanner(bytes, opts.file);
  const b = new CorpusBuilder();
  const values = new ByteInterner(b.values);
  const keys = new ByteInterner(new Interner());
  const slotIds: number[][] = [];
  const warnings: string[] = [];
  const slotOf = (domainKey: number, slotKey: number): number => {
    const row = (slotIds[domainKey] ??= []);
    let id = row[slotKey];
    if (id === undefined) {
      id = b.slots.intern(`${keys.target.name(domainKey)}-${keys.target.name(slotKey)}`);
      row[slotKey] = id;
    }
    return id;
  };

  const readState = (path: string, out: number[]): void => {
    sc.openObject(path, 'an object of domains');
    for (let first = true; sc.nextKey(first); first = false) {
      const domain = sc.internKey(keys);
      const dPath = pathPush(path, keys.target.name(domain));
      sc.openObject(dPath, 'an object of slot → value');
      for (let f2 = true; sc.nextKey(f2); f2 = false) {
        const slotKey = sc.internKey(keys);
        if (!sc.isString()) sc.wrongType(pathPush(dPath, keys.target.name(slotKey)), 'a string value');
        out.push(slotOf(domain, slotKey), sc.readStringId(values));
      }
    }
  };

  const root = '$';
  sc.openObject(root, 'an object of dialogues (FGA/GCA per-turn layout)');
  let nextProgress = 0;
  for (let first = true; sc.nextKey(first); first = false) {
    const keyAt = sc.keyStart - 1;
    const id = sc.key();
    const dPath = pathPush(root, id);
    const dup = b.beginDialogue(id);
    if (dup) throw sc.shapeError(dup, dPath, keyAt);
    sc.openObject(dPath, 'an object of turns');
    let turns = 0;
    for (let f2 = true; sc.nextKey(f2); f2 = false) {
      const tAt = sc.keyStart - 1;
      const tKey = sc.key();
      const tPath = pathPush(dPath, tKey);
      if (!TURN_KEY.test(tKey)) throw sc.shapeError(`turn key ${JSON.stringify(tKey)} is not a non-negative integer`, tPath, tAt);
      const index = Number(tKey);
      if (!Number.isSafeInteger(index)) throw sc.shapeError(`turn key ${tKey} is too large`, tPath, tAt);
      sc.openObject(tPath, 'a turn object with "gt" and "pr"');
      const gold: number[] = [];
      const pred: number[] = [];
      let hasGold = false;
      let hasPred = false;
      for (let f3 = true; sc.nextKey(f3); f3 = false) {
        if (sc.keyIs('gt')) {
          if (hasGold) throw sc.shapeError('"gt" appears twice', tPath);
          hasGold = true;
          readState(pathPush(tPath, 'gt'), gold);
        } else if (sc.keyIs('pr')) {
          if (hasPred) throw sc.shapeError('"pr" appears twice', tPath);
          hasPred = true;
          readState(pathPush(tPath, 'pr'), pred);
        } else sc.skipValue();
      }
      if (!hasGold || !hasPred) {
        throw sc.shapeError(`turn has no "${hasGold ? 'pr' : 'gt'}" (${hasGold ? 'predicted' : 'gold'} state)`, tPath, tAt);
      }
      const problem = b.addTurn(index, gold, pred);
      if (problem) throw sc.shapeError(problem, tPath, tAt);
      turns++;
    }
    const problem = b.endDialogue();
    if (problem) throw sc.shapeError(problem, dPath, keyAt);
    if (turns === 0) warnings.push(`dialogue ${JSON.stringify(id)} has no turns`);
    if (opts.onProgress && sc.pos >= nextProgress) {
      opts.onProgress(sc.pos / bytes.length);
      nextProgress = sc.pos + (1 << 22);
    }
  }
  sc.end();
  const corpus = b.build();
  if (corpus.dialogueIds.length === 0) throw sc.shapeError('the file holds no dialogues', root, 0);
  opts.onProgress?.(1);
  return { corpus, format: fgaLoader.id, warnings };
}
