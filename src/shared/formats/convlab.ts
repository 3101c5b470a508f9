// Layer: shared (pure TS). Loader for ConvLab-3 DST predictions
// (`predictions.json` from convlab/base_models/t5/dst/merge_predictions.py,
// github.com/ConvLab/ConvLab-3): a list of user-turn samples made by
// load_dst_data, each with the gold `state` and the model's
// `predictions.state`, both {domain: {slot: value}} listing every slot:
//   [ { "utt_idx": 0, "speaker": "user", "utterance": "…", "context": [ … ],
//       "state": {"hotel": {"price range": "", "book day": "sunday"}},
//       "predictions": {"state": {…}} }, … ]
// Quirks: samples carry no dialogue id in older versions — a new dialogue
// starts where `utt_idx` goes back to 0 (ids are then "dialogue-<n>"); the
// dialogue id is `original_id`, else `dialogue_id`, when present. The turn
// index is utt_idx / 2 (user turns are the even utterances). "" means
// inactive; gold alternatives are joined with "|" and kept verbatim.

import { JsonScanner } from './json-scanner';
import { collectTurns } from './collect';
import { readState } from './nested-state';
import { ElementContext, forEachElement, isObject, parseValueHere, pathPush } from './json-walk';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';

const EMPTY = new Set(['']);

export const convlabLoader: FormatLoader = {
  id: 'convlab',
  label: 'ConvLab-3 DST predictions JSON',
  sniff(head) {
    if (!/^\uFEFF?\s*\[\s*\{/.test(head) || !/"utt_idx"\s*:/.test(head)) return 'no';
    if (/"predictions"\s*:/.test(head)) return 'yes';
    return { near: 'samples have "utt_idx" but no "predictions" (this may be the unified dataset, not model output)' };
  },
  load: loadConvlab,
};

function lastSystemText(context: unknown): string | undefined {
  if (!Array.isArray(context)) return undefined;
  for (let i = context.length - 1; i >= 0; i--) {
    const c = context[i];
    if (isObject(c) && c.speaker === 'system' && typeof c.utterance === 'string') return c.utterance;
  }
  return undefined;
}

export function loadConvlab(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  const { corpus, warnings } = collectTurns(bytes, opts.file, (col) => {
    const sc = new JsonScanner(bytes, opts.file);
    const ctx = new ElementContext(bytes, opts.file, 0);
    let dialogue = '';
    let count = 0;
    let lastUtt = -1;
    forEachElement(sc, '$', 'a list of ConvLab-3 DST samples', (i, at) => {
      ctx.at = at;
      const path = pathPush('$', i);
      const s = ctx.object(parseValueHere(sc), path, 'a sample object with "utt_idx", "state" and "predictions"');
      const utt = ctx.turnIndex(ctx.field(s, 'utt_idx', path, 'the utterance index'), pathPush(path, 'utt_idx'));
      const named = typeof s.original_id === 'string' ? s.original_id : typeof s.dialogue_id === 'string' ? s.dialogue_id : null;
      if (named !== null) dialogue = named;
      else if (utt === 0 || utt <= lastUtt || i === 0) dialogue = `dialogue-${++count}`;
      lastUtt = utt;
      const gold = readState(col, ctx, ctx.field(s, 'state', path, 'the gold state'), pathPush(path, 'state'), { drop: EMPTY, lists: 'join' });
      const preds = ctx.object(ctx.field(s, 'predictions', path, 'the model output'), pathPush(path, 'predictions'), 'an object {"state": …}');
      const pPath = pathPush(path, 'predictions');
      const pred = readState(col, ctx, ctx.field(preds, 'state', pPath, 'the predicted state'), pathPush(pPath, 'state'), { drop: EMPTY, lists: 'first' });
      const user = typeof s.utterance === 'string' && s.speaker !== 'system' ? s.utterance : undefined;
      col.turn(dialogue, Math.floor(utt / 2), gold, pred, at, { system: lastSystemText(s.context), user });
      if ((i & 0xfff) === 0) opts.onProgress?.(sc.pos / bytes.length);
    });
    sc.end();
  });
  return { corpus, format: convlabLoader.id, warnings };
}
