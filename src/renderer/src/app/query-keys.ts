// Layer: renderer (pure module). Every react-query key of the app is built
// here and nowhere else, so a query and the code that invalidates, reads or
// prefetches it can never disagree about its shape:
//   [call, args, extra]        one call's answer (useApiQuery);
//   [call, 'page', list, page] one page of a paged list (usePagedRows), where
//                              `list` names the list: the call and its
//                              arguments but the window (offset, limit);
//   [call]                     every answer of a call (invalidation).
// The arguments name the run, the revision and the whole MetricConfig, and
// react-query hashes them field by field, so a new config field, a reload or
// another sort or filter is another key: no cache decides which fields count.

import { hashKey } from '@tanstack/react-query';
import type { ApiArgs, ApiCall } from '../../../shared/api';

/** The key of one call's answer: what the arguments do not say but the answer depends on goes in `extra` (an annotation file's version, the run names of a comparison). */
export function callKey<C extends ApiCall>(call: C, args: ApiArgs<C> | null, extra: string | null = null) {
  return [call, args, extra] as const;
}

/** A prefix that matches every answer of `call` (to invalidate them). */
export function allOf(call: ApiCall) {
  return [call] as const;
}

/** The name of a paged list: its call and its arguments without the window (stable: object fields are hashed in sorted order). */
export function listId<C extends ApiCall>(call: C, args: Omit<ApiArgs<C>, 'offset' | 'limit'>): string {
  return hashKey([call, args]);
}

/** The key of page `page` of the list `list` (from listId) of `call`. */
export function pageKey(call: ApiCall, list: string, page: number) {
  return [call, 'page', list, page] as const;
}

/** A prefix that matches every loaded page of one list. */
export function pagesOf(call: ApiCall, list: string) {
  return [call, 'page', list] as const;
}

/** Calls whose answers depend on the annotation file: refetched after every save, here or in another window (the suspects' ranking does not: it is not). */
export const ANNOTATION_CALLS = ['listAnnotations', 'whatIf', 'whatIfDialogue', 'exportCorrections'] as const satisfies readonly ApiCall[];
