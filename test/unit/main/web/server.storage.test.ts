// Storage failures on the annotation write path answer a server-side error
// (issue 15, item 14): a full disk (ENOSPC), a read-only file system (EROFS)
// and a permission refusal (EACCES, EPERM) during a save, a new file's
// creation or a compaction answer HTTP 507 with the code `storage` — not 400
// `bad-args` — and a message naming the file and what the disk said; nothing
// is acknowledged and the file is as it was. node:fs is wrapped so a test can
// make the next write (or open for writing) fail with a given code, as the
// tests run as root (where permissions cannot be taken away) on a disk with room.
import { constants, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WriteAccess } from '../../../../src/main/services/annotation-access';
import { createApiHandlers } from '../../../../src/main/services/api-handlers';
import { Workspace } from '../../../../src/main/services/workspace';
import { startServer, type RunningServer } from '../../../../src/main/web/server';
import { fileSource } from '../../../../src/shared/source';
import { FIXTURES } from '../../../helpers/fixtures';
import { postApi } from '../../../helpers/server-api';

const fail = vi.hoisted(() => ({ open: null as string | null, write: null as string | null }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const errno = (code: string) => Object.assign(new Error(`${code}: simulated`), { code });
  const forWriting = (flags: unknown) =>
    typeof flags === 'number'
      ? (flags & (fs.constants.O_WRONLY | fs.constants.O_RDWR)) !== 0
      : typeof flags === 'string' && /[wa+]/.test(flags);
  const openSync = (...args: unknown[]) => {
    if (fail.open && forWriting(args[1]) && String(args[0]).includes('dst-storage-')) throw errno(fail.open);
    return (fs.openSync as (...a: unknown[]) => number)(...args);
  };
  const writeSync = (...args: unknown[]) => {
    if (fail.write) throw errno(fail.write);
    return (fs.writeSync as (...a: unknown[]) => number)(...args);
  };
  return { ...fs, default: { ...fs, openSync, writeSync }, openSync, writeSync };
});

const root = mkdtempSync(join(tmpdir(), 'dst-storage-'));
const PRED = join(root, 'mul1110.json');
const FILE = join(root, 'team.annotations.jsonl');
const record = (turn: number) => ({
  dialogue: 'MUL1110.json',
  turn,
  slot: 'hotel-area',
  from: null,
  to: 'north',
  scope: 'turn',
  category: 'missing-slot',
  status: 'confirmed',
});
let srv: RunningServer;
let ws: Workspace;
let run: string;

const api = (call: string, args: unknown) => postApi(srv, call, args);

beforeAll(async () => {
  mkdirSync(root, { recursive: true });
  copyFileSync(join(FIXTURES, 'paper', 'mul1110.json'), PRED);
  ws = new Workspace({ inline: true });
  srv = await startServer({
    handlers: createApiHandlers(ws, { mode: 'browser', annotations: FILE, annotationAccess: new WriteAccess() }),
    subscribe: (l) => ws.onEvent(l),
  });
  run = ws.open(fileSource([PRED])).id;
  await ws.whenSettled(run);
});
afterEach(() => {
  fail.open = null;
  fail.write = null;
});
afterAll(async () => {
  await srv.close();
  ws.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe('storage failures answer 507 storage, naming the file', () => {
  it('creating the file on a read-only file system or without permission', async () => {
    for (const [code, why] of [
      ['EROFS', 'the file system is read-only'],
      ['EACCES', 'permission denied'],
      ['EPERM', 'permission denied'],
    ] as const) {
      fail.open = code;
      const r = await api('saveAnnotation', { run, record: record(1) });
      expect([code, r.status, r.body.code, r.body.error]).toEqual([code, 507, 'storage', `${FILE}: cannot write annotations: ${why}`]);
      expect(existsSync(FILE)).toBe(false);
    }
    expect(readdirSync(root).sort()).toEqual(['mul1110.json']); // no temporary file, no lock folder left behind
  });

  it('a full disk during an append: nothing acknowledged, the file as it was, and the next save works', async () => {
    const first = await api('saveAnnotation', { run, record: record(1) });
    expect(first.status).toBe(200);
    const before = readFileSync(FILE, 'utf8');
    for (const [code, why] of [
      ['ENOSPC', 'no space left on the device'],
      ['EDQUOT', 'the disk quota is used up'],
      ['EIO', 'the disk reported an input/output error'],
    ] as const) {
      fail.write = code;
      const r = await api('saveAnnotation', { run, record: record(2) });
      expect([code, r.status, r.body.code, r.body.error]).toEqual([code, 507, 'storage', `${FILE}: cannot write annotations: ${why}`]);
      expect(readFileSync(FILE, 'utf8')).toBe(before);
    }
    fail.write = null;
    expect((await api('saveAnnotation', { run, record: record(2) })).status).toBe(200);
  });

  it('a compaction on a full disk: 507, the file untouched, no temporary file left', async () => {
    const a = await api('saveAnnotation', { run, record: record(3) });
    await api('reviseAnnotation', { run, id: a.body.id, rev: 1, record: { note: 'n' } });
    const before = readFileSync(FILE, 'utf8');
    fail.write = 'ENOSPC';
    const r = await api('compactAnnotations', { run });
    expect([r.status, r.body.code]).toEqual([507, 'storage']);
    expect(r.body.error).toMatch(/team\.annotations\.jsonl.*no space left on the device/);
    fail.write = null;
    expect(readFileSync(FILE, 'utf8')).toBe(before);
    expect(readdirSync(root).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect(constants.O_NOFOLLOW).toBeGreaterThan(0); // the platform has it (the write path relies on it)
  });
});
