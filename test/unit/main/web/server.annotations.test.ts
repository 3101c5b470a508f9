// Browser mode writes annotation files only where the person chose (issue 15,
// item 9), checked through the real HTTP server: a run opened through the API
// (any file the user can read) cannot save until its annotation file is
// confirmed — the save answers 403 `write-not-allowed`, names the file, and
// nothing (no annotation file, no lock folder) appears on disk; confirming
// any other path than the run's own annotation file is refused; after the
// explicit allowAnnotationFile call naming that path, saves work and the new
// file has mode 0600. A file named on the command line (its default
// annotation file) is writable at once, and so is `--annotations FILE`.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WriteAccess } from '../../../../src/main/services/annotation-access';
import { allowCommandLine } from '../../../../src/main/services/annotation-service';
import { createApiHandlers } from '../../../../src/main/services/api-handlers';
import { Workspace } from '../../../../src/main/services/workspace';
import { startServer, type RunningServer } from '../../../../src/main/web/server';
import { fileSource } from '../../../../src/shared/source';
import { FIXTURES } from '../../../helpers/fixtures';
import { postApi } from '../../../helpers/server-api';

const MUL = join(FIXTURES, 'paper', 'mul1110.json');
const SNG = join(FIXTURES, 'paper', 'sng0779.json'); // another gold: its own annotation file
const root = mkdtempSync(join(tmpdir(), 'dst-serve-ann-'));
const cliDir = join(root, 'named-on-the-command-line');
const apiDir = join(root, 'opened-through-the-api');
const CLI_FILE = join(cliDir, 'mul1110.json');
const API_FILE = join(apiDir, 'sng0779.json');
const record = {
  dialogue: 'MUL1110.json',
  turn: 1,
  slot: 'hotel-area',
  from: null,
  to: 'north',
  scope: 'turn',
  category: 'missing-slot',
  status: 'confirmed',
};

let srv: RunningServer;
let ws: Workspace;
let cliRun: string;

const api = (call: string, args: unknown) => postApi(srv, call, args);

beforeAll(async () => {
  mkdirSync(cliDir);
  mkdirSync(apiDir);
  copyFileSync(MUL, CLI_FILE);
  copyFileSync(SNG, API_FILE);
  ws = new Workspace({ inline: true });
  // As serve does: the files on its command line are opened, and their default annotation files allowed.
  const access = new WriteAccess();
  const spec = fileSource([CLI_FILE]);
  allowCommandLine(access, [spec]);
  srv = await startServer({
    handlers: createApiHandlers(ws, { mode: 'browser', annotationAccess: access }),
    subscribe: (l) => ws.onEvent(l),
  });
  cliRun = ws.open(spec).id;
  await ws.whenSettled(cliRun);
});
afterAll(async () => {
  await srv.close();
  ws.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe('annotation writes in browser mode', () => {
  it('a run opened through the API cannot save before its file is confirmed: 403 write-not-allowed, nothing on disk', async () => {
    const opened = await api('openRun', { source: { kind: 'files', predictions: [API_FILE] } });
    expect(opened.status).toBe(200);
    const run = opened.body.id as string;
    await ws.whenSettled(run);
    const file = `${API_FILE}.annotations.jsonl`;
    const list = await api('listAnnotations', { run });
    expect(list.body).toMatchObject({ file, writable: false, confirmWith: 'page', exists: false });

    const sngRecord = { ...record, dialogue: 'SNG0779.json', turn: 0 };
    const save = await api('saveAnnotation', { run, record: sngRecord });
    expect(save.status).toBe(403);
    expect(save.body.code).toBe('write-not-allowed');
    expect(save.body.error).toMatch(
      new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: annotations are written only to a file you chose`),
    );
    for (const [call, args] of [
      ['reviseAnnotation', { run, id: 'x', rev: 1, deleted: true }],
      ['compactAnnotations', { run }],
    ] as const) {
      const r = await api(call, args);
      expect([call, r.status, r.body.code]).toEqual([call, 403, 'write-not-allowed']);
    }
    expect(readdirSync(apiDir)).toEqual(['sng0779.json']); // no annotation file, no lock folder, no temporary file

    // Confirming any other path is refused: only the run's own annotation file, named in full.
    for (const other of [join(apiDir, 'other.jsonl'), join(root, 'elsewhere.annotations.jsonl'), 'sng0779.json.annotations.jsonl']) {
      const r = await api('allowAnnotationFile', { run, file: other });
      expect([r.status, r.body.code]).toEqual([400, 'bad-args']);
      expect(r.body.error).toMatch(/is not the annotation file of run .*only that file can be allowed/);
    }
    expect((await api('saveAnnotation', { run, record: sngRecord })).status).toBe(403);
    expect(readdirSync(apiDir)).toEqual(['sng0779.json']);

    // The explicit confirmation naming the path: saves go there from now on, into a new file only the user can read.
    expect((await api('allowAnnotationFile', { run, file })).body).toEqual({ file, allowed: true });
    expect((await api('listAnnotations', { run })).body).toMatchObject({ file, writable: true });
    expect((await api('listAnnotations', { run })).body.confirmWith).toBeUndefined();
    const ok = await api('saveAnnotation', { run, record: sngRecord });
    expect(ok.status).toBe(200);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(apiDir).sort()).toEqual(['sng0779.json', 'sng0779.json.annotations.jsonl']);
    const listed = await api('listAnnotations', { run });
    expect((listed.body.records as { id: string }[]).map((r) => r.id)).toEqual([ok.body.id]);
  });

  it('the default file beside a file named on the command line is writable without a question', async () => {
    const list = await api('listAnnotations', { run: cliRun });
    expect(list.body).toMatchObject({ file: `${CLI_FILE}.annotations.jsonl`, writable: true });
    const save = await api('saveAnnotation', { run: cliRun, record: { ...record, note: 'from the command line' } });
    expect(save.status).toBe(200);
    expect(existsSync(`${CLI_FILE}.annotations.jsonl`)).toBe(true);
  });

  it('a correction that equals the gold is refused (400, with the value and the place); nothing is written', async () => {
    const before = statSync(`${CLI_FILE}.annotations.jsonl`).size;
    const r = await api('saveAnnotation', { run: cliRun, record: { ...record, to: null } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(
      'the correct value absent is what the gold of MUL1110.json turn 1 hotel-area already is: a correction must change the gold (choose "no correction" to only flag the place, or give another value)',
    );
    expect(statSync(`${CLI_FILE}.annotations.jsonl`).size).toBe(before);
  });
});
