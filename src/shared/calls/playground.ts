// Layer: shared (pure TS). API calls of the playground view: one dialogue of
// a loaded run as the playground's text ("Open in playground": a copy in the
// FGA/GCA per-turn layout; the run's file is never touched).

import { z } from 'zod';
import { dialogueId, runRef } from './common';

export const PLAYGROUND_CALLS = {
  /** One dialogue of a run as the playground's text (its turns in the FGA/GCA layout, utterances as extra keys). */
  playgroundDialogue: z.object({ ...runRef, id: dialogueId }).strict(),
} as const;

export interface PlaygroundDialogue {
  id: string;
  /** `{"<turn>": {"gt": …, "pr": …}, …}`, 2-space indented. */
  text: string;
}

export interface PlaygroundResults {
  playgroundDialogue: PlaygroundDialogue;
}
