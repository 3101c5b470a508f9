// Hand edits that lose acknowledged saves (issue 15, item 12): an editor that
// saves a stale buffer over the annotation file — by writing a temporary file
// and renaming it over (a new inode), or by truncating and rewriting in place
// (the same inode) — drops records the store had acknowledged. The store
// keeps every record it acknowledged (the latest revision of each id) and, on
// the next save, or as soon as it reads the file again, writes the lost ones
// back (durably, under the lock), says so in its problems (what
// listAnnotations reports) and in the save's notices. Records another writer
// legitimately replaced (a later revision, a compaction) are not "lost".
import { afterAll, describe, expect, it } from 'vitest';
import {
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  openSync,
  ftruncateSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AnnotationStore } from '../../../../src/main/services/annotation-store';
import { recordBody as body, readAnnotationFile as read } from '../../../helpers/annotation-records';

const dir = mkdtempSync(join(tmpdir(), 'store-edits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const latestRevs = (f: string) => new Map([...read(f).latest.values()].map((k) => [k.record.id, [k.record.rev, k.deleted] as const]));

/** An editor saving its buffer the safe way: a temporary file renamed over the original (a new inode). */
function editorRename(f: string, text: string): void {
  writeFileSync(`${f}.editor-swp`, text);
  renameSync(`${f}.editor-swp`, f);
}

/** An editor saving in place: truncate, then write (the same inode). */
function editorInPlace(f: string, text: string): void {
  const fd = openSync(f, 'r+');
  ftruncateSync(fd, 0);
  writeSync(fd, text, 0);
  closeSync(fd);
}

describe('an editor saving an older copy over the annotation file', () => {
  for (const [how, overwrite] of [
    ['temporary file + rename', editorRename],
    ['in-place truncate + write', editorInPlace],
  ] as const) {
    it(`${how}: the next save writes every lost acknowledged record back and says so`, async () => {
      const f = join(dir, `${how.replace(/\W+/g, '-')}.jsonl`);
      const s = new AnnotationStore(f, { gold: 'g' });
      const acked = new Map<string, number>();
      const TOTAL = 120;
      const KEEP = 101; // the editor's buffer holds the first 100 records; 20 acknowledged ones are lost
      let stale = '';
      for (let k = 0; k < TOTAL; k++) {
        const r = await s.save(body(k % 9, { note: `save ${k}` }));
        acked.set(r.id, r.rev);
        if (k === KEEP - 2) stale = readFileSync(f, 'utf8');
      }
      // A revision and a withdrawal acknowledged after the editor's copy was taken: those are lost too.
      const [first, second] = [...acked.keys()];
      acked.set(first, (await s.revise(first, 1, { body: { note: 'revised' } })).rev);
      acked.set(second, (await s.revise(second, 1, { deleted: true })).rev);
      const inode = statSync(f).ino;
      overwrite(f, stale);
      expect(read(f).records).toHaveLength(KEEP - 1);
      if (how.startsWith('in-place')) expect(statSync(f).ino).toBe(inode);

      const next = await s.save(body(3, { note: 'after the edit' }));
      acked.set(next.id, next.rev);
      expect(next.notices).toEqual([
        expect.stringMatching(
          /: 22 records saved earlier in this session were missing from the file — another program replaced or cut it \(an editor saving an older copy\?\); they were written back at its end/,
        ),
      ]);
      // Nothing acknowledged is lost: every id at (at least) the revision acknowledged, the withdrawal still a withdrawal.
      const now = latestRevs(f);
      for (const [id, rev] of acked) expect(now.get(id)?.[0], id).toBe(rev);
      expect(now.get(second)?.[1]).toBe(true);
      expect(read(f).records.find((k) => k.record.id === first)?.record.note).toBe('revised');
      expect(read(f).problems).toEqual([]);
      // listAnnotations reports it (the store's problems), and the store's view matches the file.
      expect(s.state().problems).toEqual([expect.stringMatching(/22 records saved earlier in this session were missing/)]);
      expect(s.state().records.map((k) => k.record.id)).toEqual(read(f).records.map((k) => k.record.id));
    });
  }

  it('is repaired as soon as the store reads the file again, without waiting for a save', async () => {
    const f = join(dir, 'proactive.jsonl');
    const s = new AnnotationStore(f, { gold: 'g' });
    await s.save(body(1));
    const stale = readFileSync(f, 'utf8');
    const ids = [(await s.save(body(2))).id, (await s.save(body(3))).id];
    editorRename(f, stale);
    expect(s.state().records).toHaveLength(1); // what the file holds right now …
    for (let k = 0; k < 100 && read(f).records.length < 3; k++) await new Promise((r) => setTimeout(r, 10));
    expect(
      read(f)
        .records.map((k) => k.record.id)
        .slice(1),
    ).toEqual(ids); // … and, a moment later, the lost ones are back
    expect(s.state().records).toHaveLength(3);
    expect(s.state().problems.join()).toMatch(/2 records saved earlier in this session were missing/);
  });

  it('a file deleted by hand is created again with the records acknowledged in this session', async () => {
    const f = join(dir, 'deleted.jsonl');
    const s = new AnnotationStore(f, { gold: 'g' });
    const a = await s.save(body(1));
    rmSync(f);
    const b = await s.save(body(2));
    expect(read(f).records.map((k) => k.record.id)).toEqual([a.id, b.id]);
  });

  it('records another writer replaced (a later revision) or compacted away (older revisions) are not lost: nothing is written back', async () => {
    const f = join(dir, 'two-writers.jsonl');
    const mine = new AnnotationStore(f, { gold: 'g' });
    const theirs = new AnnotationStore(f, { gold: 'g' });
    const a = await mine.save(body(1));
    await mine.revise(a.id, 1, { body: { note: 'mine' } });
    await theirs.revise(a.id, 2, { body: { note: 'theirs' } });
    await theirs.compact();
    const before = readFileSync(f, 'utf8');
    await mine.save(body(2));
    expect(readFileSync(f, 'utf8').startsWith(before)).toBe(true);
    expect(read(f).records.find((k) => k.record.id === a.id)?.record.note).toBe('theirs');
    expect(mine.state().problems).toEqual([]);
    expect(read(f).lines).toBe(3); // header, a (rev 3), the new record: nothing written back
  });

  it('a file an edit made unreadable is refused, the acknowledged records are kept in memory and written back once it reads again', async () => {
    const f = join(dir, 'broken.jsonl');
    const s = new AnnotationStore(f, { gold: 'g' });
    const a = await s.save(body(1));
    const good = readFileSync(f, 'utf8');
    editorRename(f, 'oops, not an annotation file\n');
    await expect(s.save(body(2))).rejects.toThrow(/not an annotation file/);
    expect(s.state().problems).toEqual([expect.stringMatching(/this session saved 1 record to this file; they are kept in memory/)]);
    expect(readFileSync(f, 'utf8')).toBe('oops, not an annotation file\n');
    editorRename(f, good.split('\n')[0] + '\n'); // the header only: the record is lost
    const b = await s.save(body(3));
    expect(read(f).records.map((k) => k.record.id)).toEqual([a.id, b.id]);
  });
});
