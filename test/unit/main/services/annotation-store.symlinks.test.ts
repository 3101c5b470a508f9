// Symbolic links on the annotation store's write path (issue 15, item 10): a
// link in the annotation file's place that nobody named — dangling or live —
// is neither read nor written through, and nothing is created where it
// points; a link put there after the store read the file is seen and refused;
// appends open the final component with O_NOFOLLOW and creation never goes
// through or replaces anything at the name (link(2)); a link (or a file) in
// the lock folder's place is refused before proper-lockfile could stat or
// touch its target; a link named like the store's temporary files is never
// followed or removed, while a real temporary file a crash left is removed
// under the lock. New files get mode 0600 whatever the umask.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AnnotationStore, StoreError } from '../../../../src/main/services/annotation-store';
import { appendDurably, createExclusive, removeStaleTemps } from '../../../../src/main/services/annotation-fs';
import { recordBody as body, readAnnotationFile as read } from '../../../helpers/annotation-records';

// The temporary files' random names, made predictable on demand (to plant a link at the very name a write will use).
const fixed = vi.hoisted(() => ({ bytes: null as Buffer | null }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  const randomBytes = (n: number) => fixed.bytes?.subarray(0, n) ?? crypto.randomBytes(n);
  return { ...crypto, default: { ...crypto, randomBytes }, randomBytes };
});
// atomic-write.ts (compaction) takes Web Crypto's random bytes: the same bytes there.
const webRandom = globalThis.crypto.getRandomValues.bind(globalThis.crypto);
vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(a: T): T => {
  if (fixed.bytes && a instanceof Uint8Array) {
    a.set(fixed.bytes.subarray(0, a.length));
    return a;
  }
  return webRandom(a as never) as T;
});
afterEach(() => (fixed.bytes = null));

