// Test helper: two annotators' files (alice, bob) on the paper fixture mul1110.json, for the adjudication
// service test and the e2e test: they disagree at turn 2 and turn 3 (attraction-type) and agree at turn 0
// (hotel-name).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const header = JSON.stringify({ format: 'dst-inspector-annotations', version: 1, gold: 'mul1110.json', created: '2026-01-01T00:00:00Z' });
const base = { dialogue: 'MUL1110.json', scope: 'turn', category: 'wrong-value' };

function line(id: string, by: string, turn: number, slot: string, from: string, status: string, to?: string | null): string {
  return JSON.stringify({
    id,
    rev: 1,
    ...base,
    turn,
    slot,
    from,
    ...(to !== undefined ? { to } : {}),
    status,
    by,
    at: `2026-01-0${turn + 1}T00:00:00Z`,
  });
}

/** Writes alice.jsonl and bob.jsonl into `dir`; returns their paths. */
export function writeTeamFiles(dir: string): { alice: string; bob: string } {
  const alice = join(dir, 'alice.jsonl');
  const bob = join(dir, 'bob.jsonl');
  writeFileSync(
    alice,
    [
      header,
      line('a0', 'alice', 0, 'hotel-name', 'el shaddia guesthouse', 'confirmed', 'el shaddai guesthouse'),
      line('a2', 'alice', 2, 'attraction-type', 'museum', 'confirmed', null),
      line('a3', 'alice', 3, 'attraction-type', 'museum', 'confirmed', 'park'),
      '',
    ].join('\n'),
  );
  writeFileSync(
    bob,
    [
      header,
      line('b0', 'bob', 0, 'hotel-name', 'el shaddia guesthouse', 'confirmed', 'el shaddai guesthouse'),
      line('b2', 'bob', 2, 'attraction-type', 'museum', 'rejected'),
      line('b3', 'bob', 3, 'attraction-type', 'museum', 'confirmed', 'college'),
      '',
    ].join('\n'),
  );
  return { alice, bob };
}
