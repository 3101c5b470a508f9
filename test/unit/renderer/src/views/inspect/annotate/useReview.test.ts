// @vitest-environment happy-dom
// Unit tests of the suspects queue in the review hook
// (src/renderer/src/views/inspect/annotate/useReview.ts) against a fake Api
// ranking 1,500 suspects (two pages): s starts the queue on the first suspect
// not annotated yet and says where; n/p walk one suspect at a time (annotated
// ones too) and, at the queue's end, show the same place again; a decision
// moves on past the annotated suspects, across a page not loaded yet; no
// suspects turn the queue off with a notice; s again leaves the queue.
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Suspect } from '../../../../../../../src/shared/annotations/suspects';
import { placeKey } from '../../../../../../../src/shared/annotations/record';
import type { AnnotationItem, Api, ApiArgs, SuspectList } from '../../../../../../../src/shared/api';
import type { Notice } from '../../../../../../../src/renderer/src/app/app-context';
import { useReview, type Jump } from '../../../../../../../src/renderer/src/views/inspect/annotate/useReview';
import { defaultConfig } from '../../../../../../../src/shared/metrics/config';
import { appWrapper, testAppContext } from '../../../../../../helpers/renderer/app-context';

const suspect = (i: number): Suspect =>
  ({
    dialogue: `D${i}.json`,
    turn: 1,
    turns: [1],
    slot: 'hotel-area',
    gold: 'north',
    pred: 'south',
    score: 1,
    reasons: [],
  }) as unknown as Suspect;
const record = (i: number, id = `r${i}`) =>
  ({ id, rev: 1, dialogue: `D${i}.json`, turn: 1, slot: 'hotel-area', status: 'confirmed' }) as unknown as AnnotationItem;

/** An Api ranking `total` suspects, with annotations on the suspects `done` names (a save adds one). */
function fakeApi(total: number, done: number[]) {
  const records = done.map((i) => record(i));
  const offsets: number[] = [];
  const api = {
    call: (name: string, args: Record<string, unknown>) => {
      if (name === 'suspects') {
        const { offset = 0, limit = 200 } = args as ApiArgs<'suspects'>;
        offsets.push(offset);
        const n = Math.max(0, Math.min(limit, total - offset));
        const page: SuspectList = {
          total,
          offset,
          items: Array.from({ length: n }, (_, k) => suspect(offset + k)),
          runs: ['demo'],
          hasText: true,
        };
        return Promise.resolve(page);
      }
      if (name === 'listAnnotations')
        return Promise.resolve({
          file: 'a.jsonl',
          version: records.length,
          exists: true,
          records: [...records],
          problems: [],
          replacedLines: 0,
          writable: true,
        });
      if (name === 'saveAnnotation') {
        const r = (args as { record: { dialogue: string } }).record;
        records.push({ ...record(Number(r.dialogue.slice(1, -5))), id: `s${records.length}` });
        return Promise.resolve({ id: `s${records.length}`, rev: 1, version: records.length });
      }
      return Promise.reject(new Error(`unexpected call ${name}`));
    },
    onEvent: () => () => {},
  } as unknown as Api;
  return { api, offsets };
}

const ref = { run: 'r1', rev: 1 };

function setup(total: number, done: number[]) {
  const { api, offsets } = fakeApi(total, done);
  const notices: Notice[] = [];
  const jumps: Jump[] = [];
  const jump = (j: Jump) => void jumps.push(j);
  const hook = renderHook(() => useReview(ref, jump), { wrapper: appWrapper(testAppContext(api, defaultConfig(), notices)) });
  const at = () => hook.result.current.queue.index;
  const lastJump = () => jumps[jumps.length - 1];
  return { ...hook, notices, jumps, offsets, at, lastJump };
}

const placeOf = (i: number): Jump => ({ id: `D${i}.json`, turn: 1, slot: 'hotel-area' });

describe('useReview: the suspects queue', () => {
  it('s starts on the first suspect not annotated yet, shows its place and says where; s again leaves the queue', async () => {
    const { result, notices, at, lastJump } = setup(1500, [0, 1, 3]);
    await act(() => result.current.toggleQueue());
    expect(result.current.queueOn).toBe(true);
    expect(result.current.pane).toBe('suspects');
    expect(at()).toBe(2);
    expect(result.current.current).toMatchObject({ dialogue: 'D2.json', slot: 'hotel-area' });
    expect(lastJump()).toEqual(placeOf(2));
    expect(notices).toContainEqual({ text: 'Queue on: 1,500 suspects, starting at #3', kind: 'info' });
    await act(() => result.current.toggleQueue());
    expect(result.current.queueOn).toBe(false);
    expect(result.current.current).toBeNull();
    expect(result.current.pane).toBeNull();
  });

  it('n / p walk one suspect at a time, annotated ones too; at the ends the same place is shown again', async () => {
    const { result, at, jumps, lastJump } = setup(3, [1]);
    await act(() => result.current.toggleQueue());
    expect(at()).toBe(0);
    await act(async () => result.current.nextSuspect());
    await waitFor(() => expect(at()).toBe(1));
    expect(lastJump()).toEqual(placeOf(1));
    await act(async () => result.current.nextSuspect());
    await waitFor(() => expect(at()).toBe(2));
    const n = jumps.length;
    await act(async () => result.current.nextSuspect());
    await waitFor(() => expect(jumps.length).toBe(n + 1));
    expect(at()).toBe(2);
    expect(lastJump()).toEqual(placeOf(2));
    await act(async () => result.current.prevSuspect());
    await waitFor(() => expect(at()).toBe(1));
  });

  it('after a decision moves on past the annotated suspects, fetching the next page when it gets there', async () => {
    const { result, at, offsets, lastJump } = setup(1500, [997, 998, 999, 1000, 1001]);
    await act(() => result.current.toggleQueue());
    await waitFor(() => expect(result.current.list?.records.length).toBe(5));
    act(() => result.current.queue.select(placeKey('D996.json', 1, 'hotel-area'), 996, suspect(996)));
    expect(offsets).toEqual([0]);
    await act(() =>
      result.current.reject({ dialogue: 'D996.json', turn: 1, slot: 'hotel-area', gold: 'north', pred: 'south', cls: 'wrong' }),
    );
    await waitFor(() => expect(at()).toBe(1002));
    expect(offsets).toEqual([0, 1000]);
    expect(lastJump()).toEqual(placeOf(1002));
    expect(result.current.current).toMatchObject({ dialogue: 'D1002.json' });
  });

  it('with no suspect, the queue does not start and says why', async () => {
    const { result, notices } = setup(0, []);
    await act(() => result.current.toggleQueue());
    expect(result.current.queueOn).toBe(false);
    expect(result.current.current).toBeNull();
    expect(notices).toContainEqual({ text: 'no suspects: the runs agree with the gold everywhere the evidence can tell', kind: 'info' });
  });
});