const root = mkdtempSync(join(tmpdir(), 'store-links-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
/** A fresh folder for predictions (`dir`) and one outside it that a planted link points into (`outside`). */
function folders(): { dir: string; outside: string } {
  const dir = join(root, `case-${++n}`);
  const outside = join(root, `outside-${n}`);
  mkdirSync(dir);
  mkdirSync(outside);
  return { dir, outside };
}
const header = '{"format":"dst-inspector-annotations","version":1,"gold":"g","created":"t"}\n';

async function refusal(p: Promise<unknown>): Promise<StoreError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(StoreError);
  return e as StoreError;
}

describe('a link in the annotation file’s place that nobody named', () => {
  it('dangling: refused with its target named; nothing is created where it points, the link stays', async () => {
    const { dir, outside } = folders();
    const f = join(dir, 'preds.json.annotations.jsonl');
    const target = join(outside, 'planted.jsonl');
    symlinkSync(target, f);
    const s = new AnnotationStore(f, { gold: 'g' });
    expect(s.state().refused).toBe(
      `${f}: is a symbolic link (to ${target}) that was not named as the annotation file: annotations are neither read from it nor written through it (remove it, or name the file with serve --annotations FILE)`,
    );
    expect(s.state().exists).toBe(false);
    const e = await refusal(s.save(body(1)));
    expect(e.kind).toBe('refused');
    expect(e.message).toMatch(/is a symbolic link .* nothing was saved$/);
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(outside)).toEqual([]);
    expect(lstatSync(f).isSymbolicLink()).toBe(true);
    expect(readdirSync(dir)).toEqual(['preds.json.annotations.jsonl']); // no lock folder, no temporary file
    await refusal(s.compact());
  });

  it('live (to an annotation file elsewhere): neither read nor appended to', async () => {
    const { dir, outside } = folders();
    const target = join(outside, 'theirs.jsonl');
    const theirs = new AnnotationStore(target, { gold: 'g' });
    await theirs.save(body(1));
    const before = readFileSync(target, 'utf8');
    const f = join(dir, 'preds.json.annotations.jsonl');
    symlinkSync(target, f);
    const s = new AnnotationStore(f, { gold: 'g' });
    expect(s.state().records).toEqual([]);
    expect(s.state().refused).toMatch(/is a symbolic link \(to .*theirs\.jsonl\) that was not named/);
    expect((await refusal(s.save(body(2)))).kind).toBe('refused');
    expect(readFileSync(target, 'utf8')).toBe(before);
  });

  it('a link put in the file’s place after the store read it (a race): seen by lstat, refused, its target untouched', async () => {
    const { dir, outside } = folders();
    const f = join(dir, 'a.jsonl');
    const s = new AnnotationStore(f, { gold: 'g' });
    await s.save(body(1));
    const target = join(outside, 'victim.txt');
    writeFileSync(target, 'precious\n');
    renameSync(f, join(dir, 'moved.jsonl'));
    symlinkSync(target, f);
    expect(s.state().refused).toMatch(/a symbolic link was put in the annotation file's place/);
    await refusal(s.save(body(2)));
    expect(readFileSync(target, 'utf8')).toBe('precious\n');
    // A dangling one too: nothing is created at its target.
    rmSync(f);
    symlinkSync(join(outside, 'new.txt'), f);
    await refusal(s.save(body(3)));
    expect(existsSync(join(outside, 'new.txt'))).toBe(false);
  });
});

describe('the file-system steps never follow a link', () => {
  it('appendDurably opens the final component with O_NOFOLLOW: ELOOP, the target untouched', () => {
    const { dir, outside } = folders();
    const target = join(outside, 't.txt');
    writeFileSync(target, 'x\n');
    symlinkSync(target, join(dir, 'l.jsonl'));
    expect(() => appendDurably(join(dir, 'l.jsonl'), 'y\n', () => undefined)).toThrow(expect.objectContaining({ code: 'ELOOP' }));
    expect(readFileSync(target, 'utf8')).toBe('x\n');
  });

  it('createExclusive neither follows nor replaces a dangling link, a live link or a file at the name', () => {
    const { dir, outside } = folders();
    const dangling = join(dir, 'd.jsonl');
    symlinkSync(join(outside, 'created.txt'), dangling);
    expect(createExclusive(dangling, header, 0o600, () => undefined)).toBe(false);
    expect(existsSync(join(outside, 'created.txt'))).toBe(false);
    expect(lstatSync(dangling).isSymbolicLink()).toBe(true);
    const file = join(dir, 'f.jsonl');
    writeFileSync(file, 'mine\n');
    expect(createExclusive(file, header, 0o600, () => undefined)).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('mine\n');
    const fresh = join(dir, 'new.jsonl');
    expect(createExclusive(fresh, header, 0o600, () => undefined)).toBe(true);
    expect(readFileSync(fresh, 'utf8')).toBe(header);
    // No temporary file is left beside them.
    expect(readdirSync(dir).sort()).toEqual(['d.jsonl', 'f.jsonl', 'new.jsonl']);
  });
});

describe('the lock folder', () => {
  it('a dangling link in its place is refused before anything is created (not the link’s target, not the file)', async () => {
    const { dir, outside } = folders();
    const f = join(dir, 'a.jsonl');
    symlinkSync(join(outside, 'lockdir'), `${f}.lock`);
    const s = new AnnotationStore(f, { gold: 'g' });
    const e = await refusal(s.save(body(1)));
    expect(e.kind).toBe('refused');
    expect(e.message).toBe(
      `${f}: cannot take the annotation lock: ${f}.lock: is a symbolic link, not a lock folder made by DST Inspector (it is never followed); remove it; nothing was saved`,
    );
    expect(existsSync(f)).toBe(false);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('a live link to a folder, or a plain file, in its place: refused, the folder it points to untouched', async () => {
    const { dir, outside } = folders();
    const f = join(dir, 'a.jsonl');
    const s = new AnnotationStore(f, { gold: 'g' });
    await s.save(body(1));
    const before = readFileSync(f, 'utf8');
    const old = new Date('2020-01-01T00:00:00Z');
    const victim = join(outside, 'victim-dir');
    mkdirSync(victim);
    const { utimesSync } = await import('node:fs');
    utimesSync(victim, old, old);
    symlinkSync(victim, `${f}.lock`);
    expect((await refusal(s.save(body(2)))).message).toMatch(/a\.jsonl\.lock: is a symbolic link/);
    expect(statSync(victim).mtimeMs).toBe(old.getTime()); // a stale-looking target is neither touched nor removed
    expect(existsSync(victim)).toBe(true);
    rmSync(`${f}.lock`);
    writeFileSync(`${f}.lock`, '');
    expect((await refusal(s.save(body(3)))).message).toMatch(/a\.jsonl\.lock: is not a folder/);
    expect(readFileSync(f, 'utf8')).toBe(before);
    rmSync(`${f}.lock`);
    await s.save(body(4)); // and with the lock's place free again, saves work
    expect(read(f).records).toHaveLength(2);
  });
});

describe('temporary files beside the annotation file', () => {
  it('one a crash left is removed under the lock at the next start (and said so); a link named like one is left alone', async () => {
    const { dir, outside } = folders();
    const f = join(dir, 'a.jsonl');
    await new AnnotationStore(f, { gold: 'g' }).save(body(1));
    const left = join(dir, '.a.jsonl.0123456789abcdef.tmp');
    writeFileSync(left, header + '{"half":');
    const target = join(outside, 'keep.txt');
    writeFileSync(target, 'keep\n');
    const linkName = join(dir, '.a.jsonl.fedcba9876543210.tmp');
    symlinkSync(target, linkName);
    const other = join(dir, '.b.jsonl.0123456789abcdef.tmp'); // another file's: not ours to remove
    writeFileSync(other, 'x');
    const s = new AnnotationStore(f, { gold: 'g' });
    expect(await s.recover()).toEqual(['.a.jsonl.0123456789abcdef.tmp']);
    expect(existsSync(left)).toBe(false);
    expect(lstatSync(linkName).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('keep\n');
    expect(existsSync(other)).toBe(true);
    expect(existsSync(`${f}.lock`)).toBe(false); // the lock was released
    expect(s.state().problems).toEqual([expect.stringMatching(/removed 1 temporary file left by an interrupted save or compaction/)]);
    // Nothing to clean: no lock is taken, nothing is written.
    expect(await new AnnotationStore(join(dir, 'none.jsonl'), { gold: 'g' }).recover()).toEqual([]);
    expect(existsSync(join(dir, 'none.jsonl.lock'))).toBe(false);
  });

  it('a link planted at the very name the next temporary file takes: the write fails, nothing is written through it', async () => {
    const { dir, outside } = folders();
    const f = join(dir, 'a.jsonl');
    const s = new AnnotationStore(f, { gold: 'g' });
    const a = await s.save(body(1));
    await s.revise(a.id, 1, { body: { note: 'n' } });
    const before = readFileSync(f, 'utf8');
    fixed.bytes = Buffer.from('0011223344556677', 'hex');
    const target = join(outside, 'victim.txt');
    writeFileSync(target, 'precious\n');
    symlinkSync(target, join(dir, '.a.jsonl.0011223344556677.tmp'));
    // Compaction: its temporary file is made with O_EXCL, which fails on the link.
    const e = await refusal(s.compact());
    expect(e.kind).toBe('storage');
    expect(readFileSync(target, 'utf8')).toBe('precious\n');
    expect(readFileSync(f, 'utf8')).toBe(before);
    // Creation of a new file: the same (O_EXCL | O_NOFOLLOW), and nothing appears at either name.
    const dangling = join(outside, 'new.txt');
    symlinkSync(dangling, join(dir, '.b.jsonl.0011223344556677.tmp'));
    await refusal(new AnnotationStore(join(dir, 'b.jsonl'), { gold: 'g' }).save(body(1)));
    expect(existsSync(dangling)).toBe(false);
    expect(existsSync(join(dir, 'b.jsonl'))).toBe(false);
  });

  it('the first save of a store cleans them too (its lock is held then)', async () => {
    const { dir } = folders();
    const f = join(dir, 'a.jsonl');
    const left = join(dir, '.a.jsonl.00000000000000aa.tmp');
    writeFileSync(left, 'partial');
    await new AnnotationStore(f, { gold: 'g' }).save(body(1));
    expect(existsSync(left)).toBe(false);
    expect(removeStaleTemps(f)).toEqual([]);
  });
});

describe('new files', () => {
  it('get mode 0600 whatever the umask; an existing file keeps its mode through saves and compaction', async () => {
    const { dir } = folders();
    const f = join(dir, 'a.jsonl');
    const old = process.umask(0);
    try {
      const s = new AnnotationStore(f, { gold: 'g' });
      const a = await s.save(body(1));
      expect(statSync(f).mode & 0o777).toBe(0o600);
      const g = join(dir, 'shared.jsonl');
      writeFileSync(g, header, { mode: 0o640 });
      const t = new AnnotationStore(g, { gold: 'g' });
      const b = await t.save(body(1));
      await t.revise(b.id, 1, { body: { note: 'n' } });
      await t.compact();
      expect(statSync(g).mode & 0o777).toBe(0o640);
      await s.revise(a.id, 1, { body: { note: 'n' } });
      await s.compact();
      expect(statSync(f).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(old);
    }
  });
});
