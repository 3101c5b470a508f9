// Test helper: one annotation record body on MUL1110 (a confirmed missing hotel-area by default) and
// the parse of an annotation file on disk, for the annotation store's tests.
import { readFileSync } from 'node:fs';
import { parseAnnotations } from '../../src/shared/annotations/file';
import type { RecordBody } from '../../src/shared/annotations/record';

export const recordBody = (turn: number, o: Partial<RecordBody> = {}): RecordBody => ({
  dialogue: 'MUL1110.json',
  turn,
  slot: 'hotel-area',
  from: null,
  to: `v${turn}`,
  scope: 'turn',
  category: 'missing-slot',
  status: 'confirmed',
  ...o,
});

export const readAnnotationFile = (f: string) => parseAnnotations(readFileSync(f, 'utf8'), f);
