// The one error type (src/shared/app-error.ts): its plain shape round-trips
// (toJSON / JSON text / fromJSON) with code, message and place intact and the
// same class (a LoadError stays a LoadError); malformed shapes become internal
// errors; every code has an HTTP status, 4xx for the caller's fault and 5xx
// for the server's; the API's failure mapping (callFailure) keeps an
// AppError and makes anything else an internal "please report".
import { describe, expect, it } from 'vitest';
import {
  APP_ERROR_CODES,
  AppError,
  callFailure,
  errorBody,
  HTTP_STATUS,
  isClientError,
  LoadError,
  toAppError,
  type AppErrorCode,
} from '../../../src/shared/app-error';
import { AnnotationFileError } from '../../../src/shared/annotations/file';
import { CompareError } from '../../../src/shared/analysis/run-comparison';
import { SearchSyntaxError } from '../../../src/shared/analysis/search-query';
import { SourceSpecError } from '../../../src/shared/source';
import { CalibrationInputError } from '../../../src/shared/analysis/calibration/pairs';
import { AgreementInputError } from '../../../src/shared/annotations/agreement/table';

const roundTrip = (e: AppError) => AppError.fromJSON(JSON.parse(JSON.stringify(e)));

describe('the plain shape round-trips', () => {
  it('an AppError of every code, with and without detail', () => {
    for (const code of APP_ERROR_CODES) {
      const bare = new AppError(code, `a ${code} error`);
      expect(bare.toJSON()).toEqual({ code, message: `a ${code} error` });
      const back = roundTrip(bare);
      expect(back).toBeInstanceOf(AppError);
      expect([back.code, back.message]).toEqual([code, `a ${code} error`]);
    }
    const full = new AppError('bad-args', 'x', {
      file: 'f.json',
      line: 2,
      column: 5,
      offset: 9,
      jsonPath: '$.a',
      reason: 'empty',
      problem: 'p',
    });
    expect(roundTrip(full).toJSON()).toEqual(full.toJSON());
    expect(Object.keys(full.toJSON()).sort()).toEqual([
      'code',
      'column',
      'file',
      'jsonPath',
      'line',
      'message',
      'offset',
      'problem',
      'reason',
    ]);
  });

  it('a LoadError comes back as a LoadError with its file, problem, line:column (and offset), JSON path, reason and found', () => {
    const e = new LoadError('pred.json', "expected ':', found 'x'", { line: 4, column: 12, offset: 77 }, '$["D1.json"]', {
      reason: 'ends-early',
    });
    e.found = 'top level is an object';
    const back = roundTrip(e);
    expect(back).toBeInstanceOf(LoadError);
    expect(back.toJSON()).toEqual(e.toJSON());
    expect(back.message).toBe(`pred.json:4:12: at $["D1.json"]: expected ':', found 'x'`);
    expect((back as LoadError).location).toEqual({ line: 4, column: 12, offset: 77 });
    expect([back.code, back.file, back.problem, back.line, back.column, back.jsonPath, back.reason, back.found]).toEqual([
      'bad-input',
      'pred.json',
      "expected ':', found 'x'",
      4,
      12,
      '$["D1.json"]',
      'ends-early',
      'top level is an object',
    ]);
    const noPlace = roundTrip(new LoadError('g.json', 'the file is empty', undefined, undefined, { reason: 'empty' }));
    expect(noPlace).toBeInstanceOf(LoadError);
    expect([noPlace.message, noPlace.reason, (noPlace as LoadError).location]).toEqual(['g.json: the file is empty', 'empty', undefined]);
  });

  it('the error classes of the engine are AppErrors with their codes, and keep them across a boundary', () => {
    const cases: [AppError, AppErrorCode][] = [
      [new SourceSpecError('files: at least one file'), 'bad-args'],
      [new CompareError('no dialogues in common'), 'bad-args'],
      [new SearchSyntaxError('unclosed quote', 3), 'bad-args'],
      [new AgreementInputError('one rater'), 'bad-args'],
      [new CalibrationInputError('confidence NaN', 2), 'bad-input'],
      [new AnnotationFileError('a.jsonl', 'not an annotation file', 1), 'bad-input'],
    ];
    for (const [e, code] of cases) {
      expect(e).toBeInstanceOf(AppError);
      expect(e.code).toBe(code);
      const back = roundTrip(e);
      expect([back.code, back.message]).toEqual([code, e.message]);
    }
  });

  it('a malformed shape is an internal error; an HTTP body’s `error` stands in for a missing message', () => {
    for (const x of [null, 'text', 42, {}, { code: 'no-such-code', message: 'm' }]) expect(AppError.fromJSON(x).code).toBe('internal');
    expect(AppError.fromJSON({ code: 'no-such-code', message: 'm' }).message).toBe('m');
    expect(AppError.fromJSON({ code: 'stale', error: 'was reloaded' }).toJSON()).toEqual({ code: 'stale', message: 'was reloaded' });
    // Fields of the wrong type are dropped, not trusted.
    expect(AppError.fromJSON({ code: 'bad-input', message: 'm', line: '3', column: Infinity, reason: 'nope', file: 7 }).toJSON()).toEqual({
      code: 'bad-input',
      message: 'm',
    });
  });

  it('errorBody is the shape plus `error` (the message again), read back the same', () => {
    const e = new AppError('not-found', 'no run "r9"');
    expect(errorBody(e)).toEqual({ code: 'not-found', message: 'no run "r9"', error: 'no run "r9"' });
    expect(AppError.fromJSON(errorBody(e)).toJSON()).toEqual(e.toJSON());
  });
});

describe('HTTP status from the code', () => {
  it('the caller’s faults are 4xx, the server’s 5xx', () => {
    expect(HTTP_STATUS).toEqual({
      'bad-args': 400,
      'bad-input': 422,
      forbidden: 403,
      'write-not-allowed': 403,
      'not-found': 404,
      'no-corpus': 409,
      stale: 409,
      cancelled: 499,
      internal: 500,
      network: 502,
      busy: 503,
      storage: 507,
    });
    const client = APP_ERROR_CODES.filter(isClientError);
    expect(client).toEqual(['bad-args', 'bad-input', 'not-found', 'no-corpus', 'stale', 'forbidden', 'write-not-allowed', 'cancelled']);
    for (const c of APP_ERROR_CODES) expect(HTTP_STATUS[c] >= 400 && HTTP_STATUS[c] < 600).toBe(true);
  });
});

describe('the one failure mapping', () => {
  it('keeps an AppError (any subclass) as it is; anything else is internal, named by the call, "please report"', () => {
    const e = new CompareError('runs differ');
    expect(callFailure('compareRuns', e)).toBe(e);
    const bug = callFailure('corpusSummary', new TypeError('x is undefined'));
    expect([bug.code, bug.message]).toEqual(['internal', 'corpusSummary failed (please report): x is undefined']);
    expect(toAppError('thrown text').toJSON()).toEqual({ code: 'internal', message: 'thrown text' });
  });
});
