// Layer: renderer (pure module). The playground's templates: the metric
// papers' worked examples, bundled from resources/demo/paper (the same files
// as the demo and test/fixtures/paper) into the renderer with Vite's ?raw
// import, so they need no server and no network.

import hypotheticalP1 from '../../../../../resources/demo/paper/hypothetical-p1.json?raw';
import hypotheticalP2 from '../../../../../resources/demo/paper/hypothetical-p2.json?raw';
import figure1P1 from '../../../../../resources/demo/paper/figure1-p1.json?raw';
import figure1P2 from '../../../../../resources/demo/paper/figure1-p2.json?raw';
import mul1110 from '../../../../../resources/demo/paper/mul1110.json?raw';
import sng0779 from '../../../../../resources/demo/paper/sng0779.json?raw';
import fgaRunningExample from '../../../../../resources/demo/paper/fga-running-example.json?raw';
import { playgroundDialogueOf } from '../../../../shared/playground/from-corpus';

export interface Template {
  /** The fixture's name: the option value of [data-testid="playground-template"]. */
  name: string;
  label: string;
  /** Where it comes from and what it shows. */
  about: string;
  /** The other prediction of the same dialogue, for A/B. */
  partner?: string;
  file: string;
}

export const TEMPLATES: readonly Template[] = [
  {
    name: 'hypothetical-p1',
    label: 'Hypothetical zero-shot dialogue, P1',
    about: 'GCA paper §5.4, figure 8: the first slot (internet) right in every turn, the last one (parking) wrong',
    partner: 'hypothetical-p2',
    file: hypotheticalP1,
  },
  {
    name: 'hypothetical-p2',
    label: 'Hypothetical zero-shot dialogue, P2',
    // The paper's text says P2 "misses" the first slot; its state predicts a wrong value (internet: no), so the chips say wrong.
    about: 'GCA paper §5.4, figure 8: the first slot (internet) wrong in every turn, "no" for "yes"; the last one (parking) right',
    partner: 'hypothetical-p1',
    file: hypotheticalP2,
  },
  {
    name: 'figure1-p1',
    label: 'Hotel example, P1',
    about: 'GCA paper, figure 1: five of seven slots right',
    partner: 'figure1-p2',
    file: figure1P1,
  },
  {
    name: 'figure1-p2',
    label: 'Hotel example, P2',
    about: 'GCA paper, figure 1: one of seven slots right, yet JGA, FGA, RSA and AGA prefer it',
    partner: 'figure1-p1',
    file: figure1P2,
  },
  { name: 'mul1110', label: 'MUL1110 (SOM-DST)', about: 'GCA paper, figure 6: FGA overestimates', file: mul1110 },
  { name: 'sng0779', label: 'SNG0779', about: 'GCA paper, figure 7: FGA underestimates', file: sng0779 },
  {
    name: 'fga-running-example',
    label: 'FGA running example (MUL0003)',
    about: "the FGA paper's running example: type-1 and type-2 errors",
    file: fgaRunningExample,
  },
];

export function templateByName(name: string): Template | undefined {
  return TEMPLATES.find((t) => t.name === name);
}

/** A template as the playground holds it: the dialogue's id and its turns as text. */
export function templateDialogue(name: string): { id: string; text: string } {
  const t = templateByName(name);
  if (!t) throw new Error(`no template ${JSON.stringify(name)}`);
  return playgroundDialogueOf(t.file);
}
