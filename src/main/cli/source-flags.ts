// Layer: main (Node). The input flags `inspect` and `convert` share with
// `score`: --layout, --gold, --dialogues, --schema, --values, --max-size.

import { layoutNames } from '../../shared/formats/detect';
import { parseValueOptions } from '../../shared/formats/normalise';
import type { PredictionSources } from '../services/read-sources';
import { parsePositiveInt, UsageError } from './usage';

export const SOURCE_FLAGS = {
  layout: { type: 'string' },
  gold: { type: 'string' },
  dialogues: { type: 'string' },
  schema: { type: 'string' },
  values: { type: 'string' },
  'max-size': { type: 'string' },
} as const;

export const SOURCE_HELP = `  --layout NAME         input layout, skipping detection (${layoutNames().join(', ')})
  --gold PATH           gold source: MultiWOZ 2.1 data.json, TRADE test_dials.json,
                        MultiWOZ 2.2 / SGD dialogues or a folder of them
  --dialogues PATH      utterance source (same layouts as --gold)
  --schema FILE         SGD schema.json (slot count K, slots outside the schema)
  --values LIST         value normalisation, comma-separated (default exact):
                        lower, trade-fixes, empty, dontcare, alternatives, or all
  --max-size BYTES      refuse larger files (default 2 GiB)
`;

export function sourcesFrom(values: Record<string, unknown>): PredictionSources {
  const opts = values.values ? parseValueOptions(values.values as string) : [];
  if (typeof opts === 'string') throw new UsageError(`--values: ${opts}`);
  return {
    layout: values.layout as string | undefined,
    gold: values.gold as string | undefined,
    dialogues: values.dialogues as string | undefined,
    schema: values.schema as string | undefined,
    values: opts,
    maxBytes: values['max-size'] ? parsePositiveInt('--max-size', values['max-size'] as string) : undefined,
  };
}
