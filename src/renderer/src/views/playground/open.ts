// Layer: renderer (plain module over the Api). "Open in playground": fetches one dialogue
// of a run as the playground's text (a copy in the FGA/GCA layout; the run's
// file is never touched) and sends it to side A, where the editor takes it as
// an undoable edit.

import type { Api } from '../../../../shared/api';
import { sendToSide } from './store';

export async function openInPlayground(api: Api, ref: { run: string; rev: number }, id: string, runLabel: string): Promise<void> {
  const d = await api.call('playgroundDialogue', { ...ref, id });
  sendToSide('A', { id: d.id, text: d.text, template: '', origin: `a copy of ${d.id} from run ${runLabel} (the file is not changed)` });
}

/** A file name for a dialogue id: "paper:mul1110/MUL1110.json" → "paper_mul1110_MUL1110.json". */
export function saveName(id: string): string {
  const base =
    id
      .replace(/\.json$/i, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '') || 'dialogue';
  return `${base}.json`;
}
