// Test helper: annotation records by several annotators, and files of them, for the annotators/agreement tests.
import type { AnnotatorFile } from '../../src/shared/annotations/annotators';
import type { AnnotationRecord } from '../../src/shared/annotations/record';

let n = 0;
export function rec(by: string, turn: number, slot: string, status: string, to?: string | null, extra: object = {}): AnnotationRecord {
  n++;
  return {
    id: `r${n}`,
    rev: 1,
    dialogue: 'D1.json',
    turn,
    slot,
    from: 'x',
    ...(to !== undefined ? { to } : {}),
    scope: 'turn',
    category: 'wrong-value',
    status,
    by,
    at: `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}Z`,
    ...extra,
  } as AnnotationRecord;
}
export function fileOf(name: string, records: AnnotationRecord[]): AnnotatorFile {
  return {
    file: name,
    header: { format: 'dst-inspector-annotations', version: 1, gold: 'g.json', created: '2026-01-01T00:00:00Z' },
    records: records.map((record, i) => ({ record, line: i + 2 })),
  };
}
